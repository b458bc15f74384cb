"""TA-KE's words its checks cite, each with the entry it is in (verbatim: the build checks)."""

from referee.rules import Quote

NO_THREE = Quote(
    "ta-ke/set-up/4",
    "Important: When placing the chips, you may never put 3 or more of the same chips directly on top of one another in one stack.",
)
BOTTOM_NEEDED = Quote(
    "ta-ke/step-1-use-an-ability-and/1",
    "In order to use the ability of a character, there has to be at least one chip of this character on the bottom space of the corresponding column in your inner courtyard.",
)
ONCE = Quote(
    "ta-ke/step-1-use-an-ability-and/2",
    "You may use the abilities of several characters on one turn – but each character's ability only once.",
)
MOVED_ONCE = Quote(
    "ta-ke/step-1-use-an-ability-and/2",
    "Each character chip can be moved only once during the game; once it is lying on the middle space, it can't be moved back to the bottom space any more.",
)
GEISHA_LAST = Quote(
    "ta-ke/characters-and-their-abilities/3", "And you may not use the last character chip of a stack for relocation."
)
NINJA_TARGETS = Quote(
    "ta-ke/characters-and-their-abilities/4",
    "Move either a Daimyo OR a Ronin OR a Geisha of your opponent from the bottom space to the middle space of his inner courtyard.",
)
NINJA_NOT = Quote(
    "ta-ke/characters-and-their-abilities/4",
    "you may not move any of your opponent's Samurais; and you may not move any of your opponent's Ninjas in order to use his action.",
)
PERSONS = Quote(
    "ta-ke/step-4-score/3",
    "Number of persons in the audience hall: This is the number of character chips of the just-exposed character that are openly visible in the center of the gameboard.",
)
PERSONAL = Quote(
    "ta-ke/step-4-score/5",
    "The value of a character chip depends on the space on which the chip is currently lying. Samurais always have a personal influence of 1",
)
MULTIPLY = Quote(
    "ta-ke/step-4-score/7",
    "Each player multiplies the number of persons in the audience hall by his personal influence in order to get his influence points for the round.",
)
EXAMPLE = Quote("ta-ke/step-4-score/8", "3 x 5 = 15 influence points.")
EXPOSED = Quote(
    "ta-ke/step-2-pick-a-character-chip/1",
    "Exposed character chips are all those that are lying on top of a stack and are not covered by another chip or ghost token.",
)
MUST_PICK = Quote(
    "ta-ke/step-2-pick-a-character-chip/1",
    "On your turn, you must pick an exposed character chip from the audience hall.",
)
GHOST_ON_STACK = Quote(
    "ta-ke/step-2-pick-a-character-chip/2",
    "Place it on top of the stack from where you just removed the character chip.",
)
GHOST_ON_SPACE = Quote(
    "ta-ke/step-2-pick-a-character-chip/2",
    "If you pick the last character chip of a stack, you then have to put the ghost token directly on the now-empty space in the center of the gameboard.",
)
GHOSTS_BACK = Quote(
    "ta-ke/step-2-pick-a-character-chip/3",
    "If all ghost tokens have been placed or there are only empty spaces left when you begin your turn, you have to remove all ghost tokens from the stacks and put them back into the supply next to the gameboard.",
)
PLACE_CHIP = Quote(
    "ta-ke/step-3-place-the-character-chip/1",
    "When you take an exposed character chip from one of the stacks in the audience hall, you then have to place it on the corresponding space in your inner courtyard.",
)
SCORING_FOLLOWS = Quote(
    "ta-ke/step-4-score/1",
    "After a player has picked an exposed character chip and put it on the corresponding space in his inner courtyard, an immediate scoring takes place for both players.",
)
MARKER = Quote(
    "ta-ke/step-4-score/7",
    "Then he moves his player marker the according number of spaces on his way through the imperial gardens.",
)
MOVE_UP = Quote(
    "ta-ke/step-1-use-an-ability-and/1",
    "If you want to use the ability of this character, move 1 chip from the bottom space to the middle space of this column.",
)
BOTTOM_VALUE = Quote(
    "ta-ke/step-4-score/6", "There is one Geisha in the bottom row (value 2), one Geisha in the middle row (value 1)"
)
