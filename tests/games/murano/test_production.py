"""The Production action of Murano (rules page: The Actions — Production, its example, and Yucata's
optional selling).

Glass factories are put on the islands by hand, each next to a street tile; the bag is arranged by
handing the beads of the colours a test does not want drawn to a player who takes no part in it, so
that every bead stays somewhere.
"""

from __future__ import annotations

import pytest

from laguna.core.errors import IllegalAction, NotationError
from laguna.games.murano import GAME, MuranoState, Phase
from laguna.games.murano.components import Bead
from tests.games.murano import scenario

PRODUCTION = 15
SITES = (("mattia.7", "mattia.1"), ("serenella.5", "serenella.1"), ("donato.5", "donato.1"), ("pietro.4", "pietro.1"))
"""Street and factory spaces, one pair per island."""


def producer(
    factories: int = 3, score: int = 5, seat: int = 0, players: int = 4, gold: int = 0, **options: bool
) -> MuranoState:
    """`seat` has `factories` glass factories built on different islands and `score` VP, and is to act."""
    state = scenario.new(players, seed=11, **options)
    for street, factory in SITES[:factories]:
        scenario.street(state, street)
        scenario.building(state, factory, "factory", owner=seat)
    board = state.boards[seat]
    board.vp.clear()
    board.vp["start"] = score
    board.gold = gold
    scenario.ready(state, PRODUCTION, seat)
    return state


def only_in_bag(state: MuranoState, colour: Bead, holder: int) -> None:
    """Hand every bead of the other colours still in the bag to seat `holder`: only `colour` can be drawn."""
    scenario.beads(state, holder, **{b.value: state.bag[b] for b in Bead if b is not colour})


def sales(state: MuranoState) -> list[str]:
    return [a for a in scenario.legal(state) if a.startswith("sell")]


# --------------------------------------------------------------------------- the example


def test_production_example() -> None:
    """Production, the rules' example: the brown player has 3 glass factories (Sacca Mattia, Sacca
    Serenella, San Donato) and uses 2: she loses 4 VP and draws 2 beads, both green. With the 1 green and
    1 blue she had, she sells the 3 green beads: they go back to the bag and she receives 20 gold."""
    brown = 2
    state = producer(factories=3, score=8, seat=brown)
    scenario.beads(state, brown, green=1, blue=1)
    only_in_bag(state, Bead.GREEN, holder=3)
    green_in_bag = state.bag[Bead.GREEN]
    scenario.act(state, "act 15")
    assert scenario.phase_of(state) is Phase.PRODUCE
    assert scenario.legal(state) == ["produce 0", "produce 1", "produce 2", "produce 3"]
    events = scenario.act(state, "produce 2")
    board = state.boards[brown]
    assert board.score() == 4 and board.vp["production"] == -4
    assert board.beads[Bead.GREEN] == 3 and board.beads[Bead.BLUE] == 1
    assert state.bag[Bead.GREEN] == green_in_bag - 2
    assert any(e.kind == "produce" and e.seat == brown for e in events)
    assert scenario.phase_of(state) is Phase.SELL
    assert sales(state) == ["sell green 1", "sell green 2", "sell green 3", "sell blue 1"]
    scenario.act(state, "sell green 3")
    assert board.gold == 20
    assert board.beads[Bead.GREEN] == 0 and board.beads[Bead.BLUE] == 1, "the unsold bead stays in front of her"
    assert state.bag[Bead.GREEN] == green_in_bag + 1, "the sold beads go back to the bag"
    assert state.actor == 3 and scenario.phase_of(state) is Phase.TURN


# --------------------------------------------------------------------------- how many factories


@pytest.mark.parametrize(
    ("factories", "score", "most"),
    [(3, 5, 2), (3, 8, 3), (2, 4, 2), (3, 3, 1), (1, 9, 1)],
)
def test_production_at_most_half_the_vp(factories: int, score: int, most: int) -> None:
    """Production: choose some number of your built glass factories no higher than half your VP."""
    state = producer(factories=factories, score=score)
    scenario.act(state, "act 15")
    assert scenario.legal(state) == [f"produce {k}" for k in range(1, most + 1)]


def test_production_beyond_half_the_vp_is_illegal() -> None:
    """Production: using more glass factories than half your VP would take you below 0 VP: not allowed."""
    state = producer(factories=3, score=5)
    scenario.act(state, "act 15")
    with pytest.raises(IllegalAction, match=r"(?i)half|VP"):
        scenario.act(state, "produce 3")
    assert state.boards[0].score() == 5 and state.boards[0].beads.total() == 0


def test_production_down_to_zero_vp() -> None:
    """Production: you lose 2 VP per glass factory used, down to 0 VP but not below."""
    state = producer(factories=2, score=4)
    scenario.act(state, "act 15")
    scenario.act(state, "produce 2")
    assert state.boards[0].score() == 0
    assert state.boards[0].beads.total() == 2


def test_no_production_without_vp() -> None:
    """Production: if you have no VP left to produce, you may not produce until you gain some; with no
    beads to sell either, the action cannot be chosen."""
    state = producer(factories=3, score=1)
    scenario.refused(state, "act 15", "cannot carry out production")


