"""The terminal board of Murano, drawn from real views: the start, random games under way, a Build
action, the Lighthouse's double space, recruiting, the final round, the final scoring and the end, and
the ``play`` command at the terminal."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, get_args

import pytest

from laguna.cli.boards import murano
from laguna.cli.boards.murano import NOTATION_HELP
from laguna.core import get_game
from laguna.games.murano import MuranoState, Phase
from laguna.games.murano import actions as notation
from laguna.games.murano.ships import cost_of
from tests.cli import boards
from tests.games.murano.scenario import (
    act,
    building,
    give_card,
    give_character,
    give_palace,
    give_shop,
    gondolier_at,
    new,
    set_ships,
    street,
    turn_of,
)

GAME = "murano"
PLAYER_MARKS = {"orange": "Or", "grey": "Gy", "brown": "Br", "white": "Wh"}
KINDS = {"street": "st", "factory": "fac", "shop": "shop", "palace": "pal", "special": "spec"}


def text_of(view: dict[str, Any], width: int = 120) -> str:
    """The board as plain text; no line is wider than the terminal, and none is a wrapped remainder
    (each starts with a table's frame, an indent, the actor's mark or a capital)."""
    text = boards.board_text(GAME, view, width)
    for line in text.splitlines():
        assert len(line.rstrip()) <= width, line
        assert not line or line[0] in " ▶┏┃┡│├└┌" or line[0].isupper(), f"a wrapped line: {line!r}"
    return text


def play_until(players: int, predicate: Callable[[MuranoState], bool], seeds: range = range(6)) -> MuranoState:
    """The first position of a random game (seed after seed) where `predicate` holds."""
    return boards.play_until(GAME, players, predicate, seeds, 70)


# ------------------------------------------------------------------ reading the drawn board


def ring_rows(text: str) -> dict[int, list[str]]:
    """The action space table's rows by space number: the fields after the number."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Action spaces"))
    rows: dict[int, list[str]] = {}
    for line in lines[start + 1 :]:
        if line.startswith("└"):
            break
        fields = [f.strip() for f in line.split("│")]
        if line.startswith("│") and fields[1].isdigit():
            rows[int(fields[1])] = fields[2:5]
    return rows


def island_cells(text: str, island: dict[str, Any]) -> dict[str, str]:
    """The cells of an island's grid by space id, each cell's lines joined by a space."""
    spaces = island["spaces"]
    columns = max(s["column"] for s in spaces)
    by_place = {(s["row"], s["column"]): s["id"] for s in spaces}
    title = f"{island['name']} ({island['id']}.N)"
    lines = text.splitlines()
    index = next(i for i, line in enumerate(lines) if title in line)
    offset = lines[index].index(title)
    parts: dict[tuple[int, int], list[str]] = {}
    row = 1
    for line in lines[index + 2 :]:
        segment = line[offset:]
        if segment.startswith("└"):
            break
        if segment.startswith("├"):
            row += 1
            continue
        fields = segment.split("│")[1 : columns + 1]
        for column, field in enumerate(fields, start=1):
            if field.strip():
                parts.setdefault((row, column), []).append(field.strip())
    assert set(parts) <= set(by_place), "a cell outside the island holds something"
    return {by_place[place]: " ".join(cell) for place, cell in parts.items()}


def expected_cell(space: dict[str, Any], colours: dict[int, str]) -> str:
    """A space as the board should draw it, from the view."""
    number = space["id"].split(".")[1]
    tile = space["tile"]
    if tile is None:
        return f"{number} {'░░░' if space['street'] else '···'}"
    kind = tile["kind"]
    detail = ""
    if kind == "street":
        detail = " ".join(c[0].upper() for c in tile["customers"]) or "—"
    elif kind == "factory":
        detail = PLAYER_MARKS[colours[tile["owner"]]]
    elif kind == "shop":
        detail = f"{tile['colour'][0].upper()} {PLAYER_MARKS[colours[tile['owner']]]}"
    elif kind == "palace":
        detail = "✠" * tile["crests"]
    return f"{number} {KINDS[kind]} {detail}".strip()


