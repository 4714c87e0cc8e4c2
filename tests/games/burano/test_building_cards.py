"""Rule tests of the 16 building cards (rulebook: 9. BUILDING CARDS), each effect played where it acts:
roofing, fishing, lace making, the clean-up and the final scoring.

Card ids (component data): roof-vp-a/b/c (blue-pink, yellow-green, orange-white), roof-any-a/b/c
(blue-green, yellow-white, orange-pink), sold-fish-a/b, workshop-a (pink, blue, yellow), workshop-b
(green, orange, white), two-step-fishing, lace-bump, island-ties, lace-discount, card-count, flat-vp.
"""

from __future__ import annotations

from collections import Counter

import pytest

from laguna.core.errors import IllegalAction
from laguna.games.burano import GAME, BuranoState, Phase, scoring
from laguna.games.burano.actions import Roof
from laguna.games.burano.components import Colour, RoofKind, RoofTile
from laguna.games.burano.position import ISLANDS, LACE, ROOF_CARDS, ROOFS, TURNS
from laguna.games.burano.rules.final import final_lines
from tests.games.burano import scenario
from tests.games.burano.scenario import BLUE, GREEN, ORANGE, PINK, WHITE, YELLOW, act, legal, square

ME, RED = 0, 1
FILLER = "BYGWBYGWB"
MARKERS = [PINK, BLUE, YELLOW, GREEN, ORANGE, WHITE]
"""Fishing pink/blue, lace making yellow/green, earning orange/white."""


def position(*cards: str, players: int = 4) -> BuranoState:
    """A game at the start of seat 0's turn: seat 0 holds `cards` (taken out of supply and deck), no
    privilege point; nobody on islands, in workshops or on the main island but the fountain cube."""
    state = scenario.first_turn(players)
    scenario.set_turn(state, ME)
    state.markers = list(MARKERS)
    give(state, ME, *cards)
    state.boards[ME].privilege = 0
    state.lace_workers.clear()
    for counts in state.island_workers.values():
        counts[:] = [0] * state.players
    scenario.changed(state)
    return state


def tile_of(action: str) -> RoofTile:
    """The roof tile a `roof` decision names."""
    parsed = GAME.parse_action(action)
    assert isinstance(parsed, Roof)
    return parsed.tile


def give(state: BuranoState, seat: int, *cards: str) -> None:
    for card in cards:
        for pile in (state.building_supply, state.building_deck):
            if card in pile:
                pile.remove(card)
        state.boards[seat].cards.append(card)
    while len(state.building_supply) < 4 and state.building_deck:
        state.building_supply.append(state.building_deck.pop())
    scenario.changed(state)


def card_vp(state: BuranoState, seat: int = ME) -> int:
    """The final scoring line of the building cards (7. END OF THE GAME)."""
    return dict(final_lines(state, seat))["building cards"]


def roof(state: BuranoState, tile: RoofTile, cubes: str, bonus: str = "bonus privilege") -> None:
    """Lay `tile` over b2–c2, which hold cubes of the colour initials `cubes`, and take `bonus`."""
    a, b = tile.colours
    state.stacks = {}
    scenario.build_at(state, [("b2", cubes[0]), ("c2", cubes[1])])
    state.boards[ME].roofs = [tile]
    state.boards[ME].moves = 0
    scenario.changed(state)
    act(state, ME, f"roof {tile.kind.value} {a.value}-{b.value} b2-c2")
    act(state, ME, bonus)


# --------------------------------------------------------------------------- roof-vp-a/b/c


@pytest.mark.parametrize(
    ("card", "tile", "vp"),
    [
        ("roof-vp-a", (PINK, BLUE), 10),
        ("roof-vp-a", (BLUE, ORANGE), 5),
        ("roof-vp-a", (PINK, YELLOW), 5),
        ("roof-vp-a", (YELLOW, GREEN), 0),
        ("roof-vp-b", (YELLOW, GREEN), 10),
        ("roof-vp-b", (YELLOW, WHITE), 5),
        ("roof-vp-b", (BLUE, GREEN), 5),
        ("roof-vp-b", (ORANGE, WHITE), 0),
        ("roof-vp-c", (ORANGE, WHITE), 10),
        ("roof-vp-c", (GREEN, ORANGE), 5),
        ("roof-vp-c", (PINK, WHITE), 5),
        ("roof-vp-c", (BLUE, YELLOW), 0),
    ],
)
def test_roof_colour_vp(card: str, tile: tuple[Colour, Colour], vp: int) -> None:
    """9. BUILDING CARDS: "Whenever you roof houses, you gain 5 VP for each specific color on the roof
    tile" (type A blue or pink, B yellow or green, C orange or white); "You gain 10 VP if both colors on the
    roof tile are the specific colors.\""""
    state = position(card)
    a, b = tile
    roof(state, RoofTile(RoofKind.FLAT, tile), a.value[0].upper() + b.value[0].upper())
    assert state.boards[ME].vp[ROOF_CARDS] == vp
    assert state.boards[ME].vp[ROOFS] == 4


