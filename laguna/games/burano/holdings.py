"""What a seat's holdings are worth for the bots' estimate (`heuristics`): the clock and the public
boards one estimate shares, and the worth of fish cards, building cards, workers on the islands and
in the lace workshops, and roof tiles. The model is described in `heuristics`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final, Protocol, Self

from laguna.games.burano import scoring
from laguna.games.burano.components import Colour, Components, Effect, House, HouseSymbol, RoofKind, Square
from laguna.games.burano.position import Phase
from laguna.games.burano.ring import Ring
from laguna.games.burano.rules.final import final_lines
from laguna.games.burano.state import BuranoState

ROUNDS: Final = 14
"""Rounds in a game: 4 + 4 + 3 + 3 turns per player."""
SEASON_TURNS: Final = (4, 4, 3, 3)
SEASON_START: Final = (0, 4, 8, 11)
PYRAMID: Final = 14
COIN_END: Final = 1 / scoring.COINS_PER_VP
"""A coin at the end of the game: 1 VP per 5 coins."""
COIN_EARLY: Final = 0.25
"""What a coin adds early on, when it still pays for moves that bring VP."""
PRIVILEGE_EXTRA: Final = 0.1
"""A privilege point is a coin that can also be a cube, a swap or a lace maker."""
LATER_ROUND_VP: Final = 0.8
"""VP a seat still gains in each round of the seasons after this one, beyond what its holdings show
now (the same for every seat, so it sways no decision; it keeps the estimate near the final score)."""
MOVE_COINS: Final = 3.0
"""A paid move (the 2nd or 3rd of a turn) costs 3 coins: the price of moving a cube one step on."""
NEXT_SEASON_CUBE: Final = 0.6
"""A cube for next season's pyramid, in VP, with three seasons ahead."""
ISLAND_DECAY: Final = 0.7
"""Each later clean-up counts this much less: majorities on the islands change hands."""
WORKER_PRESENCE: Final = 0.25
"""A worker on an island where its owner does not lead, in VP per clean-up: it may still help win it."""
LACE_PAID_LATER: Final = 0.6
"""Share of the lace makers paid for at a later clean-up (cubes of their colours must be kept)."""
LACE_DECAY: Final = 0.85
"""Each later clean-up counts this much less for lace: workers may be driven back or withdrawn."""
SET_CHANCE: Final = (0.0, 0.02, 0.06, 0.12, 0.2, 0.32, 0.75)
"""Chance to trade a ship's set, by the cards of it held (0–6), with the game ahead."""
FISH_CARD: Final = 1.3
"""A fish card still to take, before it is chosen: its 1 VP and a little towards a set."""
ROOF_BONUS: Final = 3.0
"""A roof's bonus: 2 privilege points or a building card, with the game ahead."""
ROOF_CHANCE_SITE: Final = 0.7
"""A tile that fits two cubes side by side now is likely placed."""
ROOF_CHANCE_HALF: Final = 0.35
"""A tile with one of its colours on a cube beside an empty pit: one build from a site."""
ROOF_CHANCE_NONE: Final = 0.15
ROOF_TIME: Final = 5.0
"""Rounds before the end under which a roof's chance shrinks: fewer turns left to place it."""
CARD_EFFECT: Final = {
    Effect.ROOF_COLOUR_VP: 2.0,
    Effect.ROOF_ANY_CUBES: 2.0,
    Effect.TWO_STEP_FISHING: 1.5,
    Effect.LACE_BUMP: 1.5,
    Effect.ISLAND_TIES: 2.5,
    Effect.LACE_DISCOUNT: 1.5,
}
"""What a building card's effect should still bring with the whole game ahead, beyond its final VP."""


