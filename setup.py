"""Compiles the search and the estimates it calls most into C extensions with mypyc.

The modules are listed under ``[tool.laguna] native`` in pyproject.toml. mypyc compiles the type-hinted
Python the package already has, with Python's own semantics, so a compiled module decides exactly as
its source (a test compares them); the source stays the reference, and each compiled module sits
beside it (``pip install -e .`` and ``make`` build them in place). ``LAGUNA_PURE_PYTHON=1`` installs
without compiling, for a machine without a C compiler: every module then runs as plain Python.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

from setuptools import setup  # type: ignore[import-untyped]


def native_extensions() -> list[Any]:
    """The extensions of the modules listed in pyproject.toml, or none when compiling is turned off."""
    if os.environ.get("LAGUNA_PURE_PYTHON", "") not in ("", "0"):
        return []
    from mypyc.build import mypycify  # noqa: PLC0415  (only a build that compiles needs it)

    config = tomllib.loads(Path(__file__).with_name("pyproject.toml").read_text(encoding="utf-8"))
    modules: list[str] = config["tool"]["laguna"]["native"]
    return mypycify(modules, opt_level="3", group_name="laguna.native")


setup(ext_modules=native_extensions())
