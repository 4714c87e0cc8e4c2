"""The terminal board of Burano, drawn from real views: setup, secret pyramids, turns, fishing, the
clean-up and the end of random games, and the ``play`` command at the terminal."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from laguna.cli.boards import burano
from laguna.cli.boards.burano import NOTATION_HELP
from laguna.core import get_game
from laguna.games.burano import BuranoState, Phase
from laguna.games.burano.components import Colour
from tests.cli import boards
from tests.games.burano.scenario import (
    act,
    build_at,
    choose_roofs,
    first_turn,
    hand,
    new,
    set_ring,
)

GAME = "burano"
MARKS = {c.value: f"{c.glyph}{c.value[0].upper()}" for c in Colour}
"""Each colour as the board writes it: its glyph and its initial (``♥P``)."""
SLOT = re.compile(r"\b(?:b[1-9]|m[1-4]|t):")


def text_of(view: dict[str, Any], width: int = 120) -> str:
    return boards.board_text(GAME, view, width)


def play_until(players: int, predicate: Callable[[BuranoState], bool], seeds: range = range(10)) -> BuranoState:
    """The first position of a random game (seed after seed) where `predicate` holds."""
    return boards.play_until(GAME, players, predicate, seeds, 50)


def grid(text: str, title: str, columns: int) -> dict[str, str]:
    """The cells of the titled grid table by square name (``c2``), each cell's lines joined by a space."""
    lines = text.splitlines()
    index = next(i for i, line in enumerate(lines) if title in line)
    offset = lines[index].index(title)
    parts: dict[str, list[str]] = {}
    row = 0
    for line in lines[index + 1 :]:
        segment = line[offset:]
        if segment.startswith("└"):
            break
        if not segment.startswith("│"):
            continue
        fields = segment.split("│")[1 : columns + 2]
        if fields[0].strip():
            row = int(fields[0])
        for column, field in enumerate(fields[1:]):
            if field.strip():
                parts.setdefault(f"{chr(ord('a') + column)}{row}", []).append(field.strip())
    return {square: " ".join(cell) for square, cell in parts.items()}


def ring_rows(block: str) -> tuple[list[str], list[str]]:
    """The house and worker rows of a seat's schedule ring, from the first arrow clockwise."""
    lines = block.splitlines()
    houses = next(line for line in lines if line.startswith("│house"))
    workers = next(line for line in lines if line.startswith("│worker"))
    return [f.strip() for f in houses.split("│")[2:14]], [f.strip() for f in workers.split("│")[2:14]]


def expected_island_cell(house: dict[str, Any] | None, fountain: bool) -> str:
    parts = []
    if house is None:
        parts.append("·")
    else:
        cubes, roofs = house["cubes"], house["roofs"]
        parts.append(f"{len(cubes)}{MARKS[cubes[-1]]}")
        if len(roofs) == len(cubes):
            parts.append(f"⌂{MARKS[roofs[-1]]}")
    if fountain:
        parts.append("fount.")
    return " ".join(parts)


def assert_grids_match(view: dict[str, Any], text: str) -> None:
    """Every main island square and every workshop square is drawn as the view says."""
    island = view["main_island"]
    cells = grid(text, "Main island", island["columns"])
    for name in island["pits"]:
        assert cells.get(name, "") == expected_island_cell(island["houses"].get(name), name == island["fountain"])
    area = view["workshops"]
    cells = grid(text, "Lace workshops", area["columns"])
    for row in range(1, area["rows"] + 1):
        for column in "abcdefg"[: area["columns"]]:
            square = area["squares"].get(f"{column}{row}")
            if square is None:
                assert cells[f"{column}{row}"] == "-"
                continue
            expected = MARKS[square["colour"]] + ("$" if square["coin"] else "")
            if square["worker"] is not None:
                expected += f" P{square['worker'] + 1}"
            assert cells[f"{column}{row}"] == expected


# ------------------------------------------------------------------ setup


def test_the_setup_roof_choice_shows_the_whole_table_and_every_colour_twice() -> None:
    state = new(3, seed=4)
    view = state.view(state.start_player)
    text = text_of(view)
    assert "Burano · spring, season 1 of 4 · round 1 of 14" in text
    assert f"Phase: choose roof tiles · ▶ Player {state.start_player + 1} (you) to decide" in text
    for colour, mark in MARKS.items():
        assert f"{mark} {colour}" in text  # the legend names each mark
        assert f"{mark} {view['cube_supply'][colour]}" in text
    for island, data in view["islands"].items():
        row = next(line for line in text.splitlines() if line.startswith(f"│{island} "))
        assert " ".join(MARKS[c] for c in data["docks"]) in row
    for port, ships in view["ports"].items():
        assert f"{port} port" in text
        for ship in ships:
            assert ship in text
    for space, colours in view["action_board"].items():
        assert f"{space} {MARKS[colours[0]]} {MARKS[colours[1]]}" in text
    assert_grids_match(view, text)
    assert f"fish deck {view['fish_deck']}" in text
    for card in view["building_supply"]:
        assert card in text


