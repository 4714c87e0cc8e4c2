"""What a seat's holdings are worth for the bots' estimate (`heuristics`): the time left and the
islands that estimates share, and the worth of character cards on gondolas, bought tiles, gold and
what turns into gold. The model is described in `heuristics`."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any, Final

from laguna.games.murano import characters as cards
from laguna.games.murano.characters import IslandFacts
from laguna.games.murano.components import Bead, Building, CharacterCard, CharacterKind, SpecialEffect
from laguna.games.murano.position import Phase
from laguna.games.murano.state import MuranoState

FUTURE_VP: Final = 52.0
"""VP a seat still gains by playing on, with the whole game ahead (the same for every seat, so it
moves no decision; it keeps the estimate near the final score)."""
FUTURE_SHAPE: Final = 0.75
"""The stacks empty faster than the VP come: the VP still to come fall as the share of the game left
to this power."""
GOLD_EARLY: Final = 0.45
"""Gold with the game ahead, in VP: it buys tiles, characters and gondolas. It falls with the time
left, to nothing at the end, where gold only breaks ties (the gold-exchange cards count with the cards)."""
GOLD_SPENT: Final = 150.0
"""Gold a seat can still put to use with the whole game ahead (about 4 gold a turn); as the game
runs out, so does the use of a hoard: gold beyond that counts for nothing."""
GOLD_SPENT_LEAST: Final = 4.0
"""Even the last turn can spend a little gold."""

CARD_PRIOR: Final = {
    CharacterKind.SHOPS_OF_COLOUR: 6.0,
    CharacterKind.BUILDINGS: 8.0,
    CharacterKind.MONOPOLY: 6.0,
    CharacterKind.GOLD_EXCHANGE: 2.0,
    CharacterKind.FEW_CUSTOMERS: 8.0,
    CharacterKind.ONE_OF_EACH: 4.0,
    CharacterKind.ALL_CUSTOMERS: 7.0,
    CharacterKind.CUSTOMERS_OF_COLOUR: 5.0,
    CharacterKind.CRESTS: 4.0,
    CharacterKind.OWN_AND_OTHERS: 6.0,
    CharacterKind.SPECIALS_EQUAL_CUSTOMERS: 4.0,
    CharacterKind.CRESTS_EQUAL: 4.0,
    CharacterKind.EQUAL_BUILDINGS: 4.0,
    CharacterKind.BALANCE: 8.0,
    CharacterKind.ONE_CREST: 7.0,
    CharacterKind.THREE_OWN: 4.0,
    CharacterKind.TWO_GONDOLIERS: 5.0,
    CharacterKind.BEADS: 5.0,
}
"""What a card of each kind usually scores at a well-chosen island by the end (islands fill up)."""
NO_GONDOLA: Final = 0.55
"""A card without a free gondola yet, with a gondolier in hand to place, scores with this likelihood."""
GONDOLA_VP: Final = 1
"""A gondolier on a gondola that scores no card."""

BUILD_VP: Final = {Building.FACTORY: 1.0, Building.SHOP: 2.0, Building.PALACE: 3.0, Building.SPECIAL: 0.0}
BUILD_TEMPO: Final = 0.8
"""What building a tile still costs, in VP: a share of a Build action's turn (three tiles to one)."""
BUILD_TIME: Final = 4.0
"""A tile in hand is sure to be built while more than 1/BUILD_TIME of the game is left; later, less
and less (the game may end first)."""
SPECIAL_CARD_VALUE: Final = 3.0
"""A special building card drawn unseen (its effect's worth with the game ahead)."""
SPECIAL_EFFECT: Final = {
    SpecialEffect.ASSEMBLY_HALL: 2.0,
    SpecialEffect.BANK: 3.0,
    SpecialEffect.BASILICA: 0.0,
    SpecialEffect.CONSTRUCTION_CRANE: 2.5,
    SpecialEffect.DOCKSIDE_BAR: 1.5,
    SpecialEffect.GUILD_HALL: 1.0,
    SpecialEffect.HARBOR: 2.0,
    SpecialEffect.HOSTEL: 2.0,
    SpecialEffect.LIGHTHOUSE: 1.0,
    SpecialEffect.STUDIO: 1.5,
    SpecialEffect.TAVERN: 2.5,
    SpecialEffect.TRADING_STATION: 1.0,
}
"""What a special building card's effect should bring with the whole game ahead."""
SALE: Final = (0, 5, 12, 20)
"""Gold for 1, 2 or 3 beads of one colour."""
SELL_CHANCE: Final = 0.8
"""Beads are sold (a production action is needed) with this likelihood while there is time."""
BEAD_VP: Final = 7
INCOME_USES: Final = 1.5
"""Income actions a seat still takes with the game ahead, for its shops' customers."""
CACHE_SIZE: Final = 100_000
"""Island facts and card scores remembered between estimates, at most (then forgotten at once)."""
_BEADS: Final = tuple(Bead)
"""The bead colours in their order, listed once (an enum lists itself slowly)."""
SHARED_SIZE: Final = 5_000
"""Shared parts of estimates (time left and islands) remembered, and positions that followed one, at
most (then forgotten at once)."""
KEPT_MOST = 150_000
"""Entries the shared parts of estimates keep in all (holdings, characters, card worths, gondolas and
positions that followed), whatever their number: past it every one is forgotten at once. The shared
parts serve every game of the same components in a process (a table's worker plays many), so without
a bound of their own their memory would grow with every position any search met (hundreds of MB a
game)."""


