"""Game setup, the roll and the draft of boats (rulebook: Game Setup; Gameplay: Roll, Draft, the rules for
placing the boat and the boat-order example; the turn player marker passing on)."""

from __future__ import annotations

import pytest

from laguna.core.errors import IllegalAction, OptionsError
from laguna.games.burano_roll_and_write import GAME, Phase
from laguna.games.burano_roll_and_write.position import DICE
from laguna.games.burano_roll_and_write.sheets import load_sheets
from tests.games.burano_roll_and_write import scenario
from tests.games.burano_roll_and_write.scenario import GREEN, MARCELLO, RED

LAYOUT_NAMES = {layout.name for layout in load_sheets().layouts}

# --------------------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_each_player_gets_a_different_game_sheet_by_default(players: int, seed: int) -> None:
    """Setup, Note 1: "We suggest each player uses a different game sheet"."""
    state = GAME.new_game(players, seed=seed)
    names = [layout.name for layout in state.layouts]
    assert len(names) == players
    assert len(set(names)) == players
    assert set(names) <= LAYOUT_NAMES


def test_shared_layout_gives_every_player_the_named_sheet() -> None:
    """The shared-layout option deals the same game sheet to every player."""
    state = GAME.new_game(4, {"shared_layout": MARCELLO}, seed=9)
    assert [layout.name for layout in state.layouts] == [MARCELLO] * 4


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_sheet_starts_with_its_two_circled_symbols(players: int) -> None:
    """Using a Die, Note: "Each sheet starts with 2 circled symbols"; nothing is written under them."""
    state = GAME.new_game(players, seed=11)
    for seat, layout in enumerate(state.layouts):
        assert len(layout.precircled) == 2
        assert state.circled[seat] == {symbol_id: None for symbol_id in layout.precircled}


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_players_start_without_coins(players: int) -> None:
    """Game Setup deals sheets, boats and pens but no coins: every record sheet starts empty."""
    state = GAME.new_game(players, seed=2)
    for seat in range(players):
        assert state.coins(seat) == 0
        assert (state.gained[seat], state.spent[seat], state.filled[seat]) == (0, 0, 0)
        assert state.characters[seat] == {}
        view = state.view(seat)["seats"][seat]
        assert (view["coins"], view["gained"], view["spent"]) == (0, 0, 0)


def test_start_player_is_random_but_fixed_by_the_seed() -> None:
    """Setup: "Randomly select a start player", drawn from the seed, so one seed always gives the same start."""
    for seed in range(10):
        first = GAME.new_game(4, seed=seed)
        again = GAME.new_game(4, seed=seed)
        assert first.turn_player == again.turn_player
        assert first.dice == again.dice
        assert [layout.name for layout in first.layouts] == [layout.name for layout in again.layouts]
        assert first == again
    assert {GAME.new_game(4, seed=seed).turn_player for seed in range(40)} == {0, 1, 2, 3}


def test_the_round_starts_with_the_turn_player_placing_a_boat() -> None:
    """Draft: "Starting with the turn player ... each player places one of their boat tokens"."""
    for seed in range(6):
        state = GAME.new_game(3, seed=seed)
        assert state.round == 1
        assert state.phase is Phase.BOAT
        assert state.to_act() == (state.turn_player,)
        assert scenario.legal(state) == [*(f"boat {c.value}" for c in DICE), "flip"]


def test_six_dice_are_rolled_at_the_start_of_every_round() -> None:
    """Roll: "The turn player rolls the dice" — six dice, one per colour, every round, as a chance event."""
    state = scenario.new(2, seed=4)
    assert len(state.dice) == 6
    assert all(1 <= value <= 6 for value in state.dice)
    reveals = [state.reveal_count]
    rolls = []
    for _ in range(4):
        scenario.flip_draft(state)
        events = scenario.take_coins(state)
        roll = [e for e in events if e.kind == "roll"]
        assert len(roll) == 1
        assert roll[0].seat == state.turn_player
        assert roll[0].data["dice"] == state.dice
        assert len(state.dice) == 6
        assert all(1 <= value <= 6 for value in state.dice)
        rolls.append(tuple(state.dice))
        reveals.append(state.reveal_count)
    assert reveals == sorted(set(reveals))
    assert len(set(rolls)) > 1


