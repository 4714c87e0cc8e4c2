"""The secret invitation, the game end and the solo rules (rulebook: Gameplay: Invitation; Character
Invitation & Scoring: the two restrictions; Game End; Solo Play Rules and the solo example)."""

from __future__ import annotations

from pathlib import Path

import pytest

from laguna.core.component_data import register_file
from laguna.core.errors import IllegalAction, OptionsError
from laguna.games.burano_roll_and_write import GAME, Phase, RollAndWriteState
from laguna.games.burano_roll_and_write.characters import Character
from laguna.games.burano_roll_and_write.position import DICE
from tests.games.burano_roll_and_write.scenario import (
    circles,
    flip_draft,
    legal,
    new,
    place_and_use,
    play,
    play_events,
    quick_round,
    set_coins,
    set_dice,
    take_coins,
)

RED, ORANGE, YELLOW, GREEN, BLUE, PINK = DICE

A, B, C, D, E = (Character(letter) for letter in "ABCDE")


def at_invitation(players: int = 3, coins: int = 3, **options: object) -> RollAndWriteState:
    """The draft is over (every boat flipped) and each seat holds `coins` coins."""
    state = new(players, turn_player=0, **options)
    flip_draft(state)
    assert state.phase is Phase.INVITE
    for seat in range(players):
        set_coins(state, seat, coins)
    return state


def plain_round(state: RollAndWriteState) -> None:
    """A solo round gaining nothing: two symbols without coin icons circled with the dice as rolled."""
    set_dice(state, red=4, yellow=4)
    play(state, "boat red", "circle R1.plant 4" if "R1.plant" not in state.circled[0] else "circle R3.plant 4")
    play(state, "boat yellow", "circle Y1.plant 4" if "Y1.plant" not in state.circled[0] else "circle Y3.plant 4")


# --------------------------------------------------------------------------- the secret decision


def test_every_player_owes_the_invitation_decision_at_once() -> None:
    """Invitation: "All players privately decide"; the invitation is a simultaneous decision of every seat."""
    state = at_invitation(3)
    assert state.to_act() == (0, 1, 2)
    for seat in range(3):
        assert "coin" in legal(state, seat)
        assert any(t.startswith("invite") for t in legal(state, seat))
    play(state, "coin", seat=1)
    assert state.to_act() == (0, 2)
    assert legal(state, 1) == []


def test_a_committed_decision_is_hidden_from_the_others_and_from_spectators() -> None:
    """Players "reveal whether they chose to invite ... or take the coin" only after all have decided."""
    state = at_invitation(3)
    for seat in range(3):
        assert state.view(seat)["seats"][seat]["decided"] is False
    play(state, "invite B red", seat=0)
    mine = state.view(0)["seats"][0]
    assert mine["decided"] is True
    assert mine["decision"] == "invite B red"
    for viewer in (1, 2, None):
        theirs = state.view(viewer)["seats"][0]
        assert theirs["decided"] is True
        assert theirs["decision"] is None
        assert theirs["coins"] == 3
        assert theirs["characters"] == []
        assert "invite B" not in repr(state.view(viewer))
    assert state.view(1)["seats"][1]["decided"] is False


def test_decisions_take_effect_when_the_last_player_commits_in_seat_order() -> None:
    """Invitation: "After all players have made their decision, they reveal"; nothing changes before the last commit."""
    state = at_invitation(3)
    play(state, "invite A red", seat=2)
    play(state, "coin", seat=0)
    assert [state.coins(s) for s in range(3)] == [3, 3, 3]
    assert state.characters == [{}, {}, {}]
    assert state.phase is Phase.INVITE
    events = play_events(state, "invite G orange f2", seat=1)
    revealed = [(e.kind, e.seat) for e in events if e.kind in ("coin", "invite")]
    assert revealed == [("coin", 0), ("invite", 1), ("invite", 2)]
    assert [state.coins(s) for s in range(3)] == [4, 0, 0]
    assert state.spent == [0, 3, 3]
    assert state.characters[0] == {}
    assert state.characters[1] == {ORANGE: (Character.FISHERMAN, 2)}
    assert state.characters[2] == {RED: (Character.FEMALE_TOURIST, None)}
    assert state.round == 2
    assert state.phase is Phase.BOAT


