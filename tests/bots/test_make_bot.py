"""Bot names, budgets and levels as players and the command line give them."""

from __future__ import annotations

import pytest

from laguna.bots import BOT_NAMES, LEVELS, GreedyBot, IsmctsBot, RandomBot, make_bot
from laguna.bots.base import EXPERT_JUDGED, HARD_JUDGED
from laguna.core import OptionsError


def test_names_build_the_right_bots() -> None:
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot(" Greedy ", 1), GreedyBot)
    search = make_bot("ismcts:500", 1)
    assert isinstance(search, IsmctsBot)
    assert (search.iterations, search.millis) == (500, None)
    timed = make_bot("ismcts:250ms", 1)
    assert isinstance(timed, IsmctsBot)
    assert (timed.iterations, timed.millis) == (None, 250.0)


def test_search_settings_are_read_and_kept_in_the_name() -> None:
    search = make_bot("ismcts:400:c=0.5:prior=2:w=0:scale=6:open=3:judged=900", 1)
    assert isinstance(search, IsmctsBot)
    assert (search.exploration, search.prior, search.widening, search.scale, search.open_at) == (0.5, 2, 0.0, 6.0, 3)
    assert search.judgements == 900
    # A tournament rebuilds its entrants from their names, so the name must carry the settings.
    rebuilt = make_bot(search.name, 2)
    assert isinstance(rebuilt, IsmctsBot)
    assert (rebuilt.iterations, rebuilt.exploration, rebuilt.prior, rebuilt.widening, rebuilt.open_at) == (
        400,
        0.5,
        2,
        0.0,
        3,
    )


def test_levels_are_ordered_and_each_is_a_documented_configuration() -> None:
    assert list(LEVELS) == ["easy", "medium", "hard", "expert"]
    for name, level in LEVELS.items():
        assert level.description
        assert make_bot(name, 3).name == name
    easy, medium = make_bot("easy", 0), make_bot("medium", 0)
    assert isinstance(easy, GreedyBot) and easy.temperature > 0
    assert isinstance(medium, GreedyBot) and medium.temperature == 0
    hard, expert = make_bot("hard", 0), make_bot("expert", 0)
    assert isinstance(hard, IsmctsBot) and isinstance(expert, IsmctsBot)
    assert hard.iterations is not None and expert.iterations is not None
    assert expert.iterations > hard.iterations


def test_search_levels_adjust_their_budget_to_the_cost_of_judging_a_position() -> None:
    usual = make_bot("hard", 0, "walking-in-burano")
    costly = make_bot("hard", 0, "walking-in-burano-roll-and-write")
    assert isinstance(usual, IsmctsBot) and isinstance(costly, IsmctsBot)
    assert usual.iterations == make_bot("hard", 0).iterations
    assert costly.iterations is not None and usual.iterations is not None
    assert costly.iterations < usual.iterations
    quick = make_bot("hard", 0, "murano")
    assert isinstance(quick, IsmctsBot) and quick.iterations is not None
    assert quick.iterations > usual.iterations


def test_the_expert_bounds_the_positions_it_judges_where_its_widest_decisions_took_too_long() -> None:
    bounded = make_bot("expert", 0, "murano")
    assert isinstance(bounded, IsmctsBot) and bounded.judgements == EXPERT_JUDGED["murano"]
    assert "Murano at most 13,000 positions judged" in LEVELS["expert"].description
    free = make_bot("expert", 0, "walking-in-burano")
    assert isinstance(free, IsmctsBot) and free.judgements is None
    hard = make_bot("hard", 0, "murano")
    assert isinstance(hard, IsmctsBot) and hard.judgements is None
    hard_burano = make_bot("hard", 0, "burano")
    assert isinstance(hard_burano, IsmctsBot) and hard_burano.judgements == HARD_JUDGED["burano"] == 5_000
    assert "Burano at most 5,000 positions judged" in LEVELS["hard"].description


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("alphazero", "unknown bot 'alphazero'"),
        ("greedy:5", "bad greedy setting '5'"),
        ("random:5", "only ismcts takes a budget"),
        ("ismcts:", "bad ismcts budget"),
        ("ismcts:0", "bad ismcts budget"),
        ("ismcts:fast", "bad ismcts budget"),
        ("ismcts:-3", "bad ismcts budget"),
        ("ismcts:100:prior=0", "bad ismcts setting 'prior=0'"),
        ("ismcts:100:open=0", "bad ismcts setting 'open=0'"),
        ("ismcts:100:open=1.5", "bad ismcts setting 'open=1.5'"),
        ("ismcts:100:judged=0", "bad ismcts setting 'judged=0'"),
        ("ismcts:100:judged=lots", "bad ismcts setting 'judged=lots'"),
        ("ismcts:100:c=-1", "bad ismcts setting 'c=-1'"),
        ("ismcts:100:depth=3", "bad ismcts setting 'depth=3'"),
    ],
)
def test_bad_names_and_budgets_say_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        make_bot(spec, 0)


def test_every_listed_name_builds() -> None:
    for name in BOT_NAMES:
        assert make_bot(name, 0).name == name


@pytest.mark.parametrize(
    "spec",
    [
        "ismcts:²",
        "ismcts:²ms",
        "ismcts:١٢",
        "ismcts:1_000",
        "ismcts:+5",
        "ismcts:" + "9" * 5_000,
        "ismcts:" + "9" * 13,
        "ismcts:100:prior=²",
        "ismcts:100:prior=" + "9" * 5_000,
        "ismcts:100:c=²",
        "ismcts:100:c=1.²",
        "ismcts:100:scale=" + "9" * 400,
        "ismcts:100:w=٣",
        "ismcts:100:w=" + "9" * 400 + ".5",
        "x" * 100_000,
        "ismcts:" + "x" * 100_000,
        "ismcts:100:" + "x" * 100_000,
    ],
)
def test_odd_digits_and_endless_numbers_are_refused_in_a_short_message(spec: str) -> None:
    """Only ASCII digits make a number, within sane bounds, and a refusal quotes an excerpt only."""
    with pytest.raises(OptionsError) as refused:
        make_bot(spec, 0)
    text = str(refused.value.message)
    assert len(text) < 400, text[:200]
    assert "x" * 100 not in text and "9" * 100 not in text


def test_the_largest_budget_still_builds() -> None:
    search = make_bot("ismcts:999999999999", 1)
    assert isinstance(search, IsmctsBot) and search.iterations == 999_999_999_999