def assert_islands_match(view: dict[str, Any], text: str) -> None:
    """Every space of every island is drawn as the view says, and so is every gondola."""
    colours = {seat["seat"]: seat["colour"] for seat in view["seats"]}
    for island in view["islands"]:
        cells = island_cells(text, island)
        for space in island["spaces"]:
            assert cells.get(space["id"]) == expected_cell(space, colours), space["id"]
        gondolas = "Gondolas " + " ".join(
            PLAYER_MARKS[g["colour"]]
            + "="
            + ("·" if g["seat"] is None else f"P{g['seat'] + 1}" + ("✓" if g["scored"] else ""))
            for g in island["gondolas"]
        )
        assert gondolas in text


def assert_ring_matches(state: MuranoState, text: str) -> None:
    """Each action space shows its action and ships (the red one marked) and, in a turn's choice, the
    gold the engine would charge the acting player, marked ✗ when it is more than the player has."""
    view = state.view(None)
    rows = ring_rows(text)
    assert sorted(rows) == list(range(1, 19))
    choosing = state.phase is Phase.TURN
    gold = state.boards[state.actor].gold
    for index, space in enumerate(view["action_spaces"]):
        action, ships, *rest = rows[space["number"]]
        assert action == space["action"]
        marks = ships.split(" (")[0].split()
        assert len(marks) == space["ships"]
        assert marks.count("◆R") == (1 if space["red"] else 0)
        if space["ships"] > 1:
            assert f"({space['ships']} ships)" in ships
        if choosing:
            if space["ships"]:
                cost = cost_of(state.ships_to_move(index))
                assert rest[0] == f"{cost}" + (" ✗" if cost > gold else "")
            else:
                assert rest[0] == "0 · pass"


# ------------------------------------------------------------------ the start


def test_the_start_shows_the_ring_costs_empty_islands_stacks_and_every_seat() -> None:
    state = new(4, seed=3)
    seat = state.actor
    view = state.view(seat)
    text = text_of(view)
    assert f"Murano · 4 players · board side 4 · turn 1 · start player: Player {seat + 1} (you)" in text
    assert f"Phase: choose an action or pass · ▶ Player {seat + 1} (you) to decide" in text
    assert f"cost P{seat + 1}" in text
    assert_ring_matches(state, text)
    assert text.count("◆R") == 1 + text.count("◆R the red ship")
    assert_islands_match(view, text)
    for label, count in (("streets", 42), ("shops", 12), ("palaces", 12), ("glass factories", 12)):
        assert f"  {label} {count}" in text
    assert "character cards 35" in text and "special building cards 15" in text
    for mark, colour in (("●R", "red"), ("●G", "green"), ("●B", "blue")):
        assert f"{mark} {colour} 10" in text
    for number, data in enumerate(view["seats"]):
        block = boards.seat_block(text, number)
        assert f"{PLAYER_MARKS[data['colour']]} {data['colour']}" in block.splitlines()[0]
        assert "gold 5 · VP 5 · gondoliers 5 in hand, 0 on gondolas · markers 0" in block
        assert "VP from: start 5" in block
        assert "shops none · palaces none" in block
    assert "Final round" not in text


def test_two_or_three_players_use_the_other_side_without_sacca_serenella() -> None:
    state = new(3, seed=1)
    text = text_of(state.view(0))
    assert "board side 2-3" in text
    assert "San Donato (donato.N)" in text and "Sacca Serenella" not in text
    assert_islands_match(state.view(0), text)


# ------------------------------------------------------------------ random games under way