def test_roof_colour_vp_cards_combine() -> None:
    """9. BUILDING CARDS: the roof colour card "can combine with the card on the right" — and two colour
    cards each score their own colours."""
    state = position("roof-vp-a", "roof-vp-c", "roof-any-c")
    roof(state, RoofTile(RoofKind.FLAT, (PINK, ORANGE)), "GG")  # both halves on green cubes by roof-any-c
    assert state.boards[ME].vp[ROOF_CARDS] == 10


def test_roof_colour_vp_card_taken_as_bonus_counts_for_that_roof() -> None:
    """Roof Houses: "Roof houses is executed in 3 fixed-ordering steps": "2. Gain bonuses" comes before
    "3. Score points for the roof you just placed", so a card gained in step 2 is held when the roof
    scores (decision 12). The roof colour card ("Whenever you roof houses, you gain 5 VP for each
    specific color on the roof tile") taken as a roof's bonus counts for that roof, and for the next."""
    state = position()
    state.building_supply[0] = "roof-vp-b"
    state.building_deck = [c for c in state.building_deck if c != "roof-vp-b"]
    scenario.changed(state)
    roof(state, RoofTile(RoofKind.FLAT, (YELLOW, GREEN)), "YG", bonus="bonus card roof-vp-b")
    assert state.boards[ME].cards == ["roof-vp-b"]
    assert state.boards[ME].vp[ROOF_CARDS] == 10
    assert state.boards[ME].vp[ROOFS] == 4
    roof(state, RoofTile(RoofKind.FLAT, (YELLOW, GREEN)), "YG")
    assert state.boards[ME].vp[ROOF_CARDS] == 20


def test_a_card_drawn_as_bonus_from_the_deck_counts_for_that_roof() -> None:
    """Roof Houses, step 2: "draw the top card from the building deck" is the same bonus: a roof colour
    card drawn there counts for the roof too (step 3 follows)."""
    state = position()
    state.building_deck = [c for c in state.building_deck if c != "roof-vp-a"] + ["roof-vp-a"]
    state.building_supply = [c for c in state.building_supply if c != "roof-vp-a"]
    scenario.changed(state)
    roof(state, RoofTile(RoofKind.FLAT, (PINK, YELLOW)), "PY", bonus="bonus card deck")
    assert state.boards[ME].cards == ["roof-vp-a"]
    assert state.boards[ME].vp[ROOF_CARDS] == 5


# --------------------------------------------------------------------------- roof-any-a/b/c


@pytest.mark.parametrize(
    ("card", "action", "cubes"),
    [
        ("roof-any-a", "roof 4vp blue-yellow b2-c2", "PY"),
        ("roof-any-a", "roof 4vp blue-green b2-c2", "PW"),
        ("roof-any-b", "roof 4vp pink-yellow b2-c2", "PO"),
        ("roof-any-b", "roof 4vp yellow-white b2-c2", "BG"),
        ("roof-any-c", "roof 4vp orange-white b2-c2", "YW"),
        ("roof-any-c", "roof 4vp pink-orange b2-c2", "GB"),
    ],
)
def test_roof_any_cubes(card: str, action: str, cubes: str) -> None:
    """9. BUILDING CARDS: "you may ignore the rules of matching colors of the roof tile and house cubes"
    for the card's colours (A blue or green, B yellow or white, C orange or pink); "You may place the roof
    tile on any 2 cubes if both colors of the roof tile are the specific colors" (decision 13: per half).
    Without the card the same roof is refused."""
    without = position()
    scenario.build_at(without, [("b2", cubes[0]), ("c2", cubes[1])])
    tile = tile_of(action)
    without.boards[ME].roofs = [tile]
    scenario.changed(without)
    with pytest.raises(IllegalAction, match="colours must match"):
        act(without, ME, action)
    state = position(card)
    scenario.build_at(state, [("b2", cubes[0]), ("c2", cubes[1])])
    state.boards[ME].roofs = [tile]
    scenario.changed(state)
    assert action in legal(state)
    act(state, ME, action)
    assert state.phase is Phase.BONUS


