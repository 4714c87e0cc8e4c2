"""Accounts and sessions: argon2 password hashes, random session tokens kept only as their SHA-256 in the
database, and the CSRF token of a session (derived from its token) that every form and action carries.

Strangers are bounded: failed log-ins are counted per name and per address in the database (so every
server process sees the same counts) and a name or address with too many is locked for a while, before
any password is checked; argon2 runs in a few threads of its own per process (`PasswordWork`); an
unknown name costs the same check as a known one; guest accounts are counted per address."""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import hashlib
import hmac
import math
import re
import secrets
import threading
import unicodedata
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from laguna.core import LagunaError
from laguna.core.messages import Message, msg, msg_plural
from laguna.server.account_store import AddressFull, NameTaken, User
from laguna.server.limits import Throttle
from laguna.server.store import Store

SESSION_DAYS = 30
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{1,23}")
"""A player name: 2–24 letters, digits, '_', '.' or '-', starting with a letter or digit."""
MIN_PASSWORD = 8
MAX_PASSWORD = 1024
"""Characters a password may have: more than any passphrase, far less than anyone needs to hash."""
SESSION_CACHE = 50_000
"""Sessions remembered in memory, the most recently used."""
ACCOUNT_THROTTLE = Throttle(
    free=5, first_lock=timedelta(minutes=1), longest_lock=timedelta(hours=1), forget=timedelta(days=1)
)
"""Failed log-ins per name: five, then the name is locked for a minute, two, four … at most an hour at
each further failure; forgotten a day after the latest, or at once when the right password is given."""
ADDRESS_THROTTLE = Throttle(
    free=30, first_lock=timedelta(minutes=1), longest_lock=timedelta(minutes=15), forget=timedelta(hours=1)
)
"""Failed log-ins per address (many people may share one): thirty, then locks from a minute up to a
quarter of an hour; forgotten an hour after the latest."""
PURGE_EVERY = timedelta(minutes=1)
"""How often a process forgets the counts of failed log-ins whose time is over."""
PASSWORD_SLOTS = 2
"""Password hashes or checks one server process runs at once: argon2 takes 64 MiB and a core's 0.15 s
for each, so two keep a process under 130 MiB of it and leave a core to everything else."""
PASSWORD_WAIT = 2.0
"""Seconds a password check may wait for a slot before the visitor is told the server is busy."""
PASSWORD_QUEUE = 32
"""Password checks that may wait for a slot at once; one more is told at once that the server is busy."""
GUESTS_PER_ADDRESS = 30
"""Guest accounts one address may make in `GUEST_WINDOW` (a class behind one school address, say)."""
GUEST_WINDOW = timedelta(hours=1)
GUEST_KEPT = timedelta(days=7)
"""A guest account that never sat at a table, and has no live session, is deleted after this long."""
GUEST_NAME_TRIES = 5
"""Names drawn for a new guest before giving up (two guests drawing one name is one in millions)."""
_T = TypeVar("_T")


class AuthError(LagunaError):
    """A sign-up or log-in that cannot be done; the message says why."""


class Throttled(LagunaError):
    """A log-in refused unchecked: its name or address failed too often lately."""

    def __init__(self, seconds: int) -> None:
        super().__init__(
            msg(
                "too many failed log-ins for this name or from your address: try again in {seconds} s",
                seconds=seconds,
            )
        )
        self.retry_after = seconds


class PasswordsBusy(LagunaError):
    """No password slot came free in time (`PASSWORD_WAIT`): the server is busy, the visitor may retry."""

    retry_after = 1

    def __init__(self) -> None:
        super().__init__(msg("the server is busy checking passwords: try again in a moment"))


class TooManyGuests(LagunaError):
    """An address that has made `GUESTS_PER_ADDRESS` guest accounts in the last `GUEST_WINDOW`."""

    def __init__(self, seconds: int) -> None:
        super().__init__(
            msg(
                "too many guest accounts from your address in the last hour: sign up, or try again in {minutes} min",
                minutes=max(1, math.ceil(seconds / 60)),
            )
        )
        self.retry_after = seconds