@pytest.mark.parametrize("players", [2, 4])
def test_a_game_under_way_hides_the_tiles_and_cards_of_the_other_seats(players: int) -> None:
    state = play_until(
        players,
        lambda s: (
            s.phase is Phase.TURN
            and s.turns >= 40
            and sum(1 for p in s.boards if p.characters) >= 2
            and sum(1 for p in s.boards if p.shops or p.palaces) >= 2
        ),
    )
    for viewer in range(players):
        view = state.view(viewer)
        text = text_of(view)
        assert "cannot draw this view" not in text
        assert max(len(line.rstrip()) for line in text.splitlines()) <= 120
        assert_islands_match(view, text)
        assert_ring_matches(state, text)
        for seat, player in enumerate(state.boards):
            block = boards.seat_block(text, seat)
            data = view["seats"][seat]
            assert f"gold {data['gold']} · VP {data['vp']}" in block
            if seat == viewer:
                assert f"(you) · {PLAYER_MARKS[data['colour']]} {data['colour']}" in block.splitlines()[0]
                if player.characters:
                    assert all(f"\n    {card}: " in block for card in player.characters), "own cards with texts"
                else:
                    assert "character cards: none" in block
                assert "shops " + (" ".join(c[0].upper() for c in data["shops"]) or "none") in block
            else:
                for card in player.characters:
                    assert card not in text
                shown = f"shops {len(player.shops)} face down" if player.shops else "shops none"
                assert shown in block
                shown = f"palaces {len(player.palaces)} face down" if player.palaces else "palaces none"
                assert shown in block
                secret = f"character cards: {len(player.characters)} secret" if player.characters else "none"
                assert secret in block
    spectator = text_of(state.view(None))
    for player in state.boards:
        assert not any(card in spectator for card in player.characters)


def test_a_narrow_terminal_still_gets_every_part_of_the_board() -> None:
    state = play_until(4, lambda s: s.phase is Phase.TURN and s.turns >= 30)
    view = state.view(1)
    text = text_of(view, width=80)
    assert "cannot draw this view" not in text
    assert max(len(line.rstrip()) for line in text.splitlines()) <= 80
    assert_islands_match(view, text)
    assert_ring_matches(state, text)
    for seat in range(4):
        assert boards.seat_block(text, seat)


# ------------------------------------------------------------------ building


def test_a_build_action_draws_the_street_then_the_buildings_with_their_owners() -> None:
    state = new(2, seed=0)
    turn_of(state, 0)
    set_ships(state, [2, 3, 5, 9, 10, 12, 14, 16], red=16)
    give_shop(state, 0, "red")
    building(state, "donato.8", "factory", owner=1)
    building(state, "donato.1", "palace", detail=2)
    building(state, "donato.13", "special")
    street(state, "donato.6", "rr")
    act(state, "act 1")
    assert state.phase is Phase.BUILD
    text = text_of(state.view(0))
    assert "Action under way: space 1 (build)\nTiles placed in this Build action: 0 of 3\n" in text
    assert "◀ under way" in ring_rows(text)[1][2]
    act(state, "street")
    drawn = state.street
    assert drawn is not None
    text = text_of(state.view(1))
    customers = ", ".join(c.value for c in state._street(drawn).customers) or "no customer"
    assert f"Street tile drawn: {drawn} ({customers}; to lay on an empty paved space)" in text
    act(state, "place donato.5")
    act(state, "build shop-red donato.4")
    view = state.view(1)
    text = text_of(view)
    assert "Tiles placed in this Build action: 2 of 3" in text
    cells = island_cells(text, next(i for i in view["islands"] if i["id"] == "donato"))
    assert cells["donato.4"] == "4 shop R Or"
    assert cells["donato.6"] == "6 st R R"
    assert cells["donato.8"] == "8 fac Gy"
    assert cells["donato.1"] == "1 pal ✠✠"
    assert cells["donato.13"] == "13 spec"
    assert cells["donato.7"] == "7 ░░░" and cells["donato.9"] == "9 ···"
    assert cells["donato.5"].startswith("5 st")
    assert_islands_match(view, text)
    assert "VP from: start 5, buildings 2" in boards.seat_block(text, 0)