@pytest.mark.parametrize("players", [0, 5])
def test_player_counts_outside_one_to_four_are_refused(players: int) -> None:
    """Components: boats of 4 colours, so 1 to 4 players."""
    with pytest.raises(OptionsError, match="1–4 players"):
        GAME.new_game(players)


def test_an_unknown_shared_layout_is_refused_by_name() -> None:
    """The shared-layout option names one of the game's layouts."""
    with pytest.raises(OptionsError, match="shared-layout") as caught:
        GAME.new_game(2, {"shared_layout": "Nowhere"})
    assert "Nowhere" in str(caught.value)
    assert MARCELLO in str(caught.value)


def test_a_round_limit_below_one_is_refused_by_name() -> None:
    """The round-limit option must allow at least one round."""
    with pytest.raises(OptionsError, match="round-limit"):
        GAME.new_game(2, {"round_limit": 0})


# --------------------------------------------------------------------------- draft order

SNAKES = {
    (1, 0): [0, 0],
    (2, 0): [0, 1, 1, 0],
    (2, 1): [1, 0, 0, 1],
    (3, 0): [0, 1, 2, 2, 1, 0],
    (3, 1): [1, 2, 0, 0, 2, 1],
    (3, 2): [2, 0, 1, 1, 0, 2],
    (4, 0): [0, 1, 2, 3, 3, 2, 1, 0],
    (4, 1): [1, 2, 3, 0, 0, 3, 2, 1],
    (4, 2): [2, 3, 0, 1, 1, 0, 3, 2],
    (4, 3): [3, 0, 1, 2, 2, 1, 0, 3],
}


@pytest.mark.parametrize(("players", "turn_player"), list(SNAKES), ids=[f"{p}p-turn{t}" for p, t in SNAKES])
def test_draft_goes_clockwise_then_back_counterclockwise(players: int, turn_player: int) -> None:
    """Draft: first boats clockwise from the turn player, second boats from the last player counterclockwise."""
    state = scenario.new(players, turn_player=turn_player)
    assert state.turn_player == turn_player
    assert state.draft_order == SNAKES[players, turn_player]
    placers = []
    while state.phase is not Phase.INVITE:
        assert state.phase is Phase.BOAT
        placers.append(state.to_act()[0])
        scenario.play(state, scenario.legal(state)[0])
        assert state.phase is Phase.USE
        assert state.to_act() == (placers[-1],)
        scenario.play(state, scenario.legal(state)[0])
    assert placers == SNAKES[players, turn_player]


def test_boat_order_example_pays_the_owners_of_earlier_boats() -> None:
    """Example: red 1, blue 2, green 3, green 4, blue 5, red 6; blue's 5 pays red a coin, red's 6 pays green."""
    red, blue, green = 0, 1, 2
    state = scenario.new(3, turn_player=red)
    scenario.set_dice(state, red=2, orange=3, yellow=4, green=5, blue=1, pink=6)
    assert state.draft_order == [red, blue, green, green, blue, red]
    # Chimneys take any number on a sheet with no chimney circled yet and none has a coin icon.
    scenario.play(state, "boat red", "circle R3.chimney 2")  # red 1
    scenario.play(state, "boat orange", "circle O3.chimney 3")  # blue 2
    scenario.play(state, "boat yellow", "circle Y3.chimney 4")  # green 3
    scenario.play(state, "boat green", "circle G3.chimney 5")  # green 4
    assert [state.coins(s) for s in range(3)] == [0, 0, 0]
    assert state.to_act() == (blue,)
    events = scenario.play_events(state, "boat red")  # blue 5, beside red's boat 1
    assert [state.coins(s) for s in range(3)] == [1, 0, 0]
    assert [(e.kind, e.seat) for e in events if e.kind == "coin"] == [("coin", red)]
    scenario.play(state, "circle R3.chimney 2")
    assert state.to_act() == (red,)
    scenario.play(state, "boat green")  # red 6, beside green's boat 4
    assert [state.coins(s) for s in range(3)] == [1, 0, 1]
    scenario.play(state, "circle G3.chimney 5")
    assert [state.gained[s] for s in range(3)] == [1, 0, 1]
    assert [state.spent[s] for s in range(3)] == [0, 0, 0]
    assert state.canal[RED] == [red, blue]
    assert state.canal[GREEN] == [green, red]


