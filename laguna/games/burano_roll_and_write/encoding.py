"""Walking in Burano Roll & Write as numbers, for research interfaces: the action space and the
observation encoding.

The action space lists every action that can ever be legal in a set-up, in this fixed order:

==========  ===================================  ===============================================
block       size                                 order
==========  ===================================  ===============================================
``boat``    6                                    die colour: red, orange, yellow, green, blue, pink
``flip``    1
``circle``  one per symbol and number it takes   symbol (building colour, floor, kind, id), then number
``invite``  96                                   character A–J, building colour, then floor (F, G, H)
``coin``    1
==========  ===================================  ===============================================

The symbols are those of the layouts in play (all four, or the shared one), without the ones a sheet
starts with circled; a symbol takes the numbers its kind allows on some sheet (a cat 1–2, 3–4 or 5–6
by floor, a red curtain odd, a blue curtain even, a streetlight its printed number, a plant or a
chimney any). With the packaged sheets that is 447 actions (330 with Viale Marcello shared).

The observation is built from a seat's view only. Seats are listed relative to the viewer: the viewer
first, then the others clockwise (a spectator's view lists seats from seat 0). ``P`` is the number of
players, ``L`` the layouts of the sheet file (4), ``U`` the symbol ids of those layouts (88 with the
packaged sheets, the union over the layouts in play).

=================  =============  ===============================================================
segment            length         meaning
=================  =============  ===============================================================
``phase``          4              one-hot: boat, use, invite, over
``round``          1              the round number
``last_round``     2              a fifth character was invited; this round is the last
``turn_player``    P              one-hot: the player who rolled this round (relative seat)
``dice``           6 × 6          one-hot value of each die (die colour order)
``draft_seat``     P              one-hot: who places a boat or uses a die now; zeros otherwise
``draft_index``    1              boats placed or flipped so far in this round's draft
``die``            6              one-hot: the die being used now
``canal``          6 × P          1 where a seat's boat is beside a die
``spectators``     6              solo: the dice with a spectator's boat
``coin_track``     1              spaces of the record sheet's coin track
``layout``         P × L          one-hot: each seat's sheet layout
``sheet``          P × U × 3      per symbol id: on this seat's sheet, circled, number written (0–6)
``characters``     P × 6 × 13     per building colour: invited character one-hot (A–J), floor one-hot
``coins``          P              coins available (circled and not crossed out)
``gained``         P              coins circled so far
``spent``          P              coins crossed out so far
``filled``         P              solo: coins filled in
``flipped``        P              boats flipped this round
``decided``        P              1 once a seat has made its secret invitation decision
``boats``          P × 6          1 where a seat placed a boat this round (die colour order)
``own_decision``   20             the viewer's own secret decision: coin, character A–J, building,
                                  floor (zeros before deciding and for a spectator)
=================  =============  ===============================================================

Counts are raw small integers; everything else is 0 or 1.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable
from functools import lru_cache
from itertools import accumulate

from laguna.core.game import JSON, Seat, seats_from
from laguna.games.burano_roll_and_write.actions import Action, Boat, Circle, Flip, Invite, TakeCoin, parse_action
from laguna.games.burano_roll_and_write.characters import CHARACTERS
from laguna.games.burano_roll_and_write.options import RollAndWriteOptions
from laguna.games.burano_roll_and_write.position import CAT_NUMBERS, Phase, Position
from laguna.games.burano_roll_and_write.sheets import DieColour, Kind, SheetLayout, Symbol, load_sheets

DICE = tuple(DieColour)
FACES = 6
FLOORS = 3
PHASES = tuple(phase.value for phase in Phase)
_PHASE_ORDER = tuple(Phase)
_DIE_INDEX = {colour.value: k for k, colour in enumerate(DICE)}
_KIND_ORDER = {kind: k for k, kind in enumerate(Kind)}
_PHASE_INDEX = {name: k for k, name in enumerate(PHASES)}
_LETTER_INDEX = {c.value: k for k, c in enumerate(CHARACTERS)}
CHARACTER_SIZE = len(CHARACTERS) + FLOORS
DECISION_SIZE = 1 + len(CHARACTERS) + len(DICE) + FLOORS


def _numbers(symbol: Symbol) -> tuple[int, ...]:
    """The numbers the symbol rules ever allow under `symbol` (Using a Die)."""
    if symbol.kind is Kind.CAT:
        return CAT_NUMBERS[symbol.floor]
    if symbol.kind is Kind.RED_CURTAIN:
        return (1, 3, 5)
    if symbol.kind is Kind.BLUE_CURTAIN:
        return (2, 4, 6)
    if symbol.kind is Kind.STREETLIGHT:
        return () if symbol.number is None else (symbol.number,)
    return tuple(range(1, FACES + 1))


def _layouts_in_play(options: RollAndWriteOptions) -> tuple[SheetLayout, ...]:
    sheets = load_sheets(options.sheets)
    if options.shared_layout:
        return (sheets.layout(options.shared_layout),)
    return sheets.layouts


def _symbol_key(symbol: Symbol) -> tuple[int, int, int, str]:
    return (DICE.index(symbol.building), symbol.floor, _KIND_ORDER[symbol.kind], symbol.id)


@lru_cache(maxsize=32)
def action_space(players: int, options: RollAndWriteOptions) -> tuple[Action, ...]:
    """Every action that can be legal for this set-up, in the order of the module docstring."""
    numbers: dict[str, set[int]] = {}
    keys: dict[str, tuple[int, int, int, str]] = {}
    for layout in _layouts_in_play(options):
        for symbol in layout.symbols:
            if symbol.id in layout.precircled:
                continue
            numbers.setdefault(symbol.id, set()).update(_numbers(symbol))
            keys[symbol.id] = _symbol_key(symbol)
    space: list[Action] = [Boat(colour) for colour in DICE]
    space.append(Flip())
    for symbol_id in sorted(numbers, key=keys.__getitem__):
        space.extend(Circle(symbol_id, value) for value in sorted(numbers[symbol_id]))
    for character in CHARACTERS:
        floors: tuple[int | None, ...] = (1, 2, 3) if character.designates_floor else (None,)
        space.extend(Invite(character, building, floor) for building in DICE for floor in floors)
    space.append(TakeCoin())
    return tuple(space)


class Encoder:
    """The observation encoder of one set-up. What a layout prints is memoised by layout name (the
    set-up fixes the sheet file, which gives every name one layout)."""

    def __init__(self, players: int, options: RollAndWriteOptions) -> None:
        self.players = players
        sheets = load_sheets(options.sheets)
        self.layout_names = tuple(layout.name for layout in sheets.layouts)
        symbols = {s.id: s for layout in _layouts_in_play(options) for s in layout.symbols}
        self.symbol_ids = tuple(sorted(symbols, key=lambda sid: _symbol_key(symbols[sid])))
        self._slot = {sid: 3 * k for k, sid in enumerate(self.symbol_ids)}
        self._presence: dict[str, array[float]] = {}
        self._decisions: dict[str, tuple[float, ...]] = {}
        sizes = self.sizes()
        self._start = dict(zip(sizes, accumulate(sizes.values(), initial=0), strict=False))
        self._blank = array("f", bytes(4 * sum(sizes.values())))

    def sizes(self) -> dict[str, int]:
        p, dice = self.players, len(DICE)
        return {
            "phase": len(PHASES),
            "round": 1,
            "last_round": 2,
            "turn_player": p,
            "dice": dice * FACES,
            "draft_seat": p,
            "draft_index": 1,
            "die": dice,
            "canal": dice * p,
            "spectators": dice,
            "coin_track": 1,
            "layout": p * len(self.layout_names),
            "sheet": p * len(self.symbol_ids) * 3,
            "characters": p * dice * CHARACTER_SIZE,
            "coins": p,
            "gained": p,
            "spent": p,
            "filled": p,
            "flipped": p,
            "decided": p,
            "boats": p * dice,
            "own_decision": DECISION_SIZE,
        }

    def _printed(self, name: str, symbol_ids: Iterable[str]) -> array[float]:
        """The sheet block of a layout before any circle: 1 where the layout prints the symbol id."""
        printed = self._presence.get(name)
        if printed is None:
            printed = array("f", bytes(4 * 3 * len(self.symbol_ids)))
            for symbol_id in symbol_ids:
                printed[self._slot[symbol_id]] = 1.0
            self._presence[name] = printed
        return printed

    def _sheet(self, seat: JSON) -> list[float]:
        """Presence, circled and number of every symbol id, from the seat's printed sheet and circles."""
        sheet = self._printed(seat["layout"], (symbol["id"] for symbol in seat["sheet"]["symbols"])).tolist()
        slot = self._slot
        for symbol_id, value in seat["circled"].items():
            k = slot[symbol_id]
            sheet[k + 1] = 1.0
            sheet[k + 2] = 0.0 if value is None else float(value)
        return sheet

    def _decision(self, text: str) -> tuple[float, ...]:
        features = self._decisions.get(text)
        if features is None:
            vector = [0.0] * DECISION_SIZE
            for k in _decision_slots(parse_action(text)):
                vector[k] = 1.0
            features = self._decisions[text] = tuple(vector)
        return features

    def encode(self, view: JSON) -> dict[str, list[float]]:
        players = self.players
        viewer = view["viewer"]
        order = seats_from(viewer, players)
        relative = {seat: k for k, seat in enumerate(order)}
        dice_count = len(DICE)

        phase = [0.0] * len(PHASES)
        phase[_PHASE_INDEX[view["phase"]]] = 1.0
        final_round = view["final_round"]
        turn_player = [0.0] * players
        turn_player[relative[view["turn_player"]]] = 1.0
        dice = [0.0] * (dice_count * FACES)
        for colour, value in view["dice"].items():
            if value:
                dice[_DIE_INDEX[colour] * FACES + value - 1] = 1.0
        draft = view["draft"]
        draft_seat = [0.0] * players
        if draft["seat"] is not None:
            draft_seat[relative[draft["seat"]]] = 1.0
        die = [0.0] * dice_count
        if draft["die"] is not None:
            die[_DIE_INDEX[draft["die"]]] = 1.0
        canal = [0.0] * (dice_count * players)
        for colour, seats in view["canal"].items():
            for seat in seats:
                canal[_DIE_INDEX[colour] * players + relative[seat]] = 1.0
        spectators = [0.0] * dice_count
        for colour in view["spectators"]:
            spectators[_DIE_INDEX[colour]] = 1.0

        layout: list[float] = []
        sheet: list[float] = []
        characters: list[float] = []
        boats: list[float] = []
        own: tuple[float, ...] = (0.0,) * DECISION_SIZE
        all_seats = view["seats"]
        for seat in order:
            data = all_seats[seat]
            names = [0.0] * len(self.layout_names)
            names[self.layout_names.index(data["layout"])] = 1.0
            layout += names
            sheet += self._sheet(data)
            invited = [0.0] * (dice_count * CHARACTER_SIZE)
            for entry in data["characters"]:
                base = _DIE_INDEX[entry["building"]] * CHARACTER_SIZE
                invited[base + _LETTER_INDEX[entry["letter"]]] = 1.0
                if entry["floor"] is not None:
                    invited[base + len(CHARACTERS) + entry["floor"] - 1] = 1.0
            characters += invited
            placed = [0.0] * dice_count
            for colour in data["boats"]:
                placed[_DIE_INDEX[colour]] = 1.0
            boats += placed
            if seat == viewer and data["decision"] is not None:
                own = self._decision(data["decision"])
        ordered = [all_seats[seat] for seat in order]

        return {
            "phase": phase,
            "round": [float(view["round"])],
            "last_round": [
                0.0 if final_round is None else 1.0,
                1.0 if final_round is not None and final_round <= view["round"] else 0.0,
            ],
            "turn_player": turn_player,
            "dice": dice,
            "draft_seat": draft_seat,
            "draft_index": [0.0 if draft["index"] is None else float(draft["index"])],
            "die": die,
            "canal": canal,
            "spectators": spectators,
            "coin_track": [float(view["coin_track"])],
            "layout": layout,
            "sheet": sheet,
            "characters": characters,
            "coins": [float(s["coins"]) for s in ordered],
            "gained": [float(s["gained"]) for s in ordered],
            "spent": [float(s["spent"]) for s in ordered],
            "filled": [float(s["filled"]) for s in ordered],
            "flipped": [float(s["flipped"]) for s in ordered],
            "decided": [1.0 if s["decided"] else 0.0 for s in ordered],
            "boats": boats,
            "own_decision": list(own),
        }

    def state_buffer(self, state: Position, seat: Seat | None) -> bytes:
        """The same bytes as the numbers of ``encode(state.view(seat))``, without building the view.

        Of the secret invitation decisions it reads whether each seat has decided and the viewer's own
        decision, as the view shows them, so it cannot show more than the view does; the encoding tests
        compare the two at every position of random and greedy games.
        """
        players = self.players
        first = 0 if seat is None else seat
        start = self._start
        out = self._blank[:]
        phase = state.phase
        out[_PHASE_ORDER.index(phase)] = 1.0
        out[start["round"]] = state.round
        final_round = state.final_round
        if final_round is not None:
            at = start["last_round"]
            out[at] = 1.0
            if final_round <= state.round:
                out[at + 1] = 1.0
        out[start["turn_player"] + (state.turn_player - first) % players] = 1.0
        at = start["dice"]
        for k, value in enumerate(state.dice):
            if value:
                out[at + k * FACES + value - 1] = 1.0
        if phase is Phase.BOAT or phase is Phase.USE:
            out[start["draft_seat"] + (state.draft_order[state.draft_index] - first) % players] = 1.0
            out[start["draft_index"]] = state.draft_index
        if state.die is not None:
            out[start["die"] + DICE.index(state.die)] = 1.0
        at = start["canal"]
        for colour, seats in state.canal.items():
            row = at + DICE.index(colour) * players
            for owner in seats:
                out[row + (owner - first) % players] = 1.0
        at = start["spectators"]
        for colour in state.spectators:
            out[at + DICE.index(colour)] = 1.0
        out[start["coin_track"]] = state.sheets.coin_track

        names, slot = self.layout_names, self._slot
        sheet_size = 3 * len(self.symbol_ids)
        for k in range(players):
            other = (first + k) % players
            layout = state.layouts[other]
            out[start["layout"] + k * len(names) + names.index(layout.name)] = 1.0
            at = start["sheet"] + k * sheet_size
            out[at : at + sheet_size] = self._printed(layout.name, (symbol.id for symbol in layout.symbols))
            for symbol_id, number in state.circled[other].items():
                cell = at + slot[symbol_id]
                out[cell + 1] = 1.0
                if number:
                    out[cell + 2] = number
            at = start["characters"] + k * len(DICE) * CHARACTER_SIZE
            for building, (character, floor) in state.characters[other].items():
                row = at + DICE.index(building) * CHARACTER_SIZE
                out[row + CHARACTERS.index(character)] = 1.0
                if floor is not None:
                    out[row + len(CHARACTERS) + floor - 1] = 1.0
            gained, spent = state.gained[other], state.spent[other]
            out[start["coins"] + k] = gained - spent
            out[start["gained"] + k] = gained
            out[start["spent"] + k] = spent
            out[start["filled"] + k] = state.filled[other]
            out[start["flipped"] + k] = state.flipped[other]
            if state.commitments[other] is not None:
                out[start["decided"] + k] = 1.0
            at = start["boats"] + k * len(DICE)
            for colour in state.boats[other]:
                out[at + DICE.index(colour)] = 1.0
        if seat is not None and (decision := state.commitments[seat]) is not None:
            at = start["own_decision"]
            for k in _decision_slots(decision):
                out[at + k] = 1.0
        return out.tobytes()


def _decision_slots(decision: Action) -> tuple[int, ...]:
    """Where a secret decision puts its ones in ``own_decision``: the coin, or the character, the
    building and the floor it names."""
    if not isinstance(decision, Invite):
        return (0,)
    slots = (1 + CHARACTERS.index(decision.character), 1 + len(CHARACTERS) + DICE.index(decision.building))
    if decision.floor is None:
        return slots
    return (*slots, 1 + len(CHARACTERS) + len(DICE) + decision.floor - 1)


@lru_cache(maxsize=32)
def encoder(players: int, options: RollAndWriteOptions) -> Encoder:
    return Encoder(players, options)


def observation_buffer(state: Position, seat: Seat | None, players: int, options: RollAndWriteOptions) -> bytes:
    """The numbers of the seat's observation, as float32 bytes, written from the state."""
    return encoder(players, options).state_buffer(state, seat)