class _Shared:
    """What every position with the same time left, islands and used gondolas shares: the worth of time
    and gold, the islands' contents, and each seat's holdings valued so far (search and greedy value
    many positions that differ only in the holdings of the seat that just acted)."""

    def __init__(self, state: MuranoState, static: _Static, tau: float) -> None:
        # Each island's contents as a key: its facts are remembered by it, with a number that stands
        # for the contents in the keys of the cards' scores (quicker to hash than the contents).
        owners: dict[str, list[int]] = {island: [] for island in static.spaces}
        for (island, _), owner in state.gondolas.items():
            owners[island].append(owner)
        tiles = state.tiles
        known = static.facts
        self.keys: dict[str, int] = {}
        self.facts: dict[str, IslandFacts] = {}
        for island, spaces in static.spaces.items():
            key = (island, tuple(map(tiles.get, spaces)), tuple(sorted(owners[island])))
            entry = known.get(key)
            if entry is None:
                entry = known[key] = (next(static.numbers), state.facts(island))
            self.keys[island], self.facts[island] = entry
        self.static = static
        self.listed = False
        """Whether `static` lists this among those holding entries (`keep`)."""
        self.tau = tau
        self.progress = 1.0 - tau
        self.future: float = FUTURE_VP * tau**FUTURE_SHAPE
        self.scoring = state.phase is Phase.SCORING
        self.gold = GOLD_EARLY * tau
        self.gold_cap = max(GOLD_SPENT_LEAST, GOLD_SPENT * tau)
        self.build_chance = min(1.0, BUILD_TIME * tau)
        self.hand_values = (
            self.in_hand(Building.FACTORY),
            self.in_hand(Building.SHOP),
            self.in_hand(Building.PALACE),
            self.in_hand(Building.SPECIAL),
        )
        self.islands = [island.id for island in state.side.islands]
        used = state.used_gondolas
        self.free_gondolas: list[list[str]] = [[] for _ in state.boards]
        """Each seat's gondoliers on gondolas not scored yet, by island, in the order placed."""
        for gondola, owner in state.gondolas.items():
            if gondola not in used:
                self.free_gondolas[owner].append(gondola[0])
        self.holdings: dict[Any, tuple[float, float]] = {}
        """A seat's value before its decision under way, and its gold to come, by its holdings."""
        self.characters: dict[Any, float] = {}
        """A seat's character cards and gondolas valued, by the hand and what its cards depend on."""
        self.worths: dict[Any, tuple[float, dict[str, float]]] = {}
        """A character card's worth at each island and at the best, by the card, seat and what it
        depends on besides the island."""
        self.gondola_values: dict[Any, float] = {}
        """The best gondola a seat can pay for, by its holdings and the gold it has for it."""
        self.best_income: dict[int, int] = {}
        """Each seat's income at its best island, by seat (the islands are the same)."""
        self.following: dict[Any, _Shared] = {}
        """The shared parts of the positions that followed, by what was added to the stacks, the
        islands and the used gondolas."""
        self.common: dict[str, Any] = {
            "shared": self,
            "static": static,
            "tau": tau,
            "progress": self.progress,
            "future": self.future,
            "scoring": self.scoring,
            "gold": self.gold,
            "gold_cap": self.gold_cap,
            "build_chance": self.build_chance,
            "hand_values": self.hand_values,
            "islands": self.islands,
            "keys": self.keys,
            "facts": self.facts,
        }
        """What each estimate on these shares reads, set on it at once (`Holdings`)."""

    def keep(self) -> None:
        """Counts one more entry kept here: past `KEPT_MOST` in all, every shared part forgets its own."""
        static = self.static
        if not self.listed:
            self.listed = True
            static.holding.append(self)
        static.kept += 1
        if static.kept > KEPT_MOST:
            static.forget()

    def forget(self) -> None:
        """Drops the entries kept here."""
        self.holdings.clear()
        self.characters.clear()
        self.worths.clear()
        self.gondola_values.clear()
        self.following.clear()
        self.listed = False

    def in_hand(self, kind: Building) -> float:
        """A bought tile not built yet: its worth once built, less the building still to do."""
        return self.build_chance * max(0.0, self.built(kind) - BUILD_TEMPO)

    def built(self, kind: Building) -> float:
        """A tile's worth once built: its VP, or for a special building the card it brings."""
        if kind is Building.SPECIAL:
            return SPECIAL_CARD_VALUE * self.tau
        return BUILD_VP[kind]


