"""The centre cube of a pyramid (b5): under the second level and ringed by the base, out of sight.

"First, place 9 cubes as a 3x3 base. Second, stack 2x2 cubes on the second level. After that stack
the last cube on the top." and "It's not stacked under other cubes, i.e., a free cube" (Cube Pyramid
Construction, Details On "Pick Up A House"): each of the four second-level cubes rests on b5, so
while all four stand, no other player sees it (decision 2 of Cube Pyramid Construction).
"""

from __future__ import annotations

from collections import Counter

from laguna.core.rng import Rng
from laguna.games.burano import GAME, BuranoState
from laguna.games.burano.pyramid import SLOT_BY_NAME, SLOTS
from laguna.web.boards import render_board
from tests.games.burano import scenario
from tests.games.burano.scenario import act

CENTRE = SLOT_BY_NAME["b5"]


def built(players: int = 3, seed: int = 44) -> tuple[BuranoState, list]:
    """Every seat takes its first roof choice, then its first option for every pyramid slot."""
    state = GAME.new_game(players, seed=seed)
    events = []
    while state.to_act():
        seat = state.to_act()[0]
        events += state.apply(seat, state.legal_actions(seat)[0])
        if state.phase.value == "player turn":
            break
    return state, events


def test_the_centre_cube_is_hidden_from_the_other_seats() -> None:
    """Cube Pyramid Construction: "First, place 9 cubes as a 3x3 base. Second, stack 2x2 cubes on the
    second level." Once the pyramids are revealed, b5 lies under all four second-level cubes: seat 1
    and a spectator see that it is there, face down, while seat 0 sees its colour."""
    state, _ = built()
    centre = state.boards[0].pyramid[CENTRE]
    assert centre is not None
    assert state.view(0)["seats"][0]["pyramid"][CENTRE] == centre.value
    for viewer in (1, 2, None):
        pyramid = state.view(viewer)["seats"][0]["pyramid"]
        assert pyramid[CENTRE] == "hidden"
        assert [c for k, c in enumerate(pyramid) if k != CENTRE] == [
            c.value if c else None for k, c in enumerate(state.boards[0].pyramid) if k != CENTRE
        ]


def test_the_reveal_event_and_log_line_keep_the_centre_hidden() -> None:
    """Cube Pyramid Construction: the pyramids are revealed together, each with its centre face down."""
    _, events = built()
    shown = [e for e in events if e.kind == "pyramid"]
    assert len(shown) == 3
    for event in shown:
        assert event.data["pyramid"][CENTRE] == "hidden"
        cubes = str(event.text).split(": ", 1)[1].split(";")[0].split()
        assert len(cubes) == SLOTS and cubes[CENTRE] == "?"


def test_a_second_level_cube_picked_uncovers_the_centre_for_good() -> None:
    """Details On "Pick Up A House": "A cube can be picked up if: It's not stacked under other cubes".
    Picking the top, then a second-level cube, opens a corner of b5 to every eye: from then on every
    view shows it, even after a privilege cube is stacked into the gap again (what was seen is known)."""
    state, _ = built()
    seat = state.actor
    colour = state.boards[seat].pyramid[CENTRE]
    assert colour is not None
    other = (seat + 1) % 3
    act(state, seat, "pick t")
    assert state.view(other)["seats"][seat]["pyramid"][CENTRE] == "hidden"
    state.boards[seat].coins = 10
    scenario.changed(state)
    act(state, seat, "pick m1")
    assert state.view(other)["seats"][seat]["pyramid"][CENTRE] == colour.value
    state.boards[seat].privilege = 1
    scenario.changed(state)
    act(state, seat, "privilege cube pink m1")
    assert state.view(other)["seats"][seat]["pyramid"][CENTRE] == colour.value


def test_a_short_pyramid_shows_its_centre() -> None:
    """Cube Pyramid Construction: "If your cubes are less than 14, you must place base at first until
    the cubes are run out": with 12 cubes a second-level slot stays empty and b5 is in sight."""
    state = scenario.new(2)
    scenario.choose_roofs(state)
    for player in state.boards:
        state.supply += player.reserve
        player.reserve = Counter(dict.fromkeys(scenario.colours("PBYG"), 3))
        state.supply -= player.reserve
    scenario.changed(state)
    scenario.build_pyramids(state, "PPPBBBYYYGGG..")
    for seat in (0, 1):
        assert state.view(1 - seat)["seats"][seat]["pyramid"][CENTRE] == "blue"


def test_determinizing_gives_the_centre_the_colour_the_seat_can_deduce() -> None:
    """Cube Pyramid Construction: the pyramid is built from the cube reserve every player sees, and
    "you must remove the remaining cubes from your cube reserve to the cube supply" in view of all,
    so the colours of a pyramid's cubes are known; with the 13 others in sight, the centre's colour
    follows. A seat's copies keep that colour, and they read it from the seat's view."""
    state, _ = built()
    for viewer in (1, 2, None):
        view = state.view(viewer)
        seen = view["seats"][0]
        counted = Counter(seen["pyramid_colours"])
        counted.subtract(c for c in seen["pyramid"] if c not in (None, "hidden"))
        assert +counted == Counter({state.boards[0].pyramid[CENTRE].value: 1})
        for k in range(5):
            twin = state.determinize(viewer, Rng(k))
            assert twin.view(viewer) == view
            assert twin.boards[0].pyramid[CENTRE] == state.boards[0].pyramid[CENTRE]


def test_no_view_event_or_replay_shows_another_seats_covered_centre() -> None:
    """The centre stays out of every other seat's view, event and log line while it is covered, over a
    whole random game (and so out of its replay, which is made of views and events)."""
    for players, seed in ((2, 3), (3, 44), (4, 9)):
        state = GAME.new_game(players, seed=seed)
        rng = Rng(seed)
        while state.to_act():
            seat = state.to_act()[0]
            events = state.apply(seat, rng.choice(state.legal_actions(seat)))
            for owner, player in enumerate(state.boards):
                covered = not player.centre_seen and player.pyramid[CENTRE] is not None
                for viewer in (*range(players), None):
                    slots = state.view(viewer)["seats"][owner]["pyramid"]
                    if covered and viewer != owner and slots is not None:
                        assert slots[CENTRE] == "hidden", (owner, viewer)
            for event in events:
                if event.kind == "pyramid" and all(event.data["pyramid"][s] for s in range(9, 13)):
                    assert event.data["pyramid"][CENTRE] == "hidden"


def test_the_board_draws_another_seats_centre_face_down() -> None:
    """The table shows the covered centre face down to the other seats, with a text alternative, and in
    its colour to its owner."""
    state, _ = built()
    colour = state.boards[0].pyramid[CENTRE].value
    other = render_board("burano", state.view(1), [])
    owner = render_board("burano", state.view(0), [])

    def centre(page: str, seat: int) -> str:
        start = page.index(f'data-piece="s{seat}-slot-b5"')
        return page[start : page.index("</g>", start)]

    face_down = '<title>pyramid slot b5: a covered cube, face down</title><rect class="bu-facedown"'
    for seat in (0, 2):
        assert face_down in centre(other, seat) and "bu-f-" not in centre(other, seat)
    for seat in (1, 2):
        assert face_down in centre(owner, seat)
    assert f'<title>pyramid slot b5: {colour}</title><rect class="bu-cube bu-f-{colour}"' in centre(owner, 0)
