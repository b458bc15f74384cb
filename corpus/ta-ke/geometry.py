"""TA-KE in whole states (docs/game-states.md): the audience hall's stacks (with the character printed under each),
the ghost tokens, the players' courtyards and markers, whose turn it is and its step, what the Geisha relocated;
and the actions, each settled in the state the previous one left: a turn's abilities, the pick and its ghost, the
scoring for both players, the next turn's start."""

from __future__ import annotations

from typing import ClassVar

from referee.errors import RefereeError
from referee.rules import Action, StateRules
from referee.states.readers import flag, mapping, number, words
from referee.states.tracking import Tracked

from .checks_setup import CHARACTERS

WORD_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


class Stack(Tracked):
    DERIVED = frozenset({"name"})

    def __init__(self, name: str, raw: dict, where: str) -> None:
        self._where = f"hall.{name}"
        self.name = name
        self.chips = words(raw.get("chips", []), f"{where}.chips", CHARACTERS)
        if len(self.chips) > 7:
            raise RefereeError(f"{where}: a stack holds at most 7 chips")
        self.ghost = flag(raw.get("ghost", False), f"{where}.ghost")
        self.space = words(raw.get("space", []), f"{where}.space", CHARACTERS)[:1]

    @property
    def visible(self) -> str | None:
        """What a player sees on this space: the top chip, or the space's own character once empty."""
        return self.chips[-1] if self.chips else (self.space[0] if self.space else None)


class Courtyard(Tracked):
    DERIVED = frozenset({"name", "borrowed"})

    def __init__(self, name: str, raw: dict, where: str) -> None:
        self._where = f"players.{name}"
        self.name = name

        def part(key: str) -> dict[str, int]:
            values = mapping(raw.get(key, {}), f"{where}.{key}")
            words(list(values), f"{where}.{key}", CHARACTERS)
            return {c: int(number(v, f"{where}.{key}.{c}", 0, 7, True)) for c, v in values.items()}

        self.bottom, self.middle, self.samurais = part("bottom"), part("middle"), part("samurais")
        self.used = words(raw.get("used", []), f"{where}.used", CHARACTERS)
        self.borrowed: list[str] = []  # the opponent's characters whose action the Ninja carried out this turn
        self.age = int(number(raw["age"], f"{where}.age", 0, 150, True)) if "age" in raw else None
        self.marker = int(number(raw["marker"], f"{where}.marker", 0, 1000, True)) if "marker" in raw else None
        self.redistributed = int(number(raw.get("redistributed", 0), f"{where}.redistributed", 0, 7, True))


class Hall(Tracked):
    KEYS: ClassVar[dict[str, tuple[str, ...]]] = {"turn": ("turn",), "step": ("step",), "relocated": ("relocated",)}
    DERIVED = frozenset({"source", "stacks", "players", "events", "scores", "over"})

    def __init__(self, raw: dict, source: str) -> None:
        self._where = ""
        self.source = source
        stacks = mapping(raw.get("hall"), f"{source}: hall")
        if len(stacks) != 5:
            raise RefereeError(f"{source}: the audience hall has 5 stacks, got {len(stacks)}")
        self.stacks = {n: Stack(n, mapping(v, f"{source}: hall.{n}"), f"{source}: hall.{n}") for n, v in stacks.items()}
        players = mapping(raw.get("players"), f"{source}: players")
        if len(players) != 2:
            raise RefereeError(f"{source}: TA-KE is played by 2 players, got {len(players)}")
        self.players = {
            n: Courtyard(n, mapping(v, f"{source}: players.{n}"), f"{source}: players.{n}") for n, v in players.items()
        }
        ghosts = sum(s.ghost for s in self.stacks.values())
        if ghosts > 5:
            raise RefereeError(f"{source}: {ghosts} ghost tokens; the game has 5")
        for character in CHARACTERS:
            total = sum(s.chips.count(character) for s in self.stacks.values()) + sum(
                p.bottom.get(character, 0) + p.middle.get(character, 0) for p in self.players.values()
            )
            if character == "samurai":
                total += sum(sum(p.samurais.values()) for p in self.players.values())
            if total > 7:
                raise RefereeError(f"{source}: {total} {character} chips; the game has 7 of each")
        self.turn = self.player(str(raw["turn"]))[0] if "turn" in raw else None
        self.step = int(number(raw.get("step", 1), f"{source}: step", 1, 4, True))
        self.relocated = self.stack(str(raw["relocated"])).name if "relocated" in raw else None
        self.events: list[str] = []
        self.scores: dict[str, int] = {}
        self.over = False

    @property
    def ghosts_in_supply(self) -> int:
        return 5 - sum(s.ghost for s in self.stacks.values())

    def stack(self, name: str) -> Stack:
        for key, stack in self.stacks.items():
            if key.lower() == name.lower():
                return stack
        raise RefereeError(f"{self.source}: there is no stack {name!r}; stacks: {', '.join(self.stacks)}")

    def player(self, name: str) -> tuple[str, Courtyard]:
        for key, court in self.players.items():
            if key.lower() == name.lower():
                return key, court
        raise RefereeError(f"{self.source}: there is no player {name!r}; players: {', '.join(self.players)}")

    def opponent(self, name: str) -> tuple[str, Courtyard]:
        key = next(k for k in self.players if k != name)
        return key, self.players[key]


