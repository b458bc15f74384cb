"""Touchdown Heroes' words its checks cite, each with the entry it is in (verbatim: the build checks). Every quote
is whole sentences. The book does not print the play-book texts or the hero skills; what its FAQ says of them is
kept whole (FAQ_*), and read as data by the checks (PLAYBOOK_KNOWN, HERO_FAQ)."""

from referee.rules import Quote

# ---------------------------------------------------------------- set-up, teams, heroes

FOUR_PLAYERS = Quote(
    "touchdown-heroes/game-setup/1", "This game is for 4 players only. Do not play with any other number of players."
)
SEATS = Quote(
    "touchdown-heroes/team-creation/1",
    "Teams must be formed so that turn order alternates between teams, that is, each player's teammate (partner) is the player two seats to the left.",
)
LOWEST_HERO = Quote(
    "touchdown-heroes/team-creation/3",
    "The player who was dealt the hero with the lowest uniform number becomes the lead (start player). The lead takes the lead marker and receives the Eagles team card (their partner receives it too). The other team receives the Bears team card.",
)
FACE_DOWN_HERO = Quote(
    "touchdown-heroes/using-heroes/1",
    "When you use a skill, turn the hero card face down and apply the skill effect (see each card's text for when it applies). A hero card that has been turned face down cannot be used again until it is turned face up again by the effect of a play-book (described later).",
)
ADVANCING_SCORES = Quote(
    "touchdown-heroes/components/3", 'Advancing the ball to "0" (either end of the card) scores points.'
)
DRAW_PILE = Quote(
    "touchdown-heroes/briefing/1",
    "Place the remaining cards in a face-down pile (draw pile). These are basically not used, but may be used by the effect of a skill.",
)
BRIEFING_PASS = Quote(
    "touchdown-heroes/briefing/2",
    "After checking your hand, choose 3 cards from it and pass them to your partner. After your partner has checked the cards passed to them, they return them. (Both members of each pair do this with each other.)",
)

# ---------------------------------------------------------------- kickoff

KICKOFF_WHEN = Quote(
    "touchdown-heroes/kickoff/1",
    "The kickoff is a special phase performed only at the start of the first half and the second half, and after either team scores. In it, the defending team kicks the ball toward the enemy's end of the field.",
)
FIRST_DEFENDERS = Quote(
    "touchdown-heroes/kickoff/2",
    "The first defending team of each game is decided in advance: it is the Bears in the first half, and the Eagles in the second half.",
)
KICK_CHOICE = Quote(
    "touchdown-heroes/kickoff/3",
    "The defending team discusses the choice in pairs and chooses one of the following two kicks.",
)
NORMAL_KICK = Quote(
    "touchdown-heroes/kickoff/4",
    'Normal kick. Place the ball marker on the "8" position of the attacking team\'s side.',
)
RANDOM_KICK = Quote(
    "touchdown-heroes/kickoff/5",
    'Random kick. Determine the distance of the kick with the die. Roll the die once, and place the ball marker on the attacking team\'s square "3 + the number rolled". If the roll is 1, the kick is an onside kick (success).',
)
ONSIDE = Quote(
    "touchdown-heroes/kickoff/5",
    "In that case, possession changes immediately: move the lead marker to the player on the left, and proceed to the next phase. After possession changes, the ball starts at position 7 (the ball sits at position 4 under the old attacking team, and possession changes, so the position is 11 − 4 = 7).",
)

# ---------------------------------------------------------------- play

