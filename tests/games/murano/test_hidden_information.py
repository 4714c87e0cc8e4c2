"""Hidden information: what each seat's view leaves out, and determinization re-dealing exactly that
(the face-down building bought in a final turn, the scorer's hand, cards put aside unrevealed)."""

from __future__ import annotations

from laguna.core.rng import Rng
from laguna.games.murano import MuranoState, Phase
from laguna.games.murano.rules.scoring import begin_scoring
from tests.games.murano import scenario


def final_shop_purchase() -> MuranoState:
    """Player 1 buys the top shop and so empties the second tile stack: the end is triggered, and the
    shop, face down, may be placed at once."""
    state = scenario.new(2, seed=3)
    scenario.street(state, "donato.5", "r")
    state.factory_stack = 0
    state.special_stack = 0
    scenario.turn_of(state, 0)
    scenario.set_ships(state, [1, 3, 5, 7, 10, 13, 14, 16], red=1)
    state.shop_stack = state.shop_stack[-1:]
    scenario.act(state, "act 12")
    scenario.act(state, "shop top")
    assert state.phase is Phase.FINAL_PLACE
    return state


def test_the_building_bought_in_a_final_turn_stays_face_down_for_the_others() -> None:
    """Buy a Shop: "put it face down in front of yourself" — a final turn's purchase waiting to be
    placed is one of the buyer's face-down shops to everyone else, and any of them could be it."""
    state = final_shop_purchase()
    assert state.view(1)["final_tile"] is None and state.view(0)["final_tile"] == state.final_tile
    for k in range(40):
        twin = state.determinize(1, Rng(k))
        colours = {f"shop-{twin._shop(s).colour.value}" for s in twin.boards[0].shops}
        assert twin.final_tile in colours, "the copy's purchase is one of the copy's shops"
        twin.apply(0, twin.legal_actions(0)[0])


def begin_final_scoring(state: MuranoState) -> None:
    """Player 1 triggered the end and nobody has a last turn left: the final scoring begins."""
    state.triggered_by = 0
    state.last_turns = []
    begin_scoring(state, [])
    scenario.changed(state)


def scoring_position(seed: int) -> MuranoState:
    state = scenario.new(2, seed=seed, skip_unscoreable=False)
    scenario.give_character(state, 0, "C04")
    scenario.gondolier_at(state, 0, "pietro", "orange")
    begin_final_scoring(state)
    return state


def test_a_player_scoring_is_dealt_a_card_that_can_score() -> None:
    """Final scoring: "Do so until you run out of character cards or gondoliers" — a player asked to
    score holds a card that can go somewhere, and every re-dealt copy keeps that true."""
    state = scoring_position(1)
    assert state.phase is Phase.SCORING and state.actor == 0
    for k in range(60):
        twin = state.determinize(1, Rng(k))
        assert twin.legal_actions(0), f"copy {k} left the scorer without a decision"
        assert len(twin.boards[0].characters) == 1


def test_cards_put_aside_unrevealed_stay_among_the_unseen_cards() -> None:
    """Yucata: a card that cannot score is put aside without being revealed — to the other players it
    is any unseen card, so copies re-deal it like the others."""
    state = scenario.new(2, seed=40)
    scenario.gondolier_at(state, 0, "donato", "orange")
    scenario.give_character(state, 0, "C01")
    scenario.give_character(state, 1, "C02")
    scenario.gondolier_at(state, 1, "mattia", "grey")
    begin_final_scoring(state)
    scenario.act(state, "skip C01")
    assert state.skipped == {0: ["C01"]} and state.phase is Phase.SCORING and state.actor == 1
    seen = {tuple(state.determinize(1, Rng(k)).skipped[0]) for k in range(30)}
    assert len(seen) > 1, "the skipped card is re-dealt from the unseen cards"
    assert all(state.determinize(0, Rng(k)).skipped[0] == ["C01"] for k in range(5)), "its owner knows it"