def test_taking_the_coin_gains_one() -> None:
    """Invitation: "forfeit the chance of invitation and gain a coin"."""
    state = at_invitation(2, coins=0)
    take_coins(state)
    assert [state.coins(s) for s in range(2)] == [1, 1]


def test_an_invitation_needs_three_coins() -> None:
    """Using coins: "Pay 3 coins: invite a character"; with 2 coins only the coin can be taken."""
    state = at_invitation(2, coins=2)
    assert legal(state, 0) == ["coin"]
    with pytest.raises(IllegalAction, match="costs 3 coins; you have 2"):
        play(state, "invite B red", seat=0)
    set_coins(state, 0, 3)
    offered = legal(state, 0)
    assert "invite B red" in offered
    # 7 characters × 6 buildings, 3 floor characters × 6 buildings × 3 floors, and the coin.
    assert len(offered) == 7 * 6 + 3 * 6 * 3 + 1


def test_each_character_is_invited_once_per_game() -> None:
    """Restriction: "You can only invite every character once in a game"."""
    state = at_invitation(2, coins=6)
    state.characters[0] = {RED: (B, None)}
    state._legal = {}
    assert not any(t.startswith("invite B") for t in legal(state, 0))
    assert any(t.startswith("invite B") for t in legal(state, 1))
    with pytest.raises(IllegalAction, match="only once"):
        play(state, "invite B orange", seat=0)


def test_one_invitation_per_round() -> None:
    """Restriction: "You can only invite a character per round" — one decision a round."""
    state = at_invitation(2, coins=6)
    play(state, "invite B red", seat=0)
    with pytest.raises(IllegalAction, match="owes no decision"):
        play(state, "invite C orange", seat=0)
    play(state, "coin", seat=1)
    assert state.characters[0] == {RED: (B, None)}
    assert state.coins(0) == 3


def test_a_building_holds_one_character() -> None:
    """The invited letter fills "the character space underneath a building": one space per building."""
    state = at_invitation(2, coins=6)
    state.characters[0] = {RED: (B, None)}
    state._legal = {}
    assert not any(t.split()[2] == "red" for t in legal(state, 0) if t.startswith("invite"))
    with pytest.raises(IllegalAction, match="under the red building is taken"):
        play(state, "invite A red", seat=0)
    full = {colour: (Character(letter), None) for colour, letter in zip(DICE, "ABCDEI", strict=True)}
    state.characters[1] = full
    state._legal = {}
    assert legal(state, 1) == ["coin"]


def test_florist_fisherman_and_painter_name_a_floor_the_others_none() -> None:
    """F, G and H score "a designated floor (1st, 2nd, or 3rd floor)"; the other characters have none."""
    state = at_invitation(2, coins=3)
    offered = legal(state, 0)
    for letter in "FGH":
        assert [t for t in offered if t.startswith(f"invite {letter} pink")] == [
            f"invite {letter} pink f1",
            f"invite {letter} pink f2",
            f"invite {letter} pink f3",
        ]
    for letter in "ABCDEIJ":
        assert [t for t in offered if t.startswith(f"invite {letter} pink")] == [f"invite {letter} pink"]
    with pytest.raises(IllegalAction, match="designated floor"):
        play(state, "invite F pink", seat=0)
    with pytest.raises(IllegalAction, match="does not designate a floor"):
        play(state, "invite A pink f1", seat=0)
    play(state, "invite H pink f3", seat=0)
    play(state, "coin", seat=1)
    assert state.characters[0] == {PINK: (Character.PAINTER, 3)}


# --------------------------------------------------------------------------- game end


def four_characters(state: RollAndWriteState, seat: int) -> None:
    state.characters[seat] = {RED: (A, None), ORANGE: (B, None), YELLOW: (C, None), GREEN: (D, None)}
    state._legal = {}


def test_the_fifth_character_makes_the_next_round_the_last() -> None:
    """Game End: "Whenever a player invites the fifth character, the next round will be the last"."""
    state = at_invitation(2, coins=3)
    four_characters(state, 0)
    events = play_events(state, "invite E blue", "coin", seat=None)
    assert any(e.kind == "last-round" for e in events)
    assert state.final_round == 2
    assert state.round == 2
    assert state.phase is Phase.BOAT
    quick_round(state)
    assert state.phase is Phase.OVER
    assert state.round == 2
    assert state.ended_by == "fifth character"
    assert state.to_act() == ()
    assert state.outcome().ended_by == "fifth character"