def shared(state: MuranoState) -> _Shared:
    """The shared part of the estimate of `state`.

    A position carries the one of the estimate before it (copies too). Tiles, gondoliers on gondolas
    and used gondolas are only ever added, in order, so the position is that one's with what was
    added since: the same while their numbers and the stacks stand, else the one that followed it
    with these additions, else (and for a position without one) the one of the same contents."""
    tiles, gondolas, used = state.tiles, state.gondolas, state.used_gondolas
    stamp = (
        len(state.street_stack),
        len(state.shop_stack),
        state.factory_stack,
        state.special_stack,
        len(state.palace_stack),
        state.triggered_by,
        state.phase is Phase.SCORING,
        len(tiles),
        len(gondolas),
        len(used),
    )
    kept = state.heuristic_memo
    if kept is None:
        found = _by_contents(state, _static(state), stamp)
    elif kept[0] == stamp:
        return kept[1]  # type: ignore[no-any-return]
    else:
        before, earlier = kept
        added = (
            stamp,
            tuple(itertools.islice(tiles.items(), before[7], None)),
            tuple(itertools.islice(gondolas.items(), before[8], None)),
            tuple(used[before[9] :]),
        )
        following = earlier.following
        found = following.get(added)
        if found is None:
            if len(following) > SHARED_SIZE:
                following.clear()
            found = following[added] = _by_contents(state, earlier.static, stamp)
            earlier.keep()
    state.heuristic_memo = (stamp, found)
    return found


def _by_contents(state: MuranoState, static: _Static, stamp: tuple[Any, ...]) -> _Shared:
    """The shared part of estimates for the time left and the contents of the islands and gondolas."""
    tau = _time_left(state, static)
    content = (tau, stamp[6], tuple(state.tiles.items()), tuple(state.gondolas.items()), tuple(state.used_gondolas))
    found = static.shared.get(content)
    if found is None:
        if len(static.shared) > SHARED_SIZE:
            static.forget()
        if len(static.facts) > CACHE_SIZE:
            static.facts.clear()
        found = static.shared[content] = _Shared(state, static, tau)
    return found


