"""The terminal board of Walking in Burano Roll & Write, drawn from real views of random games."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from typer.testing import CliRunner

from laguna.cli.app import app
from laguna.cli.boards import burano_roll_and_write
from laguna.cli.boards.burano_roll_and_write import NOTATION_HELP
from laguna.core import GameState, Rng, get_game
from tests.cli import boards

GAME = "walking-in-burano-roll-and-write"
GLYPHS = {"red": "♦", "orange": "▲", "yellow": "★", "green": "♣", "blue": "●", "pink": "♥"}
CODES = {"plant": "pl", "cat": "ca", "red": "rc", "blue": "bc", "chimney": "ch"}
WRITTEN = ("plant", "chimney")


def text_of(view: dict[str, Any], width: int = 120) -> str:
    return boards.board_text(GAME, view, width)


def play_until(players: int, predicate: Callable[[GameState[Any]], bool], seeds: range = range(12)) -> GameState[Any]:
    """The first position of a random game (trying seed after seed) where `predicate` holds."""
    return boards.play_until(GAME, players, predicate, seeds, 100)


def every_position(players: int, seed: int) -> list[GameState[Any]]:
    """Copies of every position of one random game."""
    state = get_game(GAME).new_game(players, seed=seed)
    rng = Rng(seed)
    positions = [state.copy()]
    while not state.is_terminal():
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        positions.append(state.copy())
    return positions


def seat_block(text: str, seat: int) -> list[str]:
    """The lines of one seat's header and sheet table."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if f"Player {seat + 1}" in line and "coins" in line)
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("└"))
    return lines[start : end + 1]


def cells(line: str, border: str) -> list[str]:
    return [cell.strip() for cell in line.split(border)[1:-1]]


# ------------------------------------------------------------------ the dice stand and the header


def test_every_die_shows_its_glyph_colour_name_and_value() -> None:
    state = get_game(GAME).new_game(2, seed=1)
    view = state.view(0)
    text = text_of(view)
    for colour in view["dice"]:
        assert f"{GLYPHS[colour]} {colour}" in text
    header = next(line for line in text.splitlines() if line.startswith("┃") and "♦ red" in line)
    values = next(line for line in text.splitlines() if line.startswith("│value"))
    assert cells(header, "┃")[1:] == [f"{GLYPHS[c]} {c}" for c in view["dice"]]
    assert cells(values, "│")[1:] == [str(v) for v in view["dice"].values()]


def test_the_header_names_round_turn_player_phase_and_who_acts() -> None:
    state = get_game(GAME).new_game(2, seed=1)
    view = state.view(0)
    text = text_of(view)
    assert "round 1" in text
    assert f"turn player: P{view['turn_player'] + 1}" in text
    assert "Phase: place a boat" in text
    assert f"▶ P{view['draft']['seat'] + 1}" in text


def test_boats_beside_the_dice_and_flipped_boats_are_shown() -> None:
    state = play_until(
        2,
        lambda s: (
            sum(len(b) for b in s.view(0)["canal"].values()) >= 2 and any(x["flipped"] for x in s.view(0)["seats"])
        ),
    )
    view = state.view(0)
    text = text_of(view)
    boats_row = cells(next(line for line in text.splitlines() if line.startswith("│boats")), "│")[1:]
    for cell, boats in zip(boats_row, view["canal"].values(), strict=True):
        expected = " ".join(f"P{seat + 1}" for seat in boats)
        assert cell == (expected or "·")
    flipper = next(x for x in view["seats"] if x["flipped"])
    assert f"flipped {flipper['flipped']}" in text


# ------------------------------------------------------------------ the sheets


def test_the_viewers_layout_comes_first_and_is_marked() -> None:
    state = get_game(GAME).new_game(3, seed=2)
    view = state.view(1)
    text = text_of(view)
    own = view["seats"][1]["layout"]
    assert own in text
    assert text.index("Player 2 (you)") < text.index("Player 1 ·") < text.index("Player 3 ·")
    assert f"Player 2 (you) · {own}" in text


