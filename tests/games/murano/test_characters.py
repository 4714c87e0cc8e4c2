"""The character cards of Murano (rules page: The Character Cards, the card descriptions after the final
scoring, and Yucata's balance rule).

Most tests score one card with `characters.vp` on an island described by hand (`IslandFacts`); the
cards are the packaged ones (C01–C40). The last tests score cards through a whole final scoring in a
game, where the island-specific cards and the bead cards are checked against the board.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from laguna.core.errors import IllegalAction
from laguna.games.murano import MuranoState, Phase
from laguna.games.murano.characters import IslandFacts, asks_amount, gold_exchange_open, vp
from laguna.games.murano.components import Bead, CharacterCard, CharacterKind, Customer
from laguna.games.murano.loader import load_components
from tests.games.murano import scenario

CARDS: Mapping[str, CharacterCard] = {card.id: card for card in load_components().characters}
R, B, G = Customer.RED, Customer.BLUE, Customer.GREY


def card(card_id: str) -> CharacterCard:
    return CARDS[card_id]


def facts(
    *,
    red: int = 0,
    blue: int = 0,
    grey: int = 0,
    factories: tuple[int, ...] = (),
    shops: tuple[tuple[int, Customer], ...] = (),
    crests: tuple[int, ...] = (),
    specials: int = 0,
    gondoliers: Mapping[int, int] | None = None,
) -> IslandFacts:
    """An island with these customers (by colour), buildings (factory owners, shops as (owner, colour),
    palace crests, special buildings) and gondoliers placed by seat."""
    customers = {colour: n for colour, n in ((R, red), (B, blue), (G, grey)) if n}
    return IslandFacts(customers, factories, shops, crests, specials, dict(gondoliers or {}))


EVERYTHING = facts(red=1, blue=1, grey=1, factories=(0,), shops=((1, R),), crests=(2,), specials=1)
"""An island with one of each building and each customer colour."""

# (card, island, seat, amount, VP, what the case shows)
CASES: list[tuple[str, IslandFacts, int, int, int, str]] = [
    # shops of a colour: 4 VP per shop of the colour, whoever owns it
    ("C01", facts(red=2, shops=((0, R), (1, R))), 0, 0, 8, "two red shops, one of them another player's"),
    ("C01", facts(shops=((1, R), (1, R), (2, R))), 0, 0, 12, "only the other players' red shops"),
    ("C01", facts(shops=((0, B), (0, G))), 0, 0, 0, "shops of the other colours do not count"),
    ("C02", facts(shops=((0, B), (1, R), (1, B))), 2, 0, 8, "blue shops"),
    ("C03", facts(shops=((0, G),)), 1, 0, 4, "grey shops"),
    # buildings: 2 or 3 VP per building of the kinds shown, whoever owns it
    ("C04", facts(factories=(0, 1), shops=((2, R),), crests=(3,), specials=2), 0, 0, 6, "shops and factories"),
    ("C04", facts(crests=(3, 2), specials=2), 0, 0, 0, "palaces and special buildings are not shops or factories"),
    ("C05", facts(factories=(0,), crests=(1, 3), specials=1), 0, 0, 9, "palaces (not crests) and specials"),
    # monopoly: the only player with a shop or glass factory on the island
    ("C06", facts(factories=(0, 0), shops=((0, R),), crests=(2,), specials=1), 0, 0, 12, "palaces may stand there"),
    ("C06", facts(factories=(0, 0), shops=((1, R),)), 0, 0, 0, "another player's shop"),
    ("C06", facts(factories=(0, 1)), 0, 0, 0, "another player's glass factory"),
    ("C06", facts(crests=(2,), specials=1), 0, 0, 0, "no shop or glass factory at all"),
    # gold exchange, first card: 2 blue, 1 grey, 1 palace, 1 special building
    ("C07", facts(blue=2, grey=1, crests=(1,), specials=1), 0, 4, 3, "the rules' example: pay 4 gold for 3 VP"),
    ("C07", facts(blue=2, grey=1, crests=(1,), specials=1), 0, 2, 1, "pay 2 gold for 1 VP"),
    ("C07", facts(blue=3, grey=2, crests=(1,), specials=1), 0, 8, 7, "pay 8 gold, the most"),
    ("C07", facts(blue=2, grey=1, crests=(1,), specials=1), 0, 0, 0, "pay nothing"),
    ("C07", facts(blue=1, grey=1, crests=(1,), specials=1), 0, 4, 0, "one blue customer is too few"),
    ("C07", facts(blue=2, crests=(1,), specials=1), 0, 4, 0, "no grey customer"),
    ("C07", facts(blue=2, grey=1, specials=1), 0, 4, 0, "no palace"),
    ("C07", facts(blue=2, grey=1, crests=(1,)), 0, 4, 0, "no special building"),
    ("C07", facts(red=2, grey=1, crests=(1,), specials=1), 0, 4, 0, "red customers do not stand in for blue"),
    # gold exchange, second card: 2 red, 1 grey, 1 palace, 1 special building
    ("C08", facts(red=2, grey=1, crests=(3,), specials=1), 0, 4, 3, "the red requirements met"),
    ("C08", facts(red=2, grey=1, crests=(3,), specials=1), 0, 6, 5, "pay 6 gold for 5 VP"),
    ("C08", facts(blue=2, grey=1, crests=(3,), specials=1), 0, 4, 0, "blue customers do not stand in for red"),
    ("C08", facts(red=1, grey=1, crests=(3,), specials=1), 0, 4, 0, "one red customer is too few"),
    # few customers: red and blue together at most 3
    ("C09", facts(red=2, blue=1, grey=5), 0, 0, 10, "three red and blue, grey does not count"),
    ("C09", facts(), 0, 0, 10, "no customers at all"),
    ("C09", facts(red=2, blue=2), 0, 0, 0, "four red and blue"),
    ("C09", facts(blue=4), 0, 0, 0, "four blue"),
    # one of each building kind and customer colour
    ("C10", EVERYTHING, 0, 0, 12, "one of each"),
    ("C10", facts(red=1, blue=1, factories=(0,), shops=((1, R),), crests=(2,), specials=1), 0, 0, 0, "no grey"),
    ("C10", facts(red=1, blue=1, grey=1, shops=((1, R),), crests=(2,), specials=1), 0, 0, 0, "no factory"),
    ("C10", facts(red=1, blue=1, grey=1, factories=(0,), crests=(2,), specials=1), 0, 0, 0, "no shop"),
    ("C10", facts(red=1, blue=1, grey=1, factories=(0,), shops=((1, R),), specials=1), 0, 0, 0, "no palace"),
    ("C10", facts(red=1, blue=1, grey=1, factories=(0,), shops=((1, R),), crests=(2,)), 0, 0, 0, "no special"),
    # all customers, by the card's table
    ("C11", facts(red=1, grey=1), 0, 0, 0, "below the first step"),
    ("C11", facts(red=1, blue=1, grey=1), 0, 0, 4, "three customers"),
    ("C11", facts(red=2, blue=2), 0, 0, 4, "four customers: still the first step"),
    ("C11", facts(red=2, blue=2, grey=1), 0, 0, 8, "five customers"),
    ("C11", facts(red=3, blue=2, grey=2), 0, 0, 12, "seven customers"),
    ("C11", facts(red=4, blue=4, grey=4), 0, 0, 16, "twelve customers: the top step"),
    # customers of one colour, by the card's table
    ("C12", facts(red=1, blue=5, grey=5), 0, 0, 0, "one red customer, other colours do not count"),
    ("C12", facts(red=2), 0, 0, 4, "two red customers"),
    ("C12", facts(red=3, blue=1), 0, 0, 8, "three red, other colours may be there"),
    ("C12", facts(red=6), 0, 0, 16, "six red customers"),
    ("C13", facts(blue=4, red=9), 0, 0, 12, "four blue customers"),
    ("C14", facts(grey=5), 0, 0, 16, "five grey customers"),
    # crests: 1 VP per crest
    ("C15", facts(crests=(1, 2, 3)), 0, 0, 6, "three palaces"),
    ("C15", facts(factories=(0,), specials=2), 0, 0, 0, "no palace"),
    # own and others: shops and factories only (they carry markers)
    (
        "C16",
        facts(factories=(0, 1), shops=((0, R), (2, B), (1, G)), crests=(3,), specials=1),
        0,
        0,
        8,
        "1 own, 2 others",
    ),
    (
        "C17",
        facts(factories=(0, 1), shops=((0, R), (2, B), (1, G)), crests=(3,), specials=1),
        0,
        0,
        7,
        "2 own, 1 others",
    ),
    ("C16", facts(crests=(3, 3), specials=2), 0, 0, 0, "palaces and special buildings do not count"),
    # special buildings equal to the customers of a colour (at least 1)
    ("C18", facts(red=2, blue=1, specials=2), 0, 0, 12, "two specials, two red customers"),
    ("C18", facts(red=1, specials=2), 0, 0, 0, "two specials, one red customer"),
    ("C18", facts(blue=3), 0, 0, 0, "no special building and no red customer: not met"),
    ("C19", facts(blue=1, specials=1), 0, 0, 12, "one special, one blue customer"),
    ("C20", facts(grey=3, red=1, specials=3), 0, 0, 12, "three specials, three grey customers"),
    # crests equal to the number of factories or shops (at least 1)
    ("C21", facts(factories=(0, 1, 1), crests=(1, 2)), 0, 0, 12, "three crests, three factories"),
    ("C21", facts(factories=(0,), crests=(2,)), 0, 0, 0, "two crests, one factory"),
    ("C21", facts(shops=((0, R),)), 0, 0, 0, "no crest and no factory: not met"),
    ("C22", facts(shops=((0, R), (1, B)), crests=(2,)), 0, 0, 12, "two crests, two shops"),
    ("C22", facts(factories=(0, 0), crests=(2,)), 0, 0, 0, "factories do not count for the shop card"),
    # equal numbers of factories, shops and palaces (at least 1)
    ("C23", facts(factories=(0,), shops=((1, R),), crests=(3,)), 0, 0, 16, "one of each"),
    ("C23", facts(factories=(0, 1), shops=((1, R), (0, G)), crests=(1, 1), specials=3), 0, 0, 16, "two of each"),
    ("C23", facts(factories=(0, 1), shops=((1, R),), crests=(3,)), 0, 0, 0, "two factories, one shop, one palace"),
    ("C23", facts(specials=2), 0, 0, 0, "none of each: not met"),
    # balance: own shops and factories equal all opponents' together
    ("C24", facts(factories=(0, 1), shops=((0, R), (2, B))), 0, 0, 12, "two own, two of two opponents"),
    ("C24", facts(factories=(0, 1), shops=((2, B),)), 0, 0, 0, "one own, two others"),
    ("C24", facts(crests=(2,), specials=1), 0, 0, 12, "none on either side (Yucata)"),
    # exactly one crest
    ("C25", facts(crests=(1,)), 0, 0, 12, "one palace with one crest"),
    ("C25", facts(crests=(2,)), 0, 0, 0, "two crests on one palace"),
    ("C25", facts(crests=(1, 1)), 0, 0, 0, "two palaces with one crest"),
    ("C25", facts(), 0, 0, 0, "no crest"),
    # three own buildings (shops and factories) at the named island
    ("C27", facts(factories=(0, 0), shops=((0, R),)), 0, 0, 10, "two factories and a shop"),
    ("C27", facts(factories=(0, 0, 1), shops=((1, R),), crests=(1, 2, 3)), 0, 0, 0, "two own, palaces do not count"),
    ("C27", facts(factories=(1, 1, 1)), 0, 0, 0, "another player's three"),
    # two gondoliers placed at the named island
    ("C33", facts(gondoliers={0: 2, 1: 1}), 0, 0, 10, "two own gondoliers"),
    ("C33", facts(gondoliers={0: 1, 1: 3}), 0, 0, 0, "one own gondolier"),
    # beads: 7 VP per bead returned
    ("C38", facts(), 0, 3, 21, "three red beads returned"),
    ("C38", facts(), 0, 1, 7, "one red bead returned"),
    ("C38", facts(), 0, 0, 0, "none returned"),
]


@pytest.mark.parametrize(
    ("card_id", "island", "seat", "amount", "points"),
    [case[:5] for case in CASES],
    ids=[f"{case[0]}-{case[5]}" for case in CASES],
)
def test_character_card_scores(card_id: str, island: IslandFacts, seat: int, amount: int, points: int) -> None:
    """The Character Cards: each card scores at the chosen island as its description says (the card
    kinds and their minimums are named in the cases)."""
    assert vp(card(card_id), island, seat, amount) == points


def test_every_character_kind_has_a_case() -> None:
    """The Character Cards: the cases above cover every kind of card, and every packaged card belongs to
    one of the kinds."""
    kinds = {card(case[0]).kind for case in CASES}
    assert kinds == set(CharacterKind)
    assert {c.kind for c in CARDS.values()} <= kinds


@pytest.mark.parametrize(("zero", "points"), [(True, 12), (False, 0)])
def test_balance_with_none_on_either_side(zero: bool, points: int) -> None:
    """Balance card: the same number (possibly zero) of shops and glass factories as all opponents
    together; 'On Yucata the number can be zero' (option balance_zero), otherwise at least one."""
    assert vp(card("C24"), facts(crests=(1,)), 0, balance_zero=zero) == points
    assert vp(card("C24"), facts(factories=(0, 1)), 0, balance_zero=zero) == 12, "one each scores either way"


def test_gold_exchange_requirements_both_cards() -> None:
    """Gold exchange: the first card needs 2 blue customers, 1 grey customer, 1 palace and 1 special
    building; the second 2 red customers, 1 grey, 1 palace and 1 special building."""
    blue_side = facts(blue=2, grey=1, crests=(2,), specials=1)
    red_side = facts(red=2, grey=1, crests=(2,), specials=1)
    assert gold_exchange_open(card("C07"), blue_side) and not gold_exchange_open(card("C07"), red_side)
    assert gold_exchange_open(card("C08"), red_side) and not gold_exchange_open(card("C08"), blue_side)
    both = facts(red=2, blue=2, grey=1, crests=(1,), specials=1)
    assert gold_exchange_open(card("C07"), both) and gold_exchange_open(card("C08"), both)


def test_gold_exchange_up_to_eight_gold() -> None:
    """Gold exchange: up to 8 gold by the card's table; an amount that is no step of the table scores 0."""
    island = facts(blue=2, grey=1, crests=(1,), specials=1)
    steps = dict(card("C07").table)
    assert max(steps) == 8
    assert [vp(card("C07"), island, 0, paid) for paid in range(9)] == [steps.get(p, 0) for p in range(9)]
    assert vp(card("C07"), island, 0, 5) == 0, "5 gold is no step: pay 4 of it"