def read_state(raw: dict, source: str) -> Hall:
    return Hall(raw, source)


def follows(state: Hall) -> dict:
    out: dict = {
        "ghosts": sorted(s.name for s in state.stacks.values() if s.ghost),
        "supply": state.ghosts_in_supply,
        "tops": {s.name: s.visible for s in state.stacks.values()},
    }
    if state.turn:
        out["turn"] = state.turn
        out["step"] = state.step
    if state.scores:
        out["scores"] = dict(state.scores)
    if state.events:
        out["events"] = list(state.events)
    if state.over:
        out["game_over"] = True
    return out


def _acting(state: Hall, name: str, s) -> tuple[str, Courtyard]:
    who, court = state.player(name)
    if state.turn and state.turn != who:
        raise RefereeError(f"{state.source}: it is {state.turn}'s turn, not {who}'s")
    return who, court


# ---------------------------------------------------------------- a turn


def settle_begin(state: Hall, args: dict, s) -> None:
    who, court = state.player(args["by"])
    free = sum(1 for st in state.stacks.values() if st.chips and not st.ghost)
    out = s.run("turn-start", {"ghosts_placed": 5 - state.ghosts_in_supply, "free_stacks": free}, f"{who} begins")
    if out.value["ghosts_back"]:
        for st in state.stacks.values():
            st.ghost = False
        state.events.append("all ghost tokens back to the supply")
    state.turn, state.step, state.relocated = who, 1, None
    court.used, court.borrowed = [], []


def _ability(state: Hall, who: str, court: Courtyard, character: str, s, **extra) -> None:
    facts = {
        "character": character,
        "bottom_chips": court.bottom.get(character, 0),
        "middle_chips": court.middle.get(character, 0),
        "used_this_turn": character in court.used,
        "step": state.step,
        "samurais_above": court.samurais.get(character, 0),
        **({"action_used": character in court.borrowed} if character != "ninja" else {}),
        **extra,
    }
    s.run("ability-use", facts, f"{who}'s {character}")
    court.bottom[character] -= 1
    court.middle[character] = court.middle.get(character, 0) + 1
    court.used.append(character)


def settle_ronin(state: Hall, args: dict, s) -> None:
    who, court = _acting(state, args["by"], s)
    _ability(state, who, court, "ronin", s)
    source = state.stack(args["from"]) if args.get("from") else None
    target = state.stack(args["to"]) if args.get("to") else None
    if source is not None and not source.ghost:
        raise RefereeError(f"{state.source}: stack {source.name} has no ghost token to move")
    s.run(
        "ronin-move",
        {
            "source": "stack" if source else "supply",
            "target": "stack" if target else "supply",
            "target_has_ghost": bool(target and target.ghost),
            "supply_empty": state.ghosts_in_supply == 0,
        },
    )
    if source is not None:
        source.ghost = False
    if target is not None:
        target.ghost = True


def settle_geisha(state: Hall, args: dict, s) -> None:
    who, court = _acting(state, args["by"], s)
    source = state.stack(args["from"])
    if not source.chips:
        raise RefereeError(f"{state.source}: stack {source.name} has no chip to relocate")
    _ability(state, who, court, "geisha", s, relocated_chip_is_last_of_stack=len(source.chips) == 1)
    if args.get("to"):
        _relocate(state, source, state.stack(args["to"]), s)


