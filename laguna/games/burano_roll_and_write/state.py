"""A position of Walking in Burano Roll & Write and its rules (rulebook: Gameplay to Solo Play Rules).

A round is: the turn player's roll of the six dice (chance, drawn when the round begins), the draft of
boats in snake order (each boat placed beside a die, whose use is a second decision, or flipped
instead), and the
simultaneous secret invitation, revealed once every player has decided.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from functools import cache
from typing import Any, Final

from laguna.core.errors import IllegalAction
from laguna.core.game import JSON, Event, GameState, Seat
from laguna.core.messages import N_, Message, Player, excerpt, msg, msg_plural
from laguna.core.outcome import Outcome, SeatResult, rank
from laguna.core.rng import Rng
from laguna.games.burano_roll_and_write import heuristics, scoring
from laguna.games.burano_roll_and_write.actions import Action, Boat, Circle, Flip, Invite, TakeCoin
from laguna.games.burano_roll_and_write.characters import CHARACTERS, Character
from laguna.games.burano_roll_and_write.options import RollAndWriteOptions
from laguna.games.burano_roll_and_write.sheets import DieColour, Kind, SheetLayout, SheetSet, Symbol

DICE = tuple(DieColour)
FLIP_COINS = 2
INVITATION_COST = 3
FIFTH_CHARACTER = 5
SOLO_FILL = 2
CAT_NUMBERS = {1: (1, 2), 2: (3, 4), 3: (5, 6)}
"""A cat on the 1st floor takes a 1 or 2, on the 2nd a 3 or 4, on the 3rd a 5 or 6."""
COINS_MET = N_("filled coins met the circled ones")
FIFTH_INVITED = N_("fifth character")
ROUND_LIMIT = N_("round limit")
"""Why a game ended (`ended_by`), as the log and the outcome name it."""

_DIE_NAMES: Final[Mapping[DieColour, str]] = {
    DieColour.RED: N_("the red die"),
    DieColour.ORANGE: N_("the orange die"),
    DieColour.YELLOW: N_("the yellow die"),
    DieColour.GREEN: N_("the green die"),
    DieColour.BLUE: N_("the blue die"),
    DieColour.PINK: N_("the pink die"),
}
_BUILDING_NAMES: Final[Mapping[DieColour, str]] = {
    DieColour.RED: N_("the red building"),
    DieColour.ORANGE: N_("the orange building"),
    DieColour.YELLOW: N_("the yellow building"),
    DieColour.GREEN: N_("the green building"),
    DieColour.BLUE: N_("the blue building"),
    DieColour.PINK: N_("the pink building"),
}
"""How sentences name a die and a building: whole phrases, so that a language can inflect them."""


def _die(colour: DieColour) -> Message:
    return msg(_DIE_NAMES[colour])


def _building(colour: DieColour) -> Message:
    return msg(_BUILDING_NAMES[colour])


def _coins(amount: int) -> Message:
    return msg_plural("{count} coin", "{count} coins", amount)


def change_cost(die: int, value: int) -> int:
    """Coins to turn a die's value into `value`, one per step of ±1, 6 and 1 being neighbours.

    >>> change_cost(6, 1), change_cost(2, 5), change_cost(4, 4)
    (1, 3, 0)
    """
    return _COSTS[die][value]


_COSTS = tuple(tuple(min(abs(d - v), 6 - abs(d - v)) for v in range(7)) for d in range(7))
_REACH = tuple(tuple(frozenset(v for v in range(1, 7) if _COSTS[d][v] <= c) for c in range(4)) for d in range(7))
"""The numbers a die's value can become with 0, 1, 2 or 3 coins (3 steps reach every number)."""


@cache
def _circle(symbol: str, value: int) -> Circle:
    return Circle(symbol, value)


_BOATS = {colour: Boat(colour) for colour in DICE}


class Phase(enum.Enum):
    BOAT = "boat"
    USE = "use"
    INVITE = "invite"
    OVER = "over"


