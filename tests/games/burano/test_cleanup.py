"""The seasonal clean-up (rulebook: 6. CLEAN-UP, steps 1–6; 8. PRIVILEGE in the clean-up).

Positions are reached from the first turn of a game: the part of the board a step is about (workers
on the islands and in the workshops, pyramids, rings, roof tiles) is arranged by hand, then every
remaining turn of the season is played as ``end`` until the clean-up begins.
"""

from __future__ import annotations

from collections import Counter

import pytest

from laguna.core.errors import IllegalAction
from laguna.core.game import Event
from laguna.games.burano import GAME, BuranoState, Phase
from laguna.games.burano.components import COLOURS, RoofKind, RoofTile
from laguna.games.burano.pyramid import SLOTS
from tests.games.burano import scenario
from tests.games.burano.scenario import BLUE, GREEN, ORANGE, PINK, WHITE, YELLOW, act, legal, square

TURNS = (4, 4, 3, 3)
ISLANDS = "ABCDEF"


# ---------------------------------------------------------------------------------------- helpers


def start(players: int = 2, seed: int = 0, season: int = 0, random_workshops: bool = False) -> BuranoState:
    """The first turn of `season` (spring by default) with nobody on the islands or in the workshops,
    so that only what a test arranges scores in the clean-up."""
    state = scenario.first_turn(players, seed, random_workshops=random_workshops)
    state.season = season
    for counts in state.island_workers.values():
        counts[:] = [0] * players
    state.lace_workers = {}
    scenario.changed(state)
    return state


def phase(state: BuranoState) -> Phase:
    """The phase, read afresh (an assertion on it does not fix it for the rest of the test)."""
    return state.phase


def seats(state: BuranoState) -> list[int]:
    """The seats clockwise from the start player."""
    return [(state.start_player + k) % state.players for k in range(state.players)]


def end_season(state: BuranoState) -> list[Event]:
    """Every remaining turn of the season ends at once (``end``), which starts the clean-up."""
    events: list[Event] = []
    while state.phase is Phase.TURN:
        events.extend(act(state, state.actor, "end"))
    return events


def no_privilege(state: BuranoState) -> None:
    """Nobody can spend privilege points, so no clean-up step waits for a privilege decision."""
    for player in state.boards:
        player.privilege = 0
    scenario.changed(state)


def workers(state: BuranoState, seat: int, *names: str) -> None:
    """Put lace makers of `seat` on these workshop squares."""
    for name in names:
        state.lace_workers[square(name)] = seat
    scenario.changed(state)


def lace_scorer_after(state: BuranoState, seat: int) -> int:
    """The next seat clockwise gets a worker on a4 and a white pyramid, which keeps the lace scoring going
    after `seat`; returns that seat."""
    later = (seat + 1) % 4
    workers(state, later, "a4")
    scenario.set_pyramid(state, later, "WWWWWWWWWWWWWW")
    return later


def islands(state: BuranoState, counts: dict[str, list[int]]) -> None:
    """Set the workers of each seat on the named neighbouring islands."""
    for island, row in counts.items():
        state.island_workers[island] = list(row)
    scenario.changed(state)


def kinds(events: list[Event]) -> list[str]:
    return [event.kind for event in events]


def play(state: BuranoState, text: str) -> list[Event]:
    """Play `text` for whoever owes the decision."""
    return act(state, state.to_act()[0], text)


def refused(state: BuranoState, text: str, match: str) -> None:
    """Playing `text` for whoever owes the decision is refused with a message matching `match`."""
    with pytest.raises(IllegalAction, match=match):
        play(state, text)


def keep_roofs(state: BuranoState) -> list[Event]:
    """Roof refill step: every player keeps the tiles and refills empty spaces with the first kinds offered."""
    events: list[Event] = []
    while state.phase in (Phase.ROOF_DISCARD, Phase.ROOF_REFILL):
        events.extend(play(state, "done" if state.phase is Phase.ROOF_DISCARD else legal(state)[0]))
    return events


def tile(text: str) -> RoofTile:
    kind, colours = text.split(":")
    first, second = colours.split("-")
    return RoofTile(RoofKind(kind), (scenario.LETTER[first[0].upper()], scenario.LETTER[second[0].upper()]))


def lace_vp(state: BuranoState, seat: int) -> int:
    return state.boards[seat].vp["lace making"]


def island_vp(state: BuranoState) -> list[int]:
    return [player.vp["island majority"] for player in state.boards]


# ------------------------------------------------------------------------------- when and in what order


