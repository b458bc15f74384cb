"""Ta-Ke's checks: the turn (abilities, moves, picking and placing chips, scoring influence)."""

from __future__ import annotations

from referee.rules import Fact, Reading, Verdict, because, check, then

from .checks_setup import (
    CHARACTERS,
)
from .quotes import (
    AT_THE_BEGINNING,
    BOTTOM_NEEDED,
    BOTTOM_SPACE,
    BOTTOM_VALUE,
    DAIMYO,
    EXAMPLE,
    EXPOSED,
    FOUR_STEPS,
    GEISHA,
    GEISHA_LAST,
    GEISHA_NOT_TAKEN,
    GHOST_ON_SPACE,
    GHOST_ON_STACK,
    GHOSTS,
    GHOSTS_BACK,
    GHOSTS_COUNT,
    MARKER,
    MOVE_UP,
    MOVED_ONCE,
    MULTIPLY,
    MUST_PICK,
    NINJA,
    NINJA_NOT,
    NO_THREE,
    NO_THREE_AT_END,
    ONCE,
    PERSONAL,
    PERSONS,
    PLACE_CHIP,
    RONIN,
    SAMURAI_GROUP,
    SAMURAI_JOKER,
    SAMURAI_NO_ACTION,
    SAMURAI_ONE,
    SCORING_FOLLOWS,
    STACKED_SPACES,
    STEP_1,
    STEP_2,
    STEP_3,
    STEP_4,
    USED_UP,
)

# ================================================================ the turn


@check(
    "turn-start",
    "At the beginning of a turn: if all 5 ghost tokens are placed, or only empty spaces are left (every stack with "
    "chips has a ghost token), all ghost tokens go back to the supply",
    [
        Fact("ghosts_placed", "int", "ghost tokens on the stacks and spaces", low=0, high=5),
        Fact("free_stacks", "int", "stacks with chips and no ghost token", low=0, high=5),
    ],
    example={"ghosts_placed": 5, "free_stacks": 0},
)
def turn_start(f: dict) -> Verdict:
    reset = f["ghosts_placed"] == 5 or (f["ghosts_placed"] > 0 and f["free_stacks"] == 0)
    why = "all 5 placed" if f["ghosts_placed"] == 5 else ("only empty spaces left" if reset else "chips can be picked")
    reasons = [because(GHOSTS_BACK, why), because(GHOSTS, "5 ghost tokens")]
    if reset:
        return Verdict(
            "value",
            {"ghosts_back": True},
            reasons,
            consequences=[then(AT_THE_BEGINNING, "then the turn begins with its abilities")],
            summary=f"all ghost tokens go back to the supply ({why})",
        )
    return Verdict("value", {"ghosts_back": False}, reasons, summary="the ghost tokens stay")


STEPS = (1, 2, 3, 4)


def _twice(character: str, own: str) -> Verdict:
    """A character's action a second time in one turn, once through the Ninja: the book reads both ways (the action
    as such once per turn; or, as its explanation puts it, one use of each of your own columns), whichever came first."""
    name = character.capitalize()
    return Verdict(
        "ambiguous",
        None,
        [because(NINJA, f"the opponent's {character}'s action"), because(ONCE, "each character's ability only once")],
        [
            Reading(
                f"each character's action once per turn: the {character} action again is illegal",
                "illegal",
                None,
                [because(STEP_1, "each character's action only once per turn")],
            ),
            Reading(
                f"the limit is one use of each of your own columns: {own}",
                "legal",
                None,
                [because(ONCE, "not 2 chips of one column")],
            ),
        ],
        summary=f"ambiguous: a second {name} action in one turn, one of them through the Ninja",
    )


