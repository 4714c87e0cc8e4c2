"""Accounts against strangers, on SQLite and PostgreSQL: failed log-ins throttled per name and per
address in the database (so that every server process keeps the same counts), password checks bounded
per process and never on the event loop, the same work for an unknown name as for a known one,
passwords with sane bounds, and guest accounts bounded per address."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import Any

import argon2
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, func, select

from laguna.server import auth
from laguna.server.app import create_app
from laguna.server.auth import AuthError
from laguna.server.store import Store

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


class Counting(argon2.PasswordHasher):
    """Cheap argon2 parameters (the tests make many hashes), counting its work and where it runs; a
    check may be held until `go` is set."""

    def __init__(self, *, hold: bool = False) -> None:
        super().__init__(time_cost=1, memory_cost=8, parallelism=1)
        self.hashed = 0
        self.checked: list[str] = []
        self.running = self.most = 0
        self.go = threading.Event()
        if not hold:
            self.go.set()
        self._lock = threading.Lock()

    def hash(self, password: str | bytes, *, salt: bytes | None = None) -> str:
        self.hashed += 1
        return super().hash(password, salt=salt)

    def verify(self, hash: str | bytes, password: str | bytes) -> Any:
        with self._lock:
            self.checked.append(threading.current_thread().name)
            self.running += 1
            self.most = max(self.most, self.running)
        try:
            self.go.wait(10)
            return super().verify(hash, password)
        finally:
            with self._lock:
                self.running -= 1


def _pair(engine: Engine, hasher: argon2.PasswordHasher, **given: Any) -> tuple[auth.Accounts, auth.Accounts]:
    """Two server processes' accounts on one database."""
    return auth.Accounts(Store(engine), hasher=hasher, **given), auth.Accounts(Store(engine), hasher=hasher, **given)


def _fails(log_in: Callable[..., object], *args: object) -> str:
    """How a log-in attempt ends: ``wrong``, ``throttled``, ``busy`` or ``in``."""
    try:
        log_in(*args)
    except auth.Throttled:
        return "throttled"
    except auth.PasswordsBusy:
        return "busy"
    except AuthError:
        return "wrong"
    return "in"


# ---------------------------------------------------------------------- throttled log-ins


def test_failed_log_ins_lock_a_name_for_every_server_process(engine: Engine) -> None:
    hasher = Counting()
    here, there = _pair(engine, hasher)
    ada = here.sign_up("Ada", "correct horse", NOW)
    free = auth.ACCOUNT_THROTTLE.free
    for attempt in range(free):  # each from an address of its own: the name's count alone
        with pytest.raises(AuthError, match="unknown name or wrong password"):
            (here, there)[attempt % 2].log_in("Ada", "wrong horse", NOW, f"192.0.2.{attempt}")
    checks = len(hasher.checked)
    with pytest.raises(auth.Throttled, match=r"too many failed log-ins.*try again in 60 s") as refused:
        there.log_in("ADA", "correct horse", NOW, "198.51.100.1")
    assert refused.value.retry_after == 60 and len(hasher.checked) == checks  # refused before any check
    later = NOW + timedelta(seconds=61)
    assert _fails(here.log_in, "Ada", "still wrong", later, "198.51.100.2") == "wrong"
    with pytest.raises(auth.Throttled, match="try again in 120 s"):  # the lock doubles
        there.log_in("Ada", "correct horse", later, "198.51.100.3")
    after = later + timedelta(minutes=2)
    assert here.log_in("Ada", "correct horse", after, "198.51.100.4") == ada
    for attempt in range(free):  # the success forgot the failures
        assert _fails(there.log_in, "Ada", "wrong horse", after, f"198.51.100.{10 + attempt}") == "wrong"
    assert _fails(here.log_in, "Ada", "correct horse", after, "198.51.100.99") == "throttled"


