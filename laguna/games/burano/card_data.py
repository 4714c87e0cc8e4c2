"""Burano's fish cards, merchant ships and building cards in the component file (2. COMPONENTS, 6.2 The
fishing boat, 9. BUILDING CARDS).

The rulebook lists every building card and states the counts of the fish cards and ships; five fish kinds
and three ships are reconstructed. A card is a model whose validators check what its kind states (a
card's colours, fish kinds and VP as its effect has them); the checks across cards (the counts, the
rulebook's ship, each colour once per effect) run on the validated cards.
"""

from __future__ import annotations

from collections import Counter
from typing import Annotated, ClassVar

from pydantic import Field, field_validator, model_validator

from laguna.core.component_data import type_name
from laguna.core.data_model import Item, ItemName, Name, Problem, check_count, check_counts, one_of, unique
from laguna.core.errors import CardDataError
from laguna.core.messages import msg, msg_plural
from laguna.games.burano.board_data import ColourName, once
from laguna.games.burano.components import (
    BUILDING_CARDS,
    COLOURS,
    EFFECT_CARDS,
    EFFECT_COLOURS,
    EFFECT_VP,
    FISH_KINDS,
    FISH_PER_KIND,
    NAMED_FISH,
    RULEBOOK_SHIP,
    SHIPS,
    BuildingCard,
    Effect,
    Ship,
)

# --------------------------------------------------------------------------- fish cards


class FishKindData(Item):
    """A kind of fish card, by its name."""

    name: Name


class FishData(Item):
    """The fish cards: six of each kind."""

    item_names: ClassVar = {"kind": ItemName("fish kind", "name", from_file=True)}
    cards_per_kind: int
    kind: list[FishKindData]

    @field_validator("cards_per_kind")
    @classmethod
    def _six_per_kind(cls, per_kind: int) -> int:
        check_count(
            per_kind,
            FISH_PER_KIND,
            lambda count: msg(
                "{where}: {count} cards per kind, the rulebook has {wanted} (48 in 8 kinds)",
                count=count,
                wanted=FISH_PER_KIND,
            ),
        )
        return per_kind


def check_fish_kinds(fish: FishData, label: str) -> tuple[str, ...]:
    """Eight kinds of six cards; the kinds the rulebook names must be among them."""
    unique(fish.kind, "name", label, "fish kind")
    kinds = tuple(kind.name for kind in fish.kind)
    where = f"{label}: [fish]"
    check_count(
        len(kinds),
        FISH_KINDS,
        lambda count: msg(
            "{where}: {count} fish kinds, the rulebook has {wanted} (of 6 cards each)",
            where=where,
            count=count,
            wanted=FISH_KINDS,
        ),
        CardDataError,
    )
    unnamed = [name for name in NAMED_FISH if name not in kinds]
    if unnamed:
        raise CardDataError(
            msg("{where}: no fish kind {kind}, which the rulebook names", where=where, kind=repr(unnamed[0]))
        )
    return kinds


def _fish_kind(name: str, fish_kinds: tuple[str, ...], where: str) -> str:
    if name not in fish_kinds:
        raise CardDataError(
            msg(
                "{where}: unknown fish kind {name} (kinds: {kinds})",
                where=where,
                name=repr(name),
                kinds=", ".join(fish_kinds),
            )
        )
    return name


# --------------------------------------------------------------------------- merchant ships


class ShipData(Item):
    """A merchant ship: the fish it demands and the VP it pays."""

    name: str
    demand: dict[str, int] = Field(default=None, validate_default=True)  # missing: refused as not a table
    vp: int

    @field_validator("demand", mode="before")
    @classmethod
    def _demand(cls, demand: object) -> object:
        if not isinstance(demand, dict) or not demand:
            raise Problem(msg("{where}: field 'demand' must be a table of fish kind = number of cards"))
        for kind, count in demand.items():
            if isinstance(count, bool) or not isinstance(count, int):
                problem = msg(
                    "{where}: field {key} must be an integer, not {kind}", key=repr(kind), kind=type_name(count)
                )
                raise Problem(problem, "demand")
            if count <= 0:
                raise Problem(
                    msg("{where}: demand of {kind} must be positive, not {count}", kind=repr(kind), count=count)
                )
        return demand

    @field_validator("vp")
    @classmethod
    def _scores(cls, vp: int) -> int:
        if vp <= 0:
            raise Problem(msg("{where}: vp must be positive, not {vp}", vp=vp))
        return vp


