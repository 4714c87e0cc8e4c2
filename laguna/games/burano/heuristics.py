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

from collections.abc import Sequence
from typing import Any, Final

from laguna.games.burano.components import Colour, Effect
from laguna.games.burano.holdings import PYRAMID, Hand, Holdings
from laguna.games.burano.position import Phase
from laguna.games.burano.rules.roofing import roof_colour_vp, roof_points
from laguna.games.burano.state import BuranoState

ACTIONS_PER_TURN: Final = 1.3
"""Cubes a turn turns into actions, on average (moves cost coins)."""
PREP_KEEP: Final = 0.8
"""Share of an action's worth a cube in the preparation area counts (one move from it)."""
PYRAMID_KEEP: Final = 0.6
"""Share of an action's worth a pyramid cube within the season's reach counts (two moves from it).
The gap to `PREP_KEEP` is what picking a cube up earns, so picking pays when the action is good."""
MAX_LACE_MAKERS: Final = 3
LACE_NEXT_MAKER: Final = 0.8
"""A second or third lace maker of one action counts this much of the first (it must find a square
next to one already sent)."""
LACE_NOW_UNKNOWN: Final = 0.5
"""A new lace maker's chance to be paid for at this season's clean-up, before its square is known."""
CARD_DRAW: Final = 5.0
"""A building card drawn unseen from the deck, with the game ahead."""


def estimate(state: BuranoState) -> tuple[float, ...]:
    """Every seat's expected final score: the scoring track plus the expected worth of its holdings.

    A position keeps each seat's parts and the table's (`BuranoState.forget_worth`) until a decision
    may change them, so a decision's position works out again only what the decision can change."""
    if state.phase is Phase.OVER:
        return tuple(float(score) for score in state.outcome().scores)
    worth = state._worth
    roof_worth = state._roof_worth
    table: _Estimate | None = None
    values = []
    for seat in range(state.players):
        parts = worth[seat][0]
        roofs = roof_worth[seat][0]
        if parts is None or roofs is None:
            if table is None:
                table = state._table[0]
                if table is None:
                    table = state._table[0] = _new_table(state)
                table.state = state
            if roofs is None:
                roofs = roof_worth[seat][0] = table.roofs(seat)
            if parts is None:
                parts = worth[seat][0] = table.seat_parts(seat)
        holdings, cubes, pending = parts
        value = holdings + roofs
        value += cubes
        if pending is not None:
            value += pending
        values.append(value)
    if table is not None:
        # The position keeps its table: pointing it back at the position would make a cycle, and
        # every position a search drops would wait for the cyclic collector instead of going at once.
        del table.state
    return tuple(values)


def _new_table(state: BuranoState) -> _Estimate:
    """The table of a position that has none: after a house is built, the one of the position it was
    built in (or one before it in the turn) with the main island worked out again; for a sample, the
    one of an earlier sample of its position with the fish cards worked out again; else a new one."""
    cell = state._table
    table: _Estimate
    while len(cell) > 1:
        cell = cell[1]
        if cell[0] is not None:
            table = cell[0].built_on(state)
            return table
    sampled = state._sampled
    if sampled[0] is not None:
        table = sampled[0].sampled(state)
        return table
    table = sampled[0] = _Estimate(state)
    return table