def test_a_player_never_places_both_boats_beside_one_die() -> None:
    """Placing rule: "A player cannot place their boat tokens next to the same die more than once"."""
    state = scenario.new(1)
    scenario.place_and_use(state, "red")
    assert "boat red" not in scenario.legal(state)
    assert scenario.legal(state) == ["boat orange", "boat yellow", "boat green", "boat blue", "boat pink", "flip"]
    with pytest.raises(IllegalAction, match="both your boats beside the red die"):
        scenario.play(state, "boat red")
    assert state.phase is Phase.BOAT


def test_another_player_may_join_a_die_and_the_first_still_cannot_return() -> None:
    """The same-die rule binds a player's own boats only; other players may place beside that die."""
    state = scenario.new(2, turn_player=0)
    scenario.place_and_use(state, "red")
    assert "boat red" in scenario.legal(state)
    scenario.place_and_use(state, "red")
    scenario.place_and_use(state, "orange")
    assert state.to_act() == (0,)
    assert "boat red" not in scenario.legal(state)
    assert "boat orange" in scenario.legal(state)


def test_every_later_boat_pays_each_earlier_owner_a_coin() -> None:
    """Placing rule: owners "gain a coin immediately for each subsequent boat token placed after theirs"."""
    state = scenario.new(3, turn_player=0)
    scenario.set_dice(state, red=2)
    scenario.play(state, "boat red", "circle R3.chimney 2")
    assert [state.coins(s) for s in range(3)] == [0, 0, 0]
    scenario.play(state, "boat red")
    assert [state.coins(s) for s in range(3)] == [1, 0, 0]
    scenario.play(state, "circle R3.chimney 2")
    scenario.play(state, "boat red")
    assert [state.coins(s) for s in range(3)] == [2, 1, 0]
    assert state.canal[RED] == [0, 1, 2]


def test_a_flipped_boat_is_not_placed() -> None:
    """ "Forfeit the placing and flip the boat token": a flipped boat stays off the canal, so it neither
    collects from later boats nor keeps its owner's other boat from any die."""
    state = scenario.new(2, turn_player=0)
    scenario.play(state, "flip")
    assert state.coins(0) == 2 and state.canal[RED] == []
    scenario.play(state, "boat red")
    assert state.coins(0) == 2
    assert state.view(None)["canal"]["red"] == [1]
    scenario.play(state, scenario.legal(state)[0], "flip")
    assert state.to_act() == (0,)
    assert "boat red" in scenario.legal(state)


def test_flipping_the_boat_gains_two_coins() -> None:
    """Draft: forfeit the action "by flipping the boat token to gain 2 coins immediately"."""
    state = scenario.new(2, turn_player=1)
    scenario.set_coins(state, 1, 3)
    assert "flip" in scenario.legal(state)
    texts = scenario.play(state, "flip")
    assert state.coins(1) == 5
    assert state.gained[1] == 5
    assert any("gains 2 coins" in t for t in texts)
    assert state.phase is Phase.BOAT
    assert state.to_act() == (0,)


def test_after_the_last_boat_comes_the_invitation() -> None:
    """A round is Roll, Draft, then Invitation: the last boat's use opens the invitation for everyone."""
    state = scenario.new(3, turn_player=2)
    for _ in range(5):
        scenario.play(state, "flip")
        assert state.phase is Phase.BOAT
    events = scenario.play_events(state, "flip")
    assert state.phase is Phase.INVITE
    assert events[-1].kind == "invitation"
    assert set(state.to_act()) == {0, 1, 2}


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_turn_player_marker_passes_to_the_left_and_boats_come_back(players: int) -> None:
    """Invitation: players take back their boats; the player on the left becomes the next turn player."""
    state = scenario.new(players, layout=None, seed=6)
    first = state.turn_player
    for k in range(1, players + 2):
        scenario.quick_round(state)
        assert state.round == k + 1
        assert state.turn_player == (first + k) % players
        assert state.draft_order[0] == state.turn_player
        assert state.phase is Phase.BOAT
        assert all(seats == [] for seats in state.canal.values())
        assert all(boats == [] for boats in state.boats)
        assert scenario.legal(state) == [*(f"boat {c.value}" for c in DICE), "flip"]