LEAD_TO_ATTACK = Quote(
    "touchdown-heroes/play/1",
    "At this time, if a player on the defending team holds the lead marker, pass the lead marker to the player on the left (as a general rule, the lead is held by the attacking team).",
)
PLAYS = Quote(
    "touchdown-heroes/play/2",
    "The lead declares one of the following plays and it is carried out. However, if you have no cards in hand, you may only choose a kick play.",
)
MUST_FOLLOW = Quote(
    "touchdown-heroes/play/3",
    'If you hold a card of the same suit as the card the lead played, you must play it face up. This is called "follow". If you have no card of the same suit, play a card of your choice face up and apply its play-book effect (valid for this trick only). This is called "not follow".',
)
MAY_FOLLOW = Quote(
    "touchdown-heroes/play/5",
    "Pass play (may-follow format). Throw the ball to a teammate in the enemy's territory. Players play cards in turn, clockwise from the lead, playing a card of their choice. If the card you play is of a different suit from the lead's card (not follow), apply its play-book effect (valid for this trick only).",
)
KICK_PLAY = Quote(
    "touchdown-heroes/play/7",
    "Kick play. Kick the ball toward the enemy's end. Roll the die once and advance the ball marker on the field by the number of squares rolled.",
)
KICK_POINT = Quote(
    "touchdown-heroes/play/8",
    'If the ball marker reaches beyond "0", you gain 1 point and possession changes. Turn all series cards face up and return to "2: Kickoff". If you have no cards in hand, proceed to "5: End of the first half / second half".',
)
KICK_TURNOVER = Quote(
    "touchdown-heroes/play/9",
    'Even if the ball does not reach "0", possession is forcibly changed. Turn all series cards face up, move the ball to the opposite side of the field (the position "11 − the current value"), and return to "3: Play". If you have no cards in hand, proceed to "5: End of the first half / second half".',
)
KICK_NO_BONUS = Quote(
    "touchdown-heroes/other/1",
    "Q: If a kick play advances beyond 0, can I gain additional points? A: No, it is not possible. That bonus applies only to touchdowns.",
)

# ---------------------------------------------------------------- judgement

SAME_JUDGEMENT = Quote(
    "touchdown-heroes/judgement-phase/1",
    "The judgement method is the same for a run play (must-follow) and a pass play (may-follow).",
)
LOWEST_WINS = Quote("touchdown-heroes/judgement-phase/2", "The lowest number among the followed cards wins the trick.")
NEW_LEAD = Quote(
    "touchdown-heroes/judgement-phase/4",
    "Next, the player who won the trick becomes the new lead and receives the lead marker. If there are several such players, priority goes to the one farther clockwise from the lead.",
)
SUCCESS_FAILURE = Quote(
    "touchdown-heroes/judgement-phase/5",
    'Next, if the player who won the trick is on the attacking team, the attack is a "attack success"; if on the defending team, it is an "attack failure". Carry out the following processing.',
)
ADVANCE = Quote(
    "touchdown-heroes/attack-success/1",
    "Move the ball marker on the field toward the enemy's end (the side with the smaller numbers) by the number of squares equal to the number on the card that won the trick.",
)
COMBINATION = Quote(
    "touchdown-heroes/attack-success/2",
    'At this time, if the new lead is a player of the same attacking team who was not the previous lead, a "combination bonus" occurs, and the ball advances an additional 2 squares.',
)
SUCCESS_SERIES = Quote(
    "touchdown-heroes/attack-success/3",
    'After that, turn one series card face down and return to "3: Play". If all series cards have been turned face down, possession changes. Turn all series cards face up, move the ball to the opposite side of the field (the position "11 − the current value"), and return to "3: Play". If you have no cards in hand, proceed to "5: End of the first half / second half".',
)
TOUCHDOWN = Quote(
    "touchdown-heroes/touchdown/1",
    'When the advancing ball marker reaches "0" (outside the card), it is a touchdown: score 2 points. If the ball overshoots "0" by even one square, score 3 points instead.',
)
AFTER_SCORE = Quote(
    "touchdown-heroes/touchdown/3",
    'After scoring, possession changes. Turn all series cards face up and return to "2: Kickoff". If you have no cards in hand, proceed to "5: End of the first half / second half".',
)
FAILURE_SERIES = Quote(
    "touchdown-heroes/attack-failure/1",
    'The attacking team cannot advance the ball. Turn one series card face down and return to "3: Play".',
)
INTERCEPT = Quote(
    "touchdown-heroes/attack-failure/2",
    "If all series cards are turned face down, possession changes. If an intercept (インターセプト) has occurred through a play-book effect, possession is forced to change even if face-up series cards remain.",
)
FAILURE_TURNOVER = Quote(
    "touchdown-heroes/attack-failure/3",
    'When possession changes, turn all series cards face up, move the ball to the opposite side of the field (the position "11 − the current value"), and return to "3: Play". If you have no cards in hand, proceed to "5: End of the first half / second half".',
)
LEAD_MOVES = Quote(
    "touchdown-heroes/moving-the-lead-summary/1",
    "As a general principle, the lead must always be a player of the attacking team. Therefore, if a score causes a possession change, or if an attack fails (the defending team wins the trick), the lead must be moved to the attacking team.",
)

