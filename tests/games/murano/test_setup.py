"""Setting up a game of Murano (rules page: Components, and the setup paragraphs that follow it).

Each test starts a fresh game for 2, 3 or 4 players and checks one step of the setup: the board side,
the ships on the anchor spaces, what each player receives, the tile stacks (with the 2- and 3-player
removals), the decks, the bag, the start player, and what the players may see of it all.
"""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from laguna.core.errors import IllegalAction
from laguna.games.murano import GAME, MuranoState, Phase
from laguna.games.murano.components import Bead, Customer
from tests.games.murano import scenario

PLAYER_COUNTS = (2, 3, 4)
SEEDS = range(40)
SERENELLA_CARDS = ("C26", "C32")


def anchors(state: MuranoState) -> list[int]:
    """The numbers of the action spaces printed with an anchor."""
    return [space.number for space in state.components.action_spaces if space.anchor]


def streets_by_customers(state: MuranoState, ids: list[str]) -> Counter[tuple[Customer, ...]]:
    return Counter(state._street(tile).customers for tile in ids)


# --------------------------------------------------------------------------- the board


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_board_side(players: int) -> None:
    """Components: "In 2- and 3-player games, use the reverse side of the game board, where Sacca Serenella
    is just a space for placing cards" — so only the 4-player side lets anyone build on Sacca Serenella."""
    state = scenario.new(players, seed=1)
    islands = [island.id for island in state.side.islands]
    assert set(islands) >= {"donato", "mattia", "pietro", "navagero", "stefano"}
    if players == 4:
        assert state.side.name == "4"
        assert "serenella" in islands and len(islands) == 6
    else:
        assert state.side.name == "2-3"
        assert "serenella" not in islands and len(islands) == 5
        with pytest.raises(KeyError):
            state.side.island("serenella")
    view = state.view(0)
    assert view["board_side"] == state.side.name
    assert [island["id"] for island in view["islands"]] == islands


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_no_building_on_serenella_with_two_or_three_players(players: int) -> None:
    """Components: on the reverse side (2–3 players) Sacca Serenella holds no street or building spaces."""
    state = scenario.new(players, seed=2)
    streets = {space.split(".")[0] for space in state.free_street_spaces()}
    assert ("serenella" in streets) == (players == 4)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_ships_on_the_eight_anchor_spaces(players: int) -> None:
    """Components: "Place one ship on each action space on the game board with an anchor (it does not
    matter which space the red ship is placed on)": eight ships, one per anchor space, the red one among
    them."""
    for seed in range(5):
        state = scenario.new(players, seed=seed)
        spaces = anchors(state)
        assert len(spaces) == 8
        assert state.ring.occupied == tuple(1 if n in spaces else 0 for n in range(1, 19))
        assert state.ring.red + 1 in spaces
        view = state.view(None)
        shown = [s["number"] for s in view["action_spaces"] if s["ships"]]
        assert shown == spaces
        assert [s["number"] for s in view["action_spaces"] if s["red"]] == [state.ring.red + 1]


def test_red_ship_starts_on_a_random_anchor_space() -> None:
    """Components: the red ship may start on any anchor space; the engine draws which at random."""
    reds = {scenario.new(2, seed=seed).ring.red + 1 for seed in SEEDS}
    assert len(reds) > 1
    assert reds <= set(anchors(scenario.new(2)))


# --------------------------------------------------------------------------- the players


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_each_player_starts_with_five_gondoliers_five_vp_and_five_gold(players: int) -> None:
    """Components: each player puts 1 gondolier on space 5 of the victory point track, keeps 5 gondoliers in
    front of them (usable at once) and receives 5 gold; nothing else."""
    state = scenario.new(players, seed=4)
    assert len(state.boards) == players
    for seat, board in enumerate(state.boards):
        assert board.gondoliers == 5
        assert board.score() == 5 and board.vp["start"] == 5
        assert board.gold == 5
        assert board.factories == board.specials == 0
        assert board.shops == [] and board.palaces == [] and board.characters == [] and board.special_cards == []
        assert board.beads.total() == 0
        seen = state.view(seat)["seats"][seat]
        assert (seen["gondoliers"], seen["vp"], seen["gold"]) == (5, 5, 5)
    assert state.gondolas == {} and state.tiles == {}


def test_gondoliers_in_hand_can_be_used_at_once() -> None:
    """Components: "Keep the remaining 5 gondoliers ... You can use them right away": the first turn may
    place one on a gondola (own colour, 2 gold)."""
    state = scenario.new(2, seed=5)
    seat = state.start_player
    scenario.set_ships(state, [4, 7, 10, 12, 14, 16, 18, 1], red=1)
    assert "act 5" in scenario.legal(state)
    scenario.act(state, "act 5")
    colour = ("orange", "grey")[seat]
    scenario.act(state, f"gondola donato {colour}")
    assert state.gondolas == {("donato", colour): seat}
    assert state.boards[seat].gondoliers == 4 and state.boards[seat].gold == 3


