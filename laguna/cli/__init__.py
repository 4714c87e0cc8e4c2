"""The ``laguna`` command line: a terminal table, simulations, replays and benchmarks."""