# ---------------------------------------------------------------- the halves, the end

HALF_ENDS = Quote(
    "touchdown-heroes/end-of-the-first-half-second/1",
    "If your hands are empty when a possession change occurs, the first half or the second half ends. (Even with no cards in hand, if attack attempts remain, you may perform a kick play.)",
)
HALFTIME = Quote(
    "touchdown-heroes/end-of-the-first-half-second/2",
    'When the first half ends, it is halftime. Collect all play cards and return to "1: Briefing" to begin the second half. In the second half, the Bears are the first attacking team. If a player of the Eagles was the lead at the end of the first half, move the lead to the player on the left at the start of play.',
)
GAME_OVER = Quote(
    "touchdown-heroes/end-of-the-first-half-second/3",
    "When the second half also ends, the game is over. The team that has scored more points in total wins. If the points are equal, the game is a draw.",
)

# ---------------------------------------------------------------- play-book effects and hero skills

NOT_PRINTED = Quote(
    "touchdown-heroes/play-book-effects-and-hero-skills/1",
    "The manual's component and FAQ pages refer to these effects, but the individual effect texts for play-book numbers 1 to 10 and for each hero's skill are printed on the cards themselves.",
)
SEE_CARDS = Quote("touchdown-heroes/play-book-effects-and-hero-skills/1", "Refer to the printed cards for those texts.")
EFFECT_WHEN = Quote(
    "touchdown-heroes/play-book-effects-and-hero-skills/2",
    "A play-book effect is applied when a card is played as not follow, that is, when its suit differs from the lead's card (in a run play, when no card of the lead's suit is held; in a pass play, when the card's suit differs from the lead's). The effect is valid for that trick only.",
)
SKILL_WHEN = Quote(
    "touchdown-heroes/play-book-effects-and-hero-skills/2",
    "A hero's skill is used by turning the hero card face down, at the timing given on that card. A face-down hero card can be turned face up again only by a play-book effect.",
)

