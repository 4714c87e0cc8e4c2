"""Game setup of Walking in Burano: the floor supply, the decks, the character piles, each player's
coins and tokens, the starting player, and the options that change the setup.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from laguna.core.component_data import register_file
from laguna.core.errors import CardDataError, OptionsError
from laguna.games.walking_in_burano import GAME, Phase
from laguna.games.walking_in_burano.characters import CHARACTERS, Character
from laguna.games.walking_in_burano.position import EMPTY
from tests.games.walking_in_burano.scenario import new

ROW_SIZES = {1: 4, 2: 3, 3: 4, 4: 5}

W, M, GI, BO = Character.WOMAN, Character.MAN, Character.GIRL, Character.BOY
MAYOR, POLICE, SANTA = Character.MAYOR, Character.POLICEMAN, Character.SANTA_CLAUS
SHOP, TAILOR, FLORIST, GARDENER = (
    Character.SHOP_OWNER,
    Character.TAILOR,
    Character.FLORIST,
    Character.GARDENER,
)


def piles(players: int, beginner: bool = False) -> dict[Character, int]:
    state = new(players, seed=3, beginner_characters=beginner)
    return dict(zip(CHARACTERS, state.piles, strict=True))


def each(tourists: int, inhabitants: int) -> dict[Character, int]:
    """Piles of `tourists` cards of each Tourist and `inhabitants` of each Inhabitant."""
    return {
        **dict.fromkeys((W, M, GI, BO), tourists),
        **dict.fromkeys((MAYOR, POLICE, SANTA, SHOP, TAILOR, FLORIST, GARDENER), inhabitants),
    }


# --------------------------------------------------------------------------- floor supply and decks


@pytest.mark.parametrize(("players", "columns"), sorted(ROW_SIZES.items()))
def test_supply_reveals_one_row_per_floor_sized_by_player_count(players: int, columns: int) -> None:
    """Setup 2: reveal 5/4/3 cards from each Floor Deck for 4/3/2 players (solo: 4 instead of 3)."""
    state = new(players, seed=11)
    assert len(state.supply) == 3
    for floor, row in enumerate(state.supply, start=1):
        assert len(row) == columns
        assert EMPTY not in row
        assert {state.cards.cards[i].floor for i in row} == {floor}


@pytest.mark.parametrize(("players", "columns"), sorted(ROW_SIZES.items()))
def test_decks_keep_the_unrevealed_cards_of_their_floor(players: int, columns: int) -> None:
    """Setup 1: each floor deck is shuffled separately; what is not revealed stays in it (24 per floor)."""
    state = new(players, seed=11)
    for floor, deck in enumerate(state.decks, start=1):
        assert len(deck) == 24 - columns
        assert {state.cards.cards[i].floor for i in deck} == {floor}
    everywhere = [i for deck in state.decks for i in deck] + [i for row in state.supply for i in row]
    assert sorted(everywhere) == list(range(72))


def test_decks_are_shuffled_by_the_seed() -> None:
    """Setup 1: shuffle each Floor Card deck separately."""
    assert new(3, seed=1).decks == new(3, seed=1).decks
    assert new(3, seed=1).decks != new(3, seed=2).decks


# --------------------------------------------------------------------------- character piles


def test_four_players_use_all_character_cards() -> None:
    """Setup 3: 4 players use ALL cards (3 of each Tourist, 2 of each Inhabitant)."""
    assert piles(4) == each(tourists=3, inhabitants=2)
    assert sum(piles(4).values()) == 26


def test_three_players_remove_one_of_each_tourist() -> None:
    """Setup 3: 3 players remove 1 card of each Tourist and do NOT remove any Inhabitant Cards."""
    assert piles(3) == each(tourists=2, inhabitants=2)
    assert sum(piles(3).values()) == 22


@pytest.mark.parametrize("players", [1, 2])
def test_two_players_and_solo_remove_one_of_each_tourist_and_inhabitant(players: int) -> None:
    """Setup 3: 2 players keep 2 of each Tourist and 1 of each Inhabitant; solo is set up like 2 players."""
    assert piles(players) == each(tourists=2, inhabitants=1)
    assert sum(piles(players).values()) == 15


@pytest.mark.parametrize(("players", "total"), [(1, 12), (2, 12), (3, 16), (4, 20)])
def test_beginner_option_removes_all_shop_owners_florists_and_gardeners(players: int, total: int) -> None:
    """Optional Rule: beginners may remove ALL Shop Owners, Florists and Gardeners (8 piles remain)."""
    expected = piles(players)
    for character in (SHOP, FLORIST, GARDENER):
        expected[character] = 0
    assert piles(players, beginner=True) == expected
    assert sum(1 for n in expected.values() if n) == 8
    assert sum(expected.values()) == total


# --------------------------------------------------------------------------- player setup


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_each_player_starts_with_four_coins_four_tokens_and_nothing_else(players: int) -> None:
    """Player Setup: 4 Regulatory Bonus Tokens and 4 Coins each; an empty House Area and hand."""
    state = new(players, seed=5)
    assert state.coins == [4] * players
    assert state.tokens == [4] * players
    assert state.hands == [[] for _ in range(players)]
    assert all(all(i == EMPTY for i in area) for area in state.areas)
    assert state.completed == [0] * players
    assert state.visitors == [[None] * 5 for _ in range(players)]


def test_start_player_is_drawn_at_random_from_the_seed() -> None:
    """Player Setup D: randomly determine a starting player, who takes the Starting Player Token."""
    starts = {seed: new(4, seed=seed).start_player for seed in range(24)}
    assert set(starts.values()) == {0, 1, 2, 3}
    for seed, start in starts.items():
        again = new(4, seed=seed)
        assert again.start_player == start
        assert again.to_act() == (start,)
        assert again.phase is Phase.TAKE
        assert again.round == 1


def test_same_seed_gives_the_same_setup() -> None:
    """Setup is reproducible: the same player count, options and seed deal the same game."""
    assert new(3, seed=42) == new(3, seed=42)
    assert new(3, seed=42) != new(3, seed=43)


# --------------------------------------------------------------------------- player counts and options


@pytest.mark.parametrize("players", [0, 5])
def test_player_count_outside_one_to_four_is_refused(players: int) -> None:
    """Walking in Burano is for 2–4 players, plus the solo game."""
    with pytest.raises(OptionsError, match=f"1–4 players, not {players}"):
        GAME.new_game(players, {}, 0)


def test_unknown_option_is_refused_by_name() -> None:
    """Only the rulebook's optional rules and the engine's own settings are options."""
    with pytest.raises(OptionsError, match="unknown option 'colour_blind'"):
        GAME.new_game(2, {"colour_blind": True}, 0)


@pytest.mark.parametrize(
    ("values", "named"),
    [
        ({"two_player_variant": "maybe"}, "two-player-variant"),
        ({"beginner_characters": 3}, "beginner-characters"),
        ({"round_limit": "ten"}, "round-limit"),
        ({"floor_cards": ""}, "floor-cards"),
    ],
)
def test_bad_option_value_is_refused_naming_the_option(values: dict[str, object], named: str) -> None:
    """Options take the values their optional rule allows (true/false, a whole number, a file)."""
    with pytest.raises(OptionsError, match=named):
        GAME.new_game(2, values, 0)


def test_round_limit_must_allow_at_least_one_round() -> None:
    """The round limit counts whole rounds, so zero rounds make no game."""
    with pytest.raises(OptionsError, match="round-limit"):
        GAME.new_game(3, {"round_limit": 0}, 0)
    assert GAME.new_game(3, {"round_limit": 1}, 0).options.round_limit == 1


def test_option_strings_from_the_command_line_are_converted() -> None:
    """Options arrive as text too: 'false' turns the 2-Player Variant off."""
    state = GAME.new_game(2, {"two-player-variant": "false", "round-limit": "7"}, 0)
    assert state.options.two_player_variant is False
    assert state.options.round_limit == 7


# --------------------------------------------------------------------------- custom floor card file


def _custom_card_file(tmp_path: Path) -> Path:
    resource = resources.files("laguna.games.walking_in_burano") / "data" / "floor_cards.toml"
    text = resource.read_text(encoding="utf-8")
    original = 'id = "P1a"\ncolour = "pink"\nfloor = 1\nflowers = 1\n'
    assert text.count(original) == 1
    changed = text.replace(original, 'id = "P1a"\ncolour = "pink"\nfloor = 1\nflowers = 6\n')
    path = tmp_path / "my_cards.toml"
    path.write_text(changed, encoding="utf-8")
    return path


def test_floor_cards_option_loads_the_faces_from_a_card_file(tmp_path: Path) -> None:
    """A player who owns the game may load the exact card faces from a file of the same schema."""
    path = _custom_card_file(tmp_path)
    custom = GAME.new_game(2, {"floor_cards": register_file(path)}, 9)
    default = GAME.new_game(2, {}, 9)
    assert custom.cards.by_id("P1a").flowers == 6
    assert default.cards.by_id("P1a").flowers == 1
    others = [c for c in custom.cards.cards if c.id != "P1a"]
    assert others == [c for c in default.cards.cards if c.id != "P1a"]
    assert custom.supply == default.supply
    assert custom.decks == default.decks


def test_floor_cards_option_with_a_missing_file_names_it(tmp_path: Path) -> None:
    """A card file that cannot be read is reported with its name, not as a crash later."""
    missing = tmp_path / "nowhere.toml"
    with pytest.raises(CardDataError, match=r"nowhere\.toml"):
        register_file(missing)
    with pytest.raises(OptionsError, match=r"floor-cards: .*nowhere\.toml"):
        GAME.options_type.parse_pairs([f"floor-cards={missing}"])