@pytest.mark.parametrize("season", [0, 1, 2, 3])
@pytest.mark.parametrize("players", [2, 4])
def test_clean_up_follows_the_last_turn_of_the_season(players: int, season: int) -> None:
    """4. Sequence of Play / 6. Clean-up: spring and summer have 4 turns, autumn and winter 3; "after all
    players finish all their turns, a season comes to an end" and the clean-up is resolved."""
    state = start(players, season=season)
    for _ in range(TURNS[season] * players - 1):
        events = act(state, state.actor, "end")
        assert "clean-up" not in kinds(events)
        assert phase(state) is Phase.TURN
    events = act(state, state.actor, "end")
    assert kinds(events)[:2] == ["pass", "clean-up"]
    assert phase(state) is not Phase.TURN


def test_clean_up_steps_come_in_the_given_order() -> None:
    """6. Clean-up: "players resolve the following 6 events in the given order": island majority, lace
    scoring, shuffling the markers, refilling cubes, refilling roof tiles, passing the start player;
    the steps that ask the players go clockwise from the start player."""
    state = start(2)
    first, second = seats(state)
    islands(state, {"A": [1, 0], "B": [0, 1]})
    workers(state, first, "a1")
    workers(state, second, "e1")
    scenario.set_pyramid(state, first, "PPPPPPPPP.....")
    scenario.set_pyramid(state, second, "BBBBBBBBB.....")
    events = end_season(state)
    assert phase(state) is Phase.LACE_SCORING and state.actor == first
    steps = [
        ("pay a1", Phase.LACE_SCORING, second),
        ("pay e1", Phase.CUBE_REFILL, first),
        ("done", Phase.CUBE_REFILL, second),
        ("done", Phase.ROOF_DISCARD, first),
        ("done", Phase.ROOF_DISCARD, second),
    ]
    for decision, then, actor in steps:
        events += play(state, decision)
        assert phase(state) is then and state.actor == actor, decision
    events += play(state, "done")
    assert phase(state) is Phase.CONSTRUCTION
    order = ["clean-up", "majority", "lace-score", "markers", "refill", "start-player", "season"]
    seen = [kind for kind in kinds(events) if kind in order]
    assert list(dict.fromkeys(seen)) == order
    assert [e.seat for e in events if e.kind == "lace-score"] == [first, second]
    assert [e.seat for e in events if e.kind == "refill"] == [first, second]


def test_winter_clean_up_scores_islands_and_lace_then_the_game_is_over() -> None:
    """6. Clean-up: "At the end of winter, only the first and second events will occur"; 7. End of the
    Game: the final scoring follows. The markers, cubes, roof tiles and start player stay as they are."""
    state = start(2, season=3)
    first, second = seats(state)
    counts = [0, 0]
    counts[second] = 1
    islands(state, {"C": counts})
    workers(state, first, "a1")
    scenario.set_pyramid(state, first, "PPPPPPPPP.....")
    markers = list(state.markers)
    reserves = [Counter(p.reserve) for p in state.boards]
    pyramids = [list(p.pyramid) for p in state.boards]
    roofs = [list(p.roofs) for p in state.boards]
    starter = state.start_player
    events = end_season(state)
    assert kinds(events).count("majority") == 1
    assert island_vp(state)[second] == 2
    assert phase(state) is Phase.LACE_SCORING and state.actor == first
    events += play(state, "pay a1")
    assert lace_vp(state, first) == 2
    assert phase(state) is Phase.OVER
    assert state.to_act() == ()
    assert legal(state, first) == [] and legal(state, second) == []
    assert not {"markers", "refill", "discard", "refill-roof", "start-player", "season"} & set(kinds(events))
    assert kinds(events)[-1] == "game-over"
    assert state.markers == markers
    assert state.start_player == starter
    assert [p.reserve for p in state.boards] == reserves
    assert state.boards[first].pyramid.count(PINK) == 8
    assert state.boards[second].pyramid == pyramids[second]
    assert [p.roofs for p in state.boards] == roofs
    with pytest.raises(IllegalAction, match="over"):
        act(state, first, "done")


# -------------------------------------------------------------------------- 1. majority in the islands


@pytest.mark.parametrize(("players", "points"), [(2, 2), (3, 3), (4, 4)])
def test_island_majority_is_worth_4_3_or_2_vp_by_player_count(players: int, points: int) -> None:
    """6. Clean-up 1: the player with the most workers on a neighbouring island gains 4 VP (3-player
    game: 3 VP; 2-player game: 2 VP). An island with no worker scores for nobody."""
    state = start(players)
    no_privilege(state)
    counts = [0] * players
    counts[1] = 2
    counts[0] = 1
    islands(state, {"A": counts})
    events = end_season(state)
    expected = [0] * players
    expected[1] = points
    assert island_vp(state) == expected
    assert [(e.seat, e.text) for e in events if e.kind == "majority"] == [
        (1, f"Player 2 scores {points} VP for the majority on island A")
    ]


