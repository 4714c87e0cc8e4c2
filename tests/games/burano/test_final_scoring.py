"""The final scoring and the winner (rulebook: 7. END OF THE GAME; 9. BUILDING CARDS at the final scoring).

Each test plays the winter's turns as ``end`` until the game is over, then sets the possessions the
final scoring looks at (coins, privilege points, fish cards, building cards, the score track) and reads
`outcome()`.
"""

from __future__ import annotations

from collections import Counter

import pytest

from laguna.core.errors import IllegalAction
from laguna.games.burano import BuranoState, Phase
from tests.games.burano import scenario
from tests.games.burano.scenario import BLUE, PINK, act, square

SEASON_LINES = (
    "roofs",
    "roof colour cards",
    "merchant ships",
    "fish cards (none left)",
    "island majority",
    "lace making",
)
FINAL_LINES = ("coins", "unsold fish", "building cards")


def winter(players: int = 2, seed: int = 0) -> BuranoState:
    """The first turn of winter, with nobody on the islands or in the workshops and every possession
    the final scoring counts set to nothing."""
    state = scenario.first_turn(players, seed)
    state.season = 3
    for counts in state.island_workers.values():
        counts[:] = [0] * players
    state.lace_workers = {}
    for player in state.boards:
        player.privilege = 0
    scenario.changed(state)
    return state


def finish(state: BuranoState) -> None:
    """Play the remaining winter turns as ``end`` and return no cube in the lace scoring; the winter
    clean-up then ends the game."""
    while state.phase is Phase.TURN:
        act(state, state.actor, "end")
    while state.phase is Phase.LACE_SCORING:
        act(state, state.actor, "done")
    assert state.phase is Phase.OVER


def wipe(state: BuranoState) -> None:
    """Clear what the final scoring counts, so a test sets exactly what it is about."""
    for player in state.boards:
        player.coins = 0
        player.privilege = 0
        player.vp = Counter()
        player.hand_public = Counter()
        player.hand_secret = Counter()
        player.sold = Counter()
        player.cards = []
        player.preparation = []


def finished(players: int = 2, seed: int = 0) -> BuranoState:
    state = winter(players, seed)
    finish(state)
    wipe(state)
    return state


def lines(state: BuranoState, seat: int) -> dict[str, int]:
    return dict(state.outcome().results[seat].breakdown)


# ------------------------------------------------------------------------------------------ the end


def test_the_game_ends_after_the_winter_clean_up() -> None:
    """7. End of the Game: "The final scoring takes place after the clean-up phase of winter"; before
    that there is no outcome."""
    state = winter()
    with pytest.raises(IllegalAction, match="not over"):
        state.outcome()
    finish(state)
    outcome = state.outcome()
    assert outcome.ended_by == "the winter clean-up"
    assert [r.seat for r in outcome.results] == [0, 1]


def test_final_scoring_rulebook_example() -> None:
    """7. End of the Game, example: the blue player scores 7 coins → 1 VP, 5 unsold fish cards → 5 VP,
    building card A → 9 VP and building card B → 8 VP (here the 9 VP card and the workshop card of
    pink, blue and yellow with four workers on such spaces)."""
    state = winter()
    seat = state.start_player
    for name in ("a1", "b1", "e1", "b2", "d2"):  # pink, pink, blue, yellow; green does not count
        state.lace_workers[square(name)] = seat
    scenario.changed(state)
    finish(state)
    wipe(state)
    player = state.boards[seat]
    player.coins = 7
    scenario.hand(state, seat, ["tuna", "tuna", "squid"])
    scenario.hand(state, seat, ["eel", "crab"], secret=True)
    player.cards = ["flat-vp", "workshop-a"]
    breakdown = lines(state, seat)
    assert (breakdown["coins"], breakdown["unsold fish"], breakdown["building cards"]) == (1, 5, 9 + 8)
    assert state.outcome().results[seat].score == 1 + 5 + 17


@pytest.mark.parametrize(
    ("coins", "privilege", "vp"),
    [(4, 0, 0), (5, 0, 1), (7, 0, 1), (9, 0, 1), (10, 0, 2), (14, 0, 2), (3, 2, 1), (0, 5, 1), (8, 2, 2), (4, 1, 1)],
)
def test_coins_score_1_vp_per_5_after_converting_privilege(coins: int, privilege: int, vp: int) -> None:
    """7. End of the Game, Coins: "Convert all privilege points into coins in 1:1 ratio. Score 1 Victory
    Point (VP) for every 5 coins.\""""
    state = finished()
    state.boards[0].coins = coins
    state.boards[0].privilege = privilege
    assert lines(state, 0)["coins"] == vp
    assert state.outcome().results[0].score == vp


def test_unsold_fish_cards_score_1_vp_each() -> None:
    """7. End of the Game, Fish cards: "Score 1 VP for each unsold fish card in your hand" — cards taken
    face up and cards drawn from the deck alike; sold cards are not in the hand."""
    state = finished()
    scenario.hand(state, 1, ["octopus", "octopus"])
    scenario.hand(state, 1, ["sardine"], secret=True)
    state.boards[1].sold = Counter({"tuna": 3, "squid": 3})
    assert lines(state, 1)["unsold fish"] == 3
    assert lines(state, 0)["unsold fish"] == 0


