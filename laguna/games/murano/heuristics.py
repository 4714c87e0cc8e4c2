"""Murano's estimate of every seat's final score (a bot's view of a position).

The final score is the victory point track (buildings, special buildings, production) plus the
character cards, each scored at an island where its owner has a gondolier on a gondola, and 1 VP per
gondolier on a gondola that scores no card. The estimate adds to the track what each holding should
still bring:

- **Time.** The game ends when two of the five tile stacks are empty, so the share of the game left is
  read from the two emptiest stacks. Every seat still gains about `holdings.FUTURE_VP` times that share by
  playing on (the same for all, so it sways no decision; it keeps the estimate near the final score).
- **Character cards** are matched to the seat's gondolas, each gondola scoring one card at its island,
  the best pairs first; a gondola with no card counts its 1 VP. A card is worth what it would score at
  that island now, blended, while the islands are still filling up, with what a card of its kind
  usually scores by the end. A card without a gondola counts for less, by the gondoliers still in hand.
- **Bought tiles** are worth their building VP (1, 2, 3), less the share of a Build action still needed
  to place them, while there is time to; a special building is worth the card it brings.
- **Gold**, and what turns into gold (gondoliers in hand, beads to sell, the customers of the seat's
  shops), is worth what it buys while the game lasts, and only as much of it as the turns left can
  spend: a hoard is worth little near the end, where gold only breaks ties. Beads kept for a bead card
  count with the card, 7 VP each.
- **Special building cards** add what their effect should still bring.
- **A decision under way** (ships to sail before the action, a tile to buy, character cards to choose
  from, a gondola, tiles to build, a street to lay, beads to produce or sell) is worth what it is about
  to bring, so that each small decision of a turn shows its progress one step ahead. Recruiting reads
  the top of the character deck: the estimate runs on sampled positions, where those are the cards the
  sample will draw."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from laguna.games.murano.components import PLAYER_COLOURS, Bead, Building, SpecialEffect
from laguna.games.murano.components import Action as Kind
from laguna.games.murano.holdings import SALE, SELL_CHANCE, SPECIAL_EFFECT, Holdings, shared
from laguna.games.murano.position import Phase
from laguna.games.murano.rules.recruiting import HOSTEL_DRAW, RECRUIT_DRAW
from laguna.games.murano.ships import cost_of
from laguna.games.murano.state import MuranoState

_BUILDINGS: Final = tuple(Building)
_BEADS: Final = tuple(Bead)
"""The kinds of building and the bead colours in their order, listed once (an enum lists itself slowly)."""


def estimate(state: MuranoState) -> tuple[float, ...]:
    """Every seat's expected final score: the track plus the expected worth of its holdings."""
    if state.phase is Phase.OVER:
        return tuple(float(board.score()) for board in state.boards)
    return _Estimate(state, shared(state)).values()


