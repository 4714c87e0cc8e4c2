"""What each page of the table shows, built from views only: a player's list of tables, a table as
one seat (or a spectator) sees it, and a finished game's replay at one step. Pure functions of the
stored table, its position and the viewer; the routes in `laguna.server.routes` render them."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from laguna import i18n
from laguna.bots import LEVELS
from laguna.core import get_game
from laguna.core.messages import msg, quoted
from laguna.server.account_store import User
from laguna.server.positions import Snapshot
from laguna.server.service import Replay, TableError, TableService
from laguna.server.store import FINISHED, INVITED, OPEN, PLAYING, WAITING, Store, TableInfo
from laguna.web.boards import board_defs, board_style, changes, label, pieces, render_board

LOG_DECISIONS = 100
"""Decisions whose lines the table page shows (the newest); the rest are on the log's own page."""
MY_FINISHED = 20
"""Finished tables the lobby's list of a player's games shows (the newest)."""


def read_int(text: str, what: str) -> int:
    """`text` as a whole number, or `TableError` naming `what` and quoting an excerpt of `text`."""
    try:
        return int(text)
    except ValueError:
        raise TableError(msg("{what} must be a whole number, not {text}", what=what, text=quoted(text))) from None


def my_tables(store: Store, user: User) -> list[dict[str, Any]]:
    """The user's tables: those waiting for them first, longest-waiting first, then the others (the
    finished ones newest first); of the finished ones only the newest `MY_FINISHED` (the player's
    page lists them all), so that the lobby of a player with thousands of games behind them reads as
    fast as a newcomer's."""
    rows: list[dict[str, Any]] = []
    for table in store.user_tables(user.id, finished=MY_FINISHED):
        mine = set(table.seat_of(user.id))
        my_turn = table.status == PLAYING and bool(mine & set(table.waiting))
        waited = table.last_move_at or table.created_at
        rows.append({"table": table, "my_turn": my_turn, "waited": waited, "whose": whose(table)})
    rows.sort(key=_my_order)
    return rows


def _my_order(row: dict[str, Any]) -> tuple[bool, bool, float]:
    """Tables waiting for the player first, then the others under way (longest-waiting first), then
    the finished ones (the newest first)."""
    finished = row["table"].status == FINISHED
    moment = row["waited"].timestamp()
    return (not row["my_turn"], finished, -moment if finished else moment)


def whose(table: TableInfo) -> str:
    """Who the table waits for, in the reader's language."""
    if table.status == FINISHED:
        return i18n.gettext("finished")
    if table.status != PLAYING:
        return i18n.gettext("gathering players")
    names = [table.seats[s].shown for s in table.waiting]
    return i18n.gettext("waiting for %(players)s") % {"players": ", ".join(names)}


def log_context(snapshot: Snapshot) -> dict[str, Any]:
    """The whole public log of a table, newest first: who made each decision and what it did."""
    table = snapshot.table
    names = [seat.shown for seat in table.seats]
    return {
        "table": table,
        "game": get_game(table.game),
        "entries": [
            (number, names[d.seat], [i18n.translate(e.message, names) for e in d.events])
            for number, d in enumerate(snapshot.decided, start=1)
            if d.events
        ][::-1],
    }