# --------------------------------------------------------------------------- the tile stacks


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_street_stack(players: int) -> None:
    """Components: 42 street tiles; 2–3 players remove 3 street tiles with one customer (one of each colour)
    and 4 with no customers, leaving 35."""
    state = scenario.new(players, seed=6)
    every = Counter(tile.customers for tile in state.components.streets)
    assert sum(every.values()) == 42
    stack = streets_by_customers(state, state.street_stack)
    assert len(state.street_stack) == len(set(state.street_stack))
    if players == 4:
        assert stack == every
    else:
        assert len(state.street_stack) == 35
        removed = every - stack
        assert removed == Counter({(Customer.RED,): 1, (Customer.BLUE,): 1, (Customer.GREY,): 1, (): 4})


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_shop_stack(players: int) -> None:
    """Components: 12 shops, 4 of each colour; 2–3 players remove one shop of each colour, leaving 9."""
    state = scenario.new(players, seed=7)
    colours = Counter(state._shop(tile).colour for tile in state.shop_stack)
    per_colour = 4 if players == 4 else 3
    assert colours == Counter({colour: per_colour for colour in Customer})
    assert len(state.shop_stack) == (12 if players == 4 else 9)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_palace_stack(players: int) -> None:
    """Components: 12 palaces; 2–3 players put 1 random palace back in the box unseen, leaving 11."""
    state = scenario.new(players, seed=8)
    every = sorted(palace.id for palace in state.components.palaces)
    assert len(every) == 12
    if players == 4:
        assert sorted(state.palace_stack) == every and state.boxed_palaces == []
    else:
        assert len(state.palace_stack) == 11 and len(state.boxed_palaces) == 1
        assert sorted(state.palace_stack + state.boxed_palaces) == every
        assert state.view(None)["stacks"]["palaces"] == 11


def test_boxed_palace_is_random() -> None:
    """Components: the palace removed in a 2- or 3-player game is a random one."""
    boxed = {scenario.new(3, seed=seed).boxed_palaces[0] for seed in SEEDS}
    assert len(boxed) > 1


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_glass_factory_and_special_building_stacks(players: int) -> None:
    """Components: 12 glass factories and 12 special buildings; 2–3 players remove 1 glass factory and 3
    special buildings, leaving 11 and 9."""
    state = scenario.new(players, seed=9)
    assert state.factory_stack == (12 if players == 4 else 11)
    assert state.special_stack == (12 if players == 4 else 9)
    stacks = state.view(0)["stacks"]
    assert (stacks["factories"], stacks["specials"]) == (state.factory_stack, state.special_stack)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_stacks_of_streets_shops_and_palaces_are_shuffled(players: int) -> None:
    """Components: "Shuffle the stacks of shops, palaces, and streets": their order differs from game to
    game."""
    games = [scenario.new(players, seed=seed) for seed in range(6)]
    assert len({tuple(g.street_stack) for g in games}) > 1
    assert len({tuple(g.shop_stack) for g in games}) > 1
    assert len({tuple(g.palace_stack) for g in games}) > 1


# --------------------------------------------------------------------------- the decks and the bag


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_character_deck(players: int) -> None:
    """Components: 40 character cards are shuffled and 5 go back in the box unseen; 2–3 players first remove
    the two cards of Sacca Serenella (35 − 5 = 33 left, against 40 − 5 = 35 with 4 players)."""
    state = scenario.new(players, seed=10)
    every = {card.id for card in state.components.characters}
    assert len(every) == 40
    deck, boxed = state.character_deck, state.boxed_characters
    assert len(boxed) == 5
    assert not set(deck) & set(boxed) and len(set(deck)) == len(deck)
    if players == 4:
        assert len(deck) == 35
        assert set(deck) | set(boxed) == every
    else:
        assert len(deck) == 33
        assert set(deck) | set(boxed) == every - set(SERENELLA_CARDS)
        for card in SERENELLA_CARDS:
            assert card not in deck and card not in boxed
    assert state.view(None)["stacks"]["characters"] == len(deck)


def test_sacca_serenella_cards_are_those_of_its_island() -> None:
    """Components: the two cards removed with 2–3 players are the ones scored at Sacca Serenella."""
    state = scenario.new(2)
    assert {state.character(card).island for card in SERENELLA_CARDS} == {"serenella"}
    others = [card for card in state.components.characters if card.id not in SERENELLA_CARDS]
    assert all(card.island != "serenella" for card in others)