def test_failed_log_ins_from_one_address_lock_the_address(engine: Engine) -> None:
    hasher = Counting()
    here, there = _pair(engine, hasher)
    here.sign_up("Ada", "correct horse", NOW)
    free = auth.ADDRESS_THROTTLE.free
    for attempt in range(free):  # a name each: the address's count alone
        assert _fails((here, there)[attempt % 2].log_in, f"name{attempt}", "guess", NOW, "203.0.113.9") == "wrong"
    checks = len(hasher.checked)
    with pytest.raises(auth.Throttled, match="try again in 60 s"):
        there.log_in("Ada", "correct horse", NOW, "203.0.113.9")
    assert len(hasher.checked) == checks
    assert here.log_in("Ada", "correct horse", NOW, "203.0.113.10").name == "Ada"  # another address


def test_log_ins_at_once_from_two_processes_cannot_pass_the_count_together(engine: Engine) -> None:
    hasher = Counting()
    here, there = _pair(engine, hasher)
    here.sign_up("Ada", "correct horse", NOW)
    attempts = 12
    start = threading.Barrier(attempts)

    def attempt(number: int) -> str:
        start.wait()
        return _fails((here, there)[number % 2].log_in, "Ada", "wrong horse", NOW, f"192.0.2.{number}")

    with ThreadPoolExecutor(attempts) as pool:
        ends = list(pool.map(attempt, range(attempts)))
    free = auth.ACCOUNT_THROTTLE.free
    assert sorted(ends) == ["throttled"] * (attempts - free) + ["wrong"] * free
    assert len(hasher.checked) == free


def test_old_counts_are_purged_as_log_ins_go_on(engine: Engine) -> None:
    accounts = auth.Accounts(Store(engine), hasher=Counting())
    for number in range(10):
        _fails(accounts.log_in, f"name{number}", "guess", NOW, f"192.0.2.{number}")
    assert _throttle_rows(engine) == 20
    much_later = NOW + auth.ACCOUNT_THROTTLE.forget + timedelta(minutes=1)
    _fails(accounts.log_in, "name0", "guess", much_later, "192.0.2.0")
    assert _throttle_rows(engine) == 2  # the new attempt's name and address


def _throttle_rows(engine: Engine) -> int:
    from laguna.server.schema import login_throttles  # noqa: PLC0415 (a table this work adds)

    with engine.connect() as c:
        return int(c.execute(select(func.count()).select_from(login_throttles)).scalar_one())


@pytest.fixture
def app(engine: Engine, database_url: str) -> Iterator[tuple[Any, list[datetime]]]:
    del engine
    clock = [NOW]
    yield create_app(database_url, clock=lambda: clock[0]), clock


def test_a_throttled_log_in_is_refused_with_429_and_retry_after_at_real_argon2_cost(
    app: tuple[Any, list[datetime]],
) -> None:
    application, clock = app
    with (
        TestClient(application, follow_redirects=True) as ada,
        TestClient(application, follow_redirects=False) as stranger,
    ):
        assert ada.post("/signup", data={"name": "Ada", "password": "correct horse"}).status_code == 200
        for _ in range(auth.ACCOUNT_THROTTLE.free):
            wrong = stranger.post("/login", data={"name": "ada", "password": "wrong horse"})
            assert wrong.status_code == 400 and "unknown name or wrong password" in wrong.text
        refused = stranger.post("/login", data={"name": "ada", "password": "correct horse"})
        assert refused.status_code == 429 and refused.headers["retry-after"] == "60"
        assert "too many failed log-ins" in refused.text and "try again in 60 s" in refused.text
        clock[0] += timedelta(seconds=60)
        let_in = stranger.post("/login", data={"name": "ada", "password": "correct horse"})
        assert let_in.status_code == 303


# ---------------------------------------------------------------------- password checks bounded per process