class RollAndWriteState(GameState[Action]):
    """One position. Build it with `WalkingInBuranoRollAndWrite.new_game`."""

    def __init__(self, players: int, options: RollAndWriteOptions, sheets: SheetSet, layouts: list[SheetLayout],
                 rng: Rng) -> None:  # fmt: skip
        self._players = players
        self.options = options
        self.sheets = sheets
        self.layouts = layouts
        self.rng = rng
        self._reveals = 0
        self._legal: dict[Seat, tuple[Action, ...]] = {}
        self.circled: list[dict[str, int | None]] = [{sid: None for sid in layout.precircled} for layout in layouts]
        self.characters: list[dict[DieColour, tuple[Character, int | None]]] = [{} for _ in range(players)]
        self.gained = [0] * players
        self.spent = [0] * players
        self.filled = [0] * players
        self.boats: list[list[DieColour]] = [[] for _ in range(players)]
        self.flipped = [0] * players
        self.canal: dict[DieColour, list[Seat]] = {colour: [] for colour in DICE}
        self.spectators: list[DieColour] = []
        self.commitments: list[Invite | TakeCoin | None] = [None] * players
        self.dice = [0] * len(DICE)
        self.turn_player = rng.randrange(players)
        self.round = 1
        self.phase = Phase.BOAT
        self.draft_order: list[Seat] = []
        self.draft_index = 0
        self.die: DieColour | None = None
        self.final_round: int | None = None
        self.ended_by = ""
        self._start_round([])

    # ------------------------------------------------------------------ protocol

    @property
    def players(self) -> int:
        return self._players

    @property
    def reveal_count(self) -> int:
        return self._reveals

    @property
    def solo(self) -> bool:
        return self._players == 1

    def coins(self, seat: Seat) -> int:
        """Circled coins not yet crossed out."""
        return self.gained[seat] - self.spent[seat]

    def to_act(self) -> tuple[Seat, ...]:
        if self.phase is Phase.INVITE:
            return tuple(s for s in range(self._players) if self.commitments[s] is None)
        if self.phase is Phase.OVER:
            return ()
        return (self.draft_order[self.draft_index],)

    def legal_actions(self, seat: Seat) -> tuple[Action, ...]:
        if seat not in self.to_act():
            return ()
        cached = self._legal.get(seat)
        if cached is None:
            cached = self._legal[seat] = self._generate(seat)
        return cached

    def copy(self) -> RollAndWriteState:
        twin = object.__new__(RollAndWriteState)
        twin._players = self._players
        twin.options = self.options
        twin.sheets = self.sheets
        twin.layouts = list(self.layouts)
        twin.rng = self.rng.copy()
        twin._reveals = self._reveals
        twin._legal = dict(self._legal)
        twin.circled = [dict(c) for c in self.circled]
        twin.characters = [dict(c) for c in self.characters]
        twin.gained = list(self.gained)
        twin.spent = list(self.spent)
        twin.filled = list(self.filled)
        twin.boats = [list(b) for b in self.boats]
        twin.flipped = list(self.flipped)
        twin.canal = {colour: list(seats) for colour, seats in self.canal.items()}
        twin.spectators = list(self.spectators)
        twin.commitments = list(self.commitments)
        twin.dice = list(self.dice)
        twin.turn_player = self.turn_player
        twin.round = self.round
        twin.phase = self.phase
        twin.draft_order = list(self.draft_order)
        twin.draft_index = self.draft_index
        twin.die = self.die
        twin.final_round = self.final_round
        twin.ended_by = self.ended_by
        return twin

    def _key(self) -> tuple[Any, ...]:
        """Every part of the position, hidden ones included (the cache aside)."""
        return (
            self._players, self.options, self.sheets.source, [layout.name for layout in self.layouts], self.rng,
            self._reveals, self.circled, self.characters, self.gained, self.spent, self.filled, self.boats,
            self.flipped, self.canal, self.spectators, self.commitments, self.dice, self.turn_player,
            self.round, self.phase, self.draft_order, self.draft_index, self.die, self.final_round,
            self.ended_by,
        )  # fmt: skip

    # ------------------------------------------------------------------ legal actions

    def _generate(self, seat: Seat) -> tuple[Action, ...]:
        if self.phase is Phase.BOAT:
            return (*(_BOATS[c] for c in DICE if self._boat_problem(seat, c) is None), Flip())
        if self.phase is Phase.USE:
            assert self.die is not None
            return tuple(self._circles(seat, self.die, self.coins(seat)))
        return self._invitations(seat)

    def _boat_problem(self, seat: Seat, colour: DieColour) -> Message | None:
        """Why a boat may not go beside this die, or None.

        A boat placed beside a die uses it ("Forfeit the placing and flip the boat token" is the other
        choice), so the die must be usable: some symbol of its building can be circled.
        """
        if colour in self.boats[seat]:
            return msg("you cannot place both your boats beside {die}", die=_die(colour))
        coins = self.coins(seat)
        if colour in self.spectators:
            if coins < 1:
                return msg(
                    "a boat beside the spectator's boat at {die} costs a coin, and you have none", die=_die(colour)
                )
            coins -= 1
        if not self._circles(seat, colour, coins, first_only=True):
            return msg(
                "no symbol of {building} can be circled with this die (flip the boat instead)",
                building=_building(colour),
            )
        return None

    def _allowed(self, seat: Seat, symbol: Symbol) -> tuple[int, ...]:
        """The numbers the symbol rules allow for `symbol` (rulebook: Using a Die)."""
        kind = symbol.kind
        if kind is Kind.CAT:
            return CAT_NUMBERS[symbol.floor]
        if kind is Kind.RED_CURTAIN:
            return (1, 3, 5)
        if kind is Kind.BLUE_CURTAIN:
            return (2, 4, 6)
        if kind is Kind.STREETLIGHT:
            return (symbol.number,) if symbol.number is not None else ()
        circled = self.circled[seat]
        layout = self.layouts[seat]
        if kind is Kind.PLANT:
            written = [
                v for s in layout.in_building(symbol.building)
                if s.kind is Kind.PLANT and (v := circled.get(s.id)) is not None
            ]  # fmt: skip
            highest = min(written, default=6)
            return tuple(range(1, highest + 1))
        used = {v for s in layout.symbols if s.kind is Kind.CHIMNEY and (v := circled.get(s.id)) is not None}
        return tuple(v for v in range(1, 7) if v not in used)

    def _circles(self, seat: Seat, colour: DieColour, coins: int, first_only: bool = False) -> list[Circle]:
        """The symbols of the building that the die can circle, with every number `coins` can pay for
        (only the first one found when `first_only`: placing a boat needs just one)."""
        reach = _REACH[self.dice[DICE.index(colour)]][min(coins, 3)]
        circled = self.circled[seat]
        found: list[Circle] = []
        for symbol in self.layouts[seat].in_building(colour):
            if symbol.id in circled:
                continue
            for value in self._allowed(seat, symbol):
                if value in reach:
                    found.append(_circle(symbol.id, value))
                    if first_only:
                        return found
        return found

    def _invitations(self, seat: Seat) -> tuple[Action, ...]:
        """Take a coin, or (with 3 coins) invite a new character under a building with a free space."""
        choices: list[Action] = [TakeCoin()]
        if self.coins(seat) < INVITATION_COST:
            return tuple(choices)
        invited = {character for character, _ in self.characters[seat].values()}
        free = [c for c in self.layouts[seat].buildings if c not in self.characters[seat]]
        for character in CHARACTERS:
            if character in invited:
                continue
            floors: tuple[int | None, ...] = (1, 2, 3) if character.designates_floor else (None,)
            choices.extend(Invite(character, building, floor) for building in free for floor in floors)
        return tuple(choices)

    # ------------------------------------------------------------------ explaining illegal actions

    def explain_illegal(self, seat: Seat, action: Action) -> Message:
        if self.phase is Phase.OVER:
            return msg("the game is over")
        if self.phase is Phase.BOAT:
            if not isinstance(action, (Boat, Flip)):
                return msg("place a boat beside a die, or flip it, first")
            if isinstance(action, Boat):
                return self._boat_problem(seat, action.colour) or msg("not allowed now")
            return msg("not allowed now")
        if self.phase is Phase.USE:
            if not isinstance(action, Circle):
                return msg("use the die beside your boat: circle a symbol of its building")
            return self._explain_circle(seat, action)
        if not isinstance(action, (Invite, TakeCoin)):
            return msg("every player now decides to invite a character or take a coin")
        if isinstance(action, Invite):
            return self._explain_invite(seat, action)
        return msg("not allowed now")

    def _explain_circle(self, seat: Seat, action: Circle) -> Message:
        assert self.die is not None
        layout = self.layouts[seat]
        symbol = next((s for s in layout.symbols if s.id == action.symbol), None)
        if symbol is None:
            return msg("{layout} has no symbol {symbol}", layout=layout.name, symbol=excerpt(action.symbol))
        if symbol.building is not self.die:
            return msg("{die} circles a symbol of {building} only", die=_die(self.die), building=_building(self.die))
        if symbol.id in self.circled[seat]:
            return msg("{symbol} is circled already", symbol=symbol.id)
        if action.value not in self._allowed(seat, symbol):
            return _symbol_rule(symbol)
        die = self.dice[DICE.index(self.die)]
        return msg(
            "changing the die's {die} into {value} costs {cost}; you have {have}",
            die=die,
            value=action.value,
            cost=_coins(change_cost(die, action.value)),
            have=self.coins(seat),
        )

    def _explain_invite(self, seat: Seat, action: Invite) -> Message:
        character = msg(action.character.title)
        if self.coins(seat) < INVITATION_COST:
            return msg("an invitation costs 3 coins; you have {have}", have=self.coins(seat))
        if any(invited is action.character for invited, _ in self.characters[seat].values()):
            return msg("you can invite every character only once ({character} came already)", character=character)
        if action.building in self.characters[seat]:
            return msg("the character space under {building} is taken", building=_building(action.building))
        if action.character.designates_floor:
            return msg("the {character} scores a designated floor: add f1, f2 or f3", character=character)
        return msg("the {character} does not designate a floor", character=character)

    # ------------------------------------------------------------------ applying actions

    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        self._legal = {}
        events: list[Event] = []
        if isinstance(action, Boat):
            self._place_boat(seat, action.colour, events)
        elif isinstance(action, Circle):
            self._circle_symbol(seat, action, events)
        elif isinstance(action, Flip):
            self._flip(seat, events)
        else:
            self.commitments[seat] = action
            events.append(Event("decided", seat, msg("{player} has decided", player=Player(seat)), {}))
            if all(c is not None for c in self.commitments):
                self._reveal_invitations(events)
        return events

    def _gain(self, seat: Seat, amount: int) -> int:
        """Circle coins on the record sheet; spaces filled in (solo) or past its end cannot be circled."""
        room = self.sheets.coin_track - self.filled[seat] - self.gained[seat]
        got = max(0, min(amount, room))
        self.gained[seat] += got
        return got

    def _place_boat(self, seat: Seat, colour: DieColour, events: list[Event]) -> None:
        fields = {"player": Player(seat), "die": _die(colour), "value": self.dice[DICE.index(colour)]}
        if colour in self.spectators:
            self.spent[seat] += 1
            text = msg("{player} places a boat beside {die} ({value}), paying a coin to join the spectator's boat",
                       **fields)  # fmt: skip
        else:
            text = msg("{player} places a boat beside {die} ({value})", **fields)
        events.append(Event("boat", seat, text, {"die": colour.value}))
        for earlier in self.canal[colour]:
            got = self._gain(earlier, 1)
            text = msg("{player} gains {coins} for the boat placed after theirs", player=Player(earlier),
                       coins=_coins(got))  # fmt: skip
            events.append(Event("coin", earlier, text, {"coins": got}))
        self.canal[colour].append(seat)
        self.boats[seat].append(colour)
        self.die = colour
        self.phase = Phase.USE

    def _circle_symbol(self, seat: Seat, action: Circle, events: list[Event]) -> None:
        assert self.die is not None
        symbol = self.layouts[seat].symbol(action.symbol)
        die = self.dice[DICE.index(self.die)]
        cost = change_cost(die, action.value)
        self.spent[seat] += cost
        self.circled[seat][symbol.id] = action.value
        fields = {"player": Player(seat), "symbol": symbol.id, "value": action.value, "die": die, "cost": _coins(cost)}
        got = self._gain(seat, 1) if symbol.coin else 0
        if cost and symbol.coin:
            text = msg(
                "{player} circles {symbol} with a {value} (the die's {die} changed for {cost}) and gains {coins}",
                coins=_coins(got),
                **fields,
            )
        elif cost:
            text = msg("{player} circles {symbol} with a {value} (the die's {die} changed for {cost})", **fields)
        elif symbol.coin:
            text = msg("{player} circles {symbol} with a {value} and gains {coins}", coins=_coins(got), **fields)
        else:
            text = msg("{player} circles {symbol} with a {value}", **fields)
        events.append(Event("circle", seat, text, {"symbol": symbol.id, "value": action.value, "cost": cost}))
        self._next_boat(events)

    def _flip(self, seat: Seat, events: list[Event]) -> None:
        """Forfeit the placing: the boat stays off the canal and its owner gains 2 coins."""
        got = self._gain(seat, FLIP_COINS)
        self.flipped[seat] += 1
        text = msg("{player} flips a boat instead of placing it and gains {coins}", player=Player(seat),
                   coins=_coins(got))  # fmt: skip
        events.append(Event("flip", seat, text, {"coins": got}))
        self._next_boat(events)

    def _next_boat(self, events: list[Event]) -> None:
        self.die = None
        self.draft_index += 1
        if self.draft_index < len(self.draft_order):
            self.phase = Phase.BOAT
        else:
            self.phase = Phase.INVITE
            text = msg("Every player decides in secret: invite a character or take a coin")
            events.append(Event("invitation", None, text, {}))

    def _reveal_invitations(self, events: list[Event]) -> None:
        self._reveals += 1
        for seat, decision in enumerate(self.commitments):
            if isinstance(decision, Invite):
                self.spent[seat] += INVITATION_COST
                self.characters[seat][decision.building] = (decision.character, decision.floor)
                character = decision.character
                fields = {"player": Player(seat), "letter": character.value, "character": msg(character.title),
                          "building": _building(decision.building)}  # fmt: skip
                if decision.floor is None:
                    text = msg("{player} invites {letter} ({character}) under {building}", **fields)
                else:
                    text = msg("{player} invites {letter} ({character}) under {building}, scoring floor {floor}",
                               floor=decision.floor, **fields)  # fmt: skip
                events.append(Event("invite", seat, text, {"character": character.value}))
                if len(self.characters[seat]) == FIFTH_CHARACTER and self.final_round is None:
                    self.final_round = self.round + 1
                    text = msg("{player} invited a fifth character: the next round is the last", player=Player(seat))
                    events.append(Event("last-round", None, text, {}))
            else:
                got = self._gain(seat, 1)
                text = msg("{player} takes {coins} instead", player=Player(seat), coins=_coins(got))
                events.append(Event("coin", seat, text, {"coins": got}))
        self.commitments = [None] * self._players
        self._end_round(events)

    def _end_round(self, events: list[Event]) -> None:
        """Boats come back (solo: spectators take their places, and two coins are filled in)."""
        if self.solo:
            self.spectators = list(self.boats[0])
            self.filled[0] = min(self.sheets.coin_track, self.filled[0] + SOLO_FILL)
            events.append(Event("fill", 0, msg("Two coins are filled in ({filled} in all)", filled=self.filled[0]), {}))
        self.boats = [[] for _ in range(self._players)]
        self.flipped = [0] * self._players
        self.canal = {colour: [] for colour in DICE}
        if self.solo and self.gained[0] + self.filled[0] >= self.sheets.coin_track:
            self._game_over(events, COINS_MET)
        elif self.final_round is not None and self.round >= self.final_round:
            self._game_over(events, FIFTH_INVITED)
        elif self.round >= self.options.round_limit:
            self._game_over(events, ROUND_LIMIT)
        else:
            self.turn_player = (self.turn_player + 1) % self._players
            self.round += 1
            self._start_round(events)

    def _start_round(self, events: list[Event]) -> None:
        """The turn player rolls all six dice; the draft goes clockwise, then back counter-clockwise."""
        self.dice = [1 + self.rng.randrange(6) for _ in DICE]
        self._reveals += 1
        first = [(self.turn_player + k) % self._players for k in range(self._players)]
        self.draft_order = first + first[::-1]
        self.draft_index = 0
        self.phase = Phase.BOAT
        rolled = tuple(
            msg("{colour} {value}", colour=msg(c.value), value=v) for c, v in zip(DICE, self.dice, strict=True)
        )
        text = msg(
            "Round {round}: {player} rolls {dice}", round=self.round, player=Player(self.turn_player), dice=rolled
        )
        events.append(Event("roll", self.turn_player, text, {"dice": list(self.dice)}))

    def _game_over(self, events: list[Event], reason: str) -> None:
        self.phase = Phase.OVER
        self.ended_by = reason
        events.append(Event("game-over", None, msg("The game ends ({reason})", reason=msg(reason)), {"reason": reason}))

    # ------------------------------------------------------------------ outcome

    def estimate(self) -> tuple[float, ...]:
        return heuristics.estimate(self)

    def outcome(self) -> Outcome:
        if self.phase is not Phase.OVER:
            raise IllegalAction(msg("the game is not over yet"))
        breakdowns = []
        for seat, layout in enumerate(self.layouts):
            lines = []
            for building in layout.buildings:
                if building not in self.characters[seat]:
                    continue
                character, floor = self.characters[seat][building]
                where = f"floor {floor}" if floor is not None else building.value
                points = scoring.character_points(character, building, floor, layout, self.circled[seat])
                lines.append((f"{character.value}. {character.title} ({where})", points))
            if self.solo:
                lines.append((N_("filled coins"), -self.filled[seat]))
            breakdowns.append(tuple(lines))
        totals = [sum(points for _, points in lines) for lines in breakdowns]
        breakers = [
            (("coins", self.coins(s)), ("cats", scoring.circled_cats(self.layouts[s], self.circled[s])))
            for s in range(self._players)
        ]
        ranks = rank([(totals[s], *(v for _, v in breakers[s])) for s in range(self._players)])
        results = tuple(SeatResult(s, totals[s], ranks[s], breakdowns[s], breakers[s]) for s in range(self._players))
        rating = scoring.solo_rating(totals[0]) if self.solo else None
        return Outcome(results, rating=rating, ended_by=self.ended_by)

    # ------------------------------------------------------------------ views and determinization

    def view(self, seat: Seat | None) -> JSON:
        """What `seat` sees: everything but the other players' undisclosed invitation decisions."""
        drafting = self.phase in (Phase.BOAT, Phase.USE)
        return {
            "game": "walking-in-burano-roll-and-write",
            "players": self._players,
            "viewer": seat,
            "solo": self.solo,
            "round": self.round,
            "final_round": self.final_round,
            "turn_player": self.turn_player,
            "phase": self.phase.value,
            "ended_by": self.ended_by or None,
            "dice": {c.value: v for c, v in zip(DICE, self.dice, strict=True)},
            "draft": {
                "order": list(self.draft_order),
                "index": self.draft_index if drafting else None,
                "seat": self.draft_order[self.draft_index] if drafting else None,
                "die": None if self.die is None else self.die.value,
            },
            "canal": {c.value: list(seats) for c, seats in self.canal.items()},
            "spectators": [c.value for c in self.spectators],
            "coin_track": self.sheets.coin_track,
            "seats": [self._seat_json(s, seat) for s in range(self._players)],
        }

    def _seat_json(self, seat: Seat, viewer: Seat | None) -> JSON:
        decision = self.commitments[seat]
        return {
            "seat": seat,
            "layout": self.layouts[seat].name,
            "sheet": _layout_json(self.layouts[seat]),
            "circled": dict(self.circled[seat]),
            "characters": [
                {"building": b.value, "letter": c.value, "title": c.title, "floor": f}
                for b, (c, f) in self.characters[seat].items()
            ],
            "coins": self.coins(seat),
            "gained": self.gained[seat],
            "spent": self.spent[seat],
            "filled": self.filled[seat],
            "boats": [c.value for c in self.boats[seat]],
            "flipped": self.flipped[seat],
            "decided": decision is not None,
            "decision": str(decision) if decision is not None and viewer == seat else None,
        }

    def determinize(self, seat: Seat | None, rng: Rng) -> RollAndWriteState:
        """Re-sample what `seat` cannot know: the dice still to be rolled and others' secret decisions."""
        twin = self.copy()
        twin.rng = rng.spawn()
        for other, decision in enumerate(self.commitments):
            if other != seat and decision is not None:
                choices = self._invitations(other)
                # Taking the coin and inviting are the two real alternatives; weigh them evenly rather
                # than by the number of ways to invite.
                guess = choices[0] if len(choices) == 1 or rng.randrange(2) == 0 else rng.choice(choices[1:])
                twin.commitments[other] = guess  # type: ignore[assignment]
        twin._legal = {}
        return twin