def _relocate(state: Hall, source: Stack, target: Stack, s) -> None:
    chip = source.chips[-1] if source.chips else None
    s.run(
        "geisha-move",
        {
            "from_has_ghost": source.ghost,
            "to_has_ghost": target.ghost,
            "last_of_stack": len(source.chips) == 1,
            "same_stack": source is target,
            "makes_three": chip is not None and target.chips[-2:] == [chip, chip],
        },
    )
    target.chips.append(source.chips.pop())
    state.relocated = target.name


def settle_ninja(state: Hall, args: dict, s) -> None:
    who, court = _acting(state, args["by"], s)
    _, theirs = state.opponent(who)
    target = args["target"].lower()
    _ability(
        state,
        who,
        court,
        "ninja",
        s,
        ninja_target=target if target in CHARACTERS else "none",
        target_bottom=theirs.bottom.get(target, 0),
        action_used=target in court.used or target in court.borrowed,
    )
    theirs.bottom[target] -= 1
    theirs.middle[target] = theirs.middle.get(target, 0) + 1
    court.borrowed.append(target)
    if args.get("samurais"):
        _daimyo(state, args, s, own=not args.get("theirs"))
    if args.get("from") and args.get("to") and target == "geisha":
        _relocate(state, state.stack(args["from"]), state.stack(args["to"]), s)


def settle_daimyo(state: Hall, args: dict, s) -> None:
    who, court = _acting(state, args["by"], s)
    _ability(state, who, court, "daimyo", s)
    if args.get("samurais"):
        _daimyo(state, args, s, own=not args.get("theirs"))


def _daimyo(state: Hall, args: dict, s, own: bool) -> None:
    text = args["samurais"].lower()
    n = WORD_NUMBERS.get(text) or (int(text) if text.isdigit() else 1)
    _, court = state.player(args["by"])
    owner = state.player(args["theirs"])[1] if args.get("theirs") else court
    before = min(n, court.redistributed) if args.get("before") else 0
    s.run("daimyo-move", {"samurais": n, "own": own, "moved_before": before, "available": sum(owner.samurais.values())})


def settle_pick(state: Hall, args: dict, s) -> None:
    _, court = _acting(state, args["by"], s)
    stack = state.stack(args["stack"])
    depth = int(args.get("depth") or 0)  # chips below the top: 0 is the top chip
    if not stack.chips:
        raise RefereeError(f"{state.source}: stack {stack.name} is empty")
    if depth >= len(stack.chips):
        raise RefereeError(f"{state.source}: stack {stack.name} has {len(stack.chips)} chip(s)")
    s.run(
        "pick-chip",
        {
            "on_top": depth == 0,
            "ghost_on_stack": stack.ghost,
            "last_of_stack": len(stack.chips) == 1,
            "ghosts_in_supply": state.ghosts_in_supply,
            "relocated": state.relocated == stack.name and depth == 0,
            "ghost_elsewhere": bool(args.get("ghost")) and state.stack(args["ghost"]) is not stack,
        },
    )
    picked = stack.chips.pop()
    stack.ghost = True
    state.step = 3
    column = args.get("column", "").lower()
    if picked == "samurai":
        choice = column if column in CHARACTERS else "samurai"
        court.samurais[choice] = court.samurais.get(choice, 0) + 1
    else:
        court.bottom[picked] = court.bottom.get(picked, 0) + 1
    state.step = 4
    _score(state, stack, s)
    if not any(st.chips for st in state.stacks.values()):
        state.over = True
        markers = [c.marker for c in state.players.values()]
        if all(m is not None for m in markers):
            totals = [m + state.scores.get(n, 0) for n, m in zip(state.players, markers, strict=True)]
            s.run("final-winner", {"markers": totals}, "after the final scoring")
        else:
            s.run("final-scoring", {"chips_left": 0})


def settle_step2(state: Hall, args: dict, s) -> None:
    state.step = 2
    exposed = [st.name for st in state.stacks.values() if st.chips and not st.ghost and st.name != state.relocated]
    out = s.run("pick-options", {"exposed": len(exposed), "ghosts_in_supply": state.ghosts_in_supply})
    if out.verdict == "value":
        s.follow("may_pick_from", exposed)


