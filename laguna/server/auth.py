"""Accounts and sessions: argon2 password hashes, random session tokens kept only as their SHA-256 in the
database, and the CSRF token of a session (derived from its token) that every form and action carries."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import threading
from collections import OrderedDict
from datetime import datetime, timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from laguna.core import LagunaError
from laguna.core.messages import msg, msg_plural
from laguna.server.store import Store, User

SESSION_DAYS = 30
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{1,23}")
"""A player name: 2–24 letters, digits, '_', '.' or '-', starting with a letter or digit."""
MIN_PASSWORD = 8
SESSION_CACHE = 50_000
"""Sessions remembered in memory, the most recently used."""
_HASHER = PasswordHasher()


class AuthError(LagunaError):
    """A sign-up or log-in that cannot be done; the message says why."""


def hash_password(password: str) -> str:
    return _HASHER.hash(password)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def csrf_token(session_token: str) -> str:
    """The token a session's forms and actions carry. It is derived from the session's secret token,
    which another site can neither read (the cookie is HttpOnly) nor guess, so a forged request from
    elsewhere cannot carry it."""
    return hmac.new(b"laguna csrf", session_token.encode(), hashlib.sha256).hexdigest()


def csrf_ok(session_token: str | None, sent: str | None) -> bool:
    if not session_token or not sent:
        return False
    return hmac.compare_digest(csrf_token(session_token), sent)


class Accounts:
    """Sign-up, log-in, guests and sessions over the store.

    Live sessions are remembered in memory once looked up, so that a request reads nothing from the
    database to know its user; a session closed through another server process is forgotten when that
    is announced (`forget_session`).
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self._sessions: OrderedDict[str, tuple[User, datetime]] = OrderedDict()
        self._lock = threading.Lock()

    def sign_up(self, name: str, password: str, now: datetime) -> User:
        name = name.strip()
        if not NAME.fullmatch(name):
            raise AuthError(
                msg("a name has 2 to 24 letters, digits, '_', '.' or '-', and starts with a letter or digit")
            )
        if name.lower().startswith("guest"):
            raise AuthError(msg("names starting with 'guest' are kept for guests"))
        if len(password) < MIN_PASSWORD:
            raise AuthError(
                msg_plural(
                    "a password has at least {count} character",
                    "a password has at least {count} characters",
                    MIN_PASSWORD,
                )
            )
        return self.store.create_user(name, hash_password(password), now)

    def log_in(self, name: str, password: str) -> User:
        found = self.store.login_of(name.strip())
        user, stored = found if found is not None else (None, None)
        if user is None or stored is None:
            raise AuthError(msg("unknown name or wrong password"))
        try:
            _HASHER.verify(stored, password)
        except (VerificationError, InvalidHashError):
            raise AuthError(msg("unknown name or wrong password")) from None
        return user

    def guest(self, now: datetime, address: str | None = None) -> User:
        """A guest account for playing against bots without signing up, from `address`."""
        return self.store.create_user(f"Guest-{secrets.token_hex(3)}", None, now, guest=True, address=address)

    def open_session(self, user: User, now: datetime) -> str:
        """A new session for `user`: the token for the cookie (only its hash is stored)."""
        token = secrets.token_urlsafe(32)
        self.store.create_session(user.id, token_hash(token), now, now + timedelta(days=SESSION_DAYS))
        return token

    def known_user(self, token: str | None, now: datetime) -> User | None:
        """The user of a session remembered in memory, without asking the database (None if it is not)."""
        if not token:
            return None
        key = token_hash(token)
        with self._lock:
            found = self._sessions.get(key)
            if found is None:
                return None
            if found[1] <= now:
                del self._sessions[key]
                return None
            self._sessions.move_to_end(key)
            return found[0]

    def session_user(self, token: str | None, now: datetime) -> User | None:
        """The user of a live session, from memory or else the database."""
        if not token:
            return None
        known = self.known_user(token, now)
        if known is not None:
            return known
        key = token_hash(token)
        found = self.store.session(key, now)
        if found is None:
            return None
        with self._lock:
            self._sessions[key] = found
            if len(self._sessions) > SESSION_CACHE:
                self._sessions.popitem(last=False)
        return found[0]

    def close_session(self, token: str) -> None:
        key = token_hash(token)
        self.forget_session(key)
        self.store.delete_session(key)

    def forget_session(self, key: str) -> None:
        """Forget a session (by its token's hash) closed here or through another server process."""
        with self._lock:
            self._sessions.pop(key, None)

    def forget_all(self) -> None:
        with self._lock:
            self._sessions.clear()