@pytest.mark.parametrize(
    ("cards", "vp"),
    [
        (["flat-vp"], 9),
        (["lace-discount"], 3),
        (["two-step-fishing", "island-ties", "lace-bump"], 0),
        (["card-count"], 3),
        (["card-count", "flat-vp", "two-step-fishing"], 9 + 9),
        (["sold-fish-a"], 2 * 5),
        (["sold-fish-b"], 2 * 2),
        (["workshop-a"], 2 * 2),
        (["workshop-b"], 2 * 1),
    ],
)
def test_building_cards_at_the_final_scoring(cards: list[str], vp: int) -> None:
    """7. End of the Game, Building cards / 9. Building cards: the 9 VP card; the lace-discount card's
    3 VP; 3 VP per building card you have; 2 VP per sold fish card of the card's kinds (not the ones in
    the hand); 2 VP per workshop space of the card's colours your workers stand on. Cards whose effect
    acts during play score nothing at the end."""
    state = winter()
    for name in ("a1", "e1", "d2"):  # pink, blue, green
        state.lace_workers[square(name)] = 0
    state.lace_workers[square("b2")] = 1  # another player's yellow worker counts for nobody else
    scenario.changed(state)
    finish(state)
    wipe(state)
    state.boards[0].sold = Counter({"tuna": 3, "crab": 2, "eel": 2})
    scenario.hand(state, 0, ["squid", "shrimp"])
    state.boards[0].cards = cards
    assert lines(state, 0)["building cards"] == vp


def test_breakdown_lines_add_up_to_the_score() -> None:
    """7. End of the Game: "Add up all the VP" — the VP gained during the game (roofs, ships, island
    majority, lace, ...) and the final scoring; the breakdown lists each source and sums to the score."""
    state = finished()
    player = state.boards[0]
    player.vp = Counter({"roofs": 9, "merchant ships": 24, "island majority": 2, "lace making": 12})
    player.coins = 11
    scenario.hand(state, 0, ["tuna"])
    player.cards = ["flat-vp"]
    result = state.outcome().results[0]
    assert [name for name, _ in result.breakdown] == [*SEASON_LINES, *FINAL_LINES]
    assert dict(result.breakdown) == {
        "roofs": 9,
        "roof colour cards": 0,
        "merchant ships": 24,
        "fish cards (none left)": 0,
        "island majority": 2,
        "lace making": 12,
        "coins": 2,
        "unsold fish": 1,
        "building cards": 9,
    }
    assert result.score == sum(points for _, points in result.breakdown) == 59
    assert state.outcome().scores == (59, 0)
    assert state.outcome().winners == (0,)


def test_the_most_vp_wins() -> None:
    """7. End of the Game: "the player with the most VP wins the game"."""
    state = finished(3)
    for seat, vp in enumerate((20, 31, 25)):
        state.boards[seat].vp = Counter({"roofs": vp})
    outcome = state.outcome()
    assert [r.rank for r in outcome.results] == [3, 1, 2]
    assert outcome.winners == (1,)


def test_tie_broken_by_cubes_in_the_preparation_area() -> None:
    """7. End of the Game, tiebreaker 1: "Whoever has the most cubes left on his/her preparation area
    wins" — before the coins are compared."""
    state = finished()
    for player in state.boards:
        player.vp = Counter({"roofs": 30})
    state.boards[0].coins = 9
    state.boards[1].coins = 5
    state.boards[1].preparation = [PINK]
    outcome = state.outcome()
    assert outcome.scores == (31, 31)
    assert [r.rank for r in outcome.results] == [2, 1]
    assert outcome.results[1].tiebreakers == (("cubes in preparation", 1), ("coins", 5))


def test_tie_broken_by_coins_after_privilege_conversion() -> None:
    """7. End of the Game, tiebreaker 2: "Whoever has the most coins left wins" — counting the privilege
    points converted into coins (decision 23)."""
    state = finished()
    for player in state.boards:
        player.vp = Counter({"roofs": 30})
        player.preparation = [BLUE, PINK]
    state.boards[0].coins = 5
    state.boards[0].privilege = 4
    state.boards[1].coins = 8
    outcome = state.outcome()
    assert outcome.scores == (31, 31)
    assert [r.rank for r in outcome.results] == [1, 2]
    assert outcome.results[0].tiebreakers == (("cubes in preparation", 2), ("coins", 9))
    assert outcome.winners == (0,)


def test_a_complete_tie_shares_the_victory() -> None:
    """7. End of the Game: "If it is still a tie, then all tied players share the victory"."""
    state = finished(3)
    for seat, player in enumerate(state.boards):
        player.vp = Counter({"lace making": 20 if seat != 1 else 19})
        player.coins = 6
        player.preparation = [PINK]
    outcome = state.outcome()
    assert [r.rank for r in outcome.results] == [1, 3, 1]
    assert outcome.winners == (0, 2)


def test_final_scoring_counts_every_seat_the_same_way() -> None:
    """7. End of the Game: every player scores coins, unsold fish and building cards."""
    state = finished(4)
    for seat, player in enumerate(state.boards):
        player.coins = 5 * seat
        player.cards = ["flat-vp"] if seat == 2 else []
    scenario.hand(state, 3, ["tuna", "eel"])
    assert [lines(state, s)["coins"] for s in range(4)] == [0, 1, 2, 3]
    assert state.outcome().scores == (0, 1, 2 + 9, 3 + 2)
