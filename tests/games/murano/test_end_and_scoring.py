"""The end of a game of Murano and its final scoring (rules page: The Character Cards — the end of the
game, the special rule for the final turn, the scoring of the character cards with its example, the
gold-exchange example, and Yucata's rule for cards that cannot score).

Stacks are emptied by hand to bring the end near; a test that only needs the final scoring lets one
player take the last turn of the game with Take 2 Gold. San Donato is the island built on (its map is in
scenario.py).
"""

from __future__ import annotations

import pytest

from laguna.core.errors import IllegalAction
from laguna.core.game import Event
from laguna.games.murano import MuranoState, Phase
from tests.games.murano import scenario

BUY_FACTORY = 2
BUY_SHOP = 4
BUY_PALACE = 8
BUILD = 13
BUY_SPECIAL = 17


def in_final_turn(state: MuranoState, seat: int, trigger: int) -> None:
    """The end was triggered by `trigger`; `seat` is in the last final turn of the game."""
    state.triggered_by = trigger
    state.last_turns = []
    scenario.changed(state)


def triggered(events: list[Event]) -> bool:
    return any(e.kind == "end-triggered" for e in events)


def scored(state: MuranoState, seat: int = 0) -> int:
    return state.boards[seat].vp["character cards"]


# --------------------------------------------------------------------------- the end is triggered


def empty(state: MuranoState, kind: str, leave: int = 0) -> None:
    """Take the tiles of one type out of play, leaving `leave` in the stack."""
    if kind == "streets":
        state.street_stack = state.street_stack[len(state.street_stack) - leave :]
    elif kind == "shops":
        state.shop_stack = state.shop_stack[len(state.shop_stack) - leave :]
    elif kind == "palaces":
        state.palace_stack = state.palace_stack[len(state.palace_stack) - leave :]
    elif kind == "factories":
        state.factory_stack = leave
    else:
        state.special_stack = leave
    scenario.changed(state)


BUYS = {
    "factories": (BUY_FACTORY, []),
    "shops": (BUY_SHOP, ["shop top"]),
    "palaces": (BUY_PALACE, ["palace top"]),
    "specials": (BUY_SPECIAL, []),
}


@pytest.mark.parametrize(
    ("empty_before", "bought"),
    [
        ("specials", "factories"),
        ("palaces", "factories"),
        ("streets", "palaces"),
        ("shops", "specials"),
        ("factories", "shops"),
    ],
)
def test_end_when_two_different_stacks_are_empty(empty_before: str, bought: str) -> None:
    """End of the game: triggered when two different stacks of tiles are empty (streets, shops, glass
    factories, special buildings, palaces); each other player then has one final turn, clockwise."""
    state = scenario.new(3, seed=31)
    empty(state, empty_before)
    empty(state, bought, leave=1)
    space, decisions = BUYS[bought]
    scenario.ready(state, space, seat=1, gold=5)
    events = scenario.act(state, f"act {space}")
    for decision in decisions:
        events += scenario.act(state, decision)
    assert triggered(events)
    assert state.triggered_by == 1
    assert sorted(state.empty_stacks()) == sorted([empty_before, bought])
    assert scenario.phase_of(state) is Phase.TURN, "no street on the board: nothing to place, the turn is over"
    assert state.actor == 2 and state.last_turns == [0], "seat 2 has a final turn, then seat 0"


def test_one_empty_stack_does_not_end_the_game() -> None:
    """End of the game: one empty stack is not enough."""
    state = scenario.new(3, seed=31)
    empty(state, "specials")
    empty(state, "factories", leave=2)
    scenario.ready(state, BUY_FACTORY, seat=1)
    events = scenario.act(state, f"act {BUY_FACTORY}")
    assert not triggered(events) and state.triggered_by is None
    assert state.actor == 2 and scenario.phase_of(state) is Phase.TURN


def test_both_street_stacks_are_one_type() -> None:
    """End of the game: the two street stacks are one type of tile; with no street left and the glass
    factories gone the end is triggered, and the triggering player finishes the turn as normal (here
    building a shop after the last street)."""
    state = scenario.new(3, seed=31)
    empty(state, "factories")
    empty(state, "streets", leave=1)
    scenario.give_shop(state, 1, "red")
    scenario.ready(state, BUILD, seat=1)
    scenario.act(state, f"act {BUILD}")
    scenario.act(state, "street")
    events = scenario.act(state, "place donato.5")
    assert triggered(events) and state.triggered_by == 1
    assert scenario.phase_of(state) is Phase.BUILD and state.actor == 1, "the Build action goes on"
    assert "build shop-red donato.1" in scenario.legal(state)
    scenario.act(state, "build shop-red donato.1")
    assert state.boards[1].score() == 7
    assert state.actor == 2 and scenario.phase_of(state) is Phase.TURN