class _Estimate(Holdings):
    """A seat's whole estimate: its holdings, its cubes and the decision under way."""

    def seat_parts(self, seat: int) -> tuple[float, float, float | None]:
        """A seat's estimate but its roof tiles, in three parts added in turn: its holdings before the
        roofs, its cubes, and (for the acting seat) the decision under way."""
        state = self.state
        player = state.boards[seat]
        value = player.vp.total() + self.later_rounds
        value += player.coins * self.coin + player.privilege * self.privilege
        steady = self._steady[seat]
        if steady is None:
            steady = self._steady[seat] = self._steady_parts(seat)
        fish, cards, islands = steady
        if fish is not None:
            value += fish
        if cards is not None:
            value += cards
        value += islands
        value += self.lace(seat)
        terms = self._terms[seat]
        if terms is None:
            terms = self._terms[seat] = self.cube_terms(seat)
        return value, self.cubes(seat, terms), self.pending(seat) if seat == state.actor else None

    def _steady_parts(self, seat: int) -> tuple[float | None, float | None, float]:
        """What a seat's fish cards, building cards and island workers are worth (none for no cards):
        no decision changes them while the table is kept."""
        player = self.state.boards[seat]
        fish = cards = None
        if player.hand_public or player.hand_secret:
            public, secret = player.hand_public, player.hand_secret
            fish = self.fish(seat, Hand(public, secret) if public and secret else public or secret)
        if player.cards:
            cards = self.cards(seat)
        return fish, cards, self.island_value(seat, self.islands)

    # cubes

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

    def lace_makers(self, seat: int, arrows: Sequence[Colour], sent: int) -> float:
        """Lace makers still to send in one lace making action: one per arrow colour left with a free
        square of its colour, at most three in all and never the ring's last worker. The first is
        counted in full, the others a little less (each must stand next to one already sent)."""
        workers = self.state.boards[seat].ring.workers
        if workers < 2 or sent >= MAX_LACE_MAKERS:
            return 0.0
        if self._free_lace is None:
            self._free_lace = self._free_lace_colours()
        free = self._free_lace
        used: list[Colour] = []
        for colour in arrows:
            if colour in free and used.count(colour) < free[colour]:
                used.append(colour)
        makers = min(len(used), workers - 1, MAX_LACE_MAKERS - sent)
        if not makers:
            return 0.0
        return max(0.0, self.lace_maker(seat, LACE_NOW_UNKNOWN)) * (1 + LACE_NEXT_MAKER * (makers - 1))

    def _free_lace_colours(self) -> dict[Colour, int]:
        taken = self.state.lace_workers
        free: dict[Colour, int] = {}
        for square, colour in self.state.area.colours.items():
            if square not in taken:
                free[colour] = free.get(colour, 0) + 1
        return free

    def cube_terms(self, seat: int) -> tuple[float, dict[Colour, float], dict[Colour, float]]:
        """What a seat's cubes are worth by colour, from its action values (`action_values`): what an
        action is worth beyond a move, a preparation cube's worth and a pyramid cube's gain."""
        actions = self.action_values(seat)
        move = self.move
        later = self.next_cube
        spare = max(0.0, sum(actions) / 3 - move)
        prepared = [PREP_KEEP * max(0.0, worth - move) for worth in actions]
        nets = [PYRAMID_KEEP * max(0.0, worth - 2 * move) - later for worth in actions]
        action_of = self.action_of
        prep_of = {colour: prepared[index] for colour, index in action_of.items()}
        gain_of = {colour: nets[index] for colour, index in action_of.items()}
        return spare, prep_of, gain_of

    def cubes(self, seat: int, terms: tuple[float, dict[Colour, float], dict[Colour, float]]) -> float:
        state = self.state
        player = state.boards[seat]
        phase = self.phase
        spare, prep_of, gain_of = terms
        if self.between:
            # The reserve and the covered houses make next season's pyramid; preparation cubes wait.
            cubes = player.reserve.total() + sum(1 for c in player.pyramid if c is not None)
            if phase is Phase.LACE_SCORING or (
                phase is Phase.CUBE_REFILL and seat in state.queue and seat != state.actor
            ):
                cubes += player.ring.workers
            elif phase is Phase.CUBE_REFILL and seat == state.actor:
                cubes += state.owed
            value = self.reserve_value(cubes)
            if self.next_seasons:
                value += len(player.preparation) * PREP_KEEP * spare
            return value
        # The season's budget of actions, spent on the cubes in the order they come free.
        budget = self.season_rounds * ACTIONS_PER_TURN
        value = 0.0
        carried = PREP_KEEP * spare if self.next_seasons else 0.0
        for cube in player.preparation:
            worth = prep_of[cube]
            used = min(1.0, budget) if budget > 0 else 0.0
            budget -= 1
            value += used * worth + (1 - used) * carried
        # A cube beyond the budget goes back to the reserve; one within it brings its action.
        later = self.next_cube
        if phase is Phase.CONSTRUCTION or phase is Phase.ROOFS:
            layers, sold = self._planned_pyramid(player, gain_of)
            value += sold * self.coin
        else:
            pyramid = player.pyramid
            top = pyramid[13]
            layers = (
                [gain_of[top]] if top is not None else [],
                sorted([gain_of[c] for c in pyramid[9:13] if c is not None], reverse=True),
                sorted([gain_of[c] for c in pyramid[:9] if c is not None], reverse=True),
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

    def _planned_pyramid(self, player: Any, gain_of: dict[Colour, float]) -> tuple[tuple[list[float], ...], int]:
        """A pyramid under construction as it will be, as the gains of its cubes layer by layer (top
        first): the slots decided, and the cubes still in the reserve going best first to the open
        slots of the top, the second level and the base. Returns also the cubes that will not fit
        (sold for a coin each)."""
        pyramid = player.pyramid
        counts = dict(player.reserve)
        placed = 0
        for cube in pyramid:
            if cube is not None:
                counts[cube] -= 1
                placed += 1
        left = sorted([gain_of[colour] for colour, count in counts.items() for _ in range(count)], reverse=True)
        slots = max(0, min(PYRAMID, player.reserve.total()) - placed)
        sold = max(0, len(left) - slots)
        del left[slots:]
        cursor = player.cursor
        layers = []
        for part, first, target in ((pyramid[13:], 13, 1), (pyramid[9:13], 9, 4), (pyramid[:9], 0, 9)):
            gains = [gain_of[c] for c in part if c is not None]
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
        phase = state.phase  # the step of the turn: the table serves every step alike
        if phase is Phase.TURN or phase is Phase.EARNING:
            return 0.0
        if phase is Phase.CONSTRUCTION or phase is Phase.ROOFS:
            return 0.0
        if phase is Phase.FISHING:
            return self.sail_value(seat)
        if phase is Phase.FISH_CARDS:
            return state.fish_left * self.fish_card + self.dispatch_after(seat)
        if phase is Phase.DISPATCH:
            island = state.boards[seat].boat
            return max(self.dispatch_gain(seat, island, 1), self.dispatch_gain(seat, island, 2))
        if phase is Phase.TRADE:
            return self.trade_value(seat)
        if phase is Phase.LACE:
            return self.lace_pending(seat)
        if phase is Phase.BONUS and state.roof is not None:
            tile = state.roof.tile
            return roof_points(state, seat, tile.kind) + roof_colour_vp(state, seat, tile) + self.bonus_value()
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
        before = self.fish(seat, Hand(hand, {}))
        bonus = self.held[seat].sold_fish
        best = 0.0
        for name in names:
            demand, vp = self.static.ships[name]
            left = hand.copy()
            for kind, count in demand:
                left[kind] -= count
            gain = vp + sum(2 * count for kind, count in demand if kind in bonus)
            best = max(best, gain + self.fish(seat, Hand(+left, {})) - before)
        return best

    def lace_pending(self, seat: int) -> float:
        """The lace makers this action can still send (as when the cube was built), while a square can
        take the next one."""
        state = self.state
        if not _may_send(state, seat):
            return 0.0
        return self.lace_makers(seat, state.arrows, state.sent)

    def bonus_value(self) -> float:
        return max(2 * self.privilege, CARD_DRAW * (0.5 + 0.5 * self.tau))


def _may_send(state: BuranoState, seat: int) -> bool:
    """Whether the lace making action offers a lace maker without a privilege point (as
    `lace_options` would list one), found without listing them all."""
    player = state.boards[seat]
    arrows = state.arrows
    if state.sent >= MAX_LACE_MAKERS or player.ring.workers < 2 or not arrows:
        return False
    taken = state.lace_workers
    own = {square for square, owner in taken.items() if owner == seat}
    bump = state.has(seat, Effect.LACE_BUMP)
    neighbours = state.area.neighbours
    boards = state.boards
    for square, colour in state.area.colours.items():
        if colour not in arrows or square in own:
            continue
        occupant = taken.get(square)
        if occupant is not None and (not bump or boards[occupant].ring.empty_sectors == 0):
            continue
        if not own or any(near in own for near in neighbours[square]):
            return True
    return False


def _matches(arrows: Sequence[Colour], docks: Sequence[Any]) -> int:
    """How many arrow colours match the dock houses, each house counting once."""
    left = list(docks)
    count = 0
    for colour in arrows:
        if colour in left:
            left.remove(colour)
            count += 1
    return count
