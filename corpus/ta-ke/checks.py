"""TA-KE's rules as checks."""

from __future__ import annotations

from referee.rules import Fact, Verdict, because, check, then

from .quotes import (
    BOTTOM_NEEDED,
    BOTTOM_VALUE,
    EXAMPLE,
    EXPOSED,
    GEISHA_LAST,
    GHOST_ON_SPACE,
    GHOST_ON_STACK,
    GHOSTS_BACK,
    MARKER,
    MOVE_UP,
    MOVED_ONCE,
    MULTIPLY,
    MUST_PICK,
    NINJA_NOT,
    NINJA_TARGETS,
    NO_THREE,
    ONCE,
    PERSONAL,
    PERSONS,
    PLACE_CHIP,
    SCORING_FOLLOWS,
)

CHARACTERS = ("daimyo", "ronin", "geisha", "ninja", "samurai")


@check(
    "setup-stack",
    "Is a set-up stack legal? Never 3 or more chips of the same colour directly on top of one another",
    [Fact("stack", "strs", "chip colours from the bottom up")],
    example={"stack": ["red", "red", "red", "blue"]},
)
def setup_stack(f: dict) -> Verdict:
    run = 1
    for below, above in zip(f["stack"], f["stack"][1:], strict=False):
        run = run + 1 if below == above else 1
        if run >= 3:
            return Verdict(
                "illegal",
                reasons=[because(NO_THREE, f"three {above} chips in a row")],
                summary=f"illegal stack: three {above} chips on top of one another",
            )
    return Verdict(
        "legal",
        reasons=[because(NO_THREE, "never three of a colour in a row")],
        summary="legal stack (never three of a colour in a row)",
    )


@check(
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
    example={"character": "ninja", "bottom_chips": 1, "ninja_target": "samurai"},
)
def ability_use(f: dict) -> Verdict:
    who = f["character"].capitalize()
    if f["bottom_chips"] < 1:
        return Verdict(
            "illegal",
            reasons=[because(BOTTOM_NEEDED, "no chip of this character on the bottom space")],
            summary=f"illegal: no {who} on the bottom space",
        )
    if f["used_this_turn"]:
        return Verdict(
            "illegal",
            reasons=[because(ONCE, "already used this turn")],
            summary=f"illegal: the {who}'s ability was already used this turn",
        )
    if f["character"] == "geisha" and f["relocated_chip_is_last_of_stack"]:
        return Verdict(
            "illegal",
            reasons=[because(GEISHA_LAST, "the last chip of a stack")],
            summary="illegal: the Geisha may not relocate the last chip of a stack",
        )
    if f["character"] == "ninja" and f["ninja_target"] in ("ninja", "samurai"):
        return Verdict(
            "illegal",
            reasons=[because(NINJA_NOT, f"the Ninja cannot use an opponent's {f['ninja_target']}")],
            summary=f"illegal: the Ninja cannot use an opponent's {f['ninja_target'].capitalize()}",
        )
    reasons = [because(BOTTOM_NEEDED, "a chip on the bottom space"), because(MOVED_ONCE, "it moves up, once")]
    if f["character"] == "ninja" and f["ninja_target"] != "none":
        reasons.append(because(NINJA_TARGETS, f"the opponent's {f['ninja_target']}"))
    return Verdict(
        "legal",
        reasons=reasons,
        consequences=[then(MOVE_UP, f"a {who} chip moves from the bottom to the middle space")],
        summary=f"legal: the {who}'s ability",
    )


@check(
    "influence-score",
    "Influence points: persons in the audience hall x personal influence (bottom 2, middle 1, Samurai 1)",
    [
        Fact("persons", "int", "visible chips of the exposed character in the audience hall", low=0, high=5),
        Fact("bottom", "int", "your chips of that character on the bottom space", 0, low=0, high=7),
        Fact("middle", "int", "your chips of that character on the middle space", 0, low=0, high=7),
        Fact("samurais", "int", "your Samurais above that column (or all, when Samurais are scored)", 0, low=0, high=7),
    ],
    example={"persons": 3, "bottom": 1, "middle": 1, "samurais": 2},
)
def score(f: dict) -> Verdict:
    personal = 2 * f["bottom"] + f["middle"] + f["samurais"]
    total = f["persons"] * personal
    reasons = [
        because(PERSONS, f"{f['persons']} in the hall"),
        because(BOTTOM_VALUE, "bottom 2, middle 1"),
        because(PERSONAL, f"personal influence {personal}"),
        because(MULTIPLY, f"{f['persons']} x {personal} = {total}"),
    ]
    if total == 15 and f["persons"] == 3:
        reasons.append(because(EXAMPLE, "the book's example"))
    return Verdict(
        "value",
        total,
        reasons,
        consequences=[then(MARKER, f"the marker advances {total} spaces")],
        summary=f"{f['persons']} x {personal} = {total} influence points",
    )


@check(
    "pick-chip",
    "May this chip be taken? Only an exposed chip (top of a stack, no ghost token); where the ghost token goes",
    [
        Fact("on_top", "bool", "the chip lies on top of its stack"),
        Fact("ghost_on_stack", "bool", "a ghost token lies on that stack", False),
        Fact("last_of_stack", "bool", "the chip is the last one of its stack", False),
        Fact("ghosts_in_supply", "int", "ghost tokens left in the supply at the start of the turn", 5, low=0, high=5),
    ],
    example={"on_top": True, "ghost_on_stack": True},
)
def pick_chip(f: dict) -> Verdict:
    reasons = []
    ghost_blocks = f["ghost_on_stack"]
    if f["ghosts_in_supply"] == 0:
        ghost_blocks = False  # all ghosts go back to the supply before this turn's pick
        reasons.append(because(GHOSTS_BACK, "no ghost token left: they all return to the supply first"))
    if not f["on_top"] or ghost_blocks:
        why = "covered by another chip" if not f["on_top"] else "covered by a ghost token"
        return Verdict(
            "illegal",
            reasons=[*reasons, because(EXPOSED, f"the chip is {why}")],
            summary=f"illegal pick: the chip is {why}",
        )
    place = GHOST_ON_SPACE if f["last_of_stack"] else GHOST_ON_STACK
    where = "on the empty space" if f["last_of_stack"] else "on the stack"
    return Verdict(
        "legal",
        {"ghost_token": where},
        [*reasons, because(MUST_PICK, "a pick from the audience hall"), because(EXPOSED, "the chip is exposed")],
        consequences=[
            then(place, f"a ghost token goes {where}"),
            then(PLACE_CHIP, "the chip goes to the picker's inner courtyard"),
            then(SCORING_FOLLOWS, "both players score the character just exposed"),
        ],
        summary=f"legal pick (an exposed chip); the ghost token goes {where}",
    )