def test_each_seat_starts_with_a_worker_and_its_boat_on_its_lettered_island() -> None:
    state = new(4, seed=2)
    view = state.view(0)
    text = text_of(view)
    for seat in view["seats"]:
        letter = seat["letter"]
        row = next(line for line in text.splitlines() if line.startswith(f"│{letter} "))
        assert f"P{seat['seat'] + 1}×1" in row
        assert f"letter {letter}" in boards.seat_block(text, seat["seat"])
        assert f"boat at {letter}" in boards.seat_block(text, seat["seat"])


# ------------------------------------------------------------------ secret pyramids


def test_a_pyramid_under_construction_is_drawn_only_for_its_own_seat() -> None:
    state = new(2, seed=1)
    choose_roofs(state)
    assert state.phase is Phase.CONSTRUCTION
    for slot, colour in (("b1", "pink"), ("b2", "blue"), ("b3", "white")):
        act(state, 1, f"stack {slot} {colour}")
    act(state, 0, "stack b1 green")
    others = text_of(state.view(0))
    block = boards.seat_block(others, 1)
    assert "being built in secret (under way)" in block
    assert not SLOT.search(block)
    assert "b1:♣G" in boards.seat_block(others, 0)
    assert "▶ still building: Player 1 (you), Player 2" in others
    own = boards.seat_block(text_of(state.view(1)), 1)
    assert "b1:♥P b2:●B b3:◇W" in own
    spectator = text_of(state.view(None))
    assert not SLOT.search(boards.seat_block(spectator, 0)) and not SLOT.search(boards.seat_block(spectator, 1))


# ------------------------------------------------------------------ a turn


def test_a_turn_shows_the_move_cost_the_pyramids_and_the_built_houses() -> None:
    state = first_turn(2, seed=3)
    seat = state.actor
    view = state.view(seat)
    text = text_of(view)
    assert f"Phase: player turn · ▶ Player {seat + 1} (you) to decide" in text
    assert "Moves made 0 of 4 · the next move gains 1 coin" in text
    for number, data in enumerate(view["seats"]):
        block = boards.seat_block(text, number)
        cells = " ".join(f"{name}:{MARKS[c]}" for name, c in zip(("b1", "b2", "b3"), data["pyramid"], strict=False))
        assert cells in block
        assert f"coins {data['coins']} · privilege {data['privilege']} · VP {data['vp']}" in block
    act(state, seat, "pick t")
    picked = state.view(seat)["seats"][seat]["preparation"][0]
    text = text_of(state.view(seat))
    assert "Moves made 1 of 4 · the next move costs 3 coins" in text
    assert f"preparation (1 of 3): {MARKS[picked]}" in boards.seat_block(text, seat)
    assert "t:··" in boards.seat_block(text, seat)


def test_stacks_and_roofs_on_the_main_island_show_floors_top_cubes_and_rooftop_blocks() -> None:
    state = first_turn(2, seed=0)
    build_at(state, [("c2", "PB/PY"), ("c3", "G"), ("e5", "OWY"), ("f5", "O/W")])
    view = state.view(0)
    text = text_of(view)
    cells = grid(text, "Main island", view["main_island"]["columns"])
    assert cells["c2"] == "2●B ⌂★Y"
    assert cells["c3"] == "1♣G"
    assert cells["e5"] == "3★Y"
    assert cells["f5"] == "1▲O ⌂◇W"
    assert_grids_match(view, text)


def test_the_schedule_ring_marks_the_arrow_houses_symbols_and_covered_sectors() -> None:
    state = first_turn(2, seed=0)
    set_ring(state, 1, "PBYGOWPBYGOW", 4, "cf.cf.cf.cf.")
    text = text_of(state.view(0))
    block = boards.seat_block(text, 1)
    houses, workers = ring_rows(block)
    symbols = {"c": "$", "f": "≈", ".": ""}
    initials = {mark[1]: mark for mark in MARKS.values()}
    assert houses == [initials[c] + symbols[s] for c, s in zip("PBYGOWPBYGOW", "cf.cf.cf.cf.", strict=True)]
    assert workers == ["↑"] * 3 + ["w"] * 4 + ["·"] * 5
    assert "┃→1 ┃→2 ┃→3 ┃ 1 ┃ 2 ┃" in block
    assert "workers on the ring: 4 · empty sectors: 5 · visible: 2 $, 3 ≈" in block


# ------------------------------------------------------------------ fish


def test_a_fish_card_drawn_from_the_deck_shows_only_in_its_owners_hand() -> None:
    state = first_turn(2, seed=5)
    hand(state, 1, ["shrimp"], secret=True)
    hand(state, 1, ["tuna", "tuna"])
    others = boards.seat_block(text_of(state.view(0)), 1)
    assert "fish in hand: tuna ×2 + 1 hidden (drawn from the deck)" in others
    assert "shrimp" not in others
    own = boards.seat_block(text_of(state.view(1)), 1)
    assert "fish in hand: shrimp ×1, tuna ×2 (drawn from the deck, unseen by the others: shrimp ×1) ·" in own
    assert "hidden" not in own


