"""Murano's character cards and special building cards in the component file (rules page: The Character
Cards, the Special Building Card Index).

The rules describe every card type; the exact mix of the 40 character cards is reconstructed. A card is
a model whose validators check what the rules state of its kind (its parameters, its VP, the gold
exchange); the checks across cards (every kind present, the stated requirements, the counts of the 15
special building cards, the Studios' colour pairs) run on the validated cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Annotated, Final

from pydantic import BeforeValidator, Field, model_validator

from laguna.core.component_data import type_name
from laguna.core.data_model import Item, Problem, array_of, unique
from laguna.core.errors import CardDataError
from laguna.core.messages import N_, msg, msg_plural
from laguna.games.murano.board_data import check_known
from laguna.games.murano.components import (
    Bead,
    BoardSide,
    Building,
    CharacterCard,
    CharacterKind,
    Customer,
    Island,
    Removals,
    SpecialCard,
    SpecialEffect,
)
from laguna.games.murano.data_fields import ONCE, STRINGS, NonEmpty, component, named

CHARACTERS: Final = 40
SERENELLA_CARDS: Final = 2
"""A 2- or 3-player game removes the two character cards of Sacca Serenella."""
KIND_PARAMS: Final[Mapping[CharacterKind, frozenset[str]]] = {
    CharacterKind.SHOPS_OF_COLOUR: frozenset({"colour", "vp"}),
    CharacterKind.BUILDINGS: frozenset({"buildings", "vp"}),
    CharacterKind.MONOPOLY: frozenset({"vp"}),
    CharacterKind.GOLD_EXCHANGE: frozenset({"requires", "table"}),
    CharacterKind.FEW_CUSTOMERS: frozenset({"vp"}),
    CharacterKind.ONE_OF_EACH: frozenset({"vp"}),
    CharacterKind.ALL_CUSTOMERS: frozenset({"table"}),
    CharacterKind.CUSTOMERS_OF_COLOUR: frozenset({"colour", "table"}),
    CharacterKind.CRESTS: frozenset(),
    CharacterKind.OWN_AND_OTHERS: frozenset({"own", "others"}),
    CharacterKind.SPECIALS_EQUAL_CUSTOMERS: frozenset({"colour", "vp"}),
    CharacterKind.CRESTS_EQUAL: frozenset({"buildings", "vp"}),
    CharacterKind.EQUAL_BUILDINGS: frozenset({"vp"}),
    CharacterKind.BALANCE: frozenset({"vp"}),
    CharacterKind.ONE_CREST: frozenset({"vp"}),
    CharacterKind.THREE_OWN: frozenset({"island", "vp"}),
    CharacterKind.TWO_GONDOLIERS: frozenset({"island", "vp"}),
    CharacterKind.BEADS: frozenset({"bead", "island", "vp"}),
}
"""Kind → the parameters a card of that kind names; it names no others."""
KIND_VP: Final[Mapping[CharacterKind, tuple[int, ...]]] = {
    CharacterKind.SHOPS_OF_COLOUR: (4,),
    CharacterKind.BUILDINGS: (2, 3),
    CharacterKind.MONOPOLY: (12,),
    CharacterKind.FEW_CUSTOMERS: (10,),
    CharacterKind.ONE_OF_EACH: (12,),
    CharacterKind.SPECIALS_EQUAL_CUSTOMERS: (12,),
    CharacterKind.CRESTS_EQUAL: (12,),
    CharacterKind.EQUAL_BUILDINGS: (16,),
    CharacterKind.BALANCE: (12,),
    CharacterKind.ONE_CREST: (12,),
    CharacterKind.THREE_OWN: (10,),
    CharacterKind.TWO_GONDOLIERS: (10,),
    CharacterKind.BEADS: (7,),
}
"""Kind → the VP the rules page gives a card of that kind."""
OWN_AND_OTHERS: Final = ((1, 2), (2, 1))
"""1 VP per own building and 2 per opponents' one, or vice-versa."""
CRESTS_EQUAL_BUILDINGS: Final = (Building.FACTORY, Building.SHOP)
"""The crests match the number of glass factories or of shops."""
EXCHANGE_GOLD: Final = 8
"""A gold-exchange card takes up to 8 gold."""
EXCHANGE_STEP: Final = (4, 3)
"""The rules' example: 4 gold for 3 VP."""
EXCHANGE_REQUIRES: Final = (
    {"blue": 2, "grey": 1, "palace": 1, "special": 1},
    {"red": 2, "grey": 1, "palace": 1, "special": 1},
)
"""The requirements of the two gold-exchange cards, as the rules page states them."""
REQUIREMENTS: Final = (*(c.value for c in Customer), *(b.value for b in Building))
_PARAMS: Final = ("bead", "buildings", "colour", "island", "others", "own", "requires", "table", "vp")