def check_ships(raws: list[ShipData], fish_kinds: tuple[str, ...], label: str) -> tuple[Ship, ...]:
    """Four ships, each demanding known fish for a positive VP; the rulebook's ship among them."""
    unique(raws, "name", label, "ship")
    ships = tuple(
        Ship(
            name=raw.name,
            demand=tuple(
                (_fish_kind(kind, fish_kinds, f"{label}: ship {raw.name!r}"), n) for kind, n in raw.demand.items()
            ),
            vp=raw.vp,
            provenance=raw.provenance,
        )
        for raw in raws
    )
    check_count(
        len(ships),
        SHIPS,
        lambda count: msg(
            "{where}: {count} merchant ships, the rulebook has {wanted}", where=label, count=count, wanted=SHIPS
        ),
        CardDataError,
    )
    wanted, vp = RULEBOOK_SHIP
    if not any(dict(ship.demand) == wanted and ship.vp == vp for ship in ships):
        text = " + ".join(f"{count} {kind}" for kind, count in wanted.items())
        raise CardDataError(
            msg(
                "{where}: no ship demanding {demand} for {vp} VP, the rulebook's trading example",
                where=label,
                demand=text,
                vp=vp,
            )
        )
    return ships


# --------------------------------------------------------------------------- building cards


class BuildingCardData(Item):
    """A building card: its effect, the colours or fish kinds it names and its VP, as the rulebook lists
    it."""

    id: str
    effect: Annotated[
        Effect,
        one_of(Effect, lambda name, names: msg("{where}: effect {name} is not one of {names}", name=name, names=names)),
    ]
    colours: list[ColourName] = Field(default_factory=list)
    fish: list[str] = Field(default_factory=list)
    vp: int
    title: str
    _once = field_validator("colours", "fish")(once)

    @model_validator(mode="after")
    def _as_the_rulebook_lists(self) -> BuildingCardData:
        """The card's specific colours or fish kinds, and its own VP, as its effect has them."""
        effect = self.effect
        wanted = EFFECT_COLOURS.get(effect, 0)
        check_count(
            len(self.colours),
            wanted,
            lambda count: msg_plural(
                "{where}: names {count} colour; a {effect} card names {wanted}",
                "{where}: names {count} colours; a {effect} card names {wanted}",
                count,
                effect=effect.value,
                wanted=wanted,
            ),
        )
        if effect is Effect.SOLD_FISH_VP and not self.fish:
            raise Problem(msg("{where}: a {effect} card names its fish kinds", effect=effect.value))
        if effect is not Effect.SOLD_FISH_VP and self.fish:
            raise Problem(msg("{where}: only {effect} cards name fish kinds", effect=Effect.SOLD_FISH_VP.value))
        if self.vp != EFFECT_VP.get(effect, 0):
            raise Problem(
                msg(
                    "{where}: vp {vp}; a {effect} card scores {wanted}",
                    vp=self.vp,
                    effect=effect.value,
                    wanted=EFFECT_VP.get(effect, 0),
                )
            )
        if not self.title.strip():
            raise Problem(msg("{where}: title is empty"))
        return self

    def card(self, fish_kinds: tuple[str, ...], label: str) -> BuildingCard:
        """The card the rules use, its fish kinds among the file's."""
        where = f"{label}: building card {self.id!r}"
        return BuildingCard(
            id=self.id,
            effect=self.effect,
            colours=frozenset(self.colours),
            fish=frozenset(_fish_kind(name, fish_kinds, where) for name in self.fish),
            vp=self.vp,
            title=self.title,
            provenance=self.provenance,
        )


def check_building_cards(
    raws: list[BuildingCardData], fish_kinds: tuple[str, ...], label: str
) -> tuple[BuildingCard, ...]:
    """The 16 cards the rulebook lists: each id once, the effect counts, each colour once per effect."""
    unique(raws, "id", label, "building card")
    cards = tuple(raw.card(fish_kinds, label) for raw in raws)
    check_count(
        len(cards),
        BUILDING_CARDS,
        lambda count: msg(
            "{where}: {count} building cards, the rulebook has {wanted}",
            where=label,
            count=count,
            wanted=BUILDING_CARDS,
        ),
        CardDataError,
    )
    check_counts(
        Counter(card.effect for card in cards),
        EFFECT_CARDS,
        lambda effect, count, wanted: msg(
            "{where}: {count} {effect} cards, the rulebook has {wanted}",
            where=label,
            count=count,
            effect=effect.value,
            wanted=wanted,
        ),
        CardDataError,
    )
    for effect in EFFECT_COLOURS:
        shown = Counter(colour for card in cards if card.effect is effect for colour in card.colours)
        wrong = next((c for c in COLOURS if shown[c] != 1), None)
        if wrong is not None:
            raise CardDataError(
                msg(
                    "{where}: {colour} is on {count} {effect} cards; "
                    "the rulebook's types of one effect show each colour once",
                    where=label,
                    colour=msg(wrong.value),
                    count=shown[wrong],
                    effect=effect.value,
                )
            )
    return cards