class PasswordWork:
    """Where argon2 runs: at most `slots` hashes or checks at once, in threads of their own, so that a
    flood of log-ins takes neither the memory of the machine nor the threads that serve pages. A job
    that has not started after `wait` seconds, or finds `queue` jobs waiting already, is dropped with
    `PasswordsBusy` rather than queued for ever; one waiting from the event loop (`run_async`) holds no
    thread while it waits."""

    def __init__(self, slots: int = PASSWORD_SLOTS, wait: float = PASSWORD_WAIT, queue: int = PASSWORD_QUEUE) -> None:
        self.wait, self.queue = wait, queue
        self._pool = concurrent.futures.ThreadPoolExecutor(slots, thread_name_prefix="laguna-passwords")
        self._waiting = 0
        self._lock = threading.Lock()

    def submit(self, work: Callable[..., _T], *args: object) -> concurrent.futures.Future[_T]:
        """`work(*args)` queued for a slot (`PasswordsBusy` if the queue is full)."""
        with self._lock:
            if self._waiting >= self.queue:
                raise PasswordsBusy()
            self._waiting += 1

        def job() -> _T:
            with self._lock:
                self._waiting -= 1
            return work(*args)

        return self._pool.submit(job)

    def run(self, work: Callable[..., _T], *args: object) -> _T:
        """`work(*args)` in a slot, waiting in this thread."""
        future = self.submit(work, *args)
        try:
            return future.result(timeout=self.wait)
        except TimeoutError:
            if self._drop(future):
                raise PasswordsBusy() from None
            return future.result()  # it has just started

    async def run_async(self, work: Callable[..., _T], *args: object) -> _T:
        """`work(*args)` in a slot, waiting in the event loop."""
        future = self.submit(work, *args)
        done = asyncio.wrap_future(future)
        try:
            return await asyncio.wait_for(asyncio.shield(done), self.wait)
        except TimeoutError:
            if self._drop(future):
                raise PasswordsBusy() from None
            return await done  # it has just started
        except asyncio.CancelledError:
            self._drop(future)
            raise

    def _drop(self, future: concurrent.futures.Future[_T]) -> bool:
        """Take a job that has not started out of the queue; whether it was."""
        if not future.cancel():
            return False
        with self._lock:
            self._waiting -= 1
        return True


@functools.cache
def password_work() -> PasswordWork:
    """This process's password slots, shared by every application in it."""
    return PasswordWork()


def password_problem(password: str) -> AuthError | None:
    """Why a new password is refused, if it is: too short or too long, a control character (a tab, a
    line break, which no one types into a password field and which hide in what was pasted), or
    nothing but spaces."""
    if len(password) < MIN_PASSWORD:
        return AuthError(
            msg_plural(
                "a password has at least {count} character", "a password has at least {count} characters", MIN_PASSWORD
            )
        )
    if len(password) > MAX_PASSWORD:
        return AuthError(_too_long())
    if any(unicodedata.category(c) in ("Cc", "Cs") for c in password):
        return AuthError(msg("a password cannot contain control characters, such as a tab or a line break"))
    if password.isspace():
        return AuthError(msg("a password cannot be only spaces"))
    return None


def _too_long() -> Message:
    return msg_plural(
        "a password has at most {count} character", "a password has at most {count} characters", MAX_PASSWORD
    )


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


@dataclass(frozen=True, slots=True)
class _Attempt:
    """A log-in counted (as a failure until it proves right) against its name and address."""

    name: str
    keys: tuple[tuple[str, Throttle], ...]
    user: User | None
    stored: str | None


