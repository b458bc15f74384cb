"""TA-KE's rules as checks."""

from __future__ import annotations

from referee.errors import RefereeError
from referee.rules.actions import Action, StateRules
from referee.rules.checks import Rulebook
from referee.rules.facts import Fact
from referee.rules.verdicts import Verdict
from referee.states.readers import mapping, number, words

RULES = Rulebook(
    "ta-ke",
    {
        "no-three": (
            "ta-ke/set-up/4",
            "Important: When placing the chips, you may never put 3 or more of the same chips directly on top of one another in one stack.",
        ),
        "bottom-needed": (
            "ta-ke/step-1-use-an-ability-and/1",
            "In order to use the ability of a character, there has to be at least one chip of this character on the bottom space of the corresponding column in your inner courtyard.",
        ),
        "once": (
            "ta-ke/step-1-use-an-ability-and/2",
            "You may use the abilities of several characters on one turn – but each character's ability only once.",
        ),
        "moved-once": (
            "ta-ke/step-1-use-an-ability-and/2",
            "Each character chip can be moved only once during the game; once it is lying on the middle space, it can't be moved back to the bottom space any more.",
        ),
        "geisha-last": (
            "ta-ke/characters-and-their-abilities/3",
            "And you may not use the last character chip of a stack for relocation.",
        ),
        "ninja-targets": (
            "ta-ke/characters-and-their-abilities/4",
            "Move either a Daimyo OR a Ronin OR a Geisha of your opponent from the bottom space to the middle space of his inner courtyard.",
        ),
        "ninja-not": (
            "ta-ke/characters-and-their-abilities/4",
            "you may not move any of your opponent's Samurais; and you may not move any of your opponent's Ninjas in order to use his action.",
        ),
        "persons": (
            "ta-ke/step-4-score/3",
            "Number of persons in the audience hall: This is the number of character chips of the just-exposed character that are openly visible in the center of the gameboard.",
        ),
        "personal": (
            "ta-ke/step-4-score/5",
            "The value of a character chip depends on the space on which the chip is currently lying. Samurais always have a personal influence of 1",
        ),
        "multiply": (
            "ta-ke/step-4-score/7",
            "Each player multiplies the number of persons in the audience hall by his personal influence in order to get his influence points for the round.",
        ),
        "example": ("ta-ke/step-4-score/8", "3 x 5 = 15 influence points."),
        "exposed": (
            "ta-ke/step-2-pick-a-character-chip/1",
            "Exposed character chips are all those that are lying on top of a stack and are not covered by another chip or ghost token.",
        ),
        "must-pick": (
            "ta-ke/step-2-pick-a-character-chip/1",
            "On your turn, you must pick an exposed character chip from the audience hall.",
        ),
        "ghost-on-stack": (
            "ta-ke/step-2-pick-a-character-chip/2",
            "Place it on top of the stack from where you just removed the character chip.",
        ),
        "ghost-on-space": (
            "ta-ke/step-2-pick-a-character-chip/2",
            "If you pick the last character chip of a stack, you then have to put the ghost token directly on the now-empty space in the center of the gameboard.",
        ),
        "ghosts-back": (
            "ta-ke/step-2-pick-a-character-chip/3",
            "If all ghost tokens have been placed or there are only empty spaces left when you begin your turn, you have to remove all ghost tokens from the stacks and put them back into the supply next to the gameboard.",
        ),
        "place-chip": (
            "ta-ke/step-3-place-the-character-chip/1",
            "When you take an exposed character chip from one of the stacks in the audience hall, you then have to place it on the corresponding space in your inner courtyard.",
        ),
        "scoring-follows": (
            "ta-ke/step-4-score/1",
            "After a player has picked an exposed character chip and put it on the corresponding space in his inner courtyard, an immediate scoring takes place for both players.",
        ),
        "marker": (
            "ta-ke/step-4-score/7",
            "Then he moves his player marker the according number of spaces on his way through the imperial gardens.",
        ),
        "move-up": (
            "ta-ke/step-1-use-an-ability-and/1",
            "If you want to use the ability of this character, move 1 chip from the bottom space to the middle space of this column.",
        ),
        "bottom-value": (
            "ta-ke/step-4-score/6",
            "There is one Geisha in the bottom row (value 2), one Geisha in the middle row (value 1)",
        ),
    },
)
because = RULES.because
then = RULES.then
CHARACTERS = ("daimyo", "ronin", "geisha", "ninja", "samurai")