@pytest.mark.parametrize(
    ("players", "counts", "expected"),
    [
        (2, [1, 1], [1, 1]),
        (3, [2, 2, 1], [1, 1, 0]),
        (4, [1, 1, 1, 0], [1, 1, 1, 0]),
        (4, [3, 0, 3, 1], [2, 0, 2, 0]),
        (4, [2, 2, 2, 2], [1, 1, 1, 1]),
    ],
)
def test_island_majority_tie_splits_the_vp_rounded_down(players: int, counts: list[int], expected: list[int]) -> None:
    """6. Clean-up 1, note: "In case of a tie, the tied players divide the VP (rounded down)": 3 players
    tied two ways share 3 VP as 1 each; 4 players tied three ways share 4 VP as 1 each."""
    state = start(players)
    no_privilege(state)
    islands(state, {"D": counts})
    end_season(state)
    assert island_vp(state) == expected


def test_island_majority_rulebook_example() -> None:
    """6. Clean-up 1, example (4 players): blue has the majority in 3 neighbouring islands and scores
    12 VP, red in 2 and scores 8 VP, black in only 1 and scores 4 VP."""
    state = start(4)
    no_privilege(state)
    blue, red, black, yellow = range(4)
    islands(
        state,
        {
            "A": [2, 0, 1, 0],
            "B": [1, 0, 0, 0],
            "C": [3, 2, 0, 2],
            "D": [0, 1, 0, 0],
            "E": [1, 2, 1, 0],
            "F": [0, 0, 2, 1],
        },
    )
    end_season(state)
    vp = island_vp(state)
    assert (vp[blue], vp[red], vp[black], vp[yellow]) == (12, 8, 4, 0)


def test_island_ties_card_holder_wins_a_tied_majority() -> None:
    """9. Building cards: whenever majority in a neighbouring island is determined, the holder of the
    card wins the tie; in the clean-up the holder takes the whole island majority (decision 16). A tie
    the holder is not part of is still split."""
    state = start(3)
    no_privilege(state)
    state.boards[2].cards = ["island-ties"]
    islands(state, {"A": [2, 0, 2], "B": [1, 1, 0], "C": [0, 1, 1]})
    end_season(state)
    assert island_vp(state) == [1, 1, 6]


# ------------------------------------------------------------------------------------ 2. lace scoring


def test_lace_scoring_rulebook_example_four_worker_union() -> None:
    """6. Clean-up 2, example: the blue player returns 2 orange, 1 green and 1 blue cube for his
    4-worker union of orthogonally adjacent workers and scores 4 × 2 + 4 = 12 VP. Each returned cube
    goes from the pyramid to the cube supply; the workers stay in the workshop area."""
    state = start(4)
    seat = state.start_player
    workers(state, seat, "d2", "e2", "f2", "g2")  # green, blue, orange, orange in a row
    scenario.set_pyramid(state, seat, "PPPBBBGOOOWWYY")
    later = lace_scorer_after(state, seat)
    supply = Counter(state.supply)
    end_season(state)
    assert phase(state) is Phase.LACE_SCORING and state.actor == seat
    assert legal(state) == [
        "pay d2",
        "pay d2 privilege",
        "pay e2",
        "pay e2 privilege",
        "pay f2",
        "pay f2 privilege",
        "pay g2",
        "pay g2 privilege",
        "done",
    ]
    play(state, "pay d2")
    play(state, "pay e2")
    play(state, "pay f2")
    events = play(state, "pay g2")
    assert lace_vp(state, seat) == 12
    assert [e.text for e in events if e.kind == "lace-score"] == [
        f"Player {seat + 1} scores 8 VP for lace and 4 VP for unions"
    ]
    assert phase(state) is Phase.LACE_SCORING and state.actor == later
    assert state.supply - supply == Counter({ORANGE: 2, GREEN: 1, BLUE: 1})
    assert Counter(c for c in state.boards[seat].pyramid if c) == Counter(
        {PINK: 3, BLUE: 2, ORANGE: 1, WHITE: 2, YELLOW: 2}
    )
    assert state.own_lace_squares(seat) == [square(n) for n in ("d2", "e2", "f2", "g2")]


