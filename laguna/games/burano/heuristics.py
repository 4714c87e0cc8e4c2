"""Burano's estimate of every seat's final score (a bot's view of a position).

The final score is the scoring track (roofs, ships, island majorities and lace so far) plus the final
scoring (1 VP per 5 coins and privilege points, 1 VP per unsold fish card, the building cards). The
estimate adds to the scoring track what each holding is expected to be worth by the end:

- **Coins and privilege points** are worth 1/5 VP at the end, more before it, when they pay for moves.
- **Fish cards** count 1 VP each, and a share of a merchant ship's 24 VP: a ship wants three cards of
  two kinds, so a hand nearer a full set is worth more, while enough cards of its kinds are still
  unclaimed and turns are left to sail to a port.
- **Workers on neighbouring islands** score the majority at every clean-up still to come, later
  clean-ups discounted (majorities change hands); a worker where its owner does not lead counts a
  little, as it may still help.
- **Workers in lace workshops** score 2 VP and their unions at every clean-up still to come, when a
  cube of their colour is in the pyramid to pay for them: this season's pyramid is known, later ones
  are assumed to pay for most of them.
- **Roof tiles** are worth what they would score now, with a bonus (and the roof-colour cards), times
  the chance to place them: high when two matching cubes already stand side by side, lower when one
  matching cube stands beside an empty pit, low otherwise.
- **Cubes** are worth the action their colour triggers this season, less the moves still to pay for
  it, but a season has only so many turns: the cubes used are taken in the order they come free (the
  preparation area, then the pyramid's top, second level and base), as many as the turns left allow.
  The others go back to the reserve; with the workers on the schedule ring (each covered house brings a
  cube at the clean-up) they make next season's pyramid.
- **Building cards** score as in the final scoring now, plus a little for the effects still to use.
- **A decision under way** (a boat about to sail, fish cards to take, a roof waiting for its bonus,
  lace makers to send, lace makers to pay for) is worth what it is about to bring, so that each of a
  turn's small decisions shows its progress one step ahead.

The secret pyramid construction: a seat's committed slots count as its pyramid, and its cubes not yet
placed go, best first, to the slots still open (the top and the second level come free first), so
every slot decision is judged by how well its colour suits the slot. The cubes that will not fit are
sold for a coin each.

Everything is symmetric in time: the clock is the round, so ending a turn changes no seat's outlook.
Every seat also counts what the seasons after this one should still bring, the same for all (it sways
no decision, and keeps the estimate near the final score).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol

from laguna.games.burano import scoring
from laguna.games.burano import state as rules  # the rules module, read at call time (it imports this one)
from laguna.games.burano.actions import Lace
from laguna.games.burano.components import Components, Effect, HouseSymbol, RoofKind, Square

if TYPE_CHECKING:
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
ACTIONS_PER_TURN: Final = 1.3
"""Cubes a turn turns into actions, on average (moves cost coins)."""
PREP_KEEP: Final = 0.8
"""Share of an action's worth a cube in the preparation area counts (one move from it)."""
PYRAMID_KEEP: Final = 0.6
"""Share of an action's worth a pyramid cube within the season's reach counts (two moves from it).
The gap to `PREP_KEEP` is what picking a cube up earns, so picking pays when the action is good."""
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
MAX_LACE_MAKERS: Final = 3
LACE_NEXT_MAKER: Final = 0.8
"""A second or third lace maker of one action counts this much of the first (it must find a square
next to one already sent)."""
LACE_NOW_UNKNOWN: Final = 0.5
"""A new lace maker's chance to be paid for at this season's clean-up, before its square is known."""

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
CARD_DRAW: Final = 5.0
"""A building card drawn unseen from the deck, with the game ahead."""

COLOUR_NAMES: Final = ("pink", "blue", "yellow", "green", "orange", "white")
FISHING, LACE, EARNING = 0, 1, 2
"""The action spaces, in board order: where the colour markers lie (two each)."""