@RULES.check(
    "setup-stack",
    "Is a set-up stack legal? Never 3 or more chips of the same colour directly on top of one another",
    [Fact("stack", "strs", "chip colours from the bottom up")],
    {"game": "ta-ke", "check": "setup-stack", "facts": {"stack": ["red", "red", "red", "blue"]}},
    cites=("no-three",),
)
def setup_stack(f: dict) -> Verdict:
    run = 1
    for below, above in zip(f["stack"], f["stack"][1:], strict=False):
        run = run + 1 if below == above else 1
        if run >= 3:
            return Verdict(
                "illegal",
                reasons=[because("no-three", f"three {above} chips in a row")],
                summary=f"illegal stack: three {above} chips on top of one another",
            )
    return Verdict(
        "legal",
        reasons=[because("no-three", "never three of a colour in a row")],
        summary="legal stack (never three of a colour in a row)",
    )


@RULES.check(
    "ability-use",
    "May a character's ability be used now? A chip on the bottom space, once per character per turn; Geisha and Ninja limits",
    [
        Fact("character", "choice", "whose ability", choices=CHARACTERS[:4]),
        Fact("bottom_chips", "int", "chips of that character on your bottom space", low=0, high=7),
        Fact("used_this_turn", "bool", "that character's ability was already used this turn", False),
        Fact("relocated_chip_is_last_of_stack", "bool", "Geisha: the chip to relocate is the last of its stack", False),
        Fact(
            "ninja_target",
            "choice",
            "Ninja: the opponent's chip to use",
            "none",
            choices=("none", "daimyo", "ronin", "geisha", "ninja", "samurai"),
        ),
    ],
    {
        "game": "ta-ke",
        "check": "ability-use",
        "facts": {"character": "ninja", "bottom_chips": 1, "ninja_target": "samurai"},
    },
    cites=("bottom-needed", "once", "geisha-last", "ninja-not", "moved-once", "ninja-targets", "move-up"),
)
def ability_use(f: dict) -> Verdict:
    who = f["character"].capitalize()
    if f["bottom_chips"] < 1:
        return Verdict(
            "illegal",
            reasons=[because("bottom-needed", "no chip of this character on the bottom space")],
            summary=f"illegal: no {who} on the bottom space",
        )
    if f["used_this_turn"]:
        return Verdict(
            "illegal",
            reasons=[because("once", "already used this turn")],
            summary=f"illegal: the {who}'s ability was already used this turn",
        )
    if f["character"] == "geisha" and f["relocated_chip_is_last_of_stack"]:
        return Verdict(
            "illegal",
            reasons=[because("geisha-last", "the last chip of a stack")],
            summary="illegal: the Geisha may not relocate the last chip of a stack",
        )
    if f["character"] == "ninja" and f["ninja_target"] in ("ninja", "samurai"):
        return Verdict(
            "illegal",
            reasons=[because("ninja-not", f"the Ninja cannot use an opponent's {f['ninja_target']}")],
            summary=f"illegal: the Ninja cannot use an opponent's {f['ninja_target'].capitalize()}",
        )
    reasons = [because("bottom-needed", "a chip on the bottom space"), because("moved-once", "it moves up, once")]
    if f["character"] == "ninja" and f["ninja_target"] != "none":
        reasons.append(because("ninja-targets", f"the opponent's {f['ninja_target']}"))
    return Verdict(
        "legal",
        reasons=reasons,
        consequences=[then("move-up", f"a {who} chip moves from the bottom to the middle space")],
        summary=f"legal: the {who}'s ability",
    )