def test_lace_scoring_rulebook_example_unpaid_worker_splits_the_union() -> None:
    """6. Clean-up 2, second example: the player returns a white, an orange and a green cube; the white
    and orange workers form a union, but the green worker is no member of it because no blue cube was
    returned for the worker in the blue space between them: 3 × 2 + 1 = 7 VP."""
    state = start(4, seed=9, random_workshops=True)
    colours = {name: state.area.colours[square(name)] for name in ("e1", "e2", "f2", "f3")}
    assert colours == {"e1": WHITE, "e2": ORANGE, "f2": BLUE, "f3": GREEN}, "the arranged workshop layout"
    seat = state.start_player
    no_privilege(state)
    workers(state, seat, "e1", "e2", "f2", "f3")
    scenario.set_pyramid(state, seat, "PPPYYYWOGWOG..")
    end_season(state)
    assert "pay f2" not in legal(state)
    play(state, "pay e1")
    play(state, "pay e2")
    play(state, "pay f3")
    assert phase(state) is not Phase.LACE_SCORING
    assert lace_vp(state, seat) == 7


@pytest.mark.parametrize("size", range(1, 10))
def test_lace_union_table(size: int) -> None:
    """6. Clean-up 2: 2 VP per returned cube, and a union of 2–9 orthogonally adjacent paid workers adds
    1, 2, 4, 6, 9, 12, 16 or 21 VP."""
    path = ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "g2", "g3"]  # pink ×3, blue ×3, orange ×3
    state = start(4)
    seat = state.start_player
    no_privilege(state)
    workers(state, seat, *path[:size])
    scenario.set_pyramid(state, seat, "PPPBBBOOOWWWYY")
    end_season(state)
    for name in path[:size]:
        play(state, f"pay {name}")
    assert lace_vp(state, seat) == 2 * size + (0, 0, 1, 2, 4, 6, 9, 12, 16, 21)[size]


def test_separated_unions_score_individually() -> None:
    """6. Clean-up 2, note: "The additional VP for separated unions are scored individually": two
    2-worker unions score 4 × 2 + 1 + 1 = 10 VP, not the 4 VP of a 4-worker union."""
    state = start(4)
    seat = state.start_player
    no_privilege(state)
    workers(state, seat, "a1", "b1", "f2", "g2")
    scenario.set_pyramid(state, seat, "PPPBBBOOOWWWYY")
    end_season(state)
    for name in ("a1", "b1", "f2", "g2"):
        play(state, f"pay {name}")
    assert lace_vp(state, seat) == 10


def test_lace_scoring_is_optional_per_worker() -> None:
    """6. Clean-up 2: for each worker the player *may* return a matching cube; ``done`` leaves the rest
    unpaid, and only paid workers score and form unions."""
    state = start(4)
    seat = state.start_player
    workers(state, seat, "a1", "b1", "c1")
    scenario.set_pyramid(state, seat, "PPPBBBOOOWWWYY")
    end_season(state)
    play(state, "pay b1")
    assert state.boards[seat].pyramid.count(PINK) == 2
    events = play(state, "done")
    assert lace_vp(state, seat) == 2
    assert "lace-score" in kinds(events)
    assert phase(state) is not Phase.LACE_SCORING


def test_lace_payment_takes_a_matching_cube_from_anywhere_in_the_pyramid() -> None:
    """6. Clean-up 2: the cube comes "from your cube pyramid" — any cube of the colour, even one with
    other cubes resting on it (decision 17); with no cube of the colour there, none can be returned."""
    state = start(4)
    seat = state.start_player
    no_privilege(state)
    workers(state, seat, "a1", "d3")  # pink, green
    scenario.set_pyramid(state, seat, "PBBBBBBBBYYYYY")
    end_season(state)
    assert legal(state) == ["pay a1", "done"]
    refused(state, "pay d3", "your pyramid has no green cube")
    play(state, "pay a1")
    assert state.boards[seat].pyramid[0] is None
    assert lace_vp(state, seat) == 2


def test_lace_payment_errors() -> None:
    """6. Clean-up 2: one cube per worker standing in the workshop area, and only for the player's own
    workers."""
    state = start(4)
    seat = state.start_player
    other = (seat + 1) % 4
    workers(state, seat, "a1", "b1")
    workers(state, other, "c1")
    scenario.set_pyramid(state, seat, "PPPBBBOOOWWWYY")
    end_season(state)
    play(state, "pay a1")
    refused(state, "pay a1", "already returned a cube for this worker")
    refused(state, "pay c1", "none of your workers stands on c1")
    refused(state, "pay d1", "none of your workers stands on d1")