@check(
    "ability-use",
    "May a character's ability be used now? At the beginning of the turn; a chip on the bottom space, moved once to "
    "the middle; each character's action once per turn; the Geisha's and the Ninja's limits",
    [
        Fact("character", "choice", "whose ability", choices=CHARACTERS[:4]),
        Fact("bottom_chips", "int", "chips of that character on your bottom space", low=0, high=7),
        Fact("middle_chips", "int", "chips of that character on your middle space", 0, low=0, high=7),
        Fact("used_this_turn", "bool", "that character's ability was already used this turn", False),
        Fact("relocated_chip_is_last_of_stack", "bool", "Geisha: the chip to relocate is the last of its stack", False),
        Fact("ninja_target", "choice", "Ninja: the opponent's chip to use", "none", choices=("none", *CHARACTERS)),
        Fact(
            "target_bottom",
            "int",
            "Ninja: the opponent's chips of that character on his bottom space",
            1,
            low=0,
            high=7,
        ),
        Fact(
            "action_used",
            "bool",
            "that character's action was already carried out this turn the other way (by your own chip before the "
            "Ninja borrows it; through the Ninja before your own chip)",
            False,
        ),
        Fact("step", "int", "the step of the turn (1: abilities; the pick is step 2)", 1, low=1, high=4),
        Fact("samurais_above", "int", "your Samurais above that character's column", 0, low=0, high=7),
    ],
    example={"character": "ninja", "bottom_chips": 1, "ninja_target": "samurai"},
)
def ability_use(f: dict) -> Verdict:
    who = f["character"].capitalize()
    if f["step"] > 1:
        return Verdict(
            "illegal",
            reasons=[
                because(FOUR_STEPS, "four steps in order"),
                because(AT_THE_BEGINNING, "abilities at the beginning"),
                because(STEP_1, "step 1"),
                because(BOTTOM_NEEDED, "a chip on the bottom space when the turn begins"),
            ],
            summary=f"illegal: the {who}'s ability is used at the beginning of the turn, before the pick",
        )
    if f["bottom_chips"] < 1:
        reasons = [because(BOTTOM_NEEDED, "no chip of this character on the bottom space")]
        if f["middle_chips"]:
            reasons.append(because(MOVED_ONCE, "a chip on the middle space cannot go back down"))
        if f["samurais_above"]:
            reasons.append(because(SAMURAI_NO_ACTION, "a Samurai above the column gives no action"))
        return Verdict("illegal", reasons=reasons, summary=f"illegal: no {who} on the bottom space")
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
    target = f["ninja_target"]
    if f["character"] == "ninja" and target != "none":
        if target in ("ninja", "samurai"):
            return Verdict(
                "illegal",
                reasons=[
                    because(NINJA, "a Daimyo, a Ronin or a Geisha"),
                    because(NINJA_NOT, f"not an opponent's {target}"),
                ],
                summary=f"illegal: the Ninja cannot use an opponent's {target.capitalize()}",
            )
        if f["target_bottom"] < 1:
            return Verdict(
                "illegal",
                reasons=[
                    because(NINJA, "from the opponent's bottom space"),
                    because(MOVED_ONCE, "a chip on the middle space stays there"),
                ],
                summary=f"illegal: the opponent has no {target.capitalize()} on the bottom space",
            )
        if f["action_used"]:
            return _twice(target, "the Ninja is another character")
    if f["character"] != "ninja" and f["action_used"]:
        return _twice(f["character"], f"his own {who} column is not used yet; the earlier {who} action was the Ninja's")
    reasons = [because(BOTTOM_NEEDED, "a chip on the bottom space"), because(MOVED_ONCE, "it moves up, once")]
    if f["character"] == "ninja" and target != "none":
        reasons.append(because(NINJA, f"the opponent's {target}"))
    return Verdict(
        "legal",
        reasons=reasons,
        consequences=[then(MOVE_UP, f"a {who} chip moves from the bottom to the middle space")],
        summary=f"legal: the {who}'s ability",
    )


