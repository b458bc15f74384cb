"""TA-KE's words its checks cite, each with the entry it is in (verbatim: the build checks). Every quote is whole
sentences."""

from referee.rules import Quote

# ---------------------------------------------------------------- set-up, the course of the game

CHIPS = Quote("ta-ke/contents/1", "35 character chips (7 per color)")
GHOSTS = Quote("ta-ke/contents/2", "5 ghost tokens")
STACKING = Quote(
    "ta-ke/set-up/2",
    "Throw the character chips into the bag and mix them well. After that, alternate drawing chips and stacking them on the 5 spaces in the center of the gameboard until each stack consists of 7 chips.",
)
STACK_ORDER = Quote(
    "ta-ke/set-up/3",
    'Start stacking on the "Samurai" space; when that stack is complete, continue with the next space, until you finally get to the "Ninja" space.',
)
NO_THREE = Quote(
    "ta-ke/set-up/4",
    "Important: When placing the chips, you may never put 3 or more of the same chips directly on top of one another in one stack. So, if you draw a chip in a color that has already been placed on this stack twice in a row, simply switch to the next space and place the chip there.",
)
NO_THREE_AT_END = Quote(
    "ta-ke/set-up/4",
    "Make sure that there are never more than 2 chips of the same color lying on top of one another at the end of the set-up phase.",
)
FIRST_PLAYER = Quote(
    "ta-ke/course-of-the-game/1", "The older and wiser player begins. After that, players alternate taking turns."
)
FOUR_STEPS = Quote("ta-ke/course-of-the-game/1", "A turn consists of 4 steps:")
STEP_1 = Quote(
    "ta-ke/course-of-the-game/2",
    "Step 1 – Use an ability and carry out the action: You may use the abilities of the character chips lying in front of you in order to carry out actions. You may execute several actions on one turn – but each character's action only once per turn.",
)
STEP_2 = Quote(
    "ta-ke/course-of-the-game/3",
    "Step 2 – Pick a character chip from a stack and place a ghost token: You must take an exposed character chip from one of the stacks in the audience hall and then place a ghost token on top of this stack.",
)
STEP_3 = Quote(
    "ta-ke/course-of-the-game/4",
    "Step 3 – Place the character chip: After that, you have to place the character chip you removed from the audience hall in the corresponding column of your inner courtyard.",
)
STEP_4 = Quote("ta-ke/course-of-the-game/5", "Step 4 – Score: After each turn, both players conduct a scoring.")

# ---------------------------------------------------------------- step 2: pick, ghosts

MUST_PICK = Quote(
    "ta-ke/step-2-pick-a-character-chip/1",
    "On your turn, you must pick an exposed character chip from the audience hall.",
)
EXPOSED = Quote(
    "ta-ke/step-2-pick-a-character-chip/1",
    "Exposed character chips are all those that are lying on top of a stack and are not covered by another chip or ghost token.",
)
GHOST_ON_STACK = Quote(
    "ta-ke/step-2-pick-a-character-chip/2",
    "After that, you take one of the available ghost tokens lying next to the gameboard. Place it on top of the stack from where you just removed the character chip.",
)
GHOST_ON_SPACE = Quote(
    "ta-ke/step-2-pick-a-character-chip/2",
    "If you pick the last character chip of a stack, you then have to put the ghost token directly on the now-empty space in the center of the gameboard.",
)
GHOSTS_BACK = Quote(
    "ta-ke/step-2-pick-a-character-chip/3",
    "If all ghost tokens have been placed or there are only empty spaces left when you begin your turn, you have to remove all ghost tokens from the stacks and put them back into the supply next to the gameboard.",
)

# ---------------------------------------------------------------- step 3: place

PLACE_CHIP = Quote(
    "ta-ke/step-3-place-the-character-chip/1",
    "When you take an exposed character chip from one of the stacks in the audience hall, you then have to place it on the corresponding space in your inner courtyard.",
)
BOTTOM_SPACE = Quote(
    "ta-ke/step-3-place-the-character-chip/1",
    "Daimyo, Ronin, Geisha, and Ninja are always placed on the bottom space of the corresponding column.",
)
SAMURAI_JOKER = Quote(
    "ta-ke/step-3-place-the-character-chip/1",
    "The Samurais are jokers. When you pick a Samurai from a stack, you can choose freely what character you want to assign to the Samurai (for the time being). Place the Samurai on the respective space above the column you want.",
)
STACKED_SPACES = Quote(
    "ta-ke/step-3-place-the-character-chip/2",
    "Important: The spaces in the inner courtyard may contain stacks with several (suitable) character chips.",
)

# ---------------------------------------------------------------- step 4: score