def test_lace_scoring_privilege_example() -> None:
    """8. Privilege for cubes, example: in the lace scoring the blue player spends 2 privilege points to
    obtain 1 orange and 1 blue cube for his 2 workers in the lace workshops (2 × 2 VP). The bought cubes
    come from the supply and go back to it."""
    state = start(4)
    seat = state.start_player
    state.boards[seat].privilege = 2
    workers(state, seat, "e1", "g1")  # blue, orange, not adjacent
    scenario.set_pyramid(state, seat, "PPPPPPPPPYYYYY")
    later = lace_scorer_after(state, seat)
    supply = Counter(state.supply)
    end_season(state)
    assert legal(state) == ["pay e1 privilege", "pay g1 privilege", "done"]
    play(state, "pay g1 privilege")
    events = play(state, "pay e1 privilege")
    assert state.boards[seat].privilege == 0
    assert lace_vp(state, seat) == 4
    assert phase(state) is Phase.LACE_SCORING and state.actor == later
    assert state.supply == supply
    assert [e.text for e in events if e.kind == "pay"] == [
        f"Player {seat + 1} spends a privilege point on a blue cube for the lace maker on e1"
    ]
    assert state.boards[seat].pyramid.count(PINK) == 9


def test_privilege_cube_for_lace_needs_the_colour_in_the_supply() -> None:
    """8. Privilege for cubes: a privilege point takes a cube of a colour "from the cube supply", so a
    colour the supply has run out of cannot be bought (decision 17)."""
    state = start(4)
    seat = state.start_player
    workers(state, seat, "g1")
    scenario.set_pyramid(state, seat, "PPPPPPPPPYYYYY")
    state.supply[ORANGE] = 0
    end_season(state)
    # Nothing can be paid: the lace scoring of this seat ends by itself.
    assert phase(state) is not Phase.LACE_SCORING
    assert lace_vp(state, seat) == 0
    assert state.boards[seat].privilege == 1


def test_privilege_pay_needs_a_privilege_point() -> None:
    """8. Privilege for cubes: a cube bought for lace scoring costs 1 privilege point."""
    state = start(4)
    seat = state.start_player
    workers(state, seat, "a1", "g1")
    scenario.set_pyramid(state, seat, "PPPPPPPPPYYYYY")
    end_season(state)
    play(state, "pay g1 privilege")
    assert state.boards[seat].privilege == 0
    refused(state, "pay a1 privilege", "a privilege point and a pink cube in the supply are needed")


def test_lace_discount_card_spares_one_cube_once() -> None:
    """9. Building cards: the lace-discount card lets the player return one cube less for lace scoring
    (``pay <square> card``), once per scoring."""
    state = start(4)
    seat = state.start_player
    no_privilege(state)
    state.boards[seat].cards = ["lace-discount"]
    workers(state, seat, "d2", "e2", "f2")  # green, blue, orange
    scenario.set_pyramid(state, seat, "PPPPPPPPPBYYYY")
    end_season(state)
    assert legal(state) == ["pay d2 card", "pay e2", "pay e2 card", "pay f2 card", "done"]
    play(state, "pay d2 card")
    assert legal(state) == ["pay e2", "done"]
    refused(state, "pay f2 card", "no unused lace-discount building card")
    play(state, "pay e2")
    assert lace_vp(state, seat) == 2 * 2 + 1


def test_players_without_lace_makers_are_skipped() -> None:
    """6. Clean-up 2: only workers standing in the workshop area score; a player with none has nothing
    to decide, and one who cannot return any cube scores nothing."""
    state = start(3)
    first, second, third = seats(state)
    no_privilege(state)
    workers(state, second, "b2")  # yellow, with no yellow cube to return
    workers(state, third, "a1")
    scenario.set_pyramid(state, second, "PPPPPPPPPPPPPP")
    scenario.set_pyramid(state, third, "PPPPPPPPPPPPPP")
    end_season(state)
    assert phase(state) is Phase.LACE_SCORING and state.actor == third
    play(state, "pay a1")
    assert [lace_vp(state, s) for s in (first, second, third)] == [0, 0, 2]


# ------------------------------------------------------------------------------------ 3. the markers


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_action_colour_markers_are_reshuffled(seed: int) -> None:
    """6. Clean-up 3: the 6 action colour markers are shuffled for the next season: still two in each
    of the three action spaces, every colour once."""
    state = start(2, seed=seed)
    no_privilege(state)
    events = end_season(state)
    assert "markers" in kinds(events)
    assert sorted(state.markers, key=COLOURS.index) == list(COLOURS)
    by_action = Counter(state.action_of(colour) for colour in COLOURS)
    assert sorted(by_action.values()) == [2, 2, 2]


def test_markers_reshuffle_changes_the_colour_actions() -> None:
    """6. Clean-up 3: "Renew the correspondences between actions and colors for the next season" —
    over a few games the actions of the colours do change."""
    changes = 0
    for seed in range(4):
        state = start(2, seed=seed)
        no_privilege(state)
        before = {colour: state.action_of(colour) for colour in COLOURS}
        end_season(state)
        changes += before != {colour: state.action_of(colour) for colour in COLOURS}
    assert changes >= 1


# ------------------------------------------------------------------------------------ 4. cube refill