class _Static:
    """What never changes in a game's components, worked out once: sailing reach and ships."""

    def __init__(self, components: Components) -> None:
        waters = components.waters
        places = (*waters.islands, *waters.ports)
        one = {place: waters.neighbours(place) for place in places}
        self.reach_one = one
        self.reach_two = {
            place: tuple(
                p for p in places if p in one[place] or any(p in one[mid] and p != place for mid in one[place])
            )
            for place in places
        }
        self.ships = {ship.name: (ship.demand, ship.vp) for ship in components.ships}
        pits = components.main_island.pits
        self.beside = {
            (row, column): tuple(
                near
                for near in ((row, column + 1), (row + 1, column), (row, column - 1), (row - 1, column))
                if near in pits
            )
            for row, column in pits
        }
        """The pits beside each pit, in a row or a column (where a roof tile's other half could go)."""
        self.per_kind = components.fish_per_kind
        self._held: dict[tuple[str, ...], _Held] = {}

    def held(self, state: BuranoState, card_ids: list[str]) -> _Held:
        """What a hand of building cards does: the same for every position of the components' games."""
        key = tuple(card_ids)
        known = self._held.get(key)
        if known is None:
            known = self._held[key] = _Held(state, key)
        return known


_new = object.__new__
_STATIC: dict[int, tuple[Components, _Static]] = {}
_LACE: dict[tuple[Square, ...], int] = {}
"""Lace VP (2 per worker and the unions) of groups of workshop squares seen so far. The squares' adjacency
is the same in every workshop layout (a grid), so the groups alone decide it."""
LACE_CACHE: Final = 50_000


def _static(components: Components) -> _Static:
    entry = _STATIC.get(id(components))
    if entry is None or entry[0] is not components:
        entry = _STATIC[id(components)] = (components, _Static(components))
    return entry[1]


class _Held:
    """What a seat's building cards do, gathered once per hand of cards (`_Static.held`)."""

    def __init__(self, state: BuranoState | None, card_ids: Sequence[str]) -> None:
        cards = [state._cards[card_id] for card_id in card_ids] if state is not None else []
        effects = [card.effect for card in cards]
        self.effect_vp = sum(CARD_EFFECT.get(effect, 0.0) for effect in effects)
        self.island_ties = Effect.ISLAND_TIES in effects
        self.two_step = Effect.TWO_STEP_FISHING in effects
        self.lace_discount = Effect.LACE_DISCOUNT in effects
        self.sold_fish = frozenset(kind for card in cards if card.effect is Effect.SOLD_FISH_VP for kind in card.fish)
        self.any_cube = frozenset(c for card in cards if card.effect is Effect.ROOF_ANY_CUBES for c in card.colours)
        self.roof_colours = [frozenset(card.colours) for card in cards if card.effect is Effect.ROOF_COLOUR_VP]


NO_CARDS: Final = _Held(None, ())


class Clock:
    """What the estimate reads from the clock alone (the step, season, round and turn): the same for
    every position at one moment, so worked out once per moment (`_clock`)."""

    def __init__(self, phase: Phase, season: int, round_: int, turn: int, players: int) -> None:
        turns = SEASON_TURNS[season]
        if phase is Phase.ROOFS or phase is Phase.CONSTRUCTION:
            done = float(SEASON_START[season])
            self.between = False
        elif phase in (Phase.LACE_SCORING, Phase.CUBE_REFILL, Phase.ROOF_DISCARD, Phase.ROOF_REFILL):
            done = float(SEASON_START[season] + turns)
            self.between = True
        else:
            done = SEASON_START[season] + round_ + turn / players
            self.between = False
        self.rounds_left = ROUNDS - done
        self.tau = tau = self.rounds_left / ROUNDS
        self.season_rounds = SEASON_START[season] + turns - done
        """Rounds left this season (its actions' budget)."""
        self.next_seasons = 3 - season
        self.later_rounds = LATER_ROUND_VP * sum(SEASON_TURNS[season + 1 :])
        self.coin = COIN_END + COIN_EARLY * tau
        self.privilege = self.coin + PRIVILEGE_EXTRA * tau
        self.move = MOVE_COINS * self.coin
        self.cleanups = self.next_seasons + (0 if self.between else 1)
        """Island majorities still to score (the clean-up's first step)."""
        self.island_weight = sum(ISLAND_DECAY**k for k in range(self.cleanups))
        self.presence = WORKER_PRESENCE * self.cleanups
        self.later_lace = sum(LACE_DECAY ** (k + 1) for k in range(self.next_seasons)) * LACE_PAID_LATER
        self.island_vp = scoring.ISLAND_MAJORITY_VP[players]
        self.next_cube = NEXT_SEASON_CUBE * self.next_seasons / 3
        self.fish_card = FISH_CARD * min(1.0, self.rounds_left / 3)