def _score(state: Hall, stack: Stack, s) -> None:
    exposed = stack.visible
    if exposed is None:
        return  # an emptied space whose character the state does not give: nothing to score here
    if not stack.chips:
        s.run("exposed-space", {"space": exposed}, f"stack {stack.name} is empty")
    persons = sum(1 for st in state.stacks.values() if st.visible == exposed)
    spaces = sum(1 for st in state.stacks.values() if not st.chips and st.visible == exposed)
    ghosted = sum(1 for st in state.stacks.values() if st.ghost and st.visible == exposed)
    for player, yard in state.players.items():
        if exposed == "samurai":
            facts = {"persons": persons, "samurais": sum(yard.samurais.values()), "group": "samurai"}
        else:
            facts = {
                "persons": persons,
                "bottom": yard.bottom.get(exposed, 0),
                "middle": yard.middle.get(exposed, 0),
                "samurais": yard.samurais.get(exposed, 0),
            }
        out = s.run(
            "influence-score",
            {**facts, "spaces": spaces, "ghosted": ghosted},
            f"{player}'s {exposed}s ({exposed} exposed on stack {stack.name})",
        )
        state.scores[player] = out.value


def settle_place(state: Hall, args: dict, s) -> None:
    s.run("place-chip", {"character": args["character"].lower(), "space": args["space"].lower()})


def settle_first(state: Hall, args: dict, s) -> None:
    ages = [c.age for c in state.players.values()]
    if any(a is None for a in ages):
        raise RefereeError(f"{state.source}: give both players' ages (age: 52)")
    out = s.run("first-player", {"ages": ages})
    if out.verdict == "value":
        s.follow("begins", list(state.players)[out.value - 1])


def settle_length(state: Hall, args: dict, s) -> None:
    chips = sum(len(st.chips) for st in state.stacks.values())
    s.run("game-length", {"chips": max(1, chips)})
    first = next(
        (n for n, c in state.players.items() if c.age == max(x.age or 0 for x in state.players.values())), None
    )
    if first and all(c.age is not None for c in state.players.values()):
        s.follow("last_chip", first)


def settle_setup(state: Hall, args: dict, s) -> None:
    for stack in state.stacks.values():
        s.run("setup-stack", {"stack": stack.chips}, f"stack {stack.name}", stop_unless_legal=False)


def settle_draw(state: Hall, args: dict, s) -> None:
    chip = args["chip"].lower()
    stack = state.stack(args["stack"])
    names = list(state.stacks)
    s.run(
        "setup-draw",
        {"top_two_same": stack.chips[-2:] == [chip, chip], "next_space": names.index(stack.name) < len(names) - 1},
        f"stack {stack.name}: {', '.join(stack.chips)}",
    )


def settle_end(state: Hall, args: dict, s) -> None:
    markers = [c.marker for c in state.players.values()]
    if any(m is None for m in markers):
        raise RefereeError(f"{state.source}: give both players' markers (marker: 40)")
    s.run("final-winner", {"markers": markers})


def settle_garden(state: Hall, args: dict, s) -> None:
    s.run("garden-path", {"points": int(args["points"])})


CHARS = r"(?P<character>daimyo|ronin|geisha|ninja)"
STACK = r"(?:stack |the space of stack |the empty space )?(?P<%s>\w)"

# Why a key nothing read does not bear on a ruling ('when,…:glob'; when: an action or 'illegal').
# A key nothing read and nothing here excuses leaves the ruling unknown (referee.states.bearing).
IGNORES = {
    "draw,geisha,pick,length:hall.*.space": "the character printed under a stack bears only on the set-up",
    "place:players.*.bottom.daimyo": (
        "this placement is ruled on the chip placed, not on the chips already in the row"
    ),
    "begin:players.*.bottom.ronin": "the game's start is ruled on the hall and the turn order, not on the rows",
    "garden:players.*.marker": "the garden's scoring counts the chips, not the marker",
    "ninja:players.*.middle.geisha": "a Ninja takes from the samurais row; the other rows do not bear",
    "ninja:players.*.samurais.geisha": (
        "a Ninja's target is named by the action; the other chips of the row do not bear"
    ),
}

# What each key of a state says (referee check --describe, docs/game-states.md).
KEY_HELP = {
    "hall": "the five stacks A to E, chips from the bottom up",
    "players": "each player's spaces (bottom, middle), samurais and the characters used this turn",
    "turn": "whose turn it is",
    "step": "the step of the turn, 1 to 4",
    "relocated": "the stack a chip was relocated from this turn",
}