def test_cube_refill_rulebook_example() -> None:
    """6. Clean-up 4, example: with 2 pink, 1 green, 1 yellow and 1 blue house symbols covered by workers
    the player takes 2 pink, 1 green, 1 yellow and 1 blue cube into the cube reserve. The cubes left in
    the pyramid move to the reserve first; the cubes in the preparation area stay there."""
    state = start(2)
    seat = state.start_player
    no_privilege(state)
    scenario.set_ring(state, seat, "OWW" + "PPGYB" + "BYGO", workers=5)
    scenario.set_pyramid(state, seat, "WWOO..........")
    state.boards[seat].preparation = [ORANGE, BLUE]
    state.boards[seat].reserve = Counter()
    supply = Counter(state.supply)
    events = end_season(state)
    player = state.boards[seat]
    assert player.reserve == Counter({PINK: 2, GREEN: 1, YELLOW: 1, BLUE: 1, WHITE: 2, ORANGE: 2})
    assert player.pyramid == [None] * SLOTS
    assert player.preparation == [ORANGE, BLUE]
    assert [e.text for e in events if e.kind == "refill" and e.seat == seat] == [
        f"Player {seat + 1} takes 2 pink, 1 blue, 1 yellow, 1 green for the covered house symbols"
    ]
    other = 1 - seat
    taken = state.boards[other].ring.covered_colours()
    assert supply - state.supply == Counter({PINK: 2, GREEN: 1, YELLOW: 1, BLUE: 1}) + taken


def test_cube_refill_with_a_colour_exhausted_may_take_another_colour() -> None:
    """6. Clean-up 4, note: "If the color of cubes a player needs is exhausted in the supply, he/she may
    take a cube of any other color" (decision 18). For each missing cube the player takes a cube of a
    colour the supply has (``cube <colour>``) or none (``cube none``); the shortage is settled before
    the player is done."""
    state = start(2)
    seat = state.start_player
    scenario.set_ring(state, seat, "OWW" + "PPGYB" + "BYGO", workers=5)
    scenario.set_pyramid(state, seat, "..............")
    state.boards[seat].reserve = Counter()
    state.supply[PINK] = 1
    state.supply[YELLOW] = 0
    end_season(state)
    assert phase(state) is Phase.CUBE_REFILL and state.actor == seat
    assert state.boards[seat].reserve == Counter({PINK: 1, GREEN: 1, BLUE: 1})
    assert state.supply[PINK] == 0
    assert legal(state) == ["cube blue", "cube green", "cube orange", "cube white", "cube none"]
    assert str(GAME.parse_action("CUBE None")) == "cube none"
    refused(state, "done", "you are owed cubes")
    refused(state, "cube pink", "the supply has no pink cube")
    refused(state, "privilege cube white", "take the cubes you are owed first")
    play(state, "cube white")
    assert state.actor == seat
    supply = Counter(state.supply)
    events = play(state, "cube none")
    assert [e.text for e in events] == [f"Player {seat + 1} takes no cube instead"]
    assert state.supply == supply
    assert state.boards[seat].reserve == Counter({PINK: 1, GREEN: 1, BLUE: 1, WHITE: 1})
    # Owed nothing more, the player may still spend the privilege point on a cube, or be done.
    assert phase(state) is Phase.CUBE_REFILL and state.actor == seat
    assert "done" in legal(state)
    play(state, "done")
    assert state.actor != seat


def test_cube_refill_goes_clockwise_from_the_start_player() -> None:
    """6. Clean-up 4: "Beginning with the starting player and proceeding clockwise" — when a colour runs
    short, the start player gets the last cubes of it and the next player takes another colour."""
    state = start(2)
    first, second = seats(state)
    no_privilege(state)
    for seat in (first, second):
        scenario.set_ring(state, seat, "OWW" + "PPGYB" + "BYGO", workers=5)
        scenario.set_pyramid(state, seat, "..............")
        state.boards[seat].reserve = Counter()
    state.supply[PINK] = 3
    end_season(state)
    assert phase(state) is Phase.CUBE_REFILL and state.actor == second
    assert state.boards[first].reserve == Counter({PINK: 2, BLUE: 1, YELLOW: 1, GREEN: 1})
    assert state.boards[second].reserve == Counter({PINK: 1, BLUE: 1, YELLOW: 1, GREEN: 1})
    assert state.supply[PINK] == 0
    assert legal(state) == ["cube blue", "cube yellow", "cube green", "cube orange", "cube white", "cube none"]
    play(state, "cube orange")
    assert phase(state) is Phase.ROOF_DISCARD