# ------------------------------------------------------------------ ships


def test_the_lighthouse_leaves_two_ships_on_a_space_and_the_costs_count_both() -> None:
    state = new(2, seed=2)
    turn_of(state, 0)
    give_card(state, 0, "lighthouse")
    set_ships(state, [1, 3, 5, 6, 7, 12, 14, 16], red=5)
    act(state, "lighthouse")  # the red ship joins the ship on space 6: take 2 gold
    assert state.phase is Phase.TURN and state.actor == 1
    text = text_of(state.view(1))
    rows = ring_rows(text)
    assert rows[6][1] == "◆ ◆R (2 ships)"
    assert rows[5][1] == ""
    # Using space 6 moves both ships there and the one on 7 (to 8, 9, 10), then the ship from 5's side.
    gold = state.boards[1].gold
    assert rows[6][2] == f"{cost_of(4)}" + (" ✗" if cost_of(4) > gold else "")
    assert_ring_matches(state, text)
    assert "special building cards: X10" in boards.seat_block(text, 0)


def test_costs_beyond_the_players_gold_are_marked() -> None:
    state = new(2, seed=2)
    turn_of(state, 0)
    set_ships(state, [1, 2, 3, 4, 5, 9, 12, 16], red=3)
    state.boards[0].gold = 3
    text = text_of(state.view(0))
    rows = ring_rows(text)
    assert rows[1][2] == "15 ✗"  # five ships sail on, then one comes onto space 1: 0+1+2+3+4+5
    assert rows[5][2] == "1"  # the ship on 5 sails to 6, the one on 4 comes onto 5: 0+1
    assert rows[3][1] == "◆R"
    assert_ring_matches(state, text)


# ------------------------------------------------------------------ cards


def test_recruiting_shows_the_cards_drawn_only_to_the_recruiter() -> None:
    state = play_until(3, lambda s: s.phase is Phase.RECRUIT and len(s.drawn) == 3)
    recruiter = state.actor
    drawn = list(state.drawn)
    own = text_of(state.view(recruiter))
    assert "Character cards drawn:" in own
    assert all(f"\n  {card}: " in own for card in drawn), "the recruiter sees each card with its text"
    other = (recruiter + 1) % 3
    text = text_of(state.view(other))
    assert f"Character cards drawn: 3 (seen only by Player {recruiter + 1})" in text
    assert not any(card in text for card in drawn)


def test_own_palaces_show_their_crests_and_own_characters_their_ids() -> None:
    state = new(3, seed=4)
    give_palace(state, 2, 3)
    give_palace(state, 2, 1)
    give_shop(state, 2, "grey")
    give_character(state, 2, state.character_deck[0])
    card = state.boards[2].characters[0]
    gondolier_at(state, 2, "mattia", "orange")
    own = boards.seat_block(text_of(state.view(2)), 2)
    assert "shops G · palaces ✠ ✠✠✠" in own
    assert f"character cards: \n    {card}: " in own
    assert "gondoliers 4 in hand, 1 on gondolas" in own
    other = text_of(state.view(0))
    assert "shops 1 face down · palaces 2 face down" in boards.seat_block(other, 2)
    assert "character cards: 1 secret" in boards.seat_block(other, 2)
    assert card not in other
    assert "Gondolas Or=P3 Gy=· Br=· Wh=·" in other


# ------------------------------------------------------------------ the end