def _layout_json(layout: SheetLayout) -> JSON:
    """The printed sheet (public: every player can look at every sheet)."""
    return {
        "name": layout.name,
        "buildings": [c.value for c in layout.buildings],
        "symbols": [
            {
                "id": s.id,
                "building": s.building.value,
                "floor": s.floor,
                "kind": s.kind.value,
                "number": s.number,
                "coin": s.coin,
            }
            for s in layout.symbols
        ],
    }


def _symbol_rule(symbol: Symbol) -> Message:
    if symbol.kind is Kind.PLANT:
        return msg("the number under a plant may not be bigger than any number under the plants of its building")
    if symbol.kind is Kind.CAT:
        low, high = CAT_NUMBERS[symbol.floor]
        return msg("a cat on floor {floor} is circled with a {low} or a {high}", floor=symbol.floor, low=low, high=high)
    if symbol.kind is Kind.RED_CURTAIN:
        return msg("a red curtain is circled with an odd number (1, 3 or 5)")
    if symbol.kind is Kind.BLUE_CURTAIN:
        return msg("a blue curtain is circled with an even number (2, 4 or 6)")
    if symbol.kind is Kind.STREETLIGHT:
        return msg("this streetlight is labeled {number}: only that number circles it", number=symbol.number)
    return msg("the number under a chimney must differ from the numbers under all other chimneys")