STATES = StateRules(
    key_help=KEY_HELP,
    read=read_state,
    keys=("hall", "players", "turn", "step", "relocated"),
    follows=follows,
    ignores=IGNORES,
    actions=[
        Action("begin", (r"(?P<by>\w+) begins (?:his|her|the) turn",), settle_begin, "bea begins her turn"),
        Action(
            "pick",
            (
                r"(?P<by>\w+) (?:picks|takes) (?:the top chip |a chip |the last chip )?(?:from|of) stack (?P<stack>\w+)"
                r"(?: and puts it above (?:his|her) (?P<column>\w+) column)?"
                r"(?: and puts the ghost(?: token)? on (?:stack |the space of stack )?(?P<ghost>\w))?",
                r"(?P<by>\w+) picks the chip (?P<depth>\d+) below the top of stack (?P<stack>\w+)",
            ),
            settle_pick,
            "adrian picks from stack E",
        ),
        Action(
            "ronin",
            (
                r"(?P<by>\w+) uses (?:the |a |his |her )?ronin to move the ghost(?: token)? from stack (?P<from>\w)"
                r"(?: to stack (?P<to>\w)| (?:back )?to the supply)",
                r"(?P<by>\w+) uses (?:the |a |his |her )?ronin to place a ghost(?: token)? "
                r"from the supply on stack (?P<to>\w)",
            ),
            settle_ronin,
            "adrian uses the ronin to move the ghost from stack B to the supply",
        ),
        Action(
            "geisha",
            (
                r"(?P<by>\w+) uses (?:the |a |his |her )?geisha to move "
                r"(?:the top chip of |the top of )?stack (?P<from>\w)(?:'s top chip)? onto "
                r"(?:the empty space of stack |the space of stack |the empty space |stack )?(?P<to>\w)",
                r"(?P<by>\w+) uses (?:the |a |his |her )?geisha on stack (?P<from>\w)",
            ),
            settle_geisha,
            "bea uses the geisha to move the top of stack A onto stack D",
        ),
        Action(
            "ninja",
            (
                r"(?P<by>\w+) uses (?:the |a |his |her )?ninja on \w+'s (?P<target>\w+)"
                r"(?: to move (?P<samurais>\w+) of (?P<theirs>\w+)'s samurais"
                r"| to move (?:the top of )?stack (?P<from>\w) onto (?:stack )?(?P<to>\w))?",
            ),
            settle_ninja,
            "adrian uses the ninja on bea's geisha",
        ),
        Action(
            "daimyo",
            (
                r"(?P<by>\w+) uses (?:the |a |his |her |a second )?daimyo to move (?P<samurais>\w+) "
                r"(?:of (?P<theirs>\w+)'s )?samurais?(?P<before> (?:it |he |that a daimyo )?moved before)?(?: .*)?",
                r"(?P<by>\w+) uses (?:the |a |his |her )?daimyo",
            ),
            settle_daimyo,
            "adrian uses the daimyo to move 3 samurais",
        ),
        Action(
            "step2",
            (
                r"what happens in step 2(?: .*)?",
                r"(?P<by>\w+) goes on to (?:step 2|the pick)",
                r"which chips may (?P<who>\w+) pick",
            ),
            settle_step2,
            "bea goes on to step 2",
        ),
        Action(
            "place",
            (r"\w+ (?:places|puts) the (?P<character>\w+) on (?:his|her) (?P<space>bottom|middle|top) space",),
            settle_place,
            "adrian places the daimyo on his middle space",
        ),
        Action("first", (r"who (?:begins|takes the first turn|starts)",), settle_first, "who begins"),
        Action(
            "length",
            (r"how (?:long|many turns) (?:does the game last|is the game)",),
            settle_length,
            "how long is the game",
        ),
        Action("setup", (r"check the set-?up",), settle_setup, "check the set-up"),
        Action(
            "draw",
            (r"(?:the next chip drawn|a chip drawn), an? (?P<chip>\w+), (?:goes|is placed) on stack (?P<stack>\w)",),
            settle_draw,
            "the next chip drawn, a geisha, goes on stack E",
        ),
        Action("end", (r"the game ends(?: with the markers level)?",), settle_end, "the game ends"),
        Action(
            "garden",
            (r"\w+ scores (?P<points>\d+) points? (?:past|beyond) the end of the (?:garden )?path",),
            settle_garden,
            "bea scores 30 points past the end of the path",
        ),
    ],
)