def test_at_most_a_few_password_checks_run_at_once_and_the_others_are_told_busy(engine: Engine) -> None:
    hasher = Counting(hold=True)
    work = auth.PasswordWork(slots=2, wait=0.2)
    here, there = _pair(engine, hasher, work=work)
    hasher.go.set()
    here.sign_up("Ada", "correct horse", NOW)
    hasher.go.clear()
    with ThreadPoolExecutor(2) as pool:
        held = [pool.submit(_fails, here.log_in, "Ada", "wrong horse", NOW, "192.0.2.1") for _ in range(2)]
        while hasher.running < 2:
            threading.Event().wait(0.01)
        assert _fails(there.log_in, "Ada", "correct horse", NOW, "192.0.2.2") == "busy"
        with pytest.raises(auth.PasswordsBusy, match="busy"):
            there.sign_up("Bob", "correct horse", NOW)
        hasher.go.set()
        assert [f.result() for f in held] == ["wrong", "wrong"]
    assert hasher.most == 2 and all(name.startswith("laguna-passwords") for name in hasher.checked)
    free = auth.ACCOUNT_THROTTLE.free  # the busy attempt was not counted against Ada
    for number in range(free - 2):
        assert _fails(here.log_in, "Ada", "wrong horse", NOW, f"198.51.100.{number}") == "wrong"
    assert _fails(here.log_in, "Ada", "correct horse", NOW, "198.51.100.99") == "throttled"


def test_waiting_for_a_password_slot_holds_no_thread() -> None:
    work = auth.PasswordWork(slots=1, wait=5.0)
    release = threading.Event()

    async def many() -> list[int]:
        first = asyncio.ensure_future(work.run_async(release.wait, 5))
        await asyncio.sleep(0.05)  # the only slot is taken
        threads = threading.active_count()
        waiting = [asyncio.ensure_future(work.run_async(len, "abc")) for _ in range(20)]
        await asyncio.sleep(0.05)
        assert threading.active_count() <= threads  # twenty waits, no thread more (others' may end meanwhile)
        release.set()
        await first
        return list(await asyncio.gather(*waiting))

    assert asyncio.run(many()) == [3] * 20


def test_a_busy_server_answers_503_with_retry_after(app: tuple[Any, list[datetime]]) -> None:
    application, _ = app
    server = application.state.server
    server.accounts.hasher = Counting()
    server.accounts.work = auth.PasswordWork(slots=1, wait=0.05)
    release = threading.Event()
    with TestClient(application, follow_redirects=False) as client:
        assert client.post("/signup", data={"name": "Ada", "password": "correct horse"}).status_code == 303
        taken = server.accounts.work.submit(release.wait, 10)
        try:
            busy = client.post("/login", data={"name": "Ada", "password": "correct horse"})
            assert busy.status_code == 503 and "busy" in busy.text and busy.headers["retry-after"] == "1"
            busy = client.post("/signup", data={"name": "Bob", "password": "correct horse"})
            assert busy.status_code == 503 and "busy" in busy.text
        finally:
            release.set()
            taken.result()
        assert client.post("/login", data={"name": "Ada", "password": "correct horse"}).status_code == 303
    checked = server.accounts.hasher.checked
    assert checked and all(name.startswith("laguna-passwords") for name in checked)


# ---------------------------------------------------------------------- the same work for every name


def test_an_unknown_name_costs_the_same_check_as_a_known_one(engine: Engine) -> None:
    hasher = Counting()
    accounts = auth.Accounts(Store(engine), hasher=hasher)
    accounts.sign_up("Ada", "correct horse", NOW)
    guest = accounts.guest(NOW)
    for name in ("Ada", "Nobody", guest.name):
        before = len(hasher.checked)
        assert _fails(accounts.log_in, name, "wrong horse", NOW, "192.0.2.1") == "wrong"
        assert len(hasher.checked) == before + 1, name


def test_the_dummy_hash_costs_what_a_real_one_does_at_real_argon2_cost(engine: Engine) -> None:
    accounts = auth.Accounts(Store(engine))
    accounts.sign_up("Ada", "correct horse", NOW)
    found = accounts.store.login_of("ada")
    assert found is not None and found[1] is not None
    assert argon2.extract_parameters(accounts.dummy_hash) == argon2.extract_parameters(found[1])
    assert argon2.extract_parameters(found[1]).memory_cost == argon2.PasswordHasher().memory_cost


# ---------------------------------------------------------------------- passwords