def test_cards_that_ask_an_amount() -> None:
    """Gold exchange cards name the gold paid, bead cards the beads returned; no other card asks one."""
    asking = {c.id for c in CARDS.values() if asks_amount(c)}
    assert asking == {"C07", "C08", "C38", "C39", "C40"}


# --------------------------------------------------------------------------- through a whole scoring


def scored(state: MuranoState, seat: int) -> int:
    return state.boards[seat].vp["character cards"]


def test_scoring_three_own_only_at_its_island() -> None:
    """Three own buildings card: at least 3 own glass factories and shops on the specified island, which
    must be where the card is scored."""
    state = scenario.new(2, seed=21)
    scenario.street(state, "donato.5")
    scenario.building(state, "donato.1", "factory", owner=0)
    scenario.building(state, "donato.4", "factory", owner=0)
    scenario.building(state, "donato.2", "shop", owner=0, detail="blue")
    scenario.gondolier_at(state, 0, "donato", "grey")
    scenario.gondolier_at(state, 0, "mattia", "orange")
    scenario.final_turn(state, 0, holding="C27")
    assert state.phase is Phase.SCORING and state.actor == 0
    assert scenario.legal(state) == ["score C27 donato"]
    with pytest.raises(IllegalAction, match="donato"):
        scenario.act(state, "score C27 mattia")
    scenario.act(state, "score C27 donato")
    assert scored(state, 0) == 10