def test_boxed_character_cards_are_random() -> None:
    """Components: "Shuffle the character cards ... Then remove 5 character cards": which five differs."""
    boxes = {tuple(sorted(scenario.new(4, seed=seed).boxed_characters)) for seed in range(8)}
    assert len(boxes) > 1


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_special_building_cards_shuffled(players: int) -> None:
    """Components: the 15 special building cards are shuffled into a deck (none removed for any count)."""
    state = scenario.new(players, seed=11)
    assert sorted(state.special_deck) == sorted(card.id for card in state.components.special_cards)
    assert len(state.special_deck) == 15
    orders = {tuple(scenario.new(players, seed=seed).special_deck) for seed in range(6)}
    assert len(orders) > 1


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_bag_holds_thirty_beads(players: int) -> None:
    """Components: the glass beads go into the bag: 10 of each of the three colours."""
    state = scenario.new(players, seed=12)
    assert state.bag == Counter({Bead.RED: 10, Bead.GREEN: 10, Bead.BLUE: 10})
    assert state.view(None)["bag"] == {"red": 10, "green": 10, "blue": 10}


# --------------------------------------------------------------------------- start player and seed


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_random_start_player_takes_the_first_turn(players: int) -> None:
    """A turn: "Randomly determine a start player": every seat can be drawn, and the start player owes the
    first decision (choose an action space or pass)."""
    starts = set()
    for seed in SEEDS:
        state = scenario.new(players, seed=seed)
        starts.add(state.start_player)
        assert state.to_act() == (state.start_player,)
        assert state.phase is Phase.TURN
        assert state.view(None)["start_player"] == state.start_player
    assert starts == set(range(players))


def test_only_the_start_player_may_act_first() -> None:
    """A turn: the others wait for the start player's first turn."""
    state = scenario.new(3, seed=13)
    other = (state.start_player + 1) % 3
    with pytest.raises(IllegalAction, match="owes no decision"):
        state.apply(other, GAME.parse_action("pass 2"))


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_same_seed_same_setup(players: int) -> None:
    """Setup is drawn from the seed: the same seed gives the same game, hidden parts included."""
    first, second = scenario.new(players, seed=21), scenario.new(players, seed=21)
    assert first == second
    assert first.street_stack == second.street_stack
    assert first.boxed_characters == second.boxed_characters
    assert first.character_deck == second.character_deck
    assert first.start_player == second.start_player and first.ring == second.ring
    assert any(scenario.new(players, seed=seed) != first for seed in range(22, 26))


# --------------------------------------------------------------------------- what the players see


def hidden_ids(state: MuranoState) -> set[str]:
    """Everything the setup keeps face down: stacks, decks and the boxed components."""
    return {
        *state.street_stack,
        *state.shop_stack,
        *state.palace_stack,
        *state.boxed_palaces,
        *state.character_deck,
        *state.boxed_characters,
        *state.special_deck,
    }


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_views_show_no_boxed_card_and_no_stack_order(players: int) -> None:
    """Components: the boxed character cards (and, with 2–3 players, the boxed palace) are removed
    "without looking at them", and the stacks lie face down: no seat's view names any of them."""
    state = scenario.new(players, seed=14)
    ids = hidden_ids(state)
    for viewer in (None, *range(players)):
        view = state.view(viewer)
        # The catalogue of every card's text is public (the online table shows all 40 cards); it says
        # nothing of where a card is.
        del view["cards"], view["special_cards"]
        text = json.dumps(view)
        named = set(re.findall(r"\b[A-Z]\d\d\b", text))
        assert not named & ids, f"view of {viewer} shows {sorted(named & ids)}"


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_views_do_not_depend_on_hidden_order(players: int) -> None:
    """Components: shuffled stacks and boxed cards are secret: reordering the stacks and swapping boxed
    cards with deck cards changes no seat's view."""
    state = scenario.new(players, seed=15)
    twin = state.copy()
    # A copy shares its original's stacks and decks until it replaces them.
    twin.street_stack = twin.street_stack[::-1]
    twin.shop_stack = twin.shop_stack[::-1]
    twin.palace_stack = twin.palace_stack[::-1]
    twin.special_deck = twin.special_deck[::-1]
    deck, boxed = twin.character_deck, twin.boxed_characters
    twin.character_deck, twin.boxed_characters = [*boxed, *deck[len(boxed) :]], deck[: len(boxed)]
    if twin.boxed_palaces:
        palaces, boxed = twin.palace_stack, twin.boxed_palaces
        twin.palace_stack, twin.boxed_palaces = [boxed[0], *palaces[1:]], [palaces[0], *boxed[1:]]
    assert twin != state
    for viewer in (None, *range(players)):
        assert twin.view(viewer) == state.view(viewer)