_CLOCKS: dict[tuple[Phase, int, int, int, int], dict[str, Any]] = {}
"""The fields of each `Clock` met so far, by moment (a few hundred in all)."""


def _clock(phase: Phase, season: int, round_: int, turn: int, players: int) -> dict[str, Any]:
    key = (phase, season, round_, turn, players)
    fields = _CLOCKS.get(key)
    if fields is None:
        fields = _CLOCKS[key] = vars(Clock(phase, season, round_, turn, players))
    return fields


_RINGS: dict[tuple[int, int, int], tuple[tuple[House, ...], tuple[tuple[Colour, ...], int, int]]] = {}
"""What each schedule ring seen so far shows (`Table.ring`), by its houses' identity, arrows and
workers: a game's rings keep their houses for good, and the houses are kept to check the identity."""
RING_CACHE: Final = 50_000


def ring_facts(ring: Ring) -> tuple[tuple[Colour, ...], int, int]:
    """A schedule ring's arrow-pointed colours, and its visible coins and fountains."""
    houses = ring.houses
    start = ring.arrows
    key = (id(houses), start, ring.workers)
    entry = _RINGS.get(key)
    if entry is not None and entry[0] is houses:
        return entry[1]
    arrows = tuple(houses[(start + k) % 12].colour for k in range(3))
    coins = fountains = 0
    for k in range(3 + ring.workers, 12):
        symbol = houses[(start + k) % 12].symbol
        if symbol is HouseSymbol.COIN:
            coins += 1
        elif symbol is HouseSymbol.FOUNTAIN:
            fountains += 1
    if len(_RINGS) > RING_CACHE:
        _RINGS.clear()
    facts = arrows, coins, fountains
    _RINGS[key] = (houses, facts)
    return facts


def _claimed(state: BuranoState) -> dict[str, int]:
    """The fish cards in hands or sold, by kind: out of the deck and supply for good."""
    claimed: dict[str, int] = {}
    for board in state.boards:
        for pile in (board.hand_public, board.hand_secret, board.sold):
            for kind, count in pile.items():
                claimed[kind] = claimed.get(kind, 0) + count
    return claimed