def test_the_sheet_has_the_layouts_buildings_and_floors_3_to_1() -> None:
    state = get_game(GAME).new_game(2, seed=4)
    view = state.view(0)
    block = seat_block(text_of(view), 0)
    header = next(line for line in block if line.startswith("┃"))
    buildings = view["seats"][0]["sheet"]["buildings"]
    assert cells(header, "┃")[1:] == [f"{GLYPHS[b]} {b}" for b in buildings]
    floors = [line.split("│")[1].strip() for line in block if line.startswith("│") and line.split("│")[1].strip()]
    assert floors == ["f3", "f2", "f1"]
    for symbol in view["seats"][0]["sheet"]["symbols"]:
        prefix, name = symbol["id"].split(".")
        assert f"{prefix}." in "\n".join(block)
        assert f" {name}" in "\n".join(block)


def test_a_circled_plant_or_chimney_shows_the_number_written_and_precircled_ones_are_bracketed() -> None:
    def written(state: GameState[Any]) -> bool:
        circled = state.view(0)["seats"][0]["circled"]
        symbols = {s["id"]: s for s in state.view(0)["seats"][0]["sheet"]["symbols"]}
        return any(v is not None and symbols[i]["kind"] in WRITTEN for i, v in circled.items())

    state = play_until(2, written)
    seat = state.view(0)["seats"][0]
    text = "\n".join(seat_block(text_of(state.view(0)), 0))
    for symbol in seat["sheet"]["symbols"]:
        if symbol["id"] not in seat["circled"]:
            continue
        value = seat["circled"][symbol["id"]]
        name = symbol["id"].split(".")[1]
        coin = "$" if symbol["coin"] else ""
        if symbol["kind"] in WRITTEN:
            assert f"({CODES[symbol['kind']]}{value}){coin} {name}" in text
        elif symbol["kind"] in CODES:
            assert f"({CODES[symbol['kind']]}){coin} {name}" in text


def test_invited_characters_stand_under_their_building() -> None:
    state = play_until(2, lambda s: len(s.view(0)["seats"][0]["characters"]) >= 2)
    view = state.view(0)
    block = seat_block(text_of(view), 0)
    header = cells(next(line for line in block if line.startswith("┃")), "┃")
    last_rule = max(i for i, line in enumerate(block) if line.startswith("├"))
    bottom = [cells(line, "│") for line in block[last_rule + 1 : -1]]
    for character in view["seats"][0]["characters"]:
        column = header.index(f"{GLYPHS[character['building']]} {character['building']}")
        column_text = " ".join(row[column] for row in bottom)
        assert column_text.startswith(f"{character['letter']} ")
        assert " ".join(character["title"].split()) in column_text
        if character["floor"] is not None:
            assert f"scores f{character['floor']}" in column_text


def test_coins_are_shown_with_gains_and_spending() -> None:
    state = play_until(2, lambda s: s.view(0)["seats"][0]["spent"] > 0)
    seat = state.view(0)["seats"][0]
    text = text_of(state.view(0))
    assert f"coins {seat['coins']} (gained {seat['gained']}, spent {seat['spent']})" in text


# ------------------------------------------------------------------ secrets and phases


def test_others_invitation_decisions_stay_secret_but_that_they_decided_shows() -> None:
    game = get_game(GAME)
    for seed in range(20):
        state = game.new_game(2, seed=seed)
        rng = Rng(seed)
        while not state.is_terminal():
            if state.view(None)["phase"] == "invite" and state.view(1)["seats"][1]["coins"] >= 3:
                break
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        else:
            continue
        invite = next(a for a in state.legal_actions(1) if str(a).startswith("invite"))
        state.apply(1, invite)
        secret = str(invite)
        viewer_text = text_of(state.view(0))
        assert secret not in viewer_text
        assert "decided: P2" in viewer_text
        assert "▶ deciding: P1 (you)" in viewer_text
        assert "not decided yet" in "\n".join(seat_block(viewer_text, 0))
        other = "\n".join(seat_block(viewer_text, 1))
        assert "decided" in other and secret not in other
        assert f"decided: {secret}" in text_of(state.view(1))
        assert secret not in text_of(state.view(None))
        return
    pytest.fail("no random game gave seat 2 an invitation to make")


