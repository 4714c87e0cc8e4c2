"""Accounts and sessions: hashed passwords, sessions remembered in memory and forgotten when closed here
or (announced) through another server process, and the CSRF token of a session."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import Engine, func, select

from laguna.server.auth import SESSION_DAYS, Accounts, AuthError, csrf_ok, csrf_token, token_hash
from laguna.server.schema import sessions
from laguna.server.service import SeatRequest, TableService
from laguna.server.store import BOT, HUMAN, Store

NOW = datetime(2026, 3, 1, tzinfo=UTC)


def test_a_password_is_kept_only_as_its_argon2_hash(engine: Engine) -> None:
    accounts = Accounts(Store(engine))
    ada = accounts.sign_up("Ada", "correct horse", NOW)
    found = accounts.store.login_of("ada")
    assert found is not None and found[1] is not None
    assert found[1].startswith("$argon2") and "correct horse" not in found[1]
    assert accounts.log_in("ADA", "correct horse", NOW) == ada
    with pytest.raises(AuthError, match="unknown name or wrong password"):
        accounts.log_in("Ada", "wrong horse", NOW)


def test_a_session_is_remembered_and_forgotten_when_closed_anywhere(engine: Engine) -> None:
    here, there = Accounts(Store(engine)), Accounts(Store(engine))  # two server processes
    ada = here.guest(NOW)
    token = here.open_session(ada, NOW)
    assert here.known_user(token, NOW) is None  # not looked up yet
    assert there.session_user(token, NOW) == ada == there.known_user(token, NOW)
    here.close_session(token)
    assert here.session_user(token, NOW) is None
    assert there.known_user(token, NOW) == ada  # until the closing is announced
    there.forget_session(token_hash(token))
    assert there.session_user(token, NOW) is None


def test_a_remembered_session_still_expires(engine: Engine) -> None:
    accounts = Accounts(Store(engine))
    token = accounts.open_session(accounts.guest(NOW), NOW)
    assert accounts.session_user(token, NOW) is not None
    later = NOW + timedelta(days=31)
    assert accounts.known_user(token, later) is None and accounts.session_user(token, later) is None


def test_the_csrf_token_belongs_to_its_session() -> None:
    assert csrf_ok("session-a", csrf_token("session-a"))
    assert not csrf_ok("session-b", csrf_token("session-a"))
    assert not csrf_ok(None, csrf_token("session-a")) and not csrf_ok("session-a", None)


def test_expired_sessions_and_guests_who_never_played_are_forgotten(engine: Engine) -> None:
    """The sessions and guest accounts strangers make do not pile up: a guest who never sat at a
    table and has no live session is deleted a week on, with every session past its expiry, the next
    time accounts are made; a guest who played keeps their account and their games."""
    store, accounts = Store(engine), Accounts(Store(engine))
    idle, player = accounts.guest(NOW, "203.0.113.1"), accounts.guest(NOW, "203.0.113.1")
    old = accounts.open_session(idle, NOW)
    TableService(store, lambda: NOW).create(player, "burano", [SeatRequest(HUMAN), SeatRequest(BOT, bot="easy")])
    later = NOW + timedelta(days=SESSION_DAYS + 1)
    kept = accounts.open_session(accounts.guest(later, "203.0.113.2"), later)  # makes accounts: the purge runs
    assert store.user(idle.id) is None and store.user(player.id) == player
    assert store.session(token_hash(old), later) is None
    assert accounts.session_user(kept, later) is not None
    with engine.connect() as c:
        assert c.execute(select(func.count()).select_from(sessions)).scalar_one() == 1