def test_the_round_of_the_fifth_character_is_finished_first() -> None:
    """The fifth character arrives mid-game: that round ends as normal, one more round follows, then the end."""
    state = new(2, turn_player=0, layout=None)
    quick_round(state)
    quick_round(state)
    flip_draft(state)
    four_characters(state, 1)
    set_coins(state, 1, 3)
    play(state, "coin", seat=0)
    play(state, "invite E blue", seat=1)
    assert state.final_round == 4
    assert state.round == 4
    quick_round(state)
    assert state.phase is Phase.OVER


def test_a_later_fifth_character_does_not_extend_the_game() -> None:
    """Only the first fifth character sets the last round; another in the last round changes nothing."""
    state = at_invitation(2, coins=3)
    four_characters(state, 0)
    four_characters(state, 1)
    play(state, "invite E blue", seat=0)
    play(state, "coin", seat=1)
    assert state.final_round == 2
    flip_draft(state)
    set_coins(state, 1, 3)
    play(state, "coin", seat=0)
    play(state, "invite E blue", seat=1)
    assert len(state.characters[1]) == 5
    assert state.final_round == 2
    assert state.phase is Phase.OVER
    assert state.round == 2


def test_fewer_than_five_characters_do_not_end_the_game() -> None:
    """A fourth character sets no last round."""
    state = at_invitation(2, coins=3)
    state.characters[0] = {RED: (A, None), ORANGE: (B, None), YELLOW: (C, None)}
    state._legal = {}
    play(state, "invite E blue", "coin")
    assert len(state.characters[0]) == 4
    assert state.final_round is None
    for _ in range(3):
        quick_round(state)
    assert state.phase is Phase.BOAT


def test_the_round_limit_ends_a_game_nobody_ends() -> None:
    """The round-limit option ends the game after that round when no fifth character came."""
    state = new(3, round_limit=2)
    quick_round(state)
    assert state.phase is Phase.BOAT
    quick_round(state)
    assert state.phase is Phase.OVER
    assert state.round == 2
    assert state.ended_by == "round limit"
    assert state.final_round is None


# --------------------------------------------------------------------------- solo


def test_solo_example_one_spectator_stands_where_the_used_boat_was() -> None:
    """Solo example: one boat beside green used, the other flipped: one spectator's boat beside green."""
    state = new(1)
    set_dice(state, green=2)
    play(state, "boat green", "circle G1.plant 2")
    play(state, "flip")
    assert state.spectators == []
    play(state, "coin")
    assert state.round == 2
    assert state.spectators == [GREEN]
    assert state.view(None)["spectators"] == ["green"]
    assert all(seats == [] for seats in state.canal.values())


def test_solo_spectators_replace_the_ones_of_the_round_before() -> None:
    """Note 2: flipping one or both boats leaves one or no spectator's boat; the old ones are taken away."""
    state = new(1)
    set_dice(state, red=4, yellow=4)
    play(state, "boat red", "circle R1.plant 4", "boat yellow", "circle Y1.plant 4", "coin")
    assert sorted(state.spectators, key=DICE.index) == [RED, YELLOW]
    play(state, "flip", "flip", "coin")
    assert state.spectators == []


def test_solo_boat_beside_a_spectator_costs_a_coin() -> None:
    """Solo: "the player needs to pay a coin to place the boat token next to the spectator's boat"."""
    state = new(1)
    state.spectators = [GREEN]
    set_coins(state, 0, 2)
    set_dice(state, green=3)
    texts = play(state, "boat green")
    assert state.coins(0) == 1
    assert state.spent[0] == 1
    assert any("spectator" in t for t in texts)
    # The coin is paid before the die is used: one coin is left to change the 3.
    assert circles(state, "G1.plant") == {2, 3, 4}
    play(state, "circle G1.plant 4")
    assert state.coins(0) == 0
    play(state, "boat red")
    assert state.spent[0] == 2  # no spectator beside red: free