def test_final_turns_then_scoring_from_the_triggering_player() -> None:
    """End of the game: the triggering player's turn is their final turn; each other player has one final
    turn; then the character cards are scored, beginning with the triggering player and going clockwise."""
    state = scenario.new(3, seed=32)
    for seat, island in ((0, "donato"), (1, "mattia"), (2, "pietro")):
        scenario.gondolier_at(state, seat, island, ("orange", "grey", "brown")[seat])
    for seat, card in ((0, "C15"), (1, "C11"), (2, "C09")):
        scenario.give_character(state, seat, card)
    empty(state, "specials")
    empty(state, "factories", leave=1)
    scenario.ready(state, BUY_FACTORY, seat=1)
    scenario.act(state, f"act {BUY_FACTORY}")
    assert state.actor == 2 and scenario.phase_of(state) is Phase.TURN
    scenario.take_gold(state, 2)
    assert state.actor == 0 and scenario.phase_of(state) is Phase.TURN
    events = scenario.take_gold(state, 0)
    assert any(e.kind == "scoring" for e in events)
    assert scenario.phase_of(state) is Phase.SCORING and state.actor == 1, "no further turn: the scoring begins"
    scenario.act(state, "score C11 mattia")
    assert scenario.phase_of(state) is Phase.SCORING and state.actor == 2
    scenario.act(state, "score C09 pietro")
    assert scenario.phase_of(state) is Phase.SCORING and state.actor == 0
    scenario.act(state, "score C15 donato")
    assert scenario.phase_of(state) is Phase.OVER and state.to_act() == ()
    assert scored(state, 2) == 10, "no red or blue customer on San Pietro"


# --------------------------------------------------------------------------- the final turn's special rule


@pytest.mark.parametrize(
    ("bought", "price", "points", "kind"),
    [("factories", 1, 1, "factory"), ("shops", 2, 2, "shop"), ("palaces", 2, 3, "palace")],
)
def test_building_bought_in_a_final_turn_placed_at_once(bought: str, price: int, points: int, kind: str) -> None:
    """Special rule: a building bought in the final turn may be placed on the board immediately and without
    further cost, on a free building space next to a street; VP as usual."""
    state = scenario.new(2, seed=33)
    scenario.street(state, "donato.5")
    space, decisions = BUYS[bought]
    scenario.ready(state, space, seat=0, gold=5)
    in_final_turn(state, 0, trigger=1)
    scenario.act(state, f"act {space}")
    for decision in decisions:
        scenario.act(state, decision)
    assert scenario.phase_of(state) is Phase.FINAL_PLACE and state.actor == 0
    assert scenario.legal(state) == ["place donato.1", "place donato.4", "done"]
    with pytest.raises(IllegalAction, match=r"donato\.9"):
        scenario.act(state, "place donato.9")
    scenario.act(state, "place donato.4")
    assert state.tiles["donato.4"][0] == kind
    assert state.boards[0].vp["buildings"] == points
    assert state.boards[0].gold == 5 - price, "placing costs nothing"
    assert state.boards[0].factories == 0 and state.boards[0].shops == [] and state.boards[0].palaces == []
    assert scenario.phase_of(state) is Phase.OVER


def test_special_building_bought_in_a_final_turn() -> None:
    """Special rule: a special building bought in the final turn may be placed at once; it draws the
    special building cards as usual (the Basilica's 5 VP count)."""
    state = scenario.new(2, seed=33)
    scenario.street(state, "donato.5")
    for card in ("X03", "X01", "X02"):
        state.special_deck = [*(c for c in state.special_deck if c != card), card]
    scenario.ready(state, BUY_SPECIAL, seat=0, gold=5)
    in_final_turn(state, 0, trigger=1)
    scenario.act(state, f"act {BUY_SPECIAL}")
    scenario.act(state, "place donato.1")
    assert scenario.phase_of(state) is Phase.SPECIAL_CARD
    assert sorted(scenario.legal(state)) == ["card X01", "card X02", "card X03"]
    scenario.act(state, "card X03")
    assert state.tiles["donato.1"] == ("special",)
    assert state.boards[0].vp["special buildings"] == 5 and state.boards[0].gold == 3
    assert scenario.phase_of(state) is Phase.OVER