def test_privilege_cubes_go_into_the_reserve_in_the_clean_up() -> None:
    """8. Privilege for cubes: "In clean-up phase, spend 1 privilege point to take 1 cube of any color to
    your cube reserve" (in the cube refill step, decision 18), as often as the points allow."""
    state = start(2)
    seat = state.start_player
    for player in state.boards:
        player.privilege = 0
    state.boards[seat].privilege = 2
    scenario.set_ring(state, seat, "OWW" + "PPGYB" + "BYGO", workers=5)
    state.boards[seat].reserve = Counter()
    scenario.set_pyramid(state, seat, "..............")
    end_season(state)
    assert phase(state) is Phase.CUBE_REFILL and state.actor == seat
    supply_white = state.supply[WHITE]
    assert legal(state) == [f"privilege cube {c.value}" for c in COLOURS] + ["done"]
    refused(state, "privilege coin", "now is clean-up: refill house cubes")
    play(state, "privilege cube white")
    assert state.boards[seat].privilege == 1
    assert state.supply[WHITE] == supply_white - 1
    play(state, "privilege cube white")
    assert state.boards[seat].privilege == 0
    assert state.boards[seat].reserve == Counter({PINK: 2, GREEN: 1, YELLOW: 1, BLUE: 1, WHITE: 2})
    # With no point left the step moves on by itself (the other player has nothing to decide either).
    assert phase(state) is Phase.ROOF_DISCARD


def test_privilege_cube_in_the_clean_up_goes_to_the_reserve_not_the_pyramid() -> None:
    """8. Privilege for cubes: during the turn a bought cube is stacked on the pyramid, but "in clean-up
    phase" it goes to the cube reserve; naming a pyramid slot then is refused with that reason."""
    state = start(2)
    seat = state.start_player
    end_season(state)
    assert phase(state) is Phase.CUBE_REFILL and state.actor == seat
    assert "privilege cube white" in legal(state)
    refused(state, "privilege cube white b1", "reserve")


# -------------------------------------------------------------------------------------- 5. roof refill


def to_roof_refill(players: int = 2) -> tuple[BuranoState, int]:
    state = start(players)
    no_privilege(state)
    end_season(state)
    assert phase(state) is Phase.ROOF_DISCARD
    return state, state.actor


def test_roof_refill_rulebook_example() -> None:
    """6. Clean-up 5, example: the player removes the blue-green "majority in island" roof tile, then
    refills the two empty roof spaces with a "4VP" roof and a "fountains on schedule ring" roof. Removed
    tiles leave the game; refills are the top tiles of their stacks."""
    state, seat = to_roof_refill()
    player = state.boards[seat]
    kept = tile("workshops:pink-white")
    player.roofs = [kept, tile("islands:blue-green")]
    scenario.changed(state)
    assert legal(state) == ["discard workshops:pink-white", "discard islands:blue-green", "done"]
    islands_left = list(state.roof_stacks[RoofKind.ISLANDS])
    top_flat, top_fountains = state.roof_stacks[RoofKind.FLAT][-1], state.roof_stacks[RoofKind.FOUNTAINS][-1]
    play(state, "discard islands:blue-green")
    assert phase(state) is Phase.ROOF_DISCARD
    play(state, "done")
    assert phase(state) is Phase.ROOF_REFILL
    assert legal(state) == ["refill islands", "refill workshops", "refill fountains", "refill 4vp"]
    play(state, "refill 4vp")
    assert legal(state) == ["refill islands", "refill workshops", "refill fountains"]
    refused(state, "refill 4vp", "must be of different kinds")
    play(state, "refill fountains")
    assert player.roofs == [kept, top_flat, top_fountains]
    assert state.roof_stacks[RoofKind.ISLANDS] == islands_left
    assert state.actor != seat


def test_refilled_kinds_may_repeat_the_kind_of_a_kept_tile() -> None:
    """6. Clean-up 5, note: "The refilled roof tiles must differ from each other disregarding the roof
    tiles remaining in the first step" — a kept tile may share its kind with a refilled one."""
    state, seat = to_roof_refill()
    player = state.boards[seat]
    kept = tile("islands:pink-blue")
    player.roofs = [kept, tile("4vp:pink-green"), tile("fountains:green-white")]
    scenario.changed(state)
    play(state, "discard 4vp:pink-green")
    play(state, "discard fountains:green-white")
    play(state, "done")
    assert "refill islands" in legal(state)
    play(state, "refill islands")
    assert "refill islands" not in legal(state)
    play(state, "refill workshops")
    assert [t.kind for t in player.roofs] == [RoofKind.ISLANDS, RoofKind.ISLANDS, RoofKind.WORKSHOPS]