def test_scoring_three_own_not_met() -> None:
    """Three own buildings card: palaces and special buildings do not count; two own buildings score 0."""
    state = scenario.new(2, seed=21)
    scenario.street(state, "donato.5")
    scenario.street(state, "donato.6")
    scenario.building(state, "donato.1", "factory", owner=0)
    scenario.building(state, "donato.4", "shop", owner=0, detail="red")
    scenario.building(state, "donato.2", "palace", detail=3)
    scenario.building(state, "donato.3", "special")
    scenario.gondolier_at(state, 0, "donato", "orange")
    scenario.final_turn(state, 0, holding="C27")
    scenario.act(state, "score C27 donato")
    assert scored(state, 0) == 0


def test_scoring_two_gondoliers_counts_the_scoring_one() -> None:
    """Two gondoliers card: at least 2 gondoliers placed next to the specified island, scored there; the
    gondolier used to score this card counts towards those 2."""
    state = scenario.new(2, seed=22)
    scenario.gondolier_at(state, 0, "donato", "orange")
    scenario.gondolier_at(state, 0, "donato", "white")
    scenario.final_turn(state, 0, holding="C33")
    assert scenario.legal(state) == ["score C33 donato"]
    scenario.act(state, "score C33 donato")
    assert scored(state, 0) == 10
    assert state.boards[0].vp["gondoliers"] == 1, "the other gondolier is left on its gondola"