@pytest.mark.parametrize(
    ("password", "message"),
    [
        (" " * 12, "a password cannot be only spaces"),
        ("\u3000" * 9, "a password cannot be only spaces"),
        ("\t" * 8, "a password cannot contain control characters"),
        ("correct\x00horse", "a password cannot contain control characters"),
        ("correct horse\n", "a password cannot contain control characters"),
        ("correct\x7fhorse", "a password cannot contain control characters"),
        ("x" * 1025, "a password has at most 1024 characters"),
        ("short", "a password has at least 8 characters"),
    ],
)
def test_a_bad_password_is_refused_before_any_hashing(engine: Engine, password: str, message: str) -> None:
    hasher = Counting()
    accounts = auth.Accounts(Store(engine), hasher=hasher)
    with pytest.raises(AuthError, match=message):
        accounts.sign_up("Ada", password, NOW)
    assert hasher.hashed == 0


def test_passwords_with_spaces_and_up_to_the_longest_are_taken(engine: Engine) -> None:
    hasher = Counting()
    accounts = auth.Accounts(Store(engine), hasher=hasher)
    for number, password in enumerate(["  spaced out  ", "x" * auth.MAX_PASSWORD, "пароль с пробелами"]):
        user = accounts.sign_up(f"Ada{number}", password, NOW)
        assert accounts.log_in(f"ada{number}", password, NOW, "192.0.2.1") == user
    checks = len(hasher.checked)
    with pytest.raises(AuthError, match=f"at most {auth.MAX_PASSWORD} characters"):
        accounts.log_in("Ada0", "x" * 60_000, NOW, "192.0.2.1")
    assert len(hasher.checked) == checks  # nobody hashes a 60 KB password


# ---------------------------------------------------------------------- guests per address


def test_guests_from_one_address_are_bounded_for_every_server_process(engine: Engine) -> None:
    here, there = _pair(engine, Counting())
    most, window = auth.GUESTS_PER_ADDRESS, auth.GUEST_WINDOW
    for number in range(most):
        (here, there)[number % 2].guest(NOW + timedelta(seconds=number), "203.0.113.5")
    with pytest.raises(auth.TooManyGuests, match="too many guest accounts from your address") as refused:
        there.guest(NOW + timedelta(seconds=most), "203.0.113.5")
    assert refused.value.retry_after == int(window.total_seconds()) - most
    assert here.guest(NOW, "198.51.100.2").guest  # another address
    later = NOW + window + timedelta(milliseconds=500)  # the first guest no longer counts
    assert here.guest(later, "203.0.113.5").guest
    with pytest.raises(auth.TooManyGuests):
        there.guest(later, "203.0.113.5")


def test_guests_asked_at_once_from_two_processes_cannot_pass_the_count_together(engine: Engine) -> None:
    here, there = _pair(engine, Counting())
    most, asked = auth.GUESTS_PER_ADDRESS, auth.GUESTS_PER_ADDRESS + 10
    start = threading.Barrier(asked)

    def make(number: int) -> bool:
        start.wait()
        try:
            (here, there)[number % 2].guest(NOW, "203.0.113.5")
        except auth.TooManyGuests:
            return False
        return True

    with ThreadPoolExecutor(asked) as pool:
        made = list(pool.map(make, range(asked)))
    assert made.count(True) == most


def test_guest_and_play_now_refuse_an_address_over_its_guests(app: tuple[Any, list[datetime]]) -> None:
    application, _ = app
    accounts = application.state.server.accounts
    with TestClient(application, follow_redirects=True) as visitor:
        for _ in range(auth.GUESTS_PER_ADDRESS):
            accounts.guest(NOW, "testclient")  # the test client's address
        for path, form in [("/guest", {}), ("/play-now", {"level": "easy"})]:
            refused = visitor.post(path, data=form)
            assert refused.status_code == 429, path
            assert "too many guest accounts from your address" in refused.text
            assert refused.headers["retry-after"] == str(int(auth.GUEST_WINDOW.total_seconds()))
        assert "Log out" not in visitor.get("/").text