def test_removing_all_three_tiles_then_refilling_three_kinds() -> None:
    """6. Clean-up 5: a player may remove 0–3 roof tiles; removing the last one leads straight to the
    refill, which fills all three spaces with tiles of three different kinds."""
    state, seat = to_roof_refill()
    player = state.boards[seat]
    for text in [str(t) for t in player.roofs]:
        play(state, f"discard {text}")
    assert phase(state) is Phase.ROOF_REFILL and state.actor == seat
    play(state, "refill 4vp")
    play(state, "refill islands")
    assert len(legal(state)) == 2
    play(state, "refill workshops")
    assert sorted(t.kind.value for t in player.roofs) == ["4vp", "islands", "workshops"]
    assert state.actor != seat


def test_keeping_every_roof_tile_needs_no_refill() -> None:
    """6. Clean-up 5: with no tile removed and no empty roof space, there is nothing to refill."""
    state, seat = to_roof_refill()
    roofs = list(state.boards[seat].roofs)
    play(state, "done")
    assert state.actor != seat and state.phase is Phase.ROOF_DISCARD
    assert state.boards[seat].roofs == roofs


def test_used_roof_spaces_are_refilled_too() -> None:
    """6. Clean-up 5: each empty roof space is refilled — also the ones emptied by roofing houses during
    the season. A kind whose stack is empty cannot be chosen (decision 19)."""
    state, seat = to_roof_refill()
    player = state.boards[seat]
    player.roofs = [tile("islands:pink-blue")]
    state.roof_stacks[RoofKind.WORKSHOPS] = []
    scenario.changed(state)
    play(state, "done")
    assert legal(state) == ["refill islands", "refill fountains", "refill 4vp"]
    refused(state, "refill workshops", "the workshops roof stack is empty")
    play(state, "refill fountains")
    play(state, "refill 4vp")
    assert len(player.roofs) == 3
    assert state.actor != seat


def test_roof_refill_goes_clockwise_from_the_start_player() -> None:
    """6. Clean-up 5: "Beginning with the starting player and proceeding clockwise"."""
    state = start(3)
    no_privilege(state)
    expected = seats(state)
    end_season(state)
    order = []
    while state.phase is Phase.ROOF_DISCARD:
        order.append(state.actor)
        play(state, "done")
    assert order == expected


# ------------------------------------------------------------------------------- 6. the next season


@pytest.mark.parametrize("players", [2, 3, 4])
def test_start_player_passes_clockwise_and_the_next_season_begins(players: int) -> None:
    """6. Clean-up 6: the start player marker passes to the next player clockwise and the next season
    begins (4. Sequence of Play): its pyramids are built from the refilled cube reserve, then the new
    start player takes the first turn of its first round."""
    state = start(players)
    no_privilege(state)
    old = state.start_player
    for seat in range(players):
        scenario.set_pyramid(state, seat, "PPBBYY........")
    state.supply = Counter({colour: 20 for colour in COLOURS})
    end_season(state)
    keep_roofs(state)
    new = (old + 1) % players
    assert state.start_player == new
    assert state.season == 1
    assert phase(state) is Phase.CONSTRUCTION
    assert set(state.to_act()) == set(range(players))
    for player in state.boards:
        assert player.pyramid == [None] * SLOTS
        assert player.reserve == Counter({PINK: 2, BLUE: 2, YELLOW: 2}) + player.ring.covered_colours()
    scenario.build_pyramids(state)
    assert phase(state) is Phase.TURN
    assert (state.season, state.round, state.turn, state.actor) == (1, 0, 0, new)
    view = state.view(None)
    # The round marker stands on the 5th of the 14 rounds: the first of summer's 4.
    assert (view["season"], view["round"], view["turns"], view["start_player"]) == ("summer", 5, 4, new)


def test_four_seasons_end_after_the_winter_clean_up() -> None:
    """4. Sequence of Play: four seasons of 4, 4, 3 and 3 rounds, each closed by the clean-up, with the
    start player passing clockwise each time; the game ends after winter's."""
    state = start(2)
    no_privilege(state)
    starters = [state.start_player]
    turns = []
    for season in range(4):
        assert state.season == season
        count = 0
        while state.phase is Phase.TURN:
            act(state, state.actor, "end")
            count += 1
        turns.append(count)
        if season < 3:
            while state.phase is not Phase.CONSTRUCTION:
                play(state, legal(state)[-1] if state.phase is not Phase.ROOF_REFILL else legal(state)[0])
            scenario.build_pyramids(state)
            no_privilege(state)
            starters.append(state.start_player)
    assert turns == [8, 8, 6, 6]
    assert starters == [starters[0], 1 - starters[0], starters[0], 1 - starters[0]]
    assert phase(state) is Phase.OVER
    assert state.outcome().ended_by == "the winter clean-up"