class _Estimate(Holdings):
    """One estimate: each seat's holdings, and for the actor what its decision under way brings."""

    holdings_key: tuple[Any, ...]
    """The actor's holdings, as `values` remembers their worth by them."""

    def values(self) -> tuple[float, ...]:
        """Every seat's holdings valued (remembered by them, with the special building cards taken this
        turn), and for the actor its decision under way."""
        state = self.state
        memo = self.shared.holdings
        fresh = tuple(state.fresh)
        actor = state.actor
        values = []
        for seat, player in enumerate(state.boards):
            holdings = (
                seat,
                sum(player.vp.values()),
                player.gold,
                player.gondoliers,
                player.factories,
                player.specials,
                player.markers,
                len(player.shops),
                len(player.palaces),
                tuple(player.characters),
                tuple(player.special_cards),
                tuple(player.beads.items()),
                fresh,
            )
            known = memo.get(holdings)
            if known is None:
                known = memo[holdings] = self.holdings_value(seat)
                self.shared.keep()
            value, self.liquid = known
            if seat == actor:
                self.holdings_key = holdings
                value += self.pending(seat)
            values.append(value)
        return tuple(values)

    # decisions under way

    def pending(self, seat: int) -> float:
        state = self.state
        phase = self.phase
        player = state.boards[seat]
        if phase is Phase.TURN or phase is Phase.SCORING:
            return 0.0
        if phase is Phase.CLEAR or phase is Phase.MOVER:
            left = len(state.clearing) + 1
            cost = cost_of(state.moved + left)
            kind = state.components.action_spaces[state.target].action
            return self.action_value(seat, kind, player.gold - cost) - self.spend(cost)
        if phase is Phase.BUY:
            return self.buy_value(seat)
        if phase is Phase.RECRUIT or phase is Phase.PRELUDE:
            return self.recruit_value(seat, state.drawn)
        if phase is Phase.GONDOLA:
            return self.gondola_value(seat, player.gold)
        if phase is Phase.BUILD:
            return self.build_value(seat, 3 - state.built)
        if phase is Phase.PLACE_STREET:
            return self.build_value(seat, 3 - state.built - 1, street_laid=True)
        if phase is Phase.SPECIAL_CARD:
            return max((SPECIAL_EFFECT[state._special(c).effect] * self.tau for c in state.drawn), default=0.0)
        if phase is Phase.INCOME:
            return self.earn(max(self.income_at(seat, island) for island in self.islands))
        if phase is Phase.PRODUCE:
            return self.produce_value(seat)
        if phase is Phase.SELL:
            return self.sell_value(seat)
        if phase is Phase.GONDOLIER:
            return max(self.dismiss_value(seat), self.hire_value(seat))
        if phase is Phase.FINAL_PLACE:
            tile = Building(state.final_tile.split("-", maxsplit=1)[0])
            return self.built(tile) - self.in_hand(tile)
        return 0.0

    def action_value(self, seat: int, kind: Kind, gold: int) -> float:
        """Roughly what carrying out an action brings once the ships are paid (for ships still sailing)."""
        state = self.state
        if kind is Kind.TAKE_GOLD:
            return self.earn(4 if state.has(seat, SpecialEffect.BANK) else 2)
        if kind is Kind.BUY_FACTORY:
            return self.in_hand(Building.FACTORY) - self.spend(1)
        if kind is Kind.BUY_SHOP:
            return self.in_hand(Building.SHOP) - self.spend(2)
        if kind is Kind.BUY_PALACE:
            return self.in_hand(Building.PALACE) - self.spend(2)
        if kind is Kind.BUY_SPECIAL:
            return self.in_hand(Building.SPECIAL) - self.spend(2)
        if kind is Kind.RECRUIT:
            # The cards it will draw are the top of the deck (known in a sampled position).
            count = HOSTEL_DRAW if state.has(seat, SpecialEffect.HOSTEL) else RECRUIT_DRAW
            return self.recruit_value(seat, state.character_deck[-count:])
        if kind is Kind.PLACE_GONDOLIER:
            return self.gondola_value(seat, gold)
        if kind is Kind.BUILD:
            return self.build_value(seat, 3)
        if kind is Kind.INCOME:
            return self.earn(max(self.income_at(seat, island) for island in self.islands))
        if kind is Kind.PRODUCTION:
            return self.produce_value(seat)
        return max(self.dismiss_value(seat), self.hire_value(seat))

    def buy_value(self, seat: int) -> float:
        state = self.state
        kind = Building.SHOP if state.buying == "shop" else Building.PALACE
        if state.looking:
            return self.in_hand(kind)
        return max(0.0, self.in_hand(kind) - self.spend(2))

    def recruit_value(self, seat: int, drawn: Sequence[str]) -> float:
        """The best of the cards drawn (or about to be: the top of a sampled deck), for its price, or
        nothing."""
        state = self.state
        player = state.boards[seat]
        cost = state.recruit_cost(seat)
        if not drawn or cost > player.gold:
            return 0.0
        before = self.characters(seat, player.characters)
        best = 0.0
        for card_id in drawn:
            gain = self.characters(seat, [*player.characters, card_id]) - before - self.spend(cost)
            best = max(best, gain)
        return best

    def gondola_value(self, seat: int, gold: int) -> float:
        """The best gondola the seat can pay for: the cards it lets score, less its price. Remembered by
        the seat's holdings and the gold it has for it, as the islands and gondolas are the same."""
        key = (self.holdings_key, gold)
        memo = self.shared.gondola_values
        value = memo.get(key)
        if value is None:
            value = memo[key] = self._gondola_value(seat, gold)
            self.shared.keep()
        return value

    def _gondola_value(self, seat: int, gold: int) -> float:
        state = self.state
        player = state.boards[seat]
        if not player.gondoliers:
            return 0.0
        colour = PLAYER_COLOURS[seat]
        own, other = state.gondolier_cost(seat, True), state.gondolier_cost(seat, False)
        before = self.characters(seat, player.characters)
        best = 0.0
        for island in state.side.islands:
            costs = [
                own if gondola == colour else other
                for gondola in island.gondolas
                if (island.id, gondola) not in state.gondolas
            ]
            if not costs or min(costs) > gold:
                continue
            price = min(costs)
            player.gondoliers -= 1
            try:
                after = self.characters(seat, player.characters, extra_gondola=island.id)
            finally:
                player.gondoliers += 1
            best = max(best, after - before - self.spend(price + 3))
        return best

    def build_value(self, seat: int, places: int, street_laid: bool = False) -> float:
        """Building the tiles in hand (up to `places`): their VP now rather than maybe later."""
        state = self.state
        player = state.boards[seat]
        if places <= 0:
            return 0.0
        if not street_laid and not state.free_building_spaces():
            # A street laid first opens building spaces beside it.
            if not state.street_stack or not state.free_street_spaces():
                return 0.0
            places -= 1
        held = (player.factories, len(player.shops), len(player.palaces), player.specials)
        gains: list[float] = []
        for kind, count in zip(_BUILDINGS, held, strict=True):
            if count > 0:
                gains.extend([self.built(kind) - self.in_hand(kind)] * count)
        gains.sort(reverse=True)
        return sum(gains[:places])

    def produce_value(self, seat: int) -> float:
        state = self.state
        most = state.max_production(seat)
        per_bead = self.earn(SALE[3] / 3 * SELL_CHANCE * min(1.0, 4 * self.tau))
        return max(0.0, most * (per_bead - 2)) + self.sell_value(seat)

    def sell_value(self, seat: int) -> float:
        """The best sale now, less the beads' worth kept."""
        state = self.state
        player = state.boards[seat]
        before = self.bead_gold(seat)
        best = 0.0
        for bead in _BEADS:
            usable = state.usable_beads(seat, bead)
            count = min(3, usable, player.beads[bead])
            if not count:
                continue
            player.beads[bead] -= count
            try:
                after = self.bead_gold(seat)
            finally:
                player.beads[bead] += count
            best = max(best, self.earn(SALE[count] + after - before))
        return best

    def dismiss_value(self, seat: int) -> float:
        state = self.state
        if not state.boards[seat].gondoliers:
            return 0.0
        gain = 5 if state.has(seat, SpecialEffect.ASSEMBLY_HALL) else 3
        return self.earn(gain - 3)

    def hire_value(self, seat: int) -> float:
        state = self.state
        if state.boards[seat].gold < state.hire_cost(seat):
            return 0.0
        return self.earn(3 - state.hire_cost(seat))