def test_scoring_two_gondoliers_needs_two_own() -> None:
    """Two gondoliers card: one own gondolier (and the others' gondoliers) at the island is not enough."""
    state = scenario.new(2, seed=22)
    scenario.gondolier_at(state, 0, "donato", "orange")
    scenario.gondolier_at(state, 1, "donato", "grey")
    scenario.gondolier_at(state, 0, "mattia", "orange")
    scenario.final_turn(state, 0, holding="C33")
    scenario.act(state, "score C33 donato")
    assert scored(state, 0) == 0


def test_scoring_beads_up_to_three_at_its_island() -> None:
    """Bead cards: return up to 3 glass beads of the given colour, 7 VP each, scored at the specified
    island; the beads go back to the bag."""
    state = scenario.new(2, seed=23)
    scenario.beads(state, 0, red=4, blue=1)
    scenario.gondolier_at(state, 0, "donato", "orange")
    scenario.gondolier_at(state, 0, "mattia", "orange")
    scenario.final_turn(state, 0, holding="C38")
    assert scenario.legal(state) == [f"score C38 donato {n}" for n in range(4)]
    with pytest.raises(IllegalAction):
        scenario.act(state, "score C38 donato 4")
    with pytest.raises(IllegalAction, match="donato"):
        scenario.act(state, "score C38 mattia 3")
    bag = state.bag[Bead.RED]
    scenario.act(state, "score C38 donato 3")
    assert scored(state, 0) == 21
    assert state.boards[0].beads[Bead.RED] == 1 and state.boards[0].beads[Bead.BLUE] == 1
    assert state.bag[Bead.RED] == bag + 3