SPECIAL_CARDS: Final[Mapping[SpecialEffect, int]] = {
    effect: {SpecialEffect.STUDIO: 3, SpecialEffect.CONSTRUCTION_CRANE: 2}.get(effect, 1) for effect in SpecialEffect
}
"""Effect → how many of the 15 special building cards have it."""
STUDIO_PAIRS: Final = (
    frozenset({Bead.RED, Bead.GREEN}),
    frozenset({Bead.RED, Bead.BLUE}),
    frozenset({Bead.BLUE, Bead.GREEN}),
)
"""The bead colours of the three Studios, as the rules page names them."""


# --------------------------------------------------------------------------- character cards


def _pairs(value: object) -> object:
    """A VP table: [threshold or gold paid, VP] pairs of positive integers, both rising."""
    pairs: list[tuple[int, int]] = []
    for raw in array_of(value, "table", N_("[number, VP] pairs")):
        ok = isinstance(raw, list) and len(raw) == 2 and all(type(x) is int for x in raw)
        if not ok or min(raw) <= 0:
            raise Problem(msg("{where}: table entry {entry} is not a pair of positive integers", entry=repr(raw)))
        if pairs and not (raw[0] > pairs[-1][0] and raw[1] > pairs[-1][1]):
            raise Problem(
                msg(
                    "{where}: table entry {entry} does not rise above {previous}",
                    entry=repr(raw),
                    previous=repr(list(pairs[-1])),
                )
            )
        pairs.append((raw[0], raw[1]))
    if not pairs:
        raise Problem(msg("{where}: the table is empty"))
    return tuple(pairs)


def _requires(value: object) -> object:
    """Least counts of customers and buildings by name, as an inline table."""
    if not isinstance(value, dict) or not value:
        raise Problem(msg("{where}: field 'requires' must be a table like {{ red = 2, palace = 1 }}"))
    requires: list[tuple[str, int]] = []
    for name, count in value.items():
        if name not in REQUIREMENTS:
            raise Problem(
                msg("{where}: requirement {name} is not one of {names}", name=repr(name), names=", ".join(REQUIREMENTS))
            )
        if type(count) is not int:
            raise Problem(
                msg("{where}: field {key} must be an integer, not {kind}", key=repr(name), kind=type_name(count)),
                "requires",
            )
        if count <= 0:
            raise Problem(
                msg("{where}: requirement {name} must be positive, not {count}", name=repr(name), count=count)
            )
        requires.append((name, count))
    return tuple(requires)