def test_building_bought_in_a_final_turn_may_be_kept() -> None:
    """Special rule: placing the building is optional (`done` keeps it in front of the player)."""
    state = scenario.new(2, seed=33)
    scenario.street(state, "donato.5")
    scenario.ready(state, BUY_FACTORY, seat=0, gold=5)
    in_final_turn(state, 0, trigger=1)
    scenario.act(state, f"act {BUY_FACTORY}")
    scenario.act(state, "done")
    assert state.boards[0].factories == 1 and state.boards[0].vp["buildings"] == 0
    assert "donato.1" not in state.tiles and "donato.4" not in state.tiles


def test_triggering_purchase_may_be_placed() -> None:
    """Special rule, including the triggering player: the building whose purchase ends the game may be
    placed at once; then the other player has a final turn."""
    state = scenario.new(2, seed=34)
    scenario.street(state, "donato.5")
    empty(state, "specials")
    empty(state, "factories", leave=1)
    scenario.ready(state, BUY_FACTORY, seat=0, gold=5)
    events = scenario.act(state, f"act {BUY_FACTORY}")
    assert triggered(events)
    assert scenario.phase_of(state) is Phase.FINAL_PLACE
    scenario.act(state, "place donato.1")
    assert state.tiles["donato.1"] == ("factory", 0) and state.boards[0].vp["buildings"] == 1
    assert state.boards[0].gold == 4
    assert state.actor == 1 and scenario.phase_of(state) is Phase.TURN


def test_no_placement_when_the_game_is_not_ending() -> None:
    """Special rule only in the final turn: otherwise a bought building waits for a Build action."""
    state = scenario.new(2, seed=34)
    scenario.street(state, "donato.5")
    scenario.ready(state, BUY_FACTORY, seat=0, gold=5)
    scenario.act(state, f"act {BUY_FACTORY}")
    assert scenario.phase_of(state) is Phase.TURN and state.actor == 1
    assert state.boards[0].factories == 1 and "donato.1" not in state.tiles
    with pytest.raises(IllegalAction):
        scenario.act(state, "place donato.1", seat=1)


# --------------------------------------------------------------------------- final scoring


def rules_example() -> MuranoState:
    """The rules' scoring example on San Donato: two red shops and the only glass factories there are the
    orange player's (seat 0), who has two gondoliers next to San Donato and one next to Sacca Mattia; on
    Sacca Mattia stand a glass factory of hers and two of the grey player's (seat 1)."""
    state = scenario.new(2, seed=35)
    for street in ("donato.5", "donato.6", "donato.10", "mattia.7", "mattia.8"):
        scenario.street(state, street)
    scenario.building(state, "donato.1", "shop", owner=0, detail="red")
    scenario.building(state, "donato.2", "shop", owner=0, detail="red")
    scenario.building(state, "donato.4", "factory", owner=0)
    scenario.building(state, "donato.9", "palace", detail=2)
    scenario.building(state, "mattia.1", "factory", owner=0)
    scenario.building(state, "mattia.2", "factory", owner=1)
    scenario.building(state, "mattia.13", "factory", owner=1)
    scenario.gondolier_at(state, 0, "donato", "orange")
    scenario.gondolier_at(state, 0, "donato", "grey")
    scenario.gondolier_at(state, 0, "mattia", "orange")
    for card in ("C01", "C06", "C16"):
        scenario.give_character(state, 0, card)
    return state


def test_scoring_example() -> None:
    """Final scoring, the rules' example: 4 VP for each red shop on the island (8 VP for two), 12 VP as the
    only player with glass factories (and shops) there; the third card cannot be scored there for want of
    a gondolier and goes to another island."""
    state = rules_example()
    scenario.final_turn(state, 0)
    assert scenario.phase_of(state) is Phase.SCORING and state.actor == 0
    scenario.act(state, "score C01 donato")
    assert scored(state) == 8
    scenario.act(state, "score C06 donato")
    assert scored(state) == 8 + 12
    assert scenario.legal(state) == ["score C16 mattia"]
    with pytest.raises(IllegalAction, match="no gondolier left on a gondola at donato"):
        scenario.act(state, "score C16 donato")
    scenario.act(state, "score C16 mattia")
    assert scored(state) == 8 + 12 + (1 + 2 * 2)
    assert state.boards[0].vp["gondoliers"] == 0
    assert scenario.phase_of(state) is Phase.OVER