def test_no_production_without_vp_but_selling_allowed() -> None:
    """Production: with under 2 VP nothing can be produced, but beads in front of you can still be sold."""
    state = producer(factories=3, score=1)
    scenario.beads(state, 0, red=1)
    scenario.act(state, "act 15")
    assert scenario.legal(state) == ["produce 0"]


def test_production_only_in_built_own_factories() -> None:
    """Production: you produce in the glass factories you have already built — not in tiles still in
    front of you, nor in other players' factories."""
    state = producer(factories=0, score=9)
    state.boards[0].factories = 2
    scenario.street(state, "donato.5")
    scenario.building(state, "donato.1", "factory", owner=1)
    with pytest.raises(IllegalAction, match="cannot carry out production"):
        scenario.act(state, "act 15")


# --------------------------------------------------------------------------- selling only


def test_produce_zero_only_sells() -> None:
    """Production: the action can be used just to sell beads you have, without producing new ones."""
    state = producer(factories=3, score=9)
    scenario.beads(state, 0, blue=2)
    bag = dict(state.bag)
    scenario.act(state, "act 15")
    scenario.act(state, "produce 0")
    assert state.boards[0].score() == 9, "no VP lost"
    assert dict(state.bag) == bag, "no bead drawn"
    assert sales(state) == ["sell blue 1", "sell blue 2"]
    scenario.act(state, "sell blue 2")
    assert state.boards[0].gold == 12
    assert state.boards[0].beads.total() == 0


def test_selling_only_without_any_factory() -> None:
    """Production: a player with beads but no glass factory may take the action just to sell."""
    state = producer(factories=0, score=5)
    scenario.beads(state, 0, red=1)
    scenario.act(state, "act 15")
    assert scenario.legal(state) == ["produce 0"]
    scenario.act(state, "produce 0")
    scenario.act(state, "sell red 1")
    assert state.boards[0].gold == 5


def test_produce_zero_needs_beads() -> None:
    """Production: producing nothing is only for selling beads; without beads it is not a choice."""
    state = producer(factories=3, score=9)
    scenario.act(state, "act 15")
    scenario.refused(state, "produce 0", r"(?i)bead")


# --------------------------------------------------------------------------- selling


@pytest.mark.parametrize(("count", "gold"), [(1, 5), (2, 12), (3, 20)])
def test_sale_prices(count: int, gold: int) -> None:
    """Production: sell 1, 2 or 3 glass beads of one colour for 5, 12 or 20 gold; return them to the bag."""
    state = producer(factories=3, score=9, gold=1)
    scenario.beads(state, 0, red=3, green=1)
    red_in_bag = state.bag[Bead.RED]
    scenario.act(state, "act 15")
    scenario.act(state, "produce 0")
    events = scenario.act(state, f"sell red {count}")
    assert state.boards[0].gold == 1 + gold
    assert state.boards[0].beads[Bead.RED] == 3 - count
    assert state.boards[0].beads[Bead.GREEN] == 1
    assert state.bag[Bead.RED] == red_in_bag + count
    assert any(e.kind == "sell" for e in events)
    assert state.actor == 1


def test_sell_beads_of_one_colour_only() -> None:
    """Production: you can sell glass beads of only one colour — 2 green and 1 blue are not 3 of a kind."""
    state = producer(factories=3, score=9)
    scenario.beads(state, 0, green=2, blue=1)
    scenario.act(state, "act 15")
    scenario.act(state, "produce 0")
    scenario.refused(state, "sell green 3", "cannot sell those beads")
    with pytest.raises(IllegalAction, match="cannot sell those beads"):
        scenario.act(state, "sell red 1")
    assert state.boards[0].gold == 0


def test_sell_at_most_three() -> None:
    """Production: up to 3 beads are sold; the notation takes no larger number."""
    with pytest.raises(NotationError):
        GAME.parse_action("sell green 4")


def test_selling_is_optional_by_default() -> None:
    """Production: on Yucata selling glass beads is also optional (``keep``)."""
    state = producer(factories=2, score=9)
    scenario.act(state, "act 15")
    scenario.act(state, "produce 2")
    assert "keep" in scenario.legal(state)
    drawn = state.boards[0].beads.total()
    scenario.act(state, "keep")
    assert state.boards[0].beads.total() == drawn == 2
    assert state.boards[0].gold == 0
    assert state.actor == 1


def test_selling_required_without_optional_selling() -> None:
    """Production: after production you sell 1–3 beads of one colour (``optional_selling`` off: no
    keeping them when a sale is possible)."""
    state = producer(factories=2, score=9, optional_selling=False)
    scenario.act(state, "act 15")
    scenario.act(state, "produce 2")
    legal = scenario.legal(state)
    assert "keep" not in legal
    assert legal and all(a.startswith("sell") for a in legal)
    with pytest.raises(IllegalAction, match=r"(?i)must sell|required|not optional"):
        scenario.act(state, "keep")
    assert state.boards[0].beads.total() == 2
