"""Scoring character cards at an island (rules: The Character Cards), as pure functions of what
stands on the island.

>>> from laguna.games.murano.components import CharacterCard, CharacterKind, Customer
>>> facts = IslandFacts(customers={Customer.RED: 2}, shops=((0, Customer.RED), (1, Customer.RED)))
>>> vp(CharacterCard("C01", CharacterKind.SHOPS_OF_COLOUR, vp=4, colour=Customer.RED), facts, seat=0)
8
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from laguna.core.messages import N_, Message, msg, msg_plural
from laguna.games.murano.components import Building, CharacterCard, CharacterKind, Customer


@dataclass(frozen=True)
class IslandFacts:
    """What one island holds: customers on its streets, buildings (shops and factories with their
    owners' markers), palace crests, special buildings, and gondoliers placed by each seat."""

    customers: Mapping[Customer, int] = field(default_factory=dict)
    factories: tuple[int, ...] = ()
    """The owner of each glass factory."""
    shops: tuple[tuple[int, Customer], ...] = ()
    crests: tuple[int, ...] = ()
    """The crests of each palace."""
    specials: int = 0
    gondoliers: Mapping[int, int] = field(default_factory=dict)

    def count(self, building: Building) -> int:
        return {
            Building.FACTORY: len(self.factories),
            Building.SHOP: len(self.shops),
            Building.PALACE: len(self.crests),
            Building.SPECIAL: self.specials,
        }[building]

    def customer(self, colour: Customer) -> int:
        return self.customers.get(colour, 0)

    def marked(self, seat: int) -> tuple[int, int]:
        """(own, opponents') shops and glass factories: the buildings that carry markers."""
        owners = [*self.factories, *(owner for owner, _ in self.shops)]
        own = sum(1 for owner in owners if owner == seat)
        return own, len(owners) - own

    def requirement(self, name: str) -> int:
        """A count by name, for the gold-exchange cards' requirements."""
        if name in {c.value for c in Customer}:
            return self.customer(Customer(name))
        return self.count(Building(name))


def _table(table: tuple[tuple[int, int], ...], value: int) -> int:
    """The VP of the highest threshold `value` reaches (0 below the first)."""
    points = 0
    for threshold, reward in table:
        if value >= threshold:
            points = reward
    return points


def vp(card: CharacterCard, facts: IslandFacts, seat: int, amount: int = 0, balance_zero: bool = True) -> int:
    """The VP `card` scores at an island with `facts` for `seat`.

    `amount` is the gold exchanged (gold-exchange cards: a table entry) or the beads returned (bead
    cards), already checked affordable by the caller. `balance_zero`: the balance card may be met
    with no buildings at all (Yucata's rule).
    """
    kind = card.kind
    crests = sum(facts.crests)
    if kind is CharacterKind.SHOPS_OF_COLOUR:
        return card.vp * sum(1 for _, colour in facts.shops if colour is card.colour)
    if kind is CharacterKind.BUILDINGS:
        return card.vp * sum(facts.count(b) for b in card.buildings)
    if kind is CharacterKind.MONOPOLY:
        owners = {*facts.factories, *(owner for owner, _ in facts.shops)}
        return card.vp if owners == {seat} else 0
    if kind is CharacterKind.GOLD_EXCHANGE:
        if not gold_exchange_open(card, facts):
            return 0
        return dict(card.table).get(amount, 0)
    if kind is CharacterKind.FEW_CUSTOMERS:
        return card.vp if facts.customer(Customer.RED) + facts.customer(Customer.BLUE) <= 3 else 0
    if kind is CharacterKind.ONE_OF_EACH:
        every = all(facts.count(b) for b in Building) and all(facts.customer(c) for c in Customer)
        return card.vp if every else 0
    if kind is CharacterKind.ALL_CUSTOMERS:
        return _table(card.table, sum(facts.customers.values()))
    if kind is CharacterKind.CUSTOMERS_OF_COLOUR:
        assert card.colour is not None
        return _table(card.table, facts.customer(card.colour))
    if kind is CharacterKind.CRESTS:
        return crests
    if kind is CharacterKind.OWN_AND_OTHERS:
        own, others = facts.marked(seat)
        return card.own * own + card.others * others
    if kind is CharacterKind.SPECIALS_EQUAL_CUSTOMERS:
        assert card.colour is not None
        return card.vp if facts.specials >= 1 and facts.specials == facts.customer(card.colour) else 0
    if kind is CharacterKind.CRESTS_EQUAL:
        building = next(iter(card.buildings))
        return card.vp if crests >= 1 and crests == facts.count(building) else 0
    if kind is CharacterKind.EQUAL_BUILDINGS:
        counts = {facts.count(b) for b in (Building.FACTORY, Building.SHOP, Building.PALACE)}
        return card.vp if len(counts) == 1 and counts != {0} else 0
    if kind is CharacterKind.BALANCE:
        own, others = facts.marked(seat)
        return card.vp if own == others and (balance_zero or own > 0) else 0
    if kind is CharacterKind.ONE_CREST:
        return card.vp if crests == 1 else 0
    if kind is CharacterKind.THREE_OWN:
        return card.vp if facts.marked(seat)[0] >= 3 else 0
    if kind is CharacterKind.TWO_GONDOLIERS:
        return card.vp if facts.gondoliers.get(seat, 0) >= 2 else 0
    return card.vp * amount  # BEADS: 7 VP per bead returned


def gold_exchange_open(card: CharacterCard, facts: IslandFacts) -> bool:
    """A gold-exchange card can be used only where the island meets its requirements."""
    return all(facts.requirement(name) >= least for name, least in card.requires)


def asks_amount(card: CharacterCard) -> bool:
    return card.kind in (CharacterKind.GOLD_EXCHANGE, CharacterKind.BEADS)


BUILDING_WORDS: dict[Building, str] = {
    Building.FACTORY: N_("factory"),
    Building.SHOP: N_("shop"),
    Building.PALACE: N_("palace"),
    Building.SPECIAL: N_("special"),
}
"""A building kind as a card's text names it (one of it)."""
BUILDING_PLURALS: dict[Building, str] = {
    Building.FACTORY: N_("factories"),
    Building.SHOP: N_("shops"),
    Building.PALACE: N_("palaces"),
    Building.SPECIAL: N_("specials"),
}
"""A building kind as a card's text names it (many of it)."""


def _kinds(card: CharacterCard, words: Mapping[Building, str]) -> Message:
    """The card's building kinds, "factory and shop"."""
    names = [msg(words[b]) for b in sorted(card.buildings, key=lambda b: b.value)]
    return names[0] if len(names) == 1 else msg("{first} and {second}", first=names[:-1], second=names[-1])


def _requirement(name: str, count: int) -> Message:
    """One least count a gold exchange asks of the island: customers of a colour, or buildings."""
    if name in {c.value for c in Customer}:
        return msg_plural("{count} {colour} customer", "{count} {colour} customers", count, colour=msg(name))
    kind = Building(name)
    return msg("{count} {kind}", count=count, kind=msg(BUILDING_WORDS[kind] if count == 1 else BUILDING_PLURALS[kind]))


def describe(card: CharacterCard) -> Message:
    """A character card's text in a line, for boards and logs (translated where it is shown).

    >>> from laguna.games.murano.components import CharacterCard, CharacterKind, Customer
    >>> str(describe(CharacterCard("C01", CharacterKind.SHOPS_OF_COLOUR, vp=4, colour=Customer.RED)))
    '4 VP per red shop'
    """
    kind, vp = card.kind, card.vp
    colour = msg(card.colour.value) if card.colour else ""
    table = ", ".join(f"{threshold}: {reward}" for threshold, reward in card.table)
    if kind is CharacterKind.SHOPS_OF_COLOUR:
        return msg("{vp} VP per {colour} shop", vp=vp, colour=colour)
    if kind is CharacterKind.BUILDINGS:
        return msg("{vp} VP per {kinds}", vp=vp, kinds=_kinds(card, BUILDING_WORDS))
    if kind is CharacterKind.MONOPOLY:
        return msg("{vp} VP if only you have shops or glass factories here", vp=vp)
    if kind is CharacterKind.GOLD_EXCHANGE:
        needs = [_requirement(name, count) for name, count in card.requires]
        return msg("gold for VP ({table}) if the island has {needs}", table=table, needs=needs)
    if kind is CharacterKind.FEW_CUSTOMERS:
        return msg("{vp} VP if at most 3 red and blue customers", vp=vp)
    if kind is CharacterKind.ONE_OF_EACH:
        return msg("{vp} VP for every building kind and customer colour", vp=vp)
    if kind is CharacterKind.ALL_CUSTOMERS:
        return msg("VP by customers ({table})", table=table)
    if kind is CharacterKind.CUSTOMERS_OF_COLOUR:
        return msg("VP by {colour} customers ({table})", colour=colour, table=table)
    if kind is CharacterKind.CRESTS:
        return msg("1 VP per crest")
    if kind is CharacterKind.OWN_AND_OTHERS:
        return msg("{own} VP per own, {others} VP per others' shop or glass factory", own=card.own, others=card.others)
    if kind is CharacterKind.SPECIALS_EQUAL_CUSTOMERS:
        return msg("{vp} VP if special buildings = {colour} customers (≥ 1)", vp=vp, colour=colour)
    if kind is CharacterKind.CRESTS_EQUAL:
        return msg("{vp} VP if crests = {kinds} (≥ 1)", vp=vp, kinds=_kinds(card, BUILDING_PLURALS))
    if kind is CharacterKind.EQUAL_BUILDINGS:
        return msg("{vp} VP if glass factories = shops = palaces (≥ 1)", vp=vp)
    if kind is CharacterKind.BALANCE:
        return msg("{vp} VP if your shops and factories = all others'", vp=vp)
    if kind is CharacterKind.ONE_CREST:
        return msg("{vp} VP for exactly one crest", vp=vp)
    if kind is CharacterKind.THREE_OWN:
        return msg("{vp} VP for 3 own shops and factories at {island}", vp=vp, island=card.island)
    if kind is CharacterKind.TWO_GONDOLIERS:
        return msg("{vp} VP for 2 own gondoliers at {island}", vp=vp, island=card.island)
    bead = msg(card.bead.value) if card.bead else ""
    return msg("{vp} VP per {bead} bead returned, at {island}", vp=vp, bead=bead, island=card.island)