def test_scoring_on_a_gondola_of_any_colour() -> None:
    """Final scoring: a card needs one of the player's gondoliers on a gondola next to the island, whatever
    the gondola's colour; not an island without one."""
    state = scenario.new(2, seed=36)
    scenario.gondolier_at(state, 0, "pietro", "grey")
    scenario.gondolier_at(state, 1, "mattia", "grey")
    scenario.final_turn(state, 0, holding="C09")
    assert scenario.legal(state) == ["score C09 pietro"]
    with pytest.raises(IllegalAction, match="mattia"):
        scenario.act(state, "score C09 mattia")
    scenario.act(state, "score C09 pietro")
    assert scored(state) == 10
    assert ("pietro", "grey") in state.used_gondolas


def test_scoring_ends_when_the_gondoliers_run_out() -> None:
    """Final scoring: score until you run out of character cards or gondoliers; a card without a
    gondolier is not scored."""
    state = scenario.new(2, seed=36)
    scenario.gondolier_at(state, 0, "pietro", "orange")
    scenario.gondolier_at(state, 1, "donato", "grey")
    scenario.give_character(state, 0, "C09")
    scenario.give_character(state, 0, "C15")
    scenario.give_character(state, 1, "C11")
    scenario.final_turn(state, 0)
    scenario.act(state, "score C09 pietro")
    assert state.boards[0].characters == ["C15"], "one card is left unscored"
    assert state.actor == 1 and scenario.phase_of(state) is Phase.SCORING
    scenario.act(state, "skip C11")
    assert scenario.phase_of(state) is Phase.OVER


def test_unused_gondoliers_one_vp_each() -> None:
    """Final scoring: 1 VP for each gondolier left on a gondola, not for those in the player's supply."""
    state = scenario.new(2, seed=37)
    scenario.gondolier_at(state, 0, "donato", "orange")
    scenario.gondolier_at(state, 0, "mattia", "orange")
    scenario.gondolier_at(state, 0, "pietro", "white")
    scenario.gondolier_at(state, 1, "stefano", "grey")
    scenario.final_turn(state, 0, holding="C09")
    scenario.act(state, "score C09 mattia")
    assert scenario.phase_of(state) is Phase.OVER
    assert state.boards[0].gondoliers == 2, "two gondoliers still in the supply"
    assert state.boards[0].vp["gondoliers"] == 2
    assert state.boards[1].vp["gondoliers"] == 1, "the other player's too"
    assert state.boards[0].score() == 5 + 10 + 2


def test_tie_broken_by_gold() -> None:
    """Final scoring: the highest score wins; in case of a tie, the player with more gold left."""
    state = scenario.new(2, seed=38)
    state.boards[0].gold = 3
    state.boards[1].gold = 4
    with pytest.raises(IllegalAction, match="not over"):
        state.outcome()
    scenario.final_turn(state, 0)
    assert scenario.phase_of(state) is Phase.OVER
    assert state.boards[0].score() == state.boards[1].score() == 5
    outcome = state.outcome()
    assert outcome.scores == (5, 5)
    assert [r.rank for r in outcome.results] == [1, 2], "5 gold beats 4"
    assert outcome.winners == (0,)
    assert dict(outcome.results[1].tiebreakers) == {"gold": 4}


def test_higher_score_beats_more_gold() -> None:
    """Final scoring: the score decides first; gold only breaks a tie."""
    state = scenario.new(2, seed=38)
    state.boards[0].gold = 20
    state.boards[1].vp["buildings"] = 1
    scenario.final_turn(state, 0)
    outcome = state.outcome()
    assert outcome.winners == (1,)
    assert dict(outcome.results[1].breakdown)["buildings"] == 1


def exchange_island(state: MuranoState, special: bool = True) -> None:
    """San Donato with 2 blue customers, 1 grey, a palace and (if `special`) a special building: the first
    gold-exchange card's requirements."""
    scenario.street(state, "donato.5", "bb")
    scenario.street(state, "donato.6", "g")
    scenario.building(state, "donato.1", "palace", detail=1)
    if special:
        scenario.building(state, "donato.4", "special")
    scenario.gondolier_at(state, 0, "donato", "orange")
    scenario.give_character(state, 0, "C07")