def table_context(
    service: TableService, snapshot: Snapshot, user: User | None, seen: int | None = None
) -> dict[str, Any]:
    """What a table page shows `user`: everything drawn from their seat's view (a spectator's if they
    have no seat), their legal decisions, the public log and whether they may undo. The board
    highlights what changed since the player's previous decision; for a spectator, after the first
    `seen` decisions (all of them when the page is first drawn: nothing is highlighted)."""
    table, state = snapshot.table, snapshot.state
    game = get_game(table.game)
    mine = table.seat_of(user.id) if user else []
    owing = [s for s in mine if s in state.to_act()] if table.status == PLAYING else []
    viewer = owing[0] if owing else (mine[0] if mine else None)
    if table.status == FINISHED:
        viewer = mine[0] if mine else None
    view = state.view(viewer)
    actions = [str(a) for a in state.legal_actions(viewer)] if viewer is not None and viewer in owing else []
    described = [(a, label(table.game, a)) for a in actions]
    names = [seat.shown for seat in table.seats]
    said = [(d, [i18n.translate(e.message, names) for e in d.events]) for d in snapshot.decided]
    if mine:
        changed = snapshot.changed_since(mine)
    else:
        changed = snapshot.changed_since((), len(snapshot.decided) if seen is None else seen)
    return {
        "table": table,
        "game": game,
        "viewer": viewer,
        "owing": owing,
        "mine": mine,
        "board": render_board(table.game, view, actions, names, changed),
        "decisions": len(snapshot.decided),
        "board_style": board_style(table.game),
        "board_defs": board_defs(table.game),
        "actions": described,
        "log": [(decided.seat, lines, " ".join(sorted(decided.changed))) for decided, lines in said[-LOG_DECISIONS:]],
        "log_earlier": max(len(said) - LOG_DECISIONS, 0),
        "outcome": state.outcome() if state.is_terminal() else None,
        "can_undo": table.status == PLAYING and viewer in snapshot.undoable,
        "invite": f"/join/{table.invite_token}",
        "whose": whose(table),
        "abandoned": [s for s in service.abandoned(table) if s not in mine] if mine else [],
        "levels": LEVELS,
        "invited": next((s for s in table.seats if s.kind == INVITED and user and s.invited
                         and s.invited.lower() == user.name.lower()), None) if table.status == WAITING else None,
        "creator": next((s.user_name for s in table.seats if s.user_id == table.created_by), None),
        "open_seats": [] if mine else [s for s in table.seats if s.kind == OPEN or (s.kind == INVITED and user
                                       and s.invited and s.invited.lower() == user.name.lower())],
    }  # fmt: skip


def replay_context(replay: Replay, step_text: str, seat_text: str, user: User | None) -> dict[str, Any]:
    """What a replay shows at step `step_text` (the set-up if empty: a replay is read from the start)
    from the point of view `seat_text`: a seat's number, ``all`` for every seat's board side by side
    (the game is over, so every hand may be shown), or if empty the viewer's own seat (``all`` for
    someone who did not play). Each board is drawn from a seat's view, as the table drew it, without
    decisions, glowing where the step's decision changed it."""
    table = replay.table
    names = [seat.shown for seat in table.seats]
    step = read_int(step_text, "the step") if step_text else 0
    if not 0 <= step <= replay.last:
        raise TableError(
            msg(
                "there is no step {step}: this game's steps run from 0 (the set-up) to {last}",
                step=step,
                last=replay.last,
            )
        )
    mine = table.seat_of(user.id) if user else []
    chosen = seat_text or (str(mine[0] + 1) if mine else "all")
    if chosen == "all":
        seats = list(range(table.players))
    else:
        number = int(chosen) if chosen.isascii() and chosen.isdigit() and len(chosen) <= 2 else 0
        if not 1 <= number <= table.players:
            raise TableError(
                msg(
                    "the table has no seat {seat}: its seats are 1 to {last}, or 'all'",
                    seat=quoted(chosen),
                    last=table.players,
                )
            )
        chosen, seats = str(number), [number - 1]
    state = replay.position(step)
    before = replay.position(step - 1) if step else None

    def drawn(seat: int) -> Markup:
        """The seat's board, glowing where the step's decision changed it."""
        view = state.view(seat)
        changed = changes(pieces(table.game, before.view(seat)), pieces(table.game, view)) if before else frozenset()
        return render_board(table.game, view, [], names, changed)

    return {
        "table": table,
        "game": get_game(table.game),
        "step": step,
        "last": replay.last,
        "seat": chosen,
        "names": names,
        "boards": [(s, names[s], drawn(s)) for s in seats],
        "board_style": board_style(table.game),
        "board_defs": board_defs(table.game),
        "log": [
            {
                "step": number,
                "player": names[decision.seat],
                "action": decision.action,
                "lines": [i18n.translate(event.message, names) for event in decision.events],
            }
            for number, decision in enumerate(replay.decisions[:step], start=1)
        ],
        "outcome": state.outcome() if state.is_terminal() else None,
    }
