"""Leads and rewards, the preferences every bot reads from a game's estimate."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from laguna.bots.evaluation import leads, margin, squash

scores = st.lists(st.sampled_from([0.0, 3.5, 7.0, 12.25, 40.0]) | st.floats(-200, 200), min_size=1, max_size=5)


@given(scores)
def test_every_seats_lead_is_its_margin_over_its_best_rival(values: list[float]) -> None:
    # Equal best values are common (the sampled scores repeat), and then the leader's rival is its equal.
    assert leads(values) == tuple(margin(values, seat) for seat in range(len(values)))


def test_a_lead_squashes_to_a_reward_around_one_half() -> None:
    assert leads((30.0, 30.0, 20.0)) == (0.0, 0.0, -10.0)
    assert [squash(lead) for lead in leads((25.0, 15.0))] == [0.5 + 0.5 * math.tanh(1.0), 0.5 + 0.5 * math.tanh(-1.0)]