# The FAQ's answers, each whole: what the book does say of a play-book number or a hero's skill.
FAQ_1_SELF = Quote(
    "touchdown-heroes/play-book/1", 'Q: Can the "1" effect target the "1" card played in this turn? A: Yes, it can.'
)
FAQ_2_TIE = Quote(
    "touchdown-heroes/play-book/2",
    'Q: If the "2" effect is applied and the highest number is tied, what happens? A: As normal, priority goes to the player farther clockwise from the lead.',
)
FAQ_4_HERO_UP = Quote(
    "touchdown-heroes/play-book/3",
    'Q: When the "4" effect is applied and my hero card is face up (skill not used), what happens? A: The effect is not applied.',
)
FAQ_5_TWICE = Quote(
    "touchdown-heroes/play-book/4",
    'Q: If the "5" effect is already applied and another "5" play-book effect is applied, what happens? A: Nothing changes. The "5" play-book effect played later is nullified before it is applied.',
)
FAQ_OWN_TEAM = Quote(
    "touchdown-heroes/play-book/5",
    'Q: Even when I am on the attacking team, if I play "3", "8" or "10" with not follow, is the effect applied? A: Yes, it is applied. Any disadvantageous effect is applied if its conditions are met, so take care. Likewise, the "6" effect is applied even when on the defending team.',
)
FAQ_3_10_LEAD = Quote(
    "touchdown-heroes/play-book/6",
    'Q: When the attack fails due to the "3" or "10" effect, what is the new lead? A: Judge as normal; the player who won the trick becomes the new lead. In more detail, the "3" and "10" effects mean: "When the attacking team wins the trick, the attack is not a success; it is made an attack failure."',
)
FAQ_6_8_AFTER = Quote(
    "touchdown-heroes/play-book/7",
    'Q: Are the "6" and "8" effects applied even if the attack failed due to the "3" or "10" effect? A: Yes, they are applied.',
)
FAQ_7_9_SELF = Quote(
    "touchdown-heroes/play-book/8",
    'Q: Can the "7" or "9" effects target myself (the "7" or "9" I played in this turn)? A: Yes, they can. For example, with the "2" effect applied, you may play a not-follow "9" and then, with the "9" play-book effect, change the "9" you just played to the follow state. Other technical plays are also possible.',
)
FAQ_9_LEAD = Quote(
    "touchdown-heroes/play-book/9",
    'Q: Can the lead be the target of the "9" effect? A: Yes. The lead is basically in the follow state, so if desired it can be made not-follow. Even then, the lead suit does not change. The lead becomes not-follow, but the play-book effect does not activate (that is, no rewind process is performed).',
)
FAQ_MONSTER_KICKOFF = Quote(
    "touchdown-heroes/skills/1", 'Q: Can the "Monster" skill be used at kickoff? A: Yes, it can.'
)
FAQ_MONSTER_NOT_LEAD = Quote(
    "touchdown-heroes/skills/2", 'Q: Can the "Monster" skill be used even if I am not the lead? A: Yes, it can.'
)
FAQ_SUCCESS_TIMING = Quote(
    "touchdown-heroes/skills/3",
    'Q: Can the "Birdman" and "Blue Wind" skills be declared after an attack success is confirmed? A: Yes. The attack success is the condition for use, so that timing is correct.',
)
FAQ_SUCCESS_SELF = Quote(
    "touchdown-heroes/skills/4",
    'Q: Can the "Birdman" and "Blue Wind" skills target myself? A: Yes. Whether it is myself or my partner, the skill can be used if either of them wins the trick by the specified method.',
)
FAQ_START_OF_PLAY = Quote(
    "touchdown-heroes/skills/5",
    'Q: What exactly is "start of play", the usage condition of "Officer" and "Dragon"? A: It is before the lead plays a card.',
)
FAQ_SKULL_MAN = Quote(
    "touchdown-heroes/skills/6",
    'Q: After using the "Skull Man" skill, can I play a not-follow "8" and apply its play-book effect? A: Yes, it can.',
)
FAQ_WONDER_GIRL = Quote(
    "touchdown-heroes/skills/7",
    'Q: Can the "Wonder Girl" skill target myself? A: Yes, it can. "Teammates" include oneself.',
)
FAQ_NINJA_BEFORE = Quote(
    "touchdown-heroes/skills/8",
    'Q: Must the "The Ninja" skill be used before I play? A: Yes, it can be used before I play.',
)
FAQ_NINJA_UNDECLARED = Quote(
    "touchdown-heroes/skills/9", 'Q: Do I need to declare the "The Ninja" skill myself? A: No, you do not.'
)
FAQ_TOUGH_MAN = Quote(
    "touchdown-heroes/skills/10",
    'Q: Can I combine the play-book "7" effect with the "Tough Man" skill to move the ball of the team that succeeded in its attack back 1 square? A: Yes, it can.',
)
FAQ_OWN_GOAL = Quote(
    "touchdown-heroes/skills/11",
    'Q: What if, in addition, the ball is on the "10" square and the above situation occurs? A: It becomes an own goal, and 2 points are scored.',
)