def test_scoring_beads_only_those_held() -> None:
    """Bead cards: only beads of the given colour that the player has can be returned."""
    state = scenario.new(2, seed=23)
    scenario.beads(state, 0, green=1, blue=3)
    scenario.gondolier_at(state, 0, "mattia", "grey")
    scenario.final_turn(state, 0, holding="C39")
    assert scenario.legal(state) == ["score C39 mattia 0", "score C39 mattia 1"]
    with pytest.raises(IllegalAction):
        scenario.act(state, "score C39 mattia 2")
    scenario.act(state, "score C39 mattia 1")
    assert scored(state, 0) == 7 and state.boards[0].beads[Bead.GREEN] == 0


@pytest.mark.parametrize(("zero", "points"), [(True, 12), (False, 0)])
def test_scoring_balance_on_an_empty_island(zero: bool, points: int) -> None:
    """Balance card in a game: with no shops or glass factories on the island it scores 12 VP only under
    Yucata's rule (balance_zero)."""
    state = scenario.new(2, seed=24, balance_zero=zero)
    scenario.gondolier_at(state, 0, "pietro", "orange")
    scenario.final_turn(state, 0, holding="C24")
    scenario.act(state, "score C24 pietro")
    assert scored(state, 0) == points


def test_scoring_reads_the_board() -> None:
    """Customers of a colour and shops of a colour in a game: the cards count the customers on the island's
    street tiles and every shop of the colour there, whoever owns it."""
    state = scenario.new(2, seed=25)
    scenario.streets(state, {"mattia.7": "r", "mattia.8": "rr", "mattia.9": "b", "donato.5": "r"})
    scenario.shops(state, {"mattia.1": (1, "red"), "mattia.2": (0, "red"), "mattia.3": (1, "blue")})
    scenario.gondolier_at(state, 0, "mattia", "orange")
    scenario.gondolier_at(state, 0, "mattia", "grey")
    scenario.give_character(state, 0, "C12")
    scenario.final_turn(state, 0, holding="C01")
    scenario.act(state, "score C12 mattia")
    assert scored(state, 0) == 8, "three red customers on Sacca Mattia (the one on San Donato is elsewhere)"
    scenario.act(state, "score C01 mattia")
    assert scored(state, 0) == 8 + 8, "two red shops, one of them the other player's"