class Table(Clock):
    """What the whole table shares: the clock, the public boards, and what the majorities and the
    schedule rings stand at. A position keeps it for its copies while only the acting seat's own board
    changes (nothing here reads what that changes), and `estimate` points it at the position it judges."""

    def __init__(self, state: BuranoState) -> None:
        self.state = state
        self.phase = state.phase
        self.static = static = _static(state.components)
        players = state.players
        self.__dict__.update(_clock(state.phase, state.season, state.round, state.turn, players))
        # Who holds which building card effect, once.
        self.held = held = [static.held(state, board.cards) if board.cards else NO_CARDS for board in state.boards]
        self.tie = next((seat for seat, cards in enumerate(held) if cards.island_ties), None)
        self.claimed = _claimed(state)
        self.islands = list(state.island_workers.values())
        self.action_of = {marker: k // 2 for k, marker in enumerate(state.markers)}
        self._workshops: list[list[int]] | None = None
        self._free_lace: dict[Colour, int] | None = None
        self._roof_points: dict[tuple[int, RoofKind], float] = {}
        self._steady: list[tuple[float | None, float | None, float] | None] = [None] * players
        """What each seat's fish cards, building cards and island workers are worth: no decision changes
        them while the table is kept (only the acting seat's own board changes meanwhile)."""
        self._terms: list[tuple[float, dict[Colour, float], dict[Colour, float]] | None] = [None] * players
        """What each seat's cubes are worth by colour (`_Estimate.cube_terms`): it reads the rings,
        boats, docks and majorities, which no decision changes while the table is kept."""
        self._lace: list[tuple[list[Square], int, dict[Colour, int]] | None] = [None] * players
        """Each seat's lace makers and what they score at a clean-up (`lace`), kept the same way."""

    def built_on(self, state: BuranoState) -> Self:
        """This table for a position where a house was built since: building changes nothing it reads
        but the main island (which the position keeps apart, `sites`) and the step of the turn, so it
        keeps all else it knows and shares what it learns of the seats (which building leaves as it is)."""
        twin = _new(type(self))
        twin.__dict__ = self.__dict__.copy()
        twin.state = state
        twin.phase = state.phase
        return twin

    def sampled(self, state: BuranoState) -> Self:
        """This table for another sample of the position it was made for (`BuranoState.determinize`):
        a sample draws again only the fish cards a seat cannot see (which `claimed` and `_steady`
        read), the decks and the pyramids (which nothing here reads), so it keeps all else it knows
        and shares what it learns of the seats' cubes, lace makers and roofs."""
        twin = _new(type(self))
        twin.__dict__ = self.__dict__.copy()
        twin.state = state
        twin.claimed = _claimed(state)
        twin._steady = [None] * state.players
        return twin

    # islands

    def island_value(self, seat: int, islands: Sequence[Sequence[int]]) -> float:
        """Majorities at the clean-ups to come (the first in full, later ones discounted)."""
        value = 0.0
        tie = self.tie
        for counts in islands:
            mine = counts[seat]
            if not mine:
                continue
            most = max(counts)
            if mine < most:
                value += self.presence
                continue
            tied = counts.count(most)
            if tied > 1 and tie is not None and counts[tie] == most:
                value += self.island_vp * self.island_weight if tie == seat else self.presence
            else:
                value += self.island_vp // tied * self.island_weight
        return value

    def dispatch_gain(self, seat: int, island: str, count: int) -> float:
        """What dispatching `count` workers to `island` changes for `seat`: majorities, less the ring."""
        if count <= 0:
            return 0.0
        state = self.state
        counts = list(state.island_workers[island])
        before = self.island_value(seat, (counts,))
        counts[seat] += count
        for other in range(len(counts)):
            if other != seat and counts[other] and state.boards[other].ring.workers < 9:
                counts[other] -= 1
        return self.island_value(seat, (counts,)) - before - count * self.next_cube

    def island_wins(self, seat: int) -> int:
        """Islands where `seat` alone has the most workers (or wins the tie by the card)."""
        wins = 0
        tie = self.tie
        for counts in self.islands:
            mine = counts[seat]
            if mine:
                most = max(counts)
                if mine == most and (counts.count(most) == 1 or tie == seat):
                    wins += 1
        return wins

    # schedule rings

    def ring(self, seat: int) -> tuple[tuple[Colour, ...], int, int]:
        """A seat's schedule ring: the arrow-pointed colours, and the visible coins and fountains."""
        return ring_facts(self.state.boards[seat].ring)


class Holdings(Table):
    """What each holding of a seat is worth: fish cards, building cards, lace makers and roof tiles."""

    # fish

    def fish(self, seat: int, hand: _Counts) -> float:
        """Unsold fish: 1 VP each, and a share of a ship's VP as its set nears completion."""
        value = float(sum(hand.values()))
        if not value:
            return 0.0
        time = min(1.0, self.rounds_left / 4)
        bonus = self.held[seat].sold_fish
        per_kind = self.static.per_kind
        claimed = self.claimed
        for demand, vp in self.static.ships.values():
            held = 0
            need = 0
            open_set = True
            for kind, count in demand:
                mine = hand.get(kind, 0)
                held += min(count, mine)
                need += count
                if mine < count and claimed.get(kind, 0) - mine > per_kind - count:
                    open_set = False
            if not held or (held < need and not open_set):
                continue
            worth = vp + sum(2 * count for kind, count in demand if kind in bonus)
            chance = SET_CHANCE[held] * time if held < need else SET_CHANCE[-1] * min(1.0, self.rounds_left / 1.5)
            value += chance * (worth - held)
        return value

    # building cards

    def cards(self, seat: int) -> float:
        state = self.state
        value = float(final_lines(state, seat)[-1][1])
        value += self.held[seat].effect_vp * self.tau
        return value

    # lace

    def lace(self, seat: int) -> float:
        state = self.state
        known = self._lace[seat]
        if known is None:
            known = self._lace[seat] = self._lace_makers(seat)
        squares, full, want = known
        if not squares:
            return 0.0
        value = self.later_lace * full
        if not self.between:
            value += full * self._paid_share(seat, want, len(squares))
        elif self.phase is Phase.LACE_SCORING and seat in state.queue:
            if seat == state.actor:
                paid = [square for square, _ in state.paid]
                pb, pu = scoring.lace_vp(paid, state.area.neighbours)
                unpaid = [square for square in squares if square not in paid]
                value += pb + pu + (full - pb - pu) * self.paid_share(seat, unpaid)
            else:
                value += full * self._paid_share(seat, want, len(squares))
        return value

    def _lace_makers(self, seat: int) -> tuple[list[Square], int, dict[Colour, int]]:
        """A seat's lace makers, what they score at a clean-up, and how many stand on each colour."""
        state = self.state
        squares = [square for square, owner in state.lace_workers.items() if owner == seat]
        if not squares:
            return squares, 0, {}
        key = tuple(squares)
        full = _LACE.get(key)
        if full is None:
            if len(_LACE) > LACE_CACHE:
                _LACE.clear()
            base, union = scoring.lace_vp(squares, state.area.neighbours)
            full = _LACE[key] = base + union
        return squares, full, self._wanted(squares)

    def _wanted(self, squares: Sequence[Square]) -> dict[Colour, int]:
        """How many of these workshop squares are of each colour (in the order the squares come)."""
        colours = self.state.area.colours
        want: dict[Colour, int] = {}
        for square in squares:
            colour = colours[square]
            want[colour] = want.get(colour, 0) + 1
        return want

    def paid_share(self, seat: int, squares: Sequence[Square]) -> float:
        """The share of these lace makers this season's pyramid (and privilege points) can pay for."""
        if not squares:
            return 1.0
        return self._paid_share(seat, self._wanted(squares), len(squares))

    def _paid_share(self, seat: int, want: dict[Colour, int], makers: int) -> float:
        """`paid_share` of `makers` lace makers wanting cubes of these colours (`_wanted`). Colours are
        counted by member in the pyramid's list, not by name in a new dictionary."""
        player = self.state.boards[seat]
        pyramid = player.pyramid
        reserve = None
        if self.phase is Phase.CONSTRUCTION and player.cursor < PYRAMID:
            placed = len(pyramid) - pyramid.count(None)
            left = player.reserve.total() - placed
            if left > 0:
                share = max(0, min(PYRAMID, player.reserve.total()) - placed) / left
                reserve = player.reserve
        short = 0.0
        for colour, count in want.items():
            have: float = pyramid.count(colour)
            if reserve is not None and colour in reserve:
                have += (reserve[colour] - have) * share
            short += max(0.0, count - have)
        if short:
            spare = player.privilege + (1 if self.held[seat].lace_discount else 0)
            short = max(0.0, short - spare)
        return 1.0 - short / makers

    def lace_maker(self, seat: int, paid_now: float) -> float:
        """One more lace maker: 2 VP (and about 1 in unions) at each clean-up to come, less the ring."""
        now = 0.0 if self.between else paid_now
        return (scoring.LACE_VP + 1) * (now + self.later_lace) - self.next_cube

    # roofs

    def roofs(self, seat: int) -> float:
        state = self.state
        player = state.boards[seat]
        value = self.empty_roof_spaces(seat, len(player.roofs))
        if not player.roofs:
            return value
        time = min(1.0, self.rounds_left / ROOF_TIME)
        bonus = ROOF_BONUS * self.tau
        held = self.held[seat]
        any_cube = held.any_cube
        colour_cards = held.roof_colours
        pairs, halves = self.sites()
        for tile in player.roofs:
            a, b = tile.colours
            points = self.roof_points(seat, tile.kind) + bonus
            for colours in colour_cards:
                points += 5 * ((a in colours) + (b in colours))
            if (a, b) in pairs or ((a in any_cube or b in any_cube) and _loose_fit(a, b, any_cube, pairs)):
                chance = ROOF_CHANCE_SITE
            elif a in halves or b in halves or a in any_cube or b in any_cube:
                chance = ROOF_CHANCE_HALF
            else:
                chance = ROOF_CHANCE_NONE
            value += chance * time * points
        return value

    def empty_roof_spaces(self, seat: int, held: int) -> float:
        """Empty roof spaces are refilled at the clean-up (with tiles of kinds not chosen yet)."""
        empty = 3 - held
        if not empty:
            return 0.0
        if self.phase is Phase.ROOF_DISCARD or self.phase is Phase.ROOF_REFILL:
            if seat not in self.state.queue:
                return 0.0
        elif not self.next_seasons:
            return 0.0
        time = min(1.0, max(0.0, self.rounds_left - self.season_rounds) / ROOF_TIME)
        return empty * ROOF_CHANCE_NONE * time * (scoring.FLAT_ROOF_VP + ROOF_BONUS * self.tau)

    def roof_points(self, seat: int, kind: RoofKind) -> float:
        """What a roof of `kind` would score for `seat` now (Roof Houses, step 3)."""
        key = (seat, kind)
        known = self._roof_points.get(key)
        if known is None:
            known = self._roof_points[key] = self._roof_points_now(seat, kind)
        return known

    def _roof_points_now(self, seat: int, kind: RoofKind) -> float:
        if kind is RoofKind.FLAT:
            return scoring.FLAT_ROOF_VP
        if kind is RoofKind.ISLANDS:
            return scoring.majority_roof_vp(self.island_wins(seat))
        if kind is RoofKind.WORKSHOPS:
            if self._workshops is None:
                self._workshops = self.state.workshop_counts()
            wins = 0
            for counts in self._workshops:
                mine = counts[seat]
                if mine and mine == max(counts) and counts.count(mine) == 1:
                    wins += 1
            return scoring.majority_roof_vp(wins)
        return scoring.fountain_roof_vp(self.ring(seat)[2])

    def sites(self) -> tuple[set[tuple[Colour, Colour]], set[Colour]]:
        """The colour pairs a roof tile could cover now (both ways round), and the colours of cubes that
        could be roofed once a matching cube is built beside them (a top cube beside an empty pit):
        kept by the position until a house is built or roofed (`BuranoState._island`)."""
        kept = self.state._island
        known: tuple[set[tuple[Colour, Colour]], set[Colour]] | None = kept[0]
        if known is None:
            stacks = self.state.stacks
            beside = self.static.beside
            pairs: set[tuple[Colour, Colour]] = set()
            halves: set[Colour] = set()
            for square, stack in stacks.items():
                cubes = stack.cubes
                floor = len(cubes)
                if floor >= 3 or len(stack.roofs) == floor:
                    continue
                top = cubes[-1]
                for near in beside[square]:
                    other = stacks.get(near)
                    if other is None:
                        if floor == 1:
                            halves.add(top)
                    elif len(other.cubes) == floor and len(other.roofs) < floor:
                        pairs.add((top, other.cubes[-1]))
            known = kept[0] = (pairs, halves)
        return known


class _Counts(Protocol):
    def get(self, kind: str, default: int, /) -> int: ...

    def values(self) -> Iterable[int]: ...


class Hand:
    """A seat's fish cards, the face-up and the secret ones together, without building a new counter."""

    __slots__ = ("public", "secret")

    def __init__(self, public: Mapping[str, int], secret: Mapping[str, int]) -> None:
        self.public = public
        self.secret = secret

    def get(self, kind: str, default: int = 0) -> int:
        return self.public.get(kind, 0) + self.secret.get(kind, 0)

    def values(self) -> list[int]:
        return [*self.public.values(), *self.secret.values()]


def _loose_fit(a: Colour, b: Colour, any_cube: frozenset[Colour], pairs: set[tuple[Colour, Colour]]) -> bool:
    """Whether a tile fits a pair of cubes when its halves in `any_cube` go on any colour."""
    return any((a in any_cube or a == x) and (b in any_cube or b == y) for x, y in pairs)