class Holdings:
    """One estimate of the seats' holdings: the position, what it shares with others, and the gold of
    the seat being valued."""

    shared: _Shared
    static: _Static
    tau: float
    progress: float
    future: float
    scoring: bool
    gold: float
    gold_cap: float
    build_chance: float
    hand_values: tuple[float, float, float, float]
    islands: list[str]
    keys: dict[str, int]
    facts: dict[str, IslandFacts]

    def __init__(self, state: MuranoState, shared: _Shared) -> None:
        self.__dict__.update(shared.common)
        self.state = state
        self.phase = state.phase
        self.liquid = 0.0

    def holdings_value(self, seat: int) -> tuple[float, float]:
        """The seat's value before any decision under way, and its gold and what turns into gold."""
        state = self.state
        player = state.boards[seat]
        value = player.score() + self.future
        # Gold and what turns into gold (gondoliers in hand, beads, shops' income), up to its use.
        liquid = player.gold + player.gondoliers * 3 + self.bead_gold(seat) + self.income_gold(seat)
        value += self.worth(liquid)
        value += self.characters(seat, player.characters)
        value += self.tiles(seat)
        for card_id in player.special_cards:
            value += self.static.effects[card_id] * self.tau
        return value, liquid

    # character cards and gondolas

    def extra(self, seat: int, card: CharacterCard, extra_kind: int) -> int:
        """What a card's score depends on besides its island: the seat's gold (up to 8) for a gold
        exchange card, the beads it can return for a bead card."""
        state = self.state
        if extra_kind == 1:
            return min(8, state.boards[seat].gold)
        if extra_kind == 2 and card.bead is not None:
            return state.usable_beads(seat, card.bead, not state.options.no_studios_in_scoring)
        return 0

    def card_now(self, seat: int, card: CharacterCard, island: str, extra: int) -> float:
        """What a card scores at an island now (remembered by the island's contents)."""
        key = (card.id, seat, self.keys[island], extra)
        values = self.static.values
        now = values.get(key)
        if now is None:
            if len(values) > CACHE_SIZE:
                values.clear()
            now = values[key] = float(self._card_now(seat, card, self.facts[island], extra))
        return now

    def _card_now(self, seat: int, card: CharacterCard, facts: IslandFacts, extra: int) -> int:
        if card.kind is CharacterKind.GOLD_EXCHANGE:
            if not cards.gold_exchange_open(card, facts):
                return 0
            return max((vp for paid, vp in card.table if paid <= extra), default=0)
        if card.kind is CharacterKind.BEADS:
            return card.vp * min(3, extra)
        return cards.vp(card, facts, seat, 0, self.state.options.balance_zero)

    def characters(self, seat: int, hand: Sequence[str], extra_gondola: str | None = None) -> float:
        """The cards matched to the seat's free gondolas, best pairs first; unmatched gondolas 1 VP each.

        A card's worth at an island is what it scores there now, blended, while the game is young,
        with what its kind usually scores (or now, if more). Remembered by the hand and what its
        cards depend on (gold, beads, gondoliers in hand), as the islands are the same."""
        infos = self.static.cards
        extras: list[tuple[int, int]] = []
        for card_id in hand:
            card, _, extra_kind = infos[card_id]
            if extra_kind:
                extra = self.extra(seat, card, extra_kind)
                extras.append((extra, self._beads_for(seat, card_id) if extra_kind == 2 else 0))
        key = (seat, tuple(hand), extra_gondola, self.state.boards[seat].gondoliers, tuple(extras))
        memo = self.shared.characters
        value = memo.get(key)
        if value is None:
            value = memo[key] = self._characters(seat, hand, extra_gondola)
            self.shared.keep()
        return value

    def _characters(self, seat: int, hand: Sequence[str], extra_gondola: str | None) -> float:
        state = self.state
        gondolas = self.shared.free_gondolas[seat]
        if extra_gondola is not None:
            gondolas = [*gondolas, extra_gondola]
        if not hand:
            return float(GONDOLA_VP * len(gondolas))
        places = set(gondolas)
        pairs: list[tuple[float, str, str]] = []
        waiting: list[float] = []
        infos = self.static.cards
        worths = self.shared.worths
        for card_id in hand:
            card, prior, extra_kind = infos[card_id]
            extra = self.extra(seat, card, extra_kind) if extra_kind else 0
            if extra_kind == 2:
                # A bead card is worth the beads the seat can return (studios count).
                prior = BEAD_VP * min(3, self._beads_for(seat, card_id))
            key = (card_id, seat, extra, prior)
            known = worths.get(key)
            if known is None:
                known = worths[key] = self.card_worths(seat, card, extra, prior)
                self.shared.keep()
            anywhere, by_island = known
            for island in places:
                worth = by_island.get(island)
                if worth is not None:
                    pairs.append((worth, card_id, island))
            waiting.append(anywhere)
        # Sorted, the pairs are in one order whatever order the islands were read in.
        pairs.sort(reverse=True)
        free = {island: gondolas.count(island) for island in places}
        matched: set[str] = set()
        value = 0.0
        for worth, card_id, island in pairs:
            if worth <= GONDOLA_VP or card_id in matched or not free[island]:
                continue
            free[island] -= 1
            matched.add(card_id)
            value += worth
        value += GONDOLA_VP * sum(free.values())
        if self.scoring:
            return value
        # Cards still without a gondola: a gondolier in hand may yet be placed for them.
        hands = state.boards[seat].gondoliers
        if hands and len(matched) < len(waiting):
            left = sorted(
                (worth for name, worth in zip(hand, waiting, strict=True) if name not in matched), reverse=True
            )
            chance = NO_GONDOLA * min(1.0, 3 * self.tau)
            value += chance * sum(left[:hands])
        return value

    def card_worths(self, seat: int, card: CharacterCard, extra: int, prior: float) -> tuple[float, dict[str, float]]:
        """What a card is worth at each island it may score at (looked up by the seat's few gondolas),
        and at the best of them."""
        scoring = self.scoring
        tau, progress = self.tau, self.progress
        keys, values = self.keys, self.static.values
        anywhere = 0.0
        by_island: dict[str, float] = {}
        for island in (card.island,) if card.island is not None else self.islands:
            now = values.get((card.id, seat, keys[island], extra))
            if now is None:
                now = self.card_now(seat, card, island, extra)
            worth = now if scoring else progress * now + tau * (now if now > prior else prior)
            anywhere = max(anywhere, worth)
            by_island[island] = worth
        return anywhere, by_island

    def _beads_for(self, seat: int, card_id: str) -> int:
        card = self.static.cards[card_id][0]
        return self.state.usable_beads(seat, card.bead) if card.bead is not None else 0

    # tiles, beads, income

    def in_hand(self, kind: Building) -> float:
        return self.shared.in_hand(kind)

    def built(self, kind: Building) -> float:
        return self.shared.built(kind)

    def tiles(self, seat: int) -> float:
        player = self.state.boards[seat]
        factory, shop, palace, special = self.hand_values
        return (
            player.factories * factory + len(player.shops) * shop + len(player.palaces) * palace
        ) + player.specials * special

    def worth(self, gold: float) -> float:
        """Gold (and gold to come) in VP: what can still be put to use."""
        return self.gold * min(gold, self.gold_cap)

    def earn(self, gold: float) -> float:
        """What `gold` more is worth to the seat being valued (the actor, for decisions under way)."""
        return self.worth(self.liquid + gold) - self.worth(self.liquid)

    def spend(self, gold: float) -> float:
        return self.worth(self.liquid) - self.worth(self.liquid - gold)

    def bead_gold(self, seat: int) -> float:
        """The gold the seat's beads should fetch (those kept for bead cards aside)."""
        state = self.state
        player = state.boards[seat]
        if not player.beads.total():
            return 0.0
        kept = dict.fromkeys(_BEADS, 0)
        for card_id in player.characters:
            card = state.character(card_id)
            if card.kind is CharacterKind.BEADS and card.bead is not None:
                kept[card.bead] += 3
        chance = SELL_CHANCE * min(1.0, 4 * self.tau)
        value = 0.0
        for bead in _BEADS:
            spare = max(0, player.beads[bead] - kept[bead])
            value += SALE[min(3, spare)] * chance
            value += max(0, spare - 3) * SALE[1] * chance
        return value

    def income_gold(self, seat: int) -> float:
        """Income still to take from the seat's shops (the best island's customers, a few times)."""
        if self.tau <= 0 or not self.state.boards[seat].markers:
            return 0.0
        best_income = self.shared.best_income
        best = best_income.get(seat)
        if best is None:
            best = best_income[seat] = max(self.income_at(seat, island) for island in self.islands)
        return best * INCOME_USES * min(1.0, 2 * self.tau)

    def income_at(self, seat: int, island: str) -> int:
        key = ("income", seat, self.keys[island])
        values = self.static.values
        income = values.get(key)
        if income is None:
            facts = self.facts[island]
            colours = {colour for owner, colour in facts.shops if owner == seat}
            income = values[key] = sum(facts.customer(c) for c in colours)
        return int(income)


