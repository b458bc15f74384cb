"""TA-KE in whole states (docs/game-states.md): the audience hall's stacks, the players' chips, and the actions."""

from __future__ import annotations

from referee.errors import RefereeError
from referee.rules import Action, StateRules
from referee.states.readers import flag, mapping, number, words

from .checks import CHARACTERS


class Stack:
    def __init__(self, name: str, raw: dict, where: str) -> None:
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


class Courtyard:
    def __init__(self, raw: dict, where: str) -> None:
        self.bottom = {
            c: int(number(v, f"{where}.bottom.{c}", 0, 7, True))
            for c, v in mapping(raw.get("bottom", {}), f"{where}.bottom").items()
        }
        self.middle = {
            c: int(number(v, f"{where}.middle.{c}", 0, 7, True))
            for c, v in mapping(raw.get("middle", {}), f"{where}.middle").items()
        }
        self.samurais = {
            c: int(number(v, f"{where}.samurais.{c}", 0, 7, True))
            for c, v in mapping(raw.get("samurais", {}), f"{where}.samurais").items()
        }
        for part in (self.bottom, self.middle, self.samurais):
            words(list(part), where, CHARACTERS)
        self.used = words(raw.get("used", []), f"{where}.used", CHARACTERS)


class Hall:
    def __init__(self, raw: dict, source: str) -> None:
        self.source = source
        stacks = mapping(raw.get("hall"), f"{source}: hall")
        if len(stacks) != 5:
            raise RefereeError(f"{source}: the audience hall has 5 stacks, got {len(stacks)}")
        self.stacks = {n: Stack(n, mapping(v, f"{source}: hall.{n}"), f"{source}: hall.{n}") for n, v in stacks.items()}
        players = mapping(raw.get("players"), f"{source}: players")
        if len(players) != 2:
            raise RefereeError(f"{source}: TA-KE is played by 2 players, got {len(players)}")
        self.players = {
            n: Courtyard(mapping(v, f"{source}: players.{n}"), f"{source}: players.{n}") for n, v in players.items()
        }
        ghosts = sum(s.ghost for s in self.stacks.values())
        self.ghosts_in_supply = 5 - ghosts
        for character in CHARACTERS:
            total = sum(s.chips.count(character) for s in self.stacks.values()) + sum(
                p.bottom.get(character, 0) + p.middle.get(character, 0) for p in self.players.values()
            )
            if character == "samurai":
                total += sum(sum(p.samurais.values()) for p in self.players.values())
            if total > 7:
                raise RefereeError(f"{source}: {total} {character} chips; the game has 7 of each")

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


def read_state(raw: dict, source: str) -> Hall:
    return Hall(raw, source)


def settle_pick(state: Hall, args: dict, s) -> None:
    name, _ = state.player(args["by"])
    stack = state.stack(args["stack"])
    depth = int(args.get("depth") or 0)  # chips below the top: 0 is the top chip
    if not stack.chips:
        raise RefereeError(f"{state.source}: stack {stack.name} is empty")
    if depth >= len(stack.chips):
        raise RefereeError(f"{state.source}: stack {stack.name} has {len(stack.chips)} chip(s)")
    pick = s.run(
        "pick-chip",
        {
            "on_top": depth == 0,
            "ghost_on_stack": stack.ghost,
            "last_of_stack": len(stack.chips) == 1,
            "ghosts_in_supply": state.ghosts_in_supply,
        },
    )
    if pick.verdict != "legal":
        return
    picked = stack.chips.pop()
    exposed = stack.visible
    if exposed is None:
        return  # an emptied space whose character the state does not give: nothing to score here
    persons = sum(1 for st in state.stacks.values() if st.visible == exposed)
    for player, yard in state.players.items():
        bottom = yard.bottom.get(exposed, 0) + (1 if player == name and picked == exposed != "samurai" else 0)
        if exposed == "samurai":
            facts = {"persons": persons, "samurais": sum(yard.samurais.values())}
        else:
            facts = {
                "persons": persons,
                "bottom": bottom,
                "middle": yard.middle.get(exposed, 0),
                "samurais": yard.samurais.get(exposed, 0),
            }
        s.run("influence-score", facts, f"{player}'s {exposed} chips ({exposed} exposed on stack {stack.name})")


def settle_ability(state: Hall, args: dict, s) -> None:
    _, court = state.player(args["by"])
    character = args["character"].lower()
    facts: dict = {
        "character": character,
        "bottom_chips": court.bottom.get(character, 0),
        "used_this_turn": character in court.used,
    }
    if character == "ninja":
        if not args.get("target"):
            raise RefereeError(
                f"{state.source}: say whose chip the Ninja uses: 'adrian uses the ninja on bea's geisha'"
            )
        facts["ninja_target"] = args["target"].lower()
    if character == "geisha":
        if not args.get("from"):
            raise RefereeError(f"{state.source}: say which stack the Geisha takes from: 'uses the geisha on stack B'")
        facts["relocated_chip_is_last_of_stack"] = len(state.stack(args["from"]).chips) == 1
    s.run("ability-use", facts)


def settle_setup(state: Hall, args: dict, s) -> None:
    for stack in state.stacks.values():
        s.run("setup-stack", {"stack": stack.chips}, f"stack {stack.name}", stop_unless_legal=False)


CHARS = r"(?P<character>daimyo|ronin|geisha|ninja)"
STATES = StateRules(
    read=read_state,
    keys=("hall", "players"),
    actions=[
        Action(
            "pick",
            (
                r"(?P<by>\w+) picks (?:the top chip |a chip )?(?:from|of) stack (?P<stack>\w+)",
                r"(?P<by>\w+) picks the chip (?P<depth>\d+) below the top of stack (?P<stack>\w+)",
            ),
            settle_pick,
            "adrian picks from stack E",
        ),
        Action(
            "ability",
            (r"(?P<by>\w+) uses (?:the |a )?" + CHARS + r"(?: on \w+'s (?P<target>\w+)| on stack (?P<from>\w+))?",),
            settle_ability,
            "adrian uses the ninja on bea's geisha",
        ),
        Action("setup", (r"check the set-?up",), settle_setup, "check the set-up"),
    ],
)