def test_the_final_round_names_the_trigger_and_who_still_plays() -> None:
    state = play_until(4, lambda s: s.triggered_by is not None and s.phase is Phase.TURN and s.actor != s.triggered_by)
    view = state.view(state.actor)
    text = text_of(view)
    waiting = ", ".join(f"Player {s + 1}" for s in state.last_turns) or "none"
    assert f"Final round: triggered by Player {state.triggered_by + 1}" in text  # type: ignore[operator]
    assert f"  final turn now: Player {state.actor + 1} (you)\n  final turns still to come: {waiting}\n" in text
    assert "triggered the end" in boards.seat_block(text, state.triggered_by)  # type: ignore[arg-type]
    assert "EMPTY" in text


def test_the_turn_that_triggers_the_end_is_named_as_such() -> None:
    def triggering(s: MuranoState) -> bool:
        return s.triggered_by is not None and s.actor == s.triggered_by and s.phase not in (Phase.SCORING, Phase.OVER)

    state = play_until(3, triggering, seeds=range(20))
    text = text_of(state.view(None))
    others = ", ".join(f"Player {s + 1}" for s in state.last_turns)
    assert f"Player {state.actor + 1} is finishing the turn that triggered the end" in text
    assert f"final turns still to come: {others}" in text
    assert len(state.last_turns) == 2


def test_the_final_scoring_marks_the_scored_gondolas() -> None:
    def scored(s: MuranoState) -> bool:
        return s.phase is Phase.SCORING and bool(s.used_gondolas)

    state = play_until(3, scored, seeds=range(20))
    view = state.view(state.actor)
    text = text_of(view)
    assert f"Phase: final scoring · ▶ Player {state.actor + 1} (you) to decide" in text
    assert "every final turn has been played" in text
    assert_islands_match(view, text)
    assert text.count("✓") == len(state.used_gondolas) + text.count("✓ scored")


def test_a_finished_game_is_drawn_whole_with_every_tile_revealed() -> None:
    state = play_until(4, lambda s: s.is_terminal(), seeds=range(1))
    for viewer in (None, 0):
        view = state.view(viewer)
        text = text_of(view)
        assert "cannot draw this view" not in text
        assert "Game over (two tile stacks empty)" in text
        assert "Phase:" not in text and "cost P" not in text
        assert max(len(line.rstrip()) for line in text.splitlines()) <= 120
        assert_islands_match(view, text)
        for seat, player in enumerate(state.boards):
            block = boards.seat_block(text, seat)
            assert f"VP {player.score()}" in block
            assert "face down" not in block and "secret" not in block
            if player.palaces:
                assert "palaces ✠" in block


# ------------------------------------------------------------------ the board in Russian


def test_a_game_under_way_reads_in_russian() -> None:
    state = play_until(3, lambda s: s.phase is Phase.TURN and s.turns >= 20)
    text, help_text = boards.in_russian(GAME, lambda: murano.render(state.view(None)))
    assert f"Мурано · 3 игрока · сторона поля 2-3 · ход {state.turns + 1}" in text
    assert "Фаза: выберите действие или пасуйте · ▶ решает Игрок" in text
    boards.assert_translated(
        text,
        russian=[("Поля действий", "Стопки тайлов", "Гондолы", "золото: ", "Мешок", "Покупатели и магазины")],
        english=[
            ("Murano", "Phase", "Player", "Action spaces", "Tile stacks", "Gondolas", "gold", "Decks"),
            ("Bag", "beads", "shops", "palaces", "character cards", "start player", "VP", "Spaces"),
        ],
    )
    assert "hire                     Гондольер: нанять одного" in help_text


# ------------------------------------------------------------------ notation and the command


def test_the_notation_help_shows_every_action_form() -> None:
    game = get_game(GAME)
    examples = boards.help_examples(GAME, NOTATION_HELP, lambda line: not line.startswith(" "))
    parsed = [game.parse_action(example) for example in examples]
    assert [str(action) for action in parsed] == examples
    forms = {type(action) for action in parsed}
    every = set(get_args(notation.Action))
    assert forms == every
    assert {"sail 7 9 red", "sail 7 9 black", "shop look", "palace 2", "score C07 donato 4"} <= set(examples)
