"""Doctest collection: these modules need the ``rl`` extra; without it they are left out."""

from importlib.util import find_spec

collect_ignore = [
    module
    for module, needs in (("common.py", "numpy"), ("pettingzoo.py", "pettingzoo"), ("openspiel.py", "pyspiel"))
    if find_spec(needs) is None
]