def test_the_last_round_and_the_end_of_the_game_are_announced() -> None:
    state = play_until(2, lambda s: s.view(None)["final_round"] == s.view(None)["round"])
    assert "(last round)" in text_of(state.view(0))
    over = play_until(2, lambda s: s.is_terminal())
    text = text_of(over.view(0))
    assert "game over" in text and str(over.view(0)["ended_by"]) in text


def test_solo_shows_the_spectators_boats_and_the_filled_coins() -> None:
    state = play_until(1, lambda s: bool(s.view(0)["spectators"]))
    view = state.view(0)
    text = text_of(view)
    boats_row = cells(next(line for line in text.splitlines() if line.startswith("│boats")), "│")[1:]
    for cell, colour in zip(boats_row, view["dice"], strict=True):
        assert ("spect.$1" in cell) == (colour in view["spectators"])
    seat = view["seats"][0]
    left = view["coin_track"] - seat["filled"] - seat["gained"]
    assert f"filled {seat['filled']} · {left} of {view['coin_track']} coin spaces left" in text


@pytest.mark.parametrize(("players", "seed"), [(1, 0), (2, 1), (4, 2)])
def test_every_position_of_a_game_is_drawn_by_this_board_within_120_columns(players: int, seed: int) -> None:
    positions = every_position(players, seed)
    for state in positions[:: max(1, len(positions) // 10)] + positions[-1:]:
        for viewer in [*range(players), None]:
            text = text_of(state.view(viewer))
            assert "cannot draw this view" not in text
            assert "Walking in Burano Roll & Write · round" in text
            assert max(len(line.rstrip()) for line in text.splitlines()) <= 120


# ------------------------------------------------------------------ notation and the command


def test_a_game_under_way_reads_in_russian() -> None:
    state = play_until(3, lambda s: s.view(0)["round"] >= 3 and s.view(0)["phase"] == "use")
    view = state.view(0)
    text, help_text = boards.in_russian(GAME, lambda: burano_roll_and_write.render(view))
    assert f"Прогуливаясь по Бурано: Roll & Write · раунд {view['round']}" in text
    assert "Фаза: использовать кубик · ▶ ходит И" in text
    boards.assert_translated(
        text,
        russian=[("Подставка для кубиков", "значение", "лодки", "Игрок 1 (вы)", "монет:", "Цвета:", "красный")],
        english=[
            ("Walking in Burano", "round", "Phase", "Player", "(you)", "Dice stand", "Boat order", "value"),
            ("boats", "coins", "gained", "Colours", "Symbols", "invite", "Ids", "spect."),
        ],
    )
    assert "coin                взять монету вместо приглашения" in help_text


def test_the_notation_help_examples_are_actions_of_the_game() -> None:
    game = get_game(GAME)
    examples = boards.help_examples(GAME, NOTATION_HELP, lambda line: bool(line) and not line.startswith(" "))
    examples = [e for e in examples if not e.startswith("characters")]
    assert len(examples) == 6
    for example in examples:
        assert str(game.parse_action(example)) == example


def test_random_players_finish_a_game_at_the_terminal_table() -> None:
    args = ["play", GAME, "--players", "2", "--seats", "random,random", "--seed", "3"]
    result = CliRunner().invoke(app, args, env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output[-2000:]
    assert "Walking in Burano Roll & Write · round" in result.stdout
    assert "cannot draw this view" not in result.stdout
    assert "Final scores" in result.stdout and "total" in result.stdout