class _Static:
    """What one board side's islands are made of, and the facts and card scores seen so far, by the
    islands' contents (greedy and search estimate many positions that differ on one island at most)."""

    def __init__(self, state: MuranoState) -> None:
        self.spaces = {island.id: tuple(sp.id for sp in island.spaces) for island in state.side.islands}
        self.facts: dict[Any, tuple[int, IslandFacts]] = {}
        self.numbers = itertools.count()
        """Numbers for islands' contents, never used twice (a forgotten content comes back as a new one)."""
        self.values: dict[Any, float] = {}
        self.shared: dict[Any, _Shared] = {}
        """The shared parts of estimates, by the time left, the islands' contents and the used gondolas."""
        self.kept = 0
        """Entries the shared parts keep in all."""
        self.holding: list[_Shared] = []
        """The shared parts holding entries."""
        self.cards = {
            card.id: (
                card,
                CARD_PRIOR[card.kind],
                1 if card.kind is CharacterKind.GOLD_EXCHANGE else 2 if card.kind is CharacterKind.BEADS else 0,
            )
            for card in state.components.characters
        }
        self.effects = {card.id: SPECIAL_EFFECT[card.effect] for card in state.components.special_cards}
        components = state.components
        small = state.players < 4
        removals = components.removals
        self.stacks = (
            len(components.streets) - (len(removals.one_customer_streets) + removals.blank_streets) * small,
            len(components.shops) - len(removals.shops) * small,
            components.factories - removals.factories * small,
            components.specials - removals.specials * small,
            len(components.palaces) - removals.palaces * small,
        )
        """The five tile stacks' sizes at the start: streets, shops, glass factories, specials, palaces."""

    def forget(self) -> None:
        """Every shared part forgets its entries, and this table the shared parts: a position that still
        points at one (its estimate's memo) finds it empty."""
        for part in self.holding:
            part.forget()
        self.holding.clear()
        self.shared.clear()
        self.kept = 0


_STATIC: dict[tuple[int, int, bool, bool], tuple[Any, _Static]] = {}


def _static(state: MuranoState) -> _Static:
    """What the estimates of games with these components, players and scoring options share (the
    options change what a card scores)."""
    options = state.options
    key = (id(state.components), state.players, options.balance_zero, options.no_studios_in_scoring)
    entry = _STATIC.get(key)
    if entry is None or entry[0] is not state.components:
        entry = _STATIC[key] = (state.components, _Static(state))
    return entry[1]


def _time_left(state: MuranoState, static: _Static) -> float:
    """The share of the game left: the game ends when two tile stacks are empty, so it is read from the
    two stacks nearest to empty (each as a share of its size at the start)."""
    if state.triggered_by is not None:
        return 0.0
    now = (
        len(state.street_stack),
        len(state.shop_stack),
        state.factory_stack,
        state.special_stack,
        len(state.palace_stack),
    )
    shares = sorted(left / start for left, start in zip(now, static.stacks, strict=True))
    return (shares[0] + shares[1]) / 2