@check(
    "ronin-move",
    "Where may the Ronin put a ghost token? From a stack or space to one with no ghost token yet, back into the "
    "supply, or from the supply onto a stack or space with no ghost token",
    [
        Fact("source", "choice", "where the ghost token comes from", choices=("stack", "supply")),
        Fact("target", "choice", "where it goes", choices=("stack", "supply")),
        Fact("target_has_ghost", "bool", "the target stack or space already has a ghost token", False),
        Fact("supply_empty", "bool", "no ghost token is left in the supply", False),
    ],
    example={"source": "stack", "target": "stack", "target_has_ghost": True},
)
def ronin_move(f: dict) -> Verdict:
    reasons = [because(RONIN, "the three ways")]
    if f["source"] == "supply" and f["supply_empty"]:
        return Verdict("illegal", reasons=reasons, summary="illegal: no ghost token in the supply")
    if f["target"] == "stack" and f["target_has_ghost"]:
        return Verdict(
            "illegal", reasons=reasons, summary="illegal: only onto a stack or space with no ghost token yet"
        )
    if f["source"] == f["target"] == "supply":
        return Verdict("illegal", reasons=reasons, summary="illegal: from the supply to the supply is no relocation")
    return Verdict(
        "legal", reasons=reasons, summary=f"legal: a ghost token from the {f['source']} to the {f['target']}"
    )


@check(
    "geisha-move",
    "Where may the Geisha relocate a chip? From a stack without a ghost token onto another without one, or onto a "
    "space without one; never the last chip of a stack; the relocated chip may not then be taken",
    [
        Fact("from_has_ghost", "bool", "the stack it comes from has a ghost token", False),
        Fact("to_has_ghost", "bool", "the stack or space it goes to has a ghost token", False),
        Fact("last_of_stack", "bool", "the chip is the last of its stack", False),
        Fact("same_stack", "bool", "it would go back onto the same stack", False),
        Fact("makes_three", "bool", "the move puts a third chip of a colour on top of two of it", False),
    ],
    example={"to_has_ghost": False},
)
def geisha_move(f: dict) -> Verdict:
    reasons = [because(GEISHA, "from and onto stacks or spaces without a ghost token")]
    if f["last_of_stack"]:
        return Verdict(
            "illegal",
            reasons=[*reasons, because(GEISHA_LAST, "the last chip")],
            summary="illegal: the last chip of a stack",
        )
    if f["from_has_ghost"] or f["to_has_ghost"] or f["same_stack"]:
        return Verdict("illegal", reasons=reasons, summary="illegal: a ghost token on one of the stacks (or no move)")
    if f["makes_three"]:
        reasons += [
            because(NO_THREE, "a rule for placing the chips at the set-up"),
            because(NO_THREE_AT_END, "checked at the end of the set-up phase, not in play"),
        ]
    return Verdict(
        "legal",
        reasons=reasons,
        consequences=[then(GEISHA_NOT_TAKEN, "the relocated chip may not be taken this turn")],
        summary="legal relocation; the relocated chip may not be taken this turn",
    )


@check(
    "daimyo-move",
    "The Daimyo's action: up to 3 of your own Samurais to other columns (a Ninja's Daimyo too: in your own courtyard); "
    "whether a Samurai moved before may move again, the book reads both ways",
    [
        Fact("samurais", "int", "Samurais to move", low=0, high=7),
        Fact("own", "bool", "they are the acting player's own Samurais", True),
        Fact("moved_before", "int", "of them, Samurais a Daimyo already moved earlier in the game", 0, low=0, high=7),
        Fact("available", "int", "Samurais the owner has in his top row", 7, low=0, high=7),
    ],
    example={"samurais": 4},
)
def daimyo_move(f: dict) -> Verdict:
    reasons = [because(DAIMYO, "up to 3 of your Samurais")]
    if f["samurais"] > f["available"]:
        return Verdict("illegal", reasons=reasons, summary=f"illegal: only {f['available']} Samurai(s) to move")
    if not f["own"]:
        return Verdict(
            "illegal",
            reasons=[*reasons, because(NINJA_NOT, "in your own inner courtyard")],
            summary="illegal: the Daimyo's action moves only your own Samurais",
        )
    if f["samurais"] > 3:
        return Verdict("illegal", reasons=reasons, summary=f"illegal: at most 3 Samurais, not {f['samurais']}")
    if f["moved_before"]:
        return Verdict(
            "ambiguous",
            None,
            reasons,
            [
                Reading(
                    "every chip moves only once in the game, Samurais included",
                    "illegal",
                    None,
                    [because(MOVED_ONCE, "each character chip can be moved only once")],
                ),
                Reading(
                    "the sentence limits the bottom-to-middle move; a Samurai may be redistributed again",
                    "legal",
                    None,
                    [because(DAIMYO, "any of your Samurais")],
                ),
            ],
            summary="ambiguous: a Samurai a Daimyo moved before, moved again",
        )
    return Verdict("legal", reasons=reasons, summary=f"legal: {f['samurais']} Samurai(s) redistributed")


