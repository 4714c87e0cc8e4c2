"""Learned evaluations: the model files, the fallback to the heuristic, batching, and the bots using them."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from laguna.bots import GreedyBot, IsmctsBot, make_bot
from laguna.bots.learned import HEURISTIC, LearnedEvaluation, ValueModel, features, model_file, shipped_model
from laguna.core import LagunaError, OptionsError, games, get_game

GAME = "walking-in-burano"


def _positions(game_id: str = GAME, players: int = 2, count: int = 12, **options: object) -> list:
    """Positions of one seeded game played by greedy bots, every few decisions."""
    game = get_game(game_id)
    state = game.new_game(players, game.options(options), 5)
    bots = [GreedyBot(seat) for seat in range(players)]
    found = []
    while not state.is_terminal() and len(found) < count:
        seat = state.to_act()[0]
        found.append(state.copy())
        for _ in range(3):
            if state.is_terminal():
                break
            seat = state.to_act()[0]
            state.apply(seat, bots[seat].choose(state, seat))
    return found


def _model(width: int, shift: float, *, players: int = 2, options: dict | None = None) -> ValueModel:
    """A model whose correction is `shift` plus the first feature (two rectified units make a line)."""
    weights = np.zeros((width, 2), dtype=np.float32)
    weights[0, 0], weights[0, 1] = 1.0, -1.0
    return ValueModel(
        game_id=GAME,
        players=players,
        options=options if options is not None else get_game(GAME).options({}).to_dict(),
        hidden_weights=weights,
        hidden_bias=np.zeros(2, dtype=np.float32),
        output_weights=np.array([1.0, -1.0], dtype=np.float32),
        output_bias=shift,
        weight=1.0,
        provenance={"command": "made by hand"},
    )


def _width(state) -> int:
    return len(features(get_game(GAME), state, 0, state.estimate()))


def test_features_are_the_seats_observation_then_the_heuristic_from_that_seat_on() -> None:
    game = get_game(GAME)
    state = _positions()[3]
    heuristic = (10.0, 20.0)
    for seat in range(2):
        row = features(game, state, seat, heuristic)
        observed = np.frombuffer(game.observation_buffer(state, seat, 2, state.options), dtype=np.float32)
        assert np.array_equal(row[: len(observed)], observed)
        assert row[len(observed) :].tolist() == [heuristic[seat], heuristic[1 - seat]]


def test_a_model_corrects_every_seat_by_its_own_features() -> None:
    state = _positions()[4]
    model = _model(_width(state), 2.5)
    learned = LearnedEvaluation(GAME, {2: model}).estimate(state)
    heuristic = state.estimate()
    game = get_game(GAME)
    for seat in range(2):
        first = float(features(game, state, seat, heuristic)[0])
        assert learned[seat] == pytest.approx(heuristic[seat] + 2.5 + first, abs=1e-4)


def test_a_model_applies_its_share_of_the_correction() -> None:
    state = _positions()[4]
    full = _model(_width(state), 2.0)
    third = ValueModel(**{**full.__dict__, "weight": 1 / 3})
    heuristic = state.estimate()
    whole = LearnedEvaluation(GAME, {2: full}).estimate(state)
    part = LearnedEvaluation(GAME, {2: third}).estimate(state)
    for seat in range(2):
        assert part[seat] - heuristic[seat] == pytest.approx((whole[seat] - heuristic[seat]) / 3, abs=1e-4)


def test_judging_many_positions_at_once_gives_what_judging_each_gives() -> None:
    positions = _positions(count=10)
    evaluation = LearnedEvaluation(GAME, {2: _model(_width(positions[0]), -1.0)})
    together = evaluation.estimate_many(positions)
    one_by_one = [evaluation.estimate(state) for state in positions]
    assert np.allclose(np.array(together), np.array(one_by_one), atol=1e-4)
    assert evaluation.estimate_many([]) == []


def test_without_a_model_for_the_set_up_the_heuristic_judges() -> None:
    three = _positions(players=3, count=4)
    assert LearnedEvaluation(GAME, {2: _model(10, 5.0)}).estimate_many(three) == [s.estimate() for s in three]
    beginners = _positions(count=4, beginner_characters=True)
    model = _model(_width(beginners[0]), 5.0)
    assert LearnedEvaluation(GAME, {2: model}).estimate_many(beginners) == [s.estimate() for s in beginners]


def test_a_finished_game_is_judged_by_its_final_scores_not_the_model() -> None:
    game = get_game(GAME)
    state = game.new_game(2, seed=2)
    bots = [GreedyBot(0), GreedyBot(1)]
    while not state.is_terminal():
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state, seat))
    evaluation = LearnedEvaluation(GAME, {2: _model(10, 50.0)})
    assert evaluation.estimate(state) == state.estimate()


def test_a_model_survives_saving_and_loading(tmp_path: Path) -> None:
    state = _positions()[2]
    model = _model(_width(state), 1.5)
    path = tmp_path / model_file(GAME, 2)
    model.save(path)
    again = ValueModel.load(path)
    assert again.provenance["command"] == "made by hand"
    assert json.loads(path.with_suffix(".json").read_text())["inputs"] == model.inputs
    rows = np.stack([features(get_game(GAME), state, seat, state.estimate()) for seat in range(2)])
    assert np.array_equal(again.correct(rows), model.correct(rows))


def test_a_damaged_model_file_is_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "broken.npz"
    _model(10, 0.0).save(path)
    path.write_bytes(b"not a model")
    with pytest.raises(LagunaError, match=r"broken\.npz"):
        ValueModel.load(path)
    _model(10, 0.0).save(path)
    with np.load(path) as arrays:
        parts = dict(arrays)
    parts["output_weights"] = np.zeros(3, dtype=np.float32)
    with path.open("wb") as handle:
        np.savez(handle, **parts)
    with pytest.raises(LagunaError, match="mismatched sizes"):
        ValueModel.load(path)


@pytest.mark.parametrize("game_id", [game.id for game in games()])
def test_every_shipped_model_fits_its_game_and_says_how_it_was_made(game_id: str) -> None:
    game = get_game(game_id)
    for players in range(game.min_players, game.max_players + 1):
        model = shipped_model(game_id, players)
        if model is None:
            continue
        assert model.game_id == game_id
        assert model.players == players
        assert dict(model.options) == game.options({}).to_dict()
        state = game.new_game(players, seed=1)
        assert model.inputs == len(features(game, state, 0, state.estimate()))
        assert model.provenance["command"].startswith(f"laguna train {game_id} --players {players} ")
        assert model.provenance["data"]["seed"] == int(model.provenance["command"].split("--seed ")[1].split()[0])
        assert model.provenance["fit"]["model_rmse"] < model.provenance["fit"]["heuristic_rmse"]


def test_walking_in_burano_ships_its_two_player_model_and_the_expert_judges_by_it() -> None:
    assert shipped_model(GAME, 2) is not None
    expert = make_bot("expert", 1, GAME)
    assert isinstance(expert, IsmctsBot)
    assert isinstance(expert.evaluation, LearnedEvaluation)
    assert expert.evaluation.model(get_game(GAME).new_game(2, seed=1)) is shipped_model(GAME, 2)
    assert make_bot("hard", 1, GAME).evaluation is HEURISTIC


def test_bots_take_the_learned_evaluation_by_name() -> None:
    assert make_bot("greedy:eval=learned", 1, GAME).evaluation.name == "learned"
    assert make_bot("ismcts:50:eval=learned", 1, GAME).evaluation.name == "learned"
    assert make_bot("ismcts:50:eval=heuristic", 1, GAME).evaluation is HEURISTIC
    assert make_bot("ismcts:50", 1, GAME).evaluation is HEURISTIC
    for bad in ("greedy:eval=oracle", "greedy:depth=2", "ismcts:50:eval=oracle"):
        with pytest.raises(OptionsError, match=r"eval=heuristic\|learned"):
            make_bot(bad, 1, GAME)


def test_a_search_with_the_learned_evaluation_is_deterministic_under_its_seed() -> None:
    state = _positions()[5]
    seat = state.to_act()[0]
    bot = make_bot("ismcts:40:eval=learned", 9, GAME)
    again = make_bot("ismcts:40:eval=learned", 9, GAME)
    assert isinstance(bot, IsmctsBot)
    assert bot.choose(state, seat) == again.choose(state, seat)
    assert bot.choose(state, seat) in state.legal_actions(seat)


def test_a_learned_greedy_bot_plays_a_whole_game() -> None:
    state = get_game(GAME).new_game(2, seed=4)
    bots = [make_bot("greedy:eval=learned", 1, GAME), make_bot("medium", 2, GAME)]
    while not state.is_terminal():
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state, seat))
    assert len(state.outcome().scores) == 2
