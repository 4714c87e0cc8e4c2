"""The Chromium the browser tests drive, and getting one onto the machine.

Playwright's own build comes first (the version its release was tested with); where it cannot be
downloaded (a machine that reaches only the package registries), the system's Chromium. `make test`
runs this module (`python -m tests.server.chromium`), which downloads Playwright's build, else as root
installs the system's package; without either it prints what to run, and every browser test fails
saying the same: a missing browser never skips a test.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

from playwright.sync_api import Browser, Playwright, sync_playwright
from playwright.sync_api import Error as PlaywrightError

FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Chromium as root on a machine without a network: no sandbox, no background connections."""

SYSTEM_NAMES = ("chromium", "chromium-browser")
NO_BROWSER = (
    "the browser tests need Chromium: run `.venv/bin/playwright install chromium`, "
    "or install the system's (`sudo apt-get install chromium`)"
)


def system_chromium() -> str | None:
    """The system's Chromium on the PATH, if any."""
    return next((path for name in SYSTEM_NAMES if (path := shutil.which(name))), None)


def launch(playwright: Playwright) -> tuple[Browser, str] | None:
    """Playwright's own Chromium if it starts, else the system's, with the path it started from; None
    if neither is installed."""
    try:
        return playwright.chromium.launch(args=FLAGS), playwright.chromium.executable_path
    except PlaywrightError:
        pass  # not downloaded, or unable to start here: the system's is the fallback
    path = system_chromium()
    return (playwright.chromium.launch(executable_path=path, args=FLAGS), path) if path else None


def _starting() -> str | None:
    """The version and path of the Chromium that starts, or None."""
    with sync_playwright() as playwright:
        try:
            launched = launch(playwright)
        except PlaywrightError as error:
            print(f"Chromium does not start: {str(error).splitlines()[0]}", file=sys.stderr)
            return None
        if launched is None:
            return None
        browser, path = launched
        browser.close()
        return f"Chromium {browser.version} ({path})"


def _run(*command: str) -> bool:
    environment = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    return subprocess.run(command, capture_output=True, env=environment, check=False).returncode == 0


def main() -> None:
    """Make a Chromium available to the browser tests, as far as this user may; say which, or what to do."""
    root = os.geteuid() == 0
    playwright = (sys.executable, "-m", "playwright")
    if _run(*playwright, "install", "chromium"):
        if root and _starting() is None:
            _run(*playwright, "install-deps", "chromium")  # the libraries Playwright's build needs
    elif system_chromium() is None and root and shutil.which("apt-get"):
        print("Playwright's Chromium cannot be downloaded here: installing the system's (apt-get install chromium)")
        if not _run("apt-get", "install", "-y", "-q", "chromium"):
            _run("apt-get", "update", "-q")
            _run("apt-get", "install", "-y", "-q", "chromium")
    chromium = _starting()
    if chromium:
        print(f"The browser tests drive {chromium}.")
    else:  # the tests run all the same, and the browser tests fail with this instruction
        print(NO_BROWSER, file=sys.stderr)


if __name__ == "__main__":
    main()