def estimate(state: BuranoState) -> tuple[float, ...]:
    """Every seat's expected final score: the scoring track plus the expected worth of its holdings."""
    if state.phase is rules.Phase.OVER:
        return tuple(float(score) for score in state.outcome().scores)
    table = _Table(state)
    return tuple(table.seat_value(seat) for seat in range(state.players))


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
    """What a seat's building cards do, gathered once per estimate."""

    def __init__(self, state: BuranoState | None, card_ids: Sequence[str]) -> None:
        cards = [state._cards[card_id] for card_id in card_ids] if state is not None else []
        effects = [card.effect for card in cards]
        self.effect_vp = sum(CARD_EFFECT.get(effect, 0.0) for effect in effects)
        self.island_ties = Effect.ISLAND_TIES in effects
        self.two_step = Effect.TWO_STEP_FISHING in effects
        self.lace_discount = Effect.LACE_DISCOUNT in effects
        self.sold_fish = frozenset(kind for card in cards if card.effect is Effect.SOLD_FISH_VP for kind in card.fish)
        self.any_cube = frozenset(
            c._value_ for card in cards if card.effect is Effect.ROOF_ANY_CUBES for c in card.colours
        )
        self.roof_colours = [
            frozenset(c._value_ for c in card.colours) for card in cards if card.effect is Effect.ROOF_COLOUR_VP
        ]


NO_CARDS: Final = _Held(None, ())