@pytest.mark.parametrize(
    ("card", "action", "cubes"),
    [
        ("roof-any-a", "roof 4vp blue-yellow b2-c2", "PW"),  # the yellow half still needs a yellow cube
        ("roof-any-b", "roof 4vp pink-yellow b2-c2", "BY"),  # the pink half still needs a pink cube
        ("roof-any-c", "roof 4vp blue-orange b2-c2", "PB"),  # the blue half still needs a blue cube
    ],
)
def test_roof_any_cubes_only_for_its_colours(card: str, action: str, cubes: str) -> None:
    """9. BUILDING CARDS: the card lifts the colour rule only for a tile half of its specific colours;
    the other half must still match its cube, and the other roof rules stand."""
    state = position(card)
    scenario.build_at(state, [("b2", cubes[0]), ("c2", cubes[1])])
    state.boards[ME].roofs = [tile_of(action)]
    scenario.changed(state)
    assert action not in legal(state)
    with pytest.raises(IllegalAction, match="colours must match"):
        act(state, ME, action)


def test_roof_any_cubes_keeps_the_floor_rule() -> None:
    """9. BUILDING CARDS: ignoring colours does not lift the other roof rules (same floor)."""
    state = position("roof-any-a")
    scenario.build_at(state, [("b2", "P"), ("c2", "YW/O")])
    state.boards[ME].roofs = [RoofTile(RoofKind.FLAT, (BLUE, GREEN))]
    scenario.changed(state)
    with pytest.raises(IllegalAction, match="same floor"):
        act(state, ME, "roof 4vp blue-green b2-c2")


# --------------------------------------------------------------------------- sold-fish-a/b, workshop-a/b


@pytest.mark.parametrize(("card", "vp"), [("sold-fish-a", 2 * 6), ("sold-fish-b", 2 * 3)])
def test_sold_fish_vp(card: str, vp: int) -> None:
    """9. BUILDING CARDS: "During final scoring, you gain 2 VP for all fish cards with the type in your
    sold fish area" (type A: tuna, squid, lobster, crab; type B: octopus, eel, sardine, shrimp); fish cards
    in your hand do not count."""
    state = position(card)
    state.boards[ME].sold = Counter({"tuna": 3, "squid": 3, "octopus": 3})
    scenario.hand(state, ME, ["tuna", "eel", "eel"])
    assert card_vp(state) == vp
    assert dict(final_lines(state, ME))["unsold fish"] == 3


def test_sold_fish_vp_needs_the_card() -> None:
    """Without the card sold fish score nothing at the end (the ship's VP came with the trade)."""
    state = position()
    state.boards[ME].sold = Counter({"tuna": 3, "squid": 3})
    assert card_vp(state) == 0


@pytest.mark.parametrize(("card", "vp"), [("workshop-a", 2 * 3), ("workshop-b", 2 * 2)])
def test_workshop_colour_vp(card: str, vp: int) -> None:
    """9. BUILDING CARDS: "During final scoring, you gain 2 VP for each space of specific colors on which
    your workers stand in the workshop area" (type A pink, blue or yellow; type B green, orange or white)."""
    state = position(card)
    for name in ("a1", "d1", "b2", "d2", "g1"):  # pink, blue, yellow, green, orange: mine
        state.lace_workers[square(name)] = ME
    for name in ("b1", "e2", "a4"):  # pink, blue, white: another player's
        state.lace_workers[square(name)] = RED
    assert card_vp(state) == vp


# --------------------------------------------------------------------------- two-step-fishing


def fishing(*cards: str) -> BuranoState:
    """Seat 0's boat at island A, every island matching its arrows; a pink cube built: fishing."""
    state = position(*cards)
    state.boards[ME].boat = "A"
    scenario.set_ring(state, ME, "PBY" + FILLER, 9)
    for island in "ABCDEF":
        scenario.set_docks(state, island, "PBY")
    state.boards[ME].preparation = [PINK]
    scenario.changed(state)
    act(state, ME, "build pink c1")
    assert state.phase is Phase.FISHING
    return state