def test_solo_boat_beside_a_spectator_is_impossible_without_a_coin() -> None:
    """Note 1: "If the player does not have a coin, they can not place their boat next to the spectator's boat"."""
    state = new(1)
    state.spectators = [GREEN, PINK]
    set_coins(state, 0, 0)
    assert legal(state) == ["boat red", "boat orange", "boat yellow", "boat blue", "flip"]
    with pytest.raises(IllegalAction, match="costs a coin, and you have none"):
        play(state, "boat green")
    set_coins(state, 0, 1)
    assert "boat green" in legal(state)


def test_a_spectator_collects_no_coin_from_later_boats() -> None:
    """The spectator's boat is no player's: the coin goes to the bank and nobody gains one."""
    state = new(1)
    state.spectators = [BLUE]
    set_coins(state, 0, 4)
    events = play_events(state, "boat blue")
    assert [e for e in events if e.kind == "coin"] == []
    assert state.coins(0) == 3


def test_solo_fills_two_coins_each_round() -> None:
    """Solo: "At the end of a round, the player fills in 2 coins from the bottom right of the record sheet"."""
    state = new(1)
    assert state.filled[0] == 0
    for k in range(1, 4):
        quick_round(state)
        assert state.filled[0] == 2 * k
        assert state.view(0)["seats"][0]["filled"] == 2 * k


def test_solo_ends_when_filled_coins_meet_the_circled_ones() -> None:
    """Solo end: the game ends at the end of the round where filled and circled coins meet; no last round."""
    going_on = new(1)
    going_on.gained[0], going_on.filled[0] = 34, 2
    plain_round(going_on)
    play(going_on, "coin")
    assert (going_on.gained[0], going_on.filled[0]) == (35, 4)  # 39 spaces used: one still between
    assert going_on.phase is Phase.BOAT
    ending = new(1)
    ending.gained[0], ending.filled[0] = 35, 2
    plain_round(ending)
    play(ending, "coin")
    assert (ending.gained[0], ending.filled[0]) == (36, 4)
    assert ending.phase is Phase.OVER
    assert ending.round == 1
    assert ending.final_round is None
    assert ending.ended_by == "filled coins met the circled ones"
    total = ending.outcome().results[0]
    assert ("filled coins", -4) in total.breakdown


def test_filled_coins_cannot_be_circled() -> None:
    """Solo: "The filled coins can not be circled"; a gain beyond the spaces left is lost."""
    state = new(1)
    state.gained[0], state.filled[0] = 36, 2
    texts = play(state, "flip")
    assert state.gained[0] == 38
    assert any("gains 2 coins" in t for t in texts)
    texts = play(state, "flip")
    assert state.gained[0] == 38
    assert any("gains 0 coins" in t for t in texts)
    play(state, "coin")
    assert state.gained[0] == 38
    assert state.phase is Phase.OVER


def test_the_coin_track_caps_gains_in_a_multiplayer_game_too() -> None:
    """The record sheet's 40 coin spaces bound the coins circled in every game, crossed-out ones included."""
    state = new(2, turn_player=0)
    state.gained[0], state.spent[0] = 39, 5
    place_and_use(state, "red")
    play(state, "flip")
    assert state.gained[1] == 2
    place_and_use(state, "red")
    assert state.gained[0] == 40, "the later boat's coin fills the last space at most"
    events = play_events(state, "flip")
    assert [e.data["coins"] for e in events if e.kind == "flip"] == [0]
    assert state.gained[0] == 40
    take_coins(state)
    assert state.gained[0] == 40
    assert state.gained[1] >= 3


def test_sheets_option_loads_another_layout_file(tmp_path) -> None:
    """An owner of the game can load the printed layouts from a file of the same schema."""
    packaged = Path(__file__).parents[3] / "laguna" / "games" / "burano_roll_and_write" / "data" / "sheets.toml"
    text = packaged.read_text(encoding="utf-8")
    assert 'name = "Viale Marcello"' in text
    custom = tmp_path / "sheets.toml"
    custom.write_text(text.replace('name = "Viale Marcello"', 'name = "Viale Marcello (printed)"'), encoding="utf-8")
    state = GAME.new_game(2, {"sheets": register_file(custom), "shared_layout": "Viale Marcello (printed)"}, 1)
    assert [layout.name for layout in state.layouts] == ["Viale Marcello (printed)"] * 2
    with pytest.raises(OptionsError, match="sheets"):
        GAME.new_game(2, {"sheets": ""}, 1)