def test_gold_exchange_example() -> None:
    """Gold exchange, the rules' example: with 5 gold left you can pay 4 gold to receive 3 VP (the table
    has no step for 5)."""
    state = scenario.new(2, seed=39)
    exchange_island(state)
    state.boards[0].gold = 3
    scenario.final_turn(state, 0)
    assert state.boards[0].gold == 5
    assert scenario.legal(state) == ["score C07 donato 0", "score C07 donato 2", "score C07 donato 4"]
    with pytest.raises(IllegalAction, match="cannot be paid"):
        scenario.act(state, "score C07 donato 6")
    scenario.act(state, "score C07 donato 4")
    assert scored(state) == 3 and state.boards[0].gold == 1


def test_gold_exchange_up_to_eight() -> None:
    """Gold exchange: up to 8 gold may be exchanged, whatever more the player has."""
    state = scenario.new(2, seed=39)
    exchange_island(state)
    state.boards[0].gold = 10
    scenario.final_turn(state, 0)
    assert scenario.legal(state) == [f"score C07 donato {n}" for n in (0, 2, 4, 6, 8)]
    scenario.act(state, "score C07 donato 8")
    assert scored(state) == 7 and state.boards[0].gold == 4


def test_gold_exchange_needs_its_requirements() -> None:
    """Gold exchange: the card can only be used if the island holds its buildings and customers; without
    the special building no gold is exchanged and the card scores nothing."""
    state = scenario.new(2, seed=39)
    exchange_island(state, special=False)
    state.boards[0].gold = 3
    scenario.final_turn(state, 0)
    assert "skip C07" in scenario.legal(state)
    assert "score C07 donato 4" not in scenario.legal(state), "no gold is offered where it cannot be exchanged"
    with pytest.raises(IllegalAction):
        scenario.act(state, "score C07 donato 4")
    scenario.act(state, "score C07 donato 0")
    assert scored(state) == 0 and state.boards[0].gold == 5


def test_skip_a_card_that_cannot_score() -> None:
    """Yucata: a character card that cannot score any points needs no gondolier (`skip`); the gondolier
    left on its gondola is worth 1 VP."""
    state = scenario.new(2, seed=40)
    scenario.gondolier_at(state, 0, "donato", "orange")
    scenario.final_turn(state, 0, holding="C01")
    assert scenario.legal(state) == ["score C01 donato", "skip C01"]
    scenario.act(state, "skip C01")
    assert state.boards[0].characters == [] and scored(state) == 0
    assert scenario.phase_of(state) is Phase.OVER and state.boards[0].vp["gondoliers"] == 1


def test_no_skip_for_a_card_that_scores_somewhere() -> None:
    """Yucata's skip is only for a card scoring 0 at every island where the player still has a gondolier:
    a card that scores on one of them cannot be skipped."""
    state = scenario.new(2, seed=40)
    scenario.street(state, "mattia.7")
    scenario.building(state, "mattia.1", "shop", owner=1, detail="red")
    scenario.gondolier_at(state, 0, "donato", "orange")
    scenario.gondolier_at(state, 0, "mattia", "orange")
    scenario.final_turn(state, 0, holding="C01")
    assert scenario.legal(state) == ["score C01 donato", "score C01 mattia"]
    with pytest.raises(IllegalAction, match="cannot score"):
        scenario.act(state, "skip C01")


def test_skip_an_island_card_without_a_gondolier_there() -> None:
    """Yucata: a card for a specified island, where the player has no gondolier, cannot score: it may be
    skipped."""
    state = scenario.new(2, seed=40)
    scenario.gondolier_at(state, 0, "mattia", "orange")
    scenario.final_turn(state, 0, holding="C33")
    assert scenario.legal(state) == ["skip C33"]


def test_without_skip_every_card_takes_a_gondolier() -> None:
    """Without Yucata's rule (skip_unscoreable off) each card is scored with a gondolier while any remain,
    even one scoring 0."""
    state = scenario.new(2, seed=40, skip_unscoreable=False)
    scenario.gondolier_at(state, 0, "donato", "orange")
    scenario.final_turn(state, 0, holding="C01")
    assert scenario.legal(state) == ["score C01 donato"]
    with pytest.raises(IllegalAction):
        scenario.act(state, "skip C01")
    scenario.act(state, "score C01 donato")
    assert scored(state) == 0 and state.boards[0].vp["gondoliers"] == 0
    assert scenario.phase_of(state) is Phase.OVER