def test_two_step_fishing_destinations() -> None:
    """9. BUILDING CARDS: "Whenever you go fishing, you may move your fishing boat two spaces along the
    sailing routes"; one space stays allowed, and "you may not move it back and forth" (decision 7)."""
    plain = fishing()
    assert legal(plain) == ["sail C", "sail F", *(["sail left"] if plain.ports["left"] else [])]
    state = fishing("two-step-fishing")
    assert state.destinations(ME) == ["B", "C", "E", "F", "left"]
    left = state.ports["left"]
    assert legal(state) == ["sail B", "sail C", "sail E", "sail F", *(["sail left"] if left else [])]
    with pytest.raises(IllegalAction, match="not two routes away"):
        act(state, ME, "sail D")
    with pytest.raises(IllegalAction, match="not two routes away"):
        act(state, ME, "sail A")
    act(state, ME, "sail E")
    assert state.boards[ME].boat == "E"
    assert state.phase is Phase.FISH_CARDS


def test_without_the_card_one_step() -> None:
    """5. ACTIONS, Fishing: without the card the boat moves one route."""
    state = fishing()
    with pytest.raises(IllegalAction, match="not one route away"):
        act(state, ME, "sail E")


# --------------------------------------------------------------------------- lace-bump


def lace(*cards: str, arrows: str = "PPP") -> BuranoState:
    """Seat 0 (privilege 0) with a worker on b1, red on c1 and a2 with room on its ring; yellow cube built."""
    state = position(*cards)
    scenario.set_ring(state, ME, arrows + FILLER, 9)
    scenario.set_ring(state, RED, "GOW" + FILLER, 6)
    state.lace_workers[square("b1")] = ME
    state.lace_workers[square("c1")] = RED
    state.lace_workers[square("a2")] = RED
    state.boards[ME].preparation = [YELLOW]
    scenario.changed(state)
    act(state, ME, "build yellow d2")
    return state


def test_lace_bump_onto_an_occupied_square() -> None:
    """9. BUILDING CARDS: "Whenever you do lace making, you may place your worker on the space which has
    accommodated a worker of another player. That player has to withdraw his worker back and gain 2
    coins" — without spending a privilege point; the adjacency rule still applies (decision 10)."""
    state = lace("lace-bump")
    assert set(legal(state)) == {"lace a1", "lace c1", "done"}
    red_coins = state.boards[RED].coins
    act(state, ME, "lace c1")
    assert state.lace_workers[square("c1")] == ME
    assert state.boards[RED].coins == red_coins + 2
    assert state.boards[RED].ring.workers == 7
    assert state.boards[ME].privilege == 0
    assert set(legal(state)) == {"lace a1", "done"}  # a2 is red's, but adjacent to neither b1 nor c1


def test_lace_bump_refusal_names_adjacency() -> None:
    """Lace Making with the lace-bump card: a worker of another player on a square is no obstacle, so a
    non-adjacent occupied square is refused for the rule it breaks — adjacency."""
    state = lace("lace-bump")
    with pytest.raises(IllegalAction, match="next to one of yours"):
        act(state, ME, "lace a2")


def test_without_lace_bump_occupied_square_is_refused() -> None:
    """Lace Making: "Each space may accommodate only 1 worker" unless the building card (or a privilege
    point) says otherwise."""
    state = lace()
    assert set(legal(state)) == {"lace a1", "done"}
    with pytest.raises(IllegalAction, match="another player's worker stands there"):
        act(state, ME, "lace c1")


def test_lace_bump_first_worker_anywhere() -> None:
    """With no worker of yours in the area, the first lace maker may bump any matching occupied square."""
    state = position("lace-bump")
    scenario.set_ring(state, ME, "PPP" + FILLER, 9)
    scenario.set_ring(state, RED, "GOW" + FILLER, 6)
    state.lace_workers[square("a2")] = RED
    state.boards[ME].preparation = [YELLOW]
    scenario.changed(state)
    act(state, ME, "build yellow d2")
    assert "lace a2" in legal(state)


# --------------------------------------------------------------------------- island-ties


def test_island_ties_in_split_majority() -> None:
    """9. BUILDING CARDS: "Whenever determining majority in a neighboring island, you always win the tie"
    (decision 16: the holder among tied leaders takes the whole majority)."""
    assert scoring.split_majority([1, 1, 0, 0], 4) == {0: 2, 1: 2}
    assert scoring.split_majority([1, 1, 0, 0], 4, tie_winner=1) == {1: 4}
    assert scoring.split_majority([2, 2, 1], 3, tie_winner=2) == {0: 1, 1: 1}  # not among the leaders
    assert scoring.split_majority([0, 2, 1], 3, tie_winner=2) == {1: 3}  # no tie: nothing to win