class CharacterData(Item):
    """A character card: the parameters of its kind, no others, with the VP the rules give that kind."""

    id: NonEmpty
    kind: Annotated[CharacterKind, named(CharacterKind, N_("kind"))]
    vp: int = 0
    colour: Annotated[Customer | None, named(Customer, N_("colour"))] = None
    bead: Annotated[Bead | None, named(Bead, N_("bead colour"))] = None
    island: str | None = None
    buildings: Annotated[list[Annotated[Building, named(Building, N_("building"))]], STRINGS, ONCE] = Field(
        default_factory=list
    )
    own: int = 0
    others: int = 0
    table: Annotated[tuple[tuple[int, int], ...], BeforeValidator(_pairs)] = ()
    requires: Annotated[tuple[tuple[str, int], ...], BeforeValidator(_requires)] = ()

    @model_validator(mode="after")
    def _kind(self) -> CharacterData:
        kind, params = self.kind, KIND_PARAMS[self.kind]
        for key in _PARAMS:
            if key in params and key not in self.model_fields_set:
                raise Problem(msg("{where}: {kind} cards name their {key}", kind=kind.value, key=repr(key)))
            if key not in params and key in self.model_fields_set:
                raise Problem(msg("{where}: {kind} cards have no {key}", kind=kind.value, key=repr(key)))
        if kind in KIND_VP and self.vp not in KIND_VP[kind]:
            *lower, highest = KIND_VP[kind]
            stated = msg("{items} or {last}", items=lower, last=highest) if lower else highest
            raise Problem(
                msg("{where}: vp {vp}; {kind} cards score {stated}", vp=self.vp, kind=kind.value, stated=stated)
            )
        buildings = set(self.buildings)
        if kind is CharacterKind.BUILDINGS and not buildings:
            raise Problem(msg("{where}: a {kind} card names at least one building kind", kind=kind.value))
        if kind is CharacterKind.CRESTS_EQUAL and (len(buildings) != 1 or not buildings <= set(CRESTS_EQUAL_BUILDINGS)):
            raise Problem(msg("{where}: a {kind} card names one building kind, factory or shop", kind=kind.value))
        if kind is CharacterKind.OWN_AND_OTHERS and (self.own, self.others) not in OWN_AND_OTHERS:
            raise Problem(
                msg(
                    "{where}: own {own}, others {others}; the rules give 1 and 2 VP or vice-versa",
                    own=self.own,
                    others=self.others,
                )
            )
        if kind is CharacterKind.GOLD_EXCHANGE:
            self._check_exchange()
        return self

    def _check_exchange(self) -> None:
        """Up to 8 gold, with the rules' example step among the steps."""
        most = self.table[-1][0]
        if most > EXCHANGE_GOLD:
            raise Problem(
                msg_plural(
                    "{where}: exchanges {count} gold; the rules allow up to {most}",
                    "{where}: exchanges {count} gold; the rules allow up to {most}",
                    most,
                    most=EXCHANGE_GOLD,
                )
            )
        if EXCHANGE_STEP not in self.table:
            gold, points = EXCHANGE_STEP
            raise Problem(
                msg(
                    "{where}: no step of {gold} for {vp}, the rules' example",
                    gold=msg_plural("{count} gold", "{count} gold", gold),
                    vp=msg_plural("{count} VP", "{count} VP", points),
                )
            )

    def card(self) -> CharacterCard:
        return component(CharacterCard, self, buildings=frozenset(self.buildings))


def check_characters(raws: list[CharacterData], islands: Mapping[str, Island], label: str) -> tuple[CharacterCard, ...]:
    """The 40 character cards: on known islands, every kind the rules describe, and the two gold-exchange
    cards with their stated requirements."""
    unique(raws, "id", label, "character")
    for data in raws:
        check_known([data.island] if data.island is not None else [], islands, f"{label}: character {data.id!r}")
    cards = tuple(data.card() for data in raws)
    if len(cards) != CHARACTERS:
        raise CardDataError(
            msg_plural(
                "{label}: {count} character card, the rules have {stated}",
                "{label}: {count} character cards, the rules have {stated}",
                len(cards),
                label=label,
                stated=CHARACTERS,
            )
        )
    kinds = {card.kind for card in cards}
    absent = [kind for kind in CharacterKind if kind not in kinds]
    if absent:
        raise CardDataError(
            msg("{label}: no {kind} character card; the rules describe every kind", label=label, kind=absent[0].value)
        )
    exchanges = [dict(card.requires) for card in cards if card.kind is CharacterKind.GOLD_EXCHANGE]
    for requires in EXCHANGE_REQUIRES:
        if requires not in exchanges:
            text = ", ".join(f"{count} {name}" for name, count in requires.items())
            raise CardDataError(
                msg("{label}: no gold-exchange card requiring {text}, as the rules state", label=label, text=text)
            )
    return cards