SCORING_FOLLOWS = Quote(
    "ta-ke/step-4-score/1",
    "After a player has picked an exposed character chip and put it on the corresponding space in his inner courtyard, an immediate scoring takes place for both players. What is scored is the current influence at the emperor's court of the character group that has just been exposed by the removal of the previous character chip.",
)
PERSONS = Quote(
    "ta-ke/step-4-score/3",
    "Number of persons in the audience hall: This is the number of character chips of the just-exposed character that are openly visible in the center of the gameboard.",
)
USED_UP = Quote(
    "ta-ke/step-4-score/3",
    "If one or more stacks have already been used up, it's the now-visible spaces on the gameboard that count.",
)
GHOSTS_COUNT = Quote(
    "ta-ke/step-4-score/3",
    "As for the number of persons in the audience hall, it doesn't matter whether these character chips/spaces are occupied by ghost tokens or not.",
)
PERSONAL = Quote(
    "ta-ke/step-4-score/5",
    "Personal influence: This is the total of all values of the chips in your own inner courtyard showing the character that was just exposed in the audience hall. The value of a character chip depends on the space on which the chip is currently lying.",
)
SAMURAI_ONE = Quote(
    "ta-ke/step-4-score/5",
    "Samurais always have a personal influence of 1, referring to the character type in the column below them.",
)
SAMURAI_GROUP = Quote(
    "ta-ke/step-4-score/5",
    "When Samurais are scored as a character group of their own, each Samurai always counts 1 influence point as well.",
)
BOTTOM_VALUE = Quote(
    "ta-ke/step-4-score/6",
    "Example: Personal influence of Adrian's Geishas: There is one Geisha in the bottom row (value 2), one Geisha in the middle row (value 1), and two Samurais above the Geishas (2 x 1 = 2).",
)
MULTIPLY = Quote(
    "ta-ke/step-4-score/7",
    "Each player multiplies the number of persons in the audience hall by his personal influence in order to get his influence points for the round.",
)
MARKER = Quote(
    "ta-ke/step-4-score/7",
    "Then he moves his player marker the according number of spaces on his way through the imperial gardens.",
)
EXAMPLE = Quote("ta-ke/step-4-score/8", "3 x 5 = 15 influence points.")

# ---------------------------------------------------------------- step 1: abilities

AT_THE_BEGINNING = Quote(
    "ta-ke/step-1-use-an-ability-and/1", "At the beginning of your turn, you may use the abilities of your characters."
)
BOTTOM_NEEDED = Quote(
    "ta-ke/step-1-use-an-ability-and/1",
    "In order to use the ability of a character, there has to be at least one chip of this character on the bottom space of the corresponding column in your inner courtyard.",
)
MOVE_UP = Quote(
    "ta-ke/step-1-use-an-ability-and/1",
    "If you want to use the ability of this character, move 1 chip from the bottom space to the middle space of this column.",
)
ONCE = Quote(
    "ta-ke/step-1-use-an-ability-and/2",
    "Important: You may use the abilities of several characters on one turn – but each character's ability only once. That means you may not move 2 (or more) chips in one column up and use more than one action this way.",
)
MOVED_ONCE = Quote(
    "ta-ke/step-1-use-an-ability-and/2",
    "Each character chip can be moved only once during the game; once it is lying on the middle space, it can't be moved back to the bottom space any more.",
)
DAIMYO = Quote(
    "ta-ke/characters-and-their-abilities/1",
    "Daimyo – You may redistribute up to 3 of your Samurais onto the columns of your inner courtyard in any way: Simply move the Samurai chip(s) in the top row to a different character column.",
)
RONIN = Quote(
    "ta-ke/characters-and-their-abilities/2",
    "Ronin – You may relocate 1 ghost token in any way: Relocate 1 ghost token either from one stack/space to a different stack/space where there is no ghost token yet OR put a ghost token back into the supply OR place a ghost token from the supply onto a stack/space where there is no ghost token yet.",
)
GEISHA = Quote(
    "ta-ke/characters-and-their-abilities/3",
    "Geisha – You may relocate 1 exposed character chip: Relocate 1 character chip from one stack without a ghost token onto a different stack without a ghost token or onto a space without a ghost token.",
)
GEISHA_NOT_TAKEN = Quote(
    "ta-ke/characters-and-their-abilities/3",
    "Attention: After that, you may not take the relocated character chip from the stack and place it in your inner courtyard.",
)
GEISHA_LAST = Quote(
    "ta-ke/characters-and-their-abilities/3", "And you may not use the last character chip of a stack for relocation."
)
NINJA = Quote(
    "ta-ke/characters-and-their-abilities/4",
    "Ninja – You may use 1 of your opponent's character chips: Move either a Daimyo OR a Ronin OR a Geisha of your opponent from the bottom space to the middle space of his inner courtyard. After that, you may use the respective ability and carry out the action associated with it.",
)
NINJA_NOT = Quote(
    "ta-ke/characters-and-their-abilities/4",
    "Attention: You have to carry out the Daimyo's action (redistribute up to 3 Samurais) in your own inner courtyard. Consequently, you may not move any of your opponent's Samurais; and you may not move any of your opponent's Ninjas in order to use his action.",
)
SAMURAI_NO_ACTION = Quote(
    "ta-ke/characters-and-their-abilities/5",
    "The Samurais are steadfast and flexible fighters who support your other character groups. Beyond that, they don't give you any additional action and just serve as jokers in the game.",
)

# ---------------------------------------------------------------- the end

FINAL_SCORING = Quote(
    "ta-ke/end-of-the-game/1",
    'As soon as one player has taken the last character chip from the imperial audience hall and thus all stacks have been depleted, the final scoring takes place. It is conducted like all previous scorings (see "Step 4: Score").',
)
WINNER = Quote(
    "ta-ke/end-of-the-game/1",
    "The player whose player marker is furthest ahead in the imperial gardens and thus has been able to accumulate the most influence points gains the emperor's favor and, with this, also wins the game.",
)