def end_of_season(state: BuranoState) -> None:
    """Play `end` for the last player of the season's last round: the clean-up follows."""
    last = (state.start_player + state.players - 1) % state.players
    scenario.set_turn(state, last)
    state.round = TURNS[state.season] - 1
    scenario.changed(state)
    act(state, last, "end")


@pytest.mark.parametrize(("holder", "vp"), [(None, (2, 2)), (ME, (4, 0)), (RED, (0, 4))])
def test_island_ties_in_clean_up(holder: int | None, vp: tuple[int, int]) -> None:
    """6. CLEAN-UP, 1: the island majority is 4 VP, tied players divide it (rounded down); the holder of
    the island-ties card wins the tie."""
    state = position()
    if holder is not None:
        give(state, holder, "island-ties")
    state.island_workers["A"][:] = [1, 1, 0, 0]
    end_of_season(state)
    assert (state.boards[ME].vp[ISLANDS], state.boards[RED].vp[ISLANDS]) == vp


@pytest.mark.parametrize(("holder", "vp"), [(None, 2), (ME, 5), (RED, 2)])
def test_island_ties_in_roof_scoring(holder: int | None, vp: int) -> None:
    """Roof Houses, majority in neighbouring islands: "An island doesn't count if there is a tie for
    first" — except for the holder of the island-ties card, who wins the tie (decision 15)."""
    state = position()
    if holder is not None:
        give(state, holder, "island-ties")
    state.island_workers["A"][:] = [1, 1, 0, 0]
    state.island_workers["B"][:] = [2, 1, 0, 0]
    roof(state, RoofTile(RoofKind.ISLANDS, (PINK, BLUE)), "PB")
    assert state.boards[ME].vp[ROOFS] == vp


def test_island_ties_taken_as_bonus_counts_at_once() -> None:
    """Roof Houses: "2. Gain bonuses" comes before "3. Score points for the roof you just placed"
    (decision 12): the island-ties card ("Whenever determining majority in a neighboring island, you
    always win the tie") taken as a roof's bonus counts for that roof's score, the same timing as the
    roof colour cards."""
    state = position()
    state.building_supply[0] = "island-ties"
    state.building_deck = [c for c in state.building_deck if c != "island-ties"]
    state.island_workers["A"][:] = [1, 1, 0, 0]
    scenario.changed(state)
    roof(state, RoofTile(RoofKind.ISLANDS, (PINK, BLUE)), "PB", bonus="bonus card island-ties")
    assert state.boards[ME].vp[ROOFS] == 2


def test_island_ties_does_not_touch_workshops() -> None:
    """9. BUILDING CARDS: the card speaks of neighbouring islands only: a workshop tie still counts for
    nobody in a workshops roof."""
    state = position("island-ties")
    state.lace_workers[square("a1")] = ME
    state.lace_workers[square("b1")] = RED
    roof(state, RoofTile(RoofKind.WORKSHOPS, (PINK, BLUE)), "PB")
    assert state.boards[ME].vp[ROOFS] == 0


# --------------------------------------------------------------------------- lace-discount


def lace_scoring(*cards: str, pyramid: str = "PPPPPPPPPBBBBB") -> BuranoState:
    """Seat 0 with lace makers on c4 and d4 (white, side by side) reaches the spring lace scoring."""
    state = position(*cards)
    scenario.set_pyramid(state, ME, pyramid)
    state.lace_workers[square("c4")] = ME
    state.lace_workers[square("d4")] = ME
    end_of_season(state)
    assert state.phase is Phase.LACE_SCORING
    assert state.to_act() == (ME,)
    return state


def test_lace_discount_spares_one_cube() -> None:
    """9. BUILDING CARDS: "During clean-up phase, deduct 1 cube of any color that you are going to return
    to score for lace-making": with no white cube, the card pays for one white lace maker, once."""
    state = lace_scoring("lace-discount")
    assert set(legal(state)) == {"pay c4 card", "pay d4 card", "done"}
    act(state, ME, "pay c4 card")
    # The card is used up and no white cube is left: seat 0's scoring closes by itself.
    assert state.boards[ME].vp[LACE] == 2
    assert state.phase is not Phase.LACE_SCORING