class _Table:
    """What the whole table shares for one estimate: the clock and the public boards."""

    def __init__(self, state: BuranoState) -> None:
        self.state = state
        self.phase = phase = state.phase
        P = rules.Phase  # noqa: N806  (the phases, by a short name)
        self.static = _static(state.components)
        season = state.season
        players = state.players
        turns = SEASON_TURNS[season]
        if phase is P.ROOFS or phase is P.CONSTRUCTION:
            done = float(SEASON_START[season])
            self.between = False
        elif phase in (P.LACE_SCORING, P.CUBE_REFILL, P.ROOF_DISCARD, P.ROOF_REFILL):
            done = float(SEASON_START[season] + turns)
            self.between = True
        else:
            done = SEASON_START[season] + state.round + state.turn / players
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
        # Who holds which building card effect, once.
        self.held = [_Held(state, board.cards) if board.cards else NO_CARDS for board in state.boards]
        self.tie = next((seat for seat, held in enumerate(self.held) if held.island_ties), None)
        # Fish cards in hands or sold: out of the deck and supply for good.
        claimed: dict[str, int] = {}
        for board in state.boards:
            for pile in (board.hand_public, board.hand_secret, board.sold):
                for kind, count in pile.items():
                    claimed[kind] = claimed.get(kind, 0) + count
        self.claimed = claimed
        self.islands = list(state.island_workers.values())
        self.action_of = {marker._value_: k // 2 for k, marker in enumerate(state.markers)}
        self._sites: tuple[set[tuple[str, str]], set[str]] | None = None
        self._workshops: list[list[int]] | None = None
        self._free_lace: dict[str, int] | None = None
        self._roof_points: dict[tuple[int, RoofKind], float] = {}
        self._rings: list[tuple[list[str], int, int] | None] = [None] * players

    # ------------------------------------------------------------------ one seat

    def seat_value(self, seat: int) -> float:
        state = self.state
        player = state.boards[seat]
        value = player.vp.total() + self.later_rounds
        value += player.coins * self.coin + player.privilege * self.privilege
        if player.hand_public or player.hand_secret:
            public, secret = player.hand_public, player.hand_secret
            value += self.fish(seat, _Hand(public, secret) if public and secret else public or secret)
        if player.cards:
            value += self.cards(seat)
        value += self.island_value(seat, self.islands)
        value += self.lace(seat)
        value += self.roofs(seat)
        actions = self.action_values(seat)
        value += self.cubes(seat, actions)
        if seat == state.actor:
            value += self.pending(seat)
        return value

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
        value = float(state.final_lines(seat)[-1][1])
        value += self.held[seat].effect_vp * self.tau
        return value

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

    # lace

    def lace(self, seat: int) -> float:
        state = self.state
        squares = [square for square, owner in state.lace_workers.items() if owner == seat]
        if not squares:
            return 0.0
        neighbours = state.area.neighbours
        key = tuple(squares)
        full = _LACE.get(key)
        if full is None:
            if len(_LACE) > LACE_CACHE:
                _LACE.clear()
            base, union = scoring.lace_vp(squares, neighbours)
            full = _LACE[key] = base + union
        value = self.later_lace * full
        if not self.between:
            value += full * self.paid_share(seat, squares)
        elif self.phase is rules.Phase.LACE_SCORING and seat in state.queue:
            if seat == state.actor:
                paid = [square for square, _ in state.paid]
                pb, pu = scoring.lace_vp(paid, neighbours)
                unpaid = [square for square in squares if square not in paid]
                value += pb + pu + (full - pb - pu) * self.paid_share(seat, unpaid)
            else:
                value += full * self.paid_share(seat, squares)
        return value

    def paid_share(self, seat: int, squares: Sequence[Square]) -> float:
        """The share of these lace makers this season's pyramid (and privilege points) can pay for."""
        if not squares:
            return 1.0
        state = self.state
        player = state.boards[seat]
        colours = state.area.colours
        want: dict[str, int] = {}
        for square in squares:
            name = colours[square]._value_
            want[name] = want.get(name, 0) + 1
        have: dict[str, float] = {}
        for cube in player.pyramid:
            if cube is not None:
                have[cube._value_] = have.get(cube._value_, 0) + 1
        if self.phase is rules.Phase.CONSTRUCTION and player.cursor < PYRAMID:
            placed = sum(have.values())
            left = player.reserve.total() - placed
            if left > 0:
                share = max(0, min(PYRAMID, player.reserve.total()) - placed) / left
                for colour, count in player.reserve.items():
                    name = colour._value_
                    have[name] = have.get(name, 0) + (count - have.get(name, 0)) * share
        short = 0.0
        for name, count in want.items():
            short += max(0.0, count - have.get(name, 0))
        if short:
            spare = player.privilege + (1 if self.held[seat].lace_discount else 0)
            short = max(0.0, short - spare)
        return 1.0 - short / len(squares)

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
        held = self.held[seat]
        any_cube = held.any_cube
        colour_cards = held.roof_colours
        pairs, halves = self.sites()
        for tile in player.roofs:
            a, b = tile.colours[0]._value_, tile.colours[1]._value_
            points = self.roof_points(seat, tile.kind) + ROOF_BONUS * self.tau
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
        P = rules.Phase  # noqa: N806
        if self.phase is P.ROOF_DISCARD or self.phase is P.ROOF_REFILL:
            if seat not in self.state.queue:
                return 0.0
        elif not self.next_seasons:
            return 0.0
        time = min(1.0, max(0.0, self.rounds_left - self.season_rounds) / ROOF_TIME)
        return empty * ROOF_CHANCE_NONE * time * (scoring.FLAT_ROOF_VP + ROOF_BONUS * self.tau)

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

    def sites(self) -> tuple[set[tuple[str, str]], set[str]]:
        """The colour pairs a roof tile could cover now (both ways round), and the colours of cubes that
        could be roofed once a matching cube is built beside them (a top cube beside an empty pit)."""
        if self._sites is None:
            stacks = self.state.stacks
            beside = self.static.beside
            pairs: set[tuple[str, str]] = set()
            halves: set[str] = set()
            for square, stack in stacks.items():
                cubes = stack.cubes
                floor = len(cubes)
                if floor >= 3 or len(stack.roofs) == floor:
                    continue
                top = cubes[-1]._value_
                for near in beside[square]:
                    other = stacks.get(near)
                    if other is None:
                        if floor == 1:
                            halves.add(top)
                    elif len(other.cubes) == floor and len(other.roofs) < floor:
                        pairs.add((top, other.cubes[-1]._value_))
            self._sites = (pairs, halves)
        return self._sites

    # cubes

    def ring(self, seat: int) -> tuple[list[str], int, int]:
        """A seat's schedule ring: the arrow-pointed colours, and the visible coins and fountains."""
        known = self._rings[seat]
        if known is None:
            ring = self.state.boards[seat].ring
            houses = ring.houses
            start = ring.arrows
            arrows = [houses[(start + k) % 12].colour._value_ for k in range(3)]
            coins = fountains = 0
            for k in range(3 + ring.workers, 12):
                symbol = houses[(start + k) % 12].symbol
                if symbol is HouseSymbol.COIN:
                    coins += 1
                elif symbol is HouseSymbol.FOUNTAIN:
                    fountains += 1
            known = self._rings[seat] = (arrows, coins, fountains)
        return known

    def action_values(self, seat: int) -> tuple[float, float, float]:
        """What building a cube brings this season at each action space, before paying for the move:
        as the estimate would see it once the action is done."""
        state = self.state
        player = state.boards[seat]
        workers = player.ring.workers
        arrows, coins, _ = self.ring(seat)
        earning = coins * self.coin
        # Fishing: the best island in reach, its fish cards and a worker dispatched there.
        reach = self.static.reach_two if self.held[seat].two_step else self.static.reach_one
        best, where = 0, ""
        for place in reach[player.boat]:
            docks = state.docks.get(place)
            if docks is not None:
                matched = _matches(arrows, docks)
                if matched > best:
                    best, where = matched, place
        fishing = best * self.fish_card
        if best and workers >= 2:
            fishing += max(0.0, self.dispatch_gain(seat, where, 2 if best == 3 and workers >= 3 else 1))
        # Lace: a maker per arrow colour with a free square of its colour, at most three.
        lace = self.lace_makers(seat, arrows, 0)
        return fishing, max(0.0, lace), earning

    def lace_makers(self, seat: int, arrows: Sequence[str], sent: int) -> float:
        """Lace makers still to send in one lace making action: one per arrow colour left with a free
        square of its colour, at most three in all and never the ring's last worker. The first is
        counted in full, the others a little less (each must stand next to one already sent)."""
        workers = self.state.boards[seat].ring.workers
        if workers < 2 or sent >= MAX_LACE_MAKERS:
            return 0.0
        if self._free_lace is None:
            self._free_lace = self._free_lace_colours()
        free = self._free_lace
        used: list[str] = []
        for name in arrows:
            if name in free and used.count(name) < free[name]:
                used.append(name)
        makers = min(len(used), workers - 1, MAX_LACE_MAKERS - sent)
        if not makers:
            return 0.0
        return max(0.0, self.lace_maker(seat, LACE_NOW_UNKNOWN)) * (1 + LACE_NEXT_MAKER * (makers - 1))

    def _free_lace_colours(self) -> dict[str, int]:
        taken = self.state.lace_workers
        free: dict[str, int] = {}
        for square, colour in self.state.area.colours.items():
            if square not in taken:
                name = colour._value_
                free[name] = free.get(name, 0) + 1
        return free

    def cubes(self, seat: int, actions: tuple[float, float, float]) -> float:
        state = self.state
        player = state.boards[seat]
        P = rules.Phase  # noqa: N806
        phase = self.phase
        action_of = self.action_of
        move = self.move
        average = sum(actions) / 3
        if self.between:
            # The reserve and the covered houses make next season's pyramid; preparation cubes wait.
            cubes = player.reserve.total() + sum(1 for c in player.pyramid if c is not None)
            if phase is P.LACE_SCORING or (phase is P.CUBE_REFILL and seat in state.queue and seat != state.actor):
                cubes += player.ring.workers
            elif phase is P.CUBE_REFILL and seat == state.actor:
                cubes += state.owed
            value = self.reserve_value(cubes)
            if self.next_seasons:
                value += len(player.preparation) * PREP_KEEP * max(0.0, average - move)
            return value
        # The season's budget of actions, spent on the cubes in the order they come free.
        budget = self.season_rounds * ACTIONS_PER_TURN
        value = 0.0
        carried = PREP_KEEP * max(0.0, average - move) if self.next_seasons else 0.0
        for cube in player.preparation:
            worth = PREP_KEEP * max(0.0, actions[action_of[cube._value_]] - move)
            used = min(1.0, budget) if budget > 0 else 0.0
            budget -= 1
            value += used * worth + (1 - used) * carried
        # A cube beyond the budget goes back to the reserve; one within it brings its action.
        later = self.next_cube
        nets = [PYRAMID_KEEP * max(0.0, worth - 2 * move) - later for worth in actions]
        gain_of = {name: nets[index] for name, index in action_of.items()}
        if phase is P.CONSTRUCTION or phase is P.ROOFS:
            layers, sold = self._planned_pyramid(player, gain_of)
            value += sold * self.coin
        else:
            pyramid = player.pyramid
            layers = tuple(
                sorted([gain_of[c._value_] for c in part if c is not None], reverse=True)
                for part in (pyramid[13:], pyramid[9:13], pyramid[:9])
            )
        for gains in layers:
            value += len(gains) * later
            for gain in gains:
                if budget <= 0:
                    break
                value += (budget if budget < 1 else 1.0) * gain
                budget -= 1
        value += player.ring.workers * later
        return value

    def _planned_pyramid(self, player: Any, gain_of: dict[str, float]) -> tuple[tuple[list[float], ...], int]:
        """A pyramid under construction as it will be, as the gains of its cubes layer by layer (top
        first): the slots decided, and the cubes still in the reserve going best first to the open
        slots of the top, the second level and the base. Returns also the cubes that will not fit
        (sold for a coin each)."""
        pyramid = player.pyramid
        counts: dict[str, int] = {}
        for colour, count in player.reserve.items():
            counts[colour._value_] = count
        placed = 0
        for cube in pyramid:
            if cube is not None:
                counts[cube._value_] -= 1
                placed += 1
        left = sorted([gain_of[name] for name, count in counts.items() for _ in range(count)], reverse=True)
        slots = max(0, min(PYRAMID, player.reserve.total()) - placed)
        sold = max(0, len(left) - slots)
        del left[slots:]
        cursor = player.cursor
        layers = []
        for part, first, target in ((pyramid[13:], 13, 1), (pyramid[9:13], 9, 4), (pyramid[:9], 0, 9)):
            gains = [gain_of[c._value_] for c in part if c is not None]
            open_slots = sum(1 for k, c in enumerate(part) if c is None and first + k >= cursor)
            room = min(open_slots, len(left), max(0, target - len(gains)))
            gains.extend(left[:room])
            del left[:room]
            layers.append(sorted(gains, reverse=True))
        layers[2].extend(left)
        return tuple(layers), sold

    def reserve_value(self, cubes: int) -> float:
        if not self.next_seasons:
            return 0.0
        useful = min(cubes, PYRAMID)
        return useful * self.next_cube + (cubes - useful) * self.coin

    # decisions under way

    def pending(self, seat: int) -> float:
        state = self.state
        phase = self.phase
        P = rules.Phase  # noqa: N806
        if phase is P.TURN or phase is P.EARNING:
            return 0.0
        if phase is P.CONSTRUCTION or phase is P.ROOFS:
            return 0.0
        if phase is P.FISHING:
            return self.sail_value(seat)
        if phase is P.FISH_CARDS:
            return state.fish_left * self.fish_card + self.dispatch_after(seat)
        if phase is P.DISPATCH:
            island = state.boards[seat].boat
            return max(self.dispatch_gain(seat, island, 1), self.dispatch_gain(seat, island, 2))
        if phase is P.TRADE:
            return self.trade_value(seat)
        if phase is P.LACE:
            return self.lace_pending(seat)
        if phase is P.BONUS and state.roof is not None:
            tile = state.roof.tile
            return state.roof_points(seat, tile.kind) + state.roof_colour_vp(seat, tile) + self.bonus_value()
        return 0.0

    def sail_value(self, seat: int) -> float:
        state = self.state
        player = state.boards[seat]
        arrows = self.ring(seat)[0]
        workers = player.ring.workers
        reach = self.static.reach_two if self.held[seat].two_step else self.static.reach_one
        best = 0.0
        for place in reach[player.boat]:
            docks = state.docks.get(place)
            if docks is not None:
                matched = _matches(arrows, docks)
                if matched:
                    count = 0 if workers < 2 else 2 if matched == 3 and workers >= 3 else 1
                    dispatch = self.dispatch_gain(seat, place, count)
                    if count == 2:
                        dispatch = max(dispatch, self.dispatch_gain(seat, place, 1))
                    best = max(best, matched * self.fish_card + dispatch)
            elif not state.swapped:
                best = max(best, self.trade_value(seat, place))
        return best

    def dispatch_after(self, seat: int) -> float:
        state = self.state
        player = state.boards[seat]
        workers = player.ring.workers
        if workers < 2:
            return 0.0
        if state.matched == 3 and workers >= 3:
            return max(self.dispatch_gain(seat, player.boat, 1), self.dispatch_gain(seat, player.boat, 2))
        return self.dispatch_gain(seat, player.boat, 1)

    def trade_value(self, seat: int, port: str | None = None) -> float:
        """The best trade in the port: the ship's VP (and sold-fish cards) for the cards' worth in hand."""
        state = self.state
        player = state.boards[seat]
        names = state.tradeable(seat, player.boat if port is None else port)
        if not names:
            return 0.0
        hand = player.hand_public + player.hand_secret
        before = self.fish(seat, _Hand(hand, {}))
        bonus = self.held[seat].sold_fish
        best = 0.0
        for name in names:
            demand, vp = self.static.ships[name]
            left = hand.copy()
            for kind, count in demand:
                left[kind] -= count
            gain = vp + sum(2 * count for kind, count in demand if kind in bonus)
            best = max(best, gain + self.fish(seat, _Hand(+left, {})) - before)
        return best

    def lace_pending(self, seat: int) -> float:
        """The lace makers this action can still send (as when the cube was built), while a square can
        take the next one."""
        state = self.state
        options = state._lace_options(seat)
        if not any(isinstance(o, Lace) and not o.privilege for o in options):
            return 0.0
        return self.lace_makers(seat, [c._value_ for c in state.arrows], state.sent)

    def bonus_value(self) -> float:
        return max(2 * self.privilege, CARD_DRAW * (0.5 + 0.5 * self.tau))


class _Counts(Protocol):
    def get(self, kind: str, default: int, /) -> int: ...

    def values(self) -> Iterable[int]: ...


class _Hand:
    """A seat's fish cards, the face-up and the secret ones together, without building a new counter."""

    __slots__ = ("public", "secret")

    def __init__(self, public: Mapping[str, int], secret: Mapping[str, int]) -> None:
        self.public = public
        self.secret = secret

    def get(self, kind: str, default: int = 0) -> int:
        return self.public.get(kind, 0) + self.secret.get(kind, 0)

    def values(self) -> list[int]:
        return [*self.public.values(), *self.secret.values()]


def _matches(arrows: Sequence[str], docks: Sequence[Any]) -> int:
    """How many arrow colours match the dock houses, each house counting once."""
    left = [d._value_ for d in docks]
    count = 0
    for name in arrows:
        if name in left:
            left.remove(name)
            count += 1
    return count


def _loose_fit(a: str, b: str, any_cube: frozenset[str], pairs: set[tuple[str, str]]) -> bool:
    """Whether a tile fits a pair of cubes when its halves in `any_cube` go on any colour."""
    return any((a in any_cube or a == x) and (b in any_cube or b == y) for x, y in pairs)
