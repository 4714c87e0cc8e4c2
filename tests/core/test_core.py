"""The core: seeded chance, options, ranks, records and the registry."""

from __future__ import annotations

import json

import pytest

from laguna.core import (
    GameRecord,
    Match,
    OptionsError,
    RecordError,
    Rng,
    get_game,
    load_records,
    rank,
    verify,
)
from laguna.core.errors import UnknownGame


def test_rng_is_deterministic_and_uniform_enough() -> None:
    a, b = Rng(5), Rng(5)
    draws = [a.randrange(6) for _ in range(6000)]
    assert draws == [b.randrange(6) for _ in range(6000)]
    counts = [draws.count(v) for v in range(6)]
    assert all(900 < c < 1100 for c in counts)
    assert Rng(5).next_u64() != Rng(6).next_u64()


def test_rng_copy_is_independent() -> None:
    a = Rng(9)
    a.next_u64()
    b = a.copy()
    assert a == b and b.next_u64() == a.next_u64()
    b.next_u64()
    assert a != b


def test_shuffle_is_a_permutation() -> None:
    items = list(range(50))
    Rng(1).shuffle(items)
    assert sorted(items) == list(range(50)) and items != list(range(50))


@pytest.mark.parametrize("seed", [0, 1, 7, 2**63 - 1])
def test_shuffle_draws_as_fisher_yates_with_randrange(seed: int) -> None:
    # Recorded games replay their deals from the seed, so the shuffle must keep its exact stream.
    fast, slow = Rng(seed), Rng(seed)
    for size in (0, 1, 2, 13, 120, 700):  # 700: past the bounds worked out in advance
        items, expected = list(range(size)), list(range(size))
        fast.shuffle(items)
        for i in range(size - 1, 0, -1):
            j = slow.randrange(i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert items == expected
        assert fast == slow and fast.draws == slow.draws


def test_rank_shares_ties() -> None:
    assert rank([(5,), (5,), (3,)]) == (1, 1, 3)


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(UnknownGame, match="walking-in-burano"):
        get_game("chess")


def test_options_from_strings_and_errors() -> None:
    game = get_game("walking-in-burano")
    options = game.options_type.parse_pairs(["beginner-characters=yes", "round-limit=12"])
    assert options.beginner_characters is True and options.round_limit == 12
    with pytest.raises(OptionsError, match="unknown option 'nope'"):
        game.options_type.parse_pairs(["nope=1"])
    with pytest.raises(OptionsError, match="true or false"):
        game.options_type.parse_pairs(["beginner-characters=maybe"])
    with pytest.raises(OptionsError, match="whole number"):
        game.options_type.parse_pairs(["round-limit=ten"])
    with pytest.raises(OptionsError, match="name=value"):
        game.options_type.parse_pairs(["round-limit"])
    with pytest.raises(OptionsError, match="1–4 players, not 5"):
        game.new_game(5)


def finished_record() -> GameRecord:
    match = Match("walking-in-burano", ["a", "b"], seed=11)
    rng = Rng(11)
    while not match.state.is_terminal():
        seat = match.state.to_act()[0]
        match.act(seat, rng.choice(match.state.legal_actions(seat)))
    return match.record


def test_record_save_load_verify(tmp_path) -> None:
    record = finished_record()
    path = tmp_path / "game.json"
    record.save(path)
    (loaded,) = list(load_records(path))
    assert loaded.to_json() == record.to_json()
    assert verify(loaded).outcome().scores == tuple(record.result["scores"])


def test_jsonl_holds_many_records(tmp_path) -> None:
    record = finished_record()
    path = tmp_path / "games.jsonl"
    path.write_text(record.dumps() + "\n\n" + record.dumps() + "\n", encoding="utf-8")
    assert len(list(load_records(path))) == 2


def test_tampered_record_names_the_first_bad_action() -> None:
    record = finished_record()
    data = record.to_json()
    data["actions"][3]["action"] = "take c9 f1"
    with pytest.raises(RecordError, match=r"action 4 .*take c9 f1"):
        verify(GameRecord.from_json(data))


def test_wrong_scores_are_caught() -> None:
    data = finished_record().to_json()
    data["result"]["scores"] = [0, 0]
    with pytest.raises(RecordError, match="differ"):
        verify(GameRecord.from_json(data))


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[]", "must be a JSON object"),
        ("{", "not valid JSON"),
        ('{"game": "walking-in-burano", "seats": ["a"], "seed": 1}', "'actions' is missing"),
        ('{"game": "walking-in-burano", "seats": [], "seed": 1, "actions": []}', "seats"),
        ('{"game": "walking-in-burano", "seats": ["a"], "seed": "x", "actions": []}', "seed"),
        ('{"game": "walking-in-burano", "seats": ["a"], "seed": 1, "actions": [{"seat": 0}]}', "action 1"),
        (
            '{"game": "walking-in-burano", "seats": ["a"], "seed": 1, "actions": [], "extra": 1}',
            "unknown field",
        ),
    ],
)
def test_malformed_records_are_refused(text: str, problem: str) -> None:
    with pytest.raises(RecordError, match=problem):
        GameRecord.loads(text)


def test_records_of_unknown_games_or_bad_options_are_refused() -> None:
    with pytest.raises(UnknownGame):
        verify(GameRecord("nope", ["a"], 1))
    with pytest.raises(RecordError, match="1–4 players"):
        verify(GameRecord("walking-in-burano", ["a"] * 6, 1))
    bad = GameRecord("walking-in-burano", ["a", "b"], 1, {"round_limit": "x"})
    with pytest.raises(RecordError, match="round-limit"):
        verify(bad)


def test_unreadable_file(tmp_path) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        list(load_records(tmp_path / "missing.json"))
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    with pytest.raises(RecordError, match="holds no record"):
        list(load_records(empty))
    assert json.loads(finished_record().dumps())["engine_version"]