def test_lace_discount_with_a_cube_makes_a_union() -> None:
    """6. CLEAN-UP, 2 with the card: one worker paid by the card, the other by a white cube of the
    pyramid; the two adjacent paid workers form a union: 2 × 2 + 1 VP."""
    state = lace_scoring("lace-discount", pyramid="PPPPPPPPPBBBBW")
    act(state, ME, "pay c4 card")
    assert "pay d4 card" not in legal(state)
    act(state, ME, "pay d4")
    assert state.boards[ME].vp[LACE] == 5
    assert state.boards[ME].pyramid.count(WHITE) == 0


def test_without_lace_discount_no_cube_no_score() -> None:
    """6. CLEAN-UP, 2: without a matching cube (or privilege point, or the card) a lace maker scores
    nothing; here seat 0's scoring closes by itself with 0 VP."""
    state = position()
    scenario.set_pyramid(state, ME, "PPPPPPPPPBBBBB")
    state.lace_workers[square("c4")] = ME
    end_of_season(state)
    assert state.boards[ME].vp[LACE] == 0


def test_lace_discount_final_vp() -> None:
    """9. BUILDING CARDS: lace-discount: "During final scoring, you gain 3 VP.\""""
    assert card_vp(position("lace-discount")) == 3


# --------------------------------------------------------------------------- card-count, flat-vp


@pytest.mark.parametrize(
    ("cards", "vp"),
    [
        (("card-count",), 3),
        (("card-count", "island-ties"), 6),
        (("card-count", "lace-bump", "two-step-fishing"), 9),
        (("card-count", "flat-vp", "lace-discount"), 9 + 9 + 3),
    ],
)
def test_card_count_vp(cards: tuple[str, ...], vp: int) -> None:
    """9. BUILDING CARDS: "During final scoring, you gain 3 VP for each building card in front of you
    (including this one).\""""
    assert card_vp(position(*cards)) == vp


def test_flat_vp() -> None:
    """9. BUILDING CARDS: "During final scoring, you gain 9 VP.\""""
    assert card_vp(position("flat-vp")) == 9
    assert card_vp(position()) == 0


@pytest.mark.parametrize(
    "card", ["roof-vp-a", "roof-any-b", "two-step-fishing", "lace-bump", "island-ties", "workshop-a"]
)
def test_cards_without_final_points(card: str) -> None:
    """9. BUILDING CARDS: the cards acting during play score nothing by themselves at the end (the
    workshop card only for workers in the workshops)."""
    assert card_vp(position(card)) == 0


def test_final_card_points_in_the_outcome() -> None:
    """7. END OF THE GAME: "Score the VP from the building cards in front of you" — part of the total."""
    state = position("flat-vp")
    other = position()
    state.phase = Phase.OVER
    other.phase = Phase.OVER
    mine = next(r for r in state.outcome().results if r.seat == ME)
    plain = next(r for r in other.outcome().results if r.seat == ME)
    assert mine.score - plain.score == 9


# --------------------------------------------------------------------------- taking a card as a roof bonus


def test_bonus_card_moves_from_supply_and_supply_refills() -> None:
    """Roof Houses, step 2: a building card taken from the building supply goes in front of the player
    and the supply is refilled to four cards from the top of the building deck."""
    state = position()
    state.building_supply = ["flat-vp", "roof-vp-a", "lace-bump", "card-count"]
    state.building_deck = ["island-ties", "workshop-b"]  # top last
    scenario.changed(state)
    roof(state, RoofTile(RoofKind.FLAT, (PINK, YELLOW)), "PY", bonus="bonus card flat-vp")
    assert state.boards[ME].cards == ["flat-vp"]
    assert state.building_supply == ["roof-vp-a", "lace-bump", "card-count", "workshop-b"]
    assert state.building_deck == ["island-ties"]
    assert card_vp(state) == 9


def test_bonus_card_with_empty_deck() -> None:
    """Roof Houses, step 2: the supply refills only "if necessary" and as far as the deck allows; with an
    empty deck the deck is no choice."""
    state = position()
    state.building_supply = ["flat-vp", "roof-vp-a"]
    state.building_deck = []
    scenario.changed(state)
    scenario.build_at(state, [("b2", "P"), ("c2", "Y")])
    state.boards[ME].roofs = [RoofTile(RoofKind.FLAT, (PINK, YELLOW))]
    scenario.changed(state)
    act(state, ME, "roof 4vp pink-yellow b2-c2")
    assert legal(state) == ["bonus privilege", "bonus card flat-vp", "bonus card roof-vp-a"]
    act(state, ME, "bonus card roof-vp-a")
    assert state.building_supply == ["flat-vp"]