@RULES.check(
    "influence-score",
    "Influence points: persons in the audience hall x personal influence (bottom 2, middle 1, Samurai 1)",
    [
        Fact("persons", "int", "visible chips of the exposed character in the audience hall", low=0, high=5),
        Fact("bottom", "int", "your chips of that character on the bottom space", 0, low=0, high=7),
        Fact("middle", "int", "your chips of that character on the middle space", 0, low=0, high=7),
        Fact("samurais", "int", "your Samurais above that column (or all, when Samurais are scored)", 0, low=0, high=7),
    ],
    {"game": "ta-ke", "check": "influence-score", "facts": {"persons": 3, "bottom": 1, "middle": 1, "samurais": 2}},
    cites=("persons", "bottom-value", "personal", "multiply", "example", "marker"),
)
def score(f: dict) -> Verdict:
    personal = 2 * f["bottom"] + f["middle"] + f["samurais"]
    total = f["persons"] * personal
    reasons = [
        because("persons", f"{f['persons']} in the hall"),
        because("bottom-value", "bottom 2, middle 1"),
        because("personal", f"personal influence {personal}"),
        because("multiply", f"{f['persons']} x {personal} = {total}"),
    ]
    if total == 15 and f["persons"] == 3:
        reasons.append(because("example", "the book's example"))
    return Verdict(
        "value",
        total,
        reasons,
        consequences=[then("marker", f"the marker advances {total} spaces")],
        summary=f"{f['persons']} x {personal} = {total} influence points",
    )


@RULES.check(
    "pick-chip",
    "May this chip be taken? Only an exposed chip (top of a stack, no ghost token); where the ghost token goes",
    [
        Fact("on_top", "bool", "the chip lies on top of its stack"),
        Fact("ghost_on_stack", "bool", "a ghost token lies on that stack", False),
        Fact("last_of_stack", "bool", "the chip is the last one of its stack", False),
        Fact("ghosts_in_supply", "int", "ghost tokens left in the supply at the start of the turn", 5, low=0, high=5),
    ],
    {"game": "ta-ke", "check": "pick-chip", "facts": {"on_top": True, "ghost_on_stack": True}},
    cites=("ghosts-back", "must-pick", "exposed", "ghost-on-space", "ghost-on-stack", "place-chip", "scoring-follows"),
)
def pick_chip(f: dict) -> Verdict:
    reasons = []
    ghost_blocks = f["ghost_on_stack"]
    if f["ghosts_in_supply"] == 0:
        ghost_blocks = False  # all ghosts go back to the supply before this turn's pick
        reasons.append(because("ghosts-back", "no ghost token left: they all return to the supply first"))
    if not f["on_top"] or ghost_blocks:
        why = "covered by another chip" if not f["on_top"] else "covered by a ghost token"
        return Verdict(
            "illegal",
            reasons=[*reasons, because("exposed", f"the chip is {why}")],
            summary=f"illegal pick: the chip is {why}",
        )
    place = "ghost-on-space" if f["last_of_stack"] else "ghost-on-stack"
    where = "on the empty space" if f["last_of_stack"] else "on the stack"
    return Verdict(
        "legal",
        {"ghost_token": where},
        [*reasons, because("must-pick", "a pick from the audience hall"), because("exposed", "the chip is exposed")],
        consequences=[
            then(place, f"a ghost token goes {where}"),
            then("place-chip", "the chip goes to the picker's inner courtyard"),
            then("scoring-follows", "both players score the character just exposed"),
        ],
        summary=f"legal pick (an exposed chip); the ghost token goes {where}",
    )


# ---------------------------------------------------------------- game states


class Stack:
    def __init__(self, name: str, raw: dict, where: str) -> None:
        self.name = name
        self.chips = words(raw.get("chips", []), f"{where}.chips", CHARACTERS)
        if len(self.chips) > 7:
            raise RefereeError(f"{where}: a stack holds at most 7 chips")
        self.ghost = bool(raw.get("ghost", False))
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
RULES.states = StateRules(
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