@check(
    "pick-chip",
    "May this chip be taken? Only an exposed chip (top of a stack, no ghost token), not the one the Geisha relocated "
    "this turn; where the ghost token goes",
    [
        Fact("on_top", "bool", "the chip lies on top of its stack"),
        Fact("ghost_on_stack", "bool", "a ghost token lies on that stack", False),
        Fact("last_of_stack", "bool", "the chip is the last one of its stack", False),
        Fact("ghosts_in_supply", "int", "ghost tokens left in the supply at the start of the turn", 5, low=0, high=5),
        Fact("relocated", "bool", "the Geisha relocated this chip this turn", False),
        Fact("ghost_elsewhere", "bool", "the picker puts the ghost token on another stack or space", False),
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
            reasons=[*reasons, because(MUST_PICK, "an exposed chip"), because(EXPOSED, f"the chip is {why}")],
            summary=f"illegal pick: the chip is {why}",
        )
    if f["relocated"]:
        return Verdict(
            "illegal",
            reasons=[
                *reasons,
                because(GEISHA_NOT_TAKEN, "relocated by the Geisha this turn"),
                because(MUST_PICK, "another exposed chip"),
                because(EXPOSED, "the exposed chips"),
            ],
            summary="illegal pick: the chip the Geisha relocated this turn may not be taken",
        )
    place = GHOST_ON_SPACE if f["last_of_stack"] else GHOST_ON_STACK
    where = "on the empty space" if f["last_of_stack"] else "on the stack"
    if f["ghost_elsewhere"]:
        return Verdict(
            "illegal",
            reasons=[*reasons, because(place, "the ghost token goes where the chip was taken from")],
            consequences=[then(place, f"the ghost token goes {where} the chip came from")],
            summary=f"illegal: the ghost token goes {where} the chip was taken from, not elsewhere",
        )
    return Verdict(
        "legal",
        {"ghost_token": where},
        [
            *reasons,
            because(MUST_PICK, "a pick from the audience hall"),
            because(EXPOSED, "the chip is exposed"),
            because(STEP_2, "step 2"),
        ],
        consequences=[
            then(place, f"a ghost token goes {where}"),
            then(PLACE_CHIP, "the chip goes to the picker's inner courtyard"),
            then(SCORING_FOLLOWS, "both players score the character just exposed"),
        ],
        summary=f"legal pick (an exposed chip); the ghost token goes {where}",
    )


@check(
    "pick-options",
    "Step 2: which chips are there to pick? The exposed ones (top of a stack, no ghost token); with none exposed and "
    "the turn begun, the book does not say (the ghosts go back only when a turn begins)",
    [
        Fact("exposed", "int", "stacks whose top chip is exposed (no ghost token)", low=0, high=5),
        Fact("ghosts_in_supply", "int", "ghost tokens left in the supply", low=0, high=5),
    ],
    example={"exposed": 0, "ghosts_in_supply": 0},
)
def pick_options(f: dict) -> Verdict:
    reasons = [because(MUST_PICK, "you must pick"), because(EXPOSED, "an exposed chip")]
    if f["exposed"]:
        return Verdict("value", f["exposed"], reasons, summary=f"{f['exposed']} exposed chip(s) to pick from")
    return Verdict(
        "unknown",
        None,
        [*reasons, because(GHOSTS_BACK, "the ghosts return only when a turn begins")],
        summary="unknown: no chip is exposed in step 2 and the ghosts return only at a turn's beginning",
    )


@check(
    "place-chip",
    "Where does a picked chip go? Daimyo, Ronin, Geisha and Ninja on the bottom space of their column (spaces may hold "
    "stacks of chips); a Samurai above the column its owner chooses",
    [
        Fact("character", "choice", "the picked chip", choices=CHARACTERS),
        Fact("space", "choice", "where the player puts it", choices=("bottom", "middle", "top")),
    ],
    example={"character": "daimyo", "space": "middle"},
)
def place_chip(f: dict) -> Verdict:
    if f["character"] == "samurai":
        ok = f["space"] == "top"
        return Verdict(
            "legal" if ok else "illegal",
            reasons=[because(SAMURAI_JOKER, "above a column of his choice")],
            summary="a Samurai goes above a column of the player's choice",
        )
    ok = f["space"] == "bottom"
    return Verdict(
        "legal" if ok else "illegal",
        reasons=[
            because(BOTTOM_SPACE, "always the bottom space"),
            because(STACKED_SPACES, "a space may hold several chips"),
        ],
        consequences=[then(STEP_3, "placed in its column")],
        summary=f"{'legal' if ok else 'illegal'}: a {f['character'].capitalize()} goes on the bottom space",
    )


@check(
    "influence-score",
    "Influence points: persons in the audience hall (ghost-covered or not, used-up spaces included) x personal "
    "influence (bottom 2, middle 1, Samurai 1)",
    [
        Fact("persons", "int", "visible chips (and used-up spaces) of the exposed character", low=0, high=5),
        Fact("bottom", "int", "your chips of that character on the bottom space", 0, low=0, high=7),
        Fact("middle", "int", "your chips of that character on the middle space", 0, low=0, high=7),
        Fact("samurais", "int", "your Samurais above that column (or all, when Samurais are scored)", 0, low=0, high=7),
        Fact("spaces", "int", "of the persons, used-up spaces", 0, low=0, high=5),
        Fact("ghosted", "int", "of the persons, ones under a ghost token", 0, low=0, high=5),
        Fact("group", "choice", "the group scored", "character", choices=("character", "samurai")),
    ],
    example={"persons": 3, "bottom": 1, "middle": 1, "samurais": 2},
)
def score(f: dict) -> Verdict:
    personal = 2 * f["bottom"] + f["middle"] + f["samurais"]
    total = f["persons"] * personal
    reasons = [because(STEP_4, "both players score"), because(PERSONS, f"{f['persons']} in the hall")]
    if f["spaces"]:
        reasons.append(because(USED_UP, f"{f['spaces']} used-up space(s) count"))
    if f["ghosted"] or f["spaces"]:
        reasons.append(because(GHOSTS_COUNT, "ghost tokens do not matter"))
    reasons += [because(PERSONAL, f"personal influence {personal}"), because(BOTTOM_VALUE, "bottom 2, middle 1")]
    reasons.append(because(SAMURAI_GROUP if f["group"] == "samurai" else SAMURAI_ONE, "each Samurai 1"))
    if f["group"] == "character" and f["samurais"]:
        reasons.append(because(SAMURAI_JOKER, "a Samurai counts for the column its owner put it above"))
    reasons.append(because(MULTIPLY, f"{f['persons']} x {personal} = {total}"))
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
    "exposed-space",
    "A pick empties a stack: is the character printed on the now-visible space the group exposed and scored? The "
    "book reads both ways",
    [Fact("space", "choice", "the character printed on the emptied space", choices=CHARACTERS)],
    example={"space": "ronin"},
)
def exposed_space(f: dict) -> Verdict:
    return Verdict(
        "ambiguous",
        None,
        [because(SCORING_FOLLOWS, "the group exposed by the removal is scored")],
        [
            Reading(
                f"the visible {f['space']} space is the exposed character: {f['space']}s are scored",
                "value",
                {"scored": f["space"]},
                [because(USED_UP, "used-up spaces count as persons"), because(GHOSTS_COUNT, "ghosts do not matter")],
            ),
            Reading(
                "no character chip was exposed: nothing is scored this turn",
                "value",
                {"scored": None},
                [because(SCORING_FOLLOWS, "a chip exposed by the removal")],
            ),
        ],
        summary=f"ambiguous: the emptied {f['space']} space scored as the exposed group, or nothing scored",
    )