def test_fishing_shows_the_arrow_houses_and_the_matches_of_every_island() -> None:
    state = play_until(3, lambda s: s.phase is Phase.FISHING)
    view = state.view(state.actor)
    text = text_of(view)
    actor = view["seats"][state.actor]
    ring = actor["ring"]
    arrows = [ring["houses"][(ring["arrows"] + k) % 12]["colour"] for k in range(3)]
    assert "Arrow houses: " + " ".join(MARKS[c] for c in arrows) in text
    header = next(line for line in text.splitlines() if f"match P{state.actor + 1}" in line)
    column = [f.strip() for f in header.split("┃")].index(f"match P{state.actor + 1}")
    for island, data in view["islands"].items():
        row = next(line for line in text.splitlines() if line.startswith(f"│{island} "))
        matched = (Counter(arrows) & Counter(data["docks"])).total()
        assert row.split("│")[column].strip() == str(matched)


def test_taking_fish_cards_shows_the_matches_and_the_cards_left_to_take() -> None:
    state = play_until(2, lambda s: s.phase is Phase.FISH_CARDS)
    view = state.view(state.actor)
    text = text_of(view)
    pending = view["pending"]
    assert f"matched {pending['matched']} · fish cards still to take: {pending['fish_left']}" in text
    assert f"Fish supply: {', '.join(view['fish_supply'])} · fish deck {view['fish_deck']}" in text


# ------------------------------------------------------------------ clean-up and the end


def test_the_clean_up_shows_the_lace_makers_in_the_workshops() -> None:
    state = play_until(2, lambda s: s.phase is Phase.LACE_SCORING and bool(s.lace_workers))
    view = state.view(state.actor)
    text = text_of(view)
    assert f"Phase: clean-up: score for lace making · ▶ Player {state.actor + 1} (you) to decide" in text
    assert "Paid for: nothing yet" in text
    assert "Workers per workshop:" in text
    assert_grids_match(view, text)


def test_a_finished_random_game_is_drawn_whole_for_every_viewer() -> None:
    state = play_until(3, lambda s: s.is_terminal(), seeds=range(1))
    for viewer in (0, None):
        view = state.view(viewer)
        text = text_of(view)
        assert "cannot draw this view" not in text
        assert "Game over (the winter clean-up)" in text
        assert max(len(line.rstrip()) for line in text.splitlines()) <= 120
        assert_grids_match(view, text)
        for number, data in enumerate(view["seats"]):
            block = boards.seat_block(text, number)
            assert f"VP {data['vp']}" in block
            assert SLOT.search(block)  # the pyramids are no secret any more
            if data["hidden_fish"]:
                assert f"+ {data['hidden_fish']} hidden" in block
        for tile in view["main_island"]["roof_tiles"]:
            assert f"{tile['first']}-{tile['second']} f{tile['floor']}" in text


def test_a_narrow_terminal_still_gets_every_part_of_the_board() -> None:
    state = play_until(4, lambda s: s.season == 1 and s.phase is Phase.TURN)
    text = text_of(state.view(2), width=80)
    assert "cannot draw this view" not in text
    assert max(len(line.rstrip()) for line in text.splitlines()) <= 80
    for title in ("Main island", "Lace workshops", "Neighbouring islands and ports", "Schedule ring", "Cube pyramid"):
        assert title in text
    assert_grids_match(state.view(2), text)


# ------------------------------------------------------------------ the board in Russian


def test_a_game_under_way_reads_in_russian() -> None:
    state = play_until(3, lambda s: s.season == 1 and s.phase is Phase.TURN)
    text, help_text = boards.in_russian(GAME, lambda: burano.render(state.view(state.actor)))
    boards.assert_translated(
        text,
        russian=[
            ("Бурано · лето, сезон 2 из 4", "Фаза: ход игрока", f"Игрок {state.actor + 1} (вы)"),
            ("Главный остров", "Кружевные мастерские", "Кольцо расписания", "Пирамида кубиков", "монет:"),
        ],
        english=[
            ("Burano", "Phase", "Player", "(you)", "Main island", "Lace workshops", "Schedule ring"),
            ("Cube pyramid", "Cube supply", "Fish supply", "coins", "privilege", "VP", "Colours", "worker"),
        ],
    )
    assert "pick m2                            ход: свободный кубик m2 в зону подготовки" in help_text


# ------------------------------------------------------------------ notation and the command


def test_the_notation_help_examples_are_actions_of_the_game() -> None:
    game = get_game(GAME)
    examples = boards.help_examples(GAME, NOTATION_HELP)
    assert len(examples) >= 25
    for example in examples:
        assert str(game.parse_action(example)) == example
    forms = {example.split()[0] for example in examples}
    assert forms >= {"roofs", "stack", "pick", "build", "roof", "privilege", "end", "swap", "sail", "forgo", "fish"}
    assert forms >= {"dispatch", "trade", "lace", "withdraw", "done", "bonus", "pay", "cube", "discard", "refill"}