def check_removed_characters(
    removals: Removals, cards: tuple[CharacterCard, ...], sides: Mapping[str, BoardSide], label: str
) -> None:
    """The removed character cards are exactly the two cards of the island that holds only cards on the
    2–3-player side."""
    where = f"{label}: [removals]"
    ids = {card.id for card in cards}
    unknown = [card_id for card_id in removals.characters if card_id not in ids]
    if unknown:
        raise CardDataError(msg("{where}: unknown character card {card}", where=where, card=repr(unknown[0])))
    only_cards = [island for island in sides["4"].islands if island not in sides["2-3"].islands]
    card_islands = {island.id for island in only_cards}
    name = ", ".join(island.name for island in only_cards)
    of_card_island = [card.id for card in cards if card.island in card_islands]
    if len(of_card_island) != SERENELLA_CARDS:
        raise CardDataError(
            msg_plural(
                "{label}: {count} character card names {island}; the rules remove its two cards "
                "in a 2- or 3-player game",
                "{label}: {count} character cards name {island}; the rules remove its two cards "
                "in a 2- or 3-player game",
                len(of_card_island),
                label=label,
                island=name,
            )
        )
    if sorted(removals.characters) != sorted(of_card_island):
        raise CardDataError(
            msg(
                "{where}: characters is {value}; the rules remove the cards of {island} ({cards})",
                where=where,
                value=repr(list(removals.characters)),
                island=name,
                cards=", ".join(of_card_island),
            )
        )


# --------------------------------------------------------------------------- special building cards


class SpecialCardData(Item):
    """A card of the Special Building Card Index: a Studio names two bead colours, a Construction Crane a
    building, no other card either."""

    id: NonEmpty
    effect: Annotated[SpecialEffect, named(SpecialEffect, N_("effect"))]
    title: NonEmpty
    beads: Annotated[list[Annotated[Bead, named(Bead, N_("bead colour"))]], STRINGS, ONCE] = Field(default_factory=list)
    building: Annotated[Building | None, named(Building, N_("building"))] = None

    @model_validator(mode="after")
    def _effect(self) -> SpecialCardData:
        studio, crane = self.effect is SpecialEffect.STUDIO, self.effect is SpecialEffect.CONSTRUCTION_CRANE
        if studio and len(self.beads) != 2:
            raise Problem(msg("{where}: a studio card names two bead colours"))
        if not studio and self.beads:
            raise Problem(msg("{where}: only studio cards name bead colours"))
        if crane and self.building is None:
            raise Problem(msg("{where}: a construction-crane card names its building"))
        if not crane and self.building is not None:
            raise Problem(msg("{where}: only construction-crane cards name a building"))
        return self

    def card(self) -> SpecialCard:
        return component(SpecialCard, self, beads=frozenset(self.beads))


def check_special_cards(raws: list[SpecialCardData], label: str) -> tuple[SpecialCard, ...]:
    """The 15 cards of the Special Building Card Index: three Studios with their stated colour pairs, two
    Construction Cranes, every other card once."""
    unique(raws, "id", label, "special card")
    cards = tuple(data.card() for data in raws)
    total = sum(SPECIAL_CARDS.values())
    if len(cards) != total:
        raise CardDataError(
            msg_plural(
                "{label}: {count} special building card, the rules have {stated}",
                "{label}: {count} special building cards, the rules have {stated}",
                len(cards),
                label=label,
                stated=total,
            )
        )
    counts = Counter(card.effect for card in cards)
    for effect, wanted in SPECIAL_CARDS.items():
        if counts[effect] != wanted:
            raise CardDataError(
                msg_plural(
                    "{label}: {count} {effect} card, the rules have {stated}",
                    "{label}: {count} {effect} cards, the rules have {stated}",
                    counts[effect],
                    label=label,
                    effect=effect.value,
                    stated=wanted,
                )
            )
    pairs = {card.beads for card in cards if card.effect is SpecialEffect.STUDIO}
    for pair in STUDIO_PAIRS:
        if pair not in pairs:
            text = "/".join(bead.value for bead in Bead if bead in pair)
            raise CardDataError(
                msg(
                    "{label}: no studio for {pair}; the rules have the pairs red/green, red/blue and green/blue",
                    label=label,
                    pair=text,
                )
            )
    return cards