class Accounts:
    """Sign-up, log-in, guests and sessions over the store.

    Live sessions are remembered in memory once looked up, so that a request reads nothing from the
    database to know its user; a session closed through another server process is forgotten when that
    is announced (`forget_session`). Passwords are hashed and checked by `hasher` in `work`'s slots
    (the process's own unless given).
    """

    def __init__(self, store: Store, *, hasher: PasswordHasher | None = None, work: PasswordWork | None = None) -> None:
        self.store = store
        self.hasher = hasher or PasswordHasher()
        self.work = work or password_work()
        self._sessions: OrderedDict[str, tuple[User, datetime]] = OrderedDict()
        self._lock = threading.Lock()
        self._dummy: str | None = None
        self._next_purge: datetime | None = None

    @property
    def dummy_hash(self) -> str:
        """A hash of a random password with the hasher's parameters, checked for a name that has no
        password (unknown, or a guest's), so that it costs what a known name's check does."""
        if self._dummy is None:
            self._dummy = self.hasher.hash(secrets.token_urlsafe(16))
        return self._dummy

    # ------------------------------------------------------------------ sign-up

    def sign_up(self, name: str, password: str, now: datetime) -> User:
        name = self._new_account(name, password)
        return self.store.create_user(name, self.work.run(self.hasher.hash, password), now)

    async def sign_up_async(self, name: str, password: str, now: datetime) -> User:
        """`sign_up` from the event loop: the hash waits for its slot there, and the database in a thread."""
        name = self._new_account(name, password)
        hashed = await self.work.run_async(self.hasher.hash, password)
        return await asyncio.to_thread(self.store.create_user, name, hashed, now)

    def _new_account(self, name: str, password: str) -> str:
        """The name of a new account, stripped; `AuthError` if the name or the password is refused."""
        name = name.strip()
        if not NAME.fullmatch(name):
            raise AuthError(
                msg("a name has 2 to 24 letters, digits, '_', '.' or '-', and starts with a letter or digit")
            )
        if name.lower().startswith("guest"):
            raise AuthError(msg("names starting with 'guest' are kept for guests"))
        problem = password_problem(password)
        if problem is not None:
            raise problem
        return name

    # ------------------------------------------------------------------ log-in

    def log_in(self, name: str, password: str, now: datetime, address: str | None = None) -> User:
        """The user whose name and password these are, logging in from `address`. `Throttled` (before
        any check) if the name or the address failed too often lately; `PasswordsBusy` if no password
        slot came free in time (the attempt is then not counted)."""
        attempt = self._begin(name, password, now, address)
        try:
            right = self.work.run(self._check, attempt.stored, password)
        except PasswordsBusy:
            self.store.take_back_attempt(attempt.keys)
            raise
        return self._end(attempt, right)

    async def log_in_async(self, name: str, password: str, now: datetime, address: str | None = None) -> User:
        """`log_in` from the event loop: the check waits for its slot there, the database in a thread."""
        attempt = await asyncio.to_thread(self._begin, name, password, now, address)
        try:
            right = await self.work.run_async(self._check, attempt.stored, password)
        except PasswordsBusy:
            await asyncio.to_thread(self.store.take_back_attempt, attempt.keys)
            raise
        return await asyncio.to_thread(self._end, attempt, right)

    def _begin(self, name: str, password: str, now: datetime, address: str | None) -> _Attempt:
        """Count the attempt against its name and address (refused if either is locked) and find the
        password to check it against."""
        name = name.strip()
        if len(password) > MAX_PASSWORD:  # no account has one: nothing to count or check
            raise AuthError(_too_long())
        named = NAME.fullmatch(name) is not None  # another name is no account's: only the address counts
        keys: tuple[tuple[str, Throttle], ...] = ()
        if address is not None:
            keys += ((f"address {address}"[:64], ADDRESS_THROTTLE),)
        if named:
            keys += ((f"name {name.lower()}", ACCOUNT_THROTTLE),)
        locked_until = self.store.count_attempt(keys, now) if keys else None
        self._purge(now)
        if locked_until is not None:
            raise Throttled(max(1, math.ceil((locked_until - now).total_seconds())))
        if not named:
            raise AuthError(msg("unknown name or wrong password"))
        found = self.store.login_of(name)
        user, stored = found if found is not None else (None, None)
        return _Attempt(name, keys, user, stored)

    def _check(self, stored: str | None, password: str) -> bool:
        """Whether `password` is the one hashed in `stored`; a name without one (unknown, a guest) is
        checked against the dummy hash, the same work, and fails."""
        try:
            self.hasher.verify(stored or self.dummy_hash, password.encode("utf-8", "surrogatepass"))
        except (VerificationError, InvalidHashError):
            return False
        return stored is not None

    def _end(self, attempt: _Attempt, right: bool) -> User:
        """The user if the password was right: the name's failures are forgotten and the address's
        attempt taken back. A wrong one stays counted."""
        if not right or attempt.user is None:
            raise AuthError(msg("unknown name or wrong password"))
        addresses = [(key, throttle) for key, throttle in attempt.keys if key.startswith("address ")]
        names = [key for key, _ in attempt.keys if key.startswith("name ")]
        self.store.take_back_attempt(addresses, forget=names)
        return attempt.user

    def _purge(self, now: datetime) -> None:
        """Forget what is over, at most every `PURGE_EVERY`: the log-in counts whose time is over, the
        sessions past their expiry and the guests gone for `GUEST_KEPT` without a game (run where such
        rows are made, so that the tables they fill never grow without bound)."""
        with self._lock:
            if self._next_purge is not None and now < self._next_purge:
                return
            self._next_purge = now + PURGE_EVERY
        self.store.purge_attempts(now)
        self.store.purge_sessions_and_guests(now, now - GUEST_KEPT)

    # ------------------------------------------------------------------ guests and sessions

    def guest(self, now: datetime, address: str | None = None) -> User:
        """A guest account for playing against bots without signing up, from `address`: at most
        `GUESTS_PER_ADDRESS` an address in `GUEST_WINDOW` (`TooManyGuests`), counted in the database."""
        self._purge(now)
        for attempt in range(GUEST_NAME_TRIES):  # a name drawn again is drawn anew, never shown
            name = f"Guest-{secrets.token_hex(3)}"
            try:
                if address is None:
                    return self.store.create_user(name, None, now, guest=True)
                return self.store.create_guest(name, now, address, most=GUESTS_PER_ADDRESS, since=now - GUEST_WINDOW)
            except AddressFull as full:
                raise TooManyGuests(max(1, math.ceil((full.until - now).total_seconds()))) from None
            except NameTaken:
                if attempt == GUEST_NAME_TRIES - 1:
                    raise
        raise AssertionError("unreachable")

    def open_session(self, user: User, now: datetime) -> str:
        """A new session for `user`: the token for the cookie (only its hash is stored)."""
        self._purge(now)
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
