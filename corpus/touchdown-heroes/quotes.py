"""Touchdown Heroes' words its checks cite, each with the entry it is in (verbatim: the build checks)."""

from referee.rules import Quote

MUST_FOLLOW = Quote(
    "touchdown-heroes/play/3",
    "If you hold a card of the same suit as the card the lead played, you must play it face up.",
)
NOT_FOLLOW = Quote(
    "touchdown-heroes/play/3",
    "If you have no card of the same suit, play a card of your choice face up and apply its play-book effect (valid for this trick only).",
)
MAY_FOLLOW = Quote(
    "touchdown-heroes/play/5", "Players play cards in turn, clockwise from the lead, playing a card of their choice."
)
LOWEST_WINS = Quote("touchdown-heroes/judgement-phase/2", "The lowest number among the followed cards wins the trick.")
TIES = Quote(
    "touchdown-heroes/judgement-phase/4",
    "If there are several such players, priority goes to the one farther clockwise from the lead.",
)
SUCCESS_FAILURE = Quote(
    "touchdown-heroes/judgement-phase/5",
    'if the player who won the trick is on the attacking team, the attack is a "attack success"; if on the defending team, it is an "attack failure".',
)
ADVANCE = Quote(
    "touchdown-heroes/attack-success/1", "by the number of squares equal to the number on the card that won the trick."
)
COMBINATION = Quote(
    "touchdown-heroes/attack-success/2",
    'if the new lead is a player of the same attacking team who was not the previous lead, a "combination bonus" occurs, and the ball advances an additional 2 squares.',
)
TOUCHDOWN = Quote(
    "touchdown-heroes/touchdown/1",
    'When the advancing ball marker reaches "0" (outside the card), it is a touchdown: score 2 points. If the ball overshoots "0" by even one square, score 3 points instead.',
)
KICK_PLAY = Quote(
    "touchdown-heroes/play/7",
    "Roll the die once and advance the ball marker on the field by the number of squares rolled.",
)
KICK_POINT = Quote(
    "touchdown-heroes/play/8", 'If the ball marker reaches beyond "0", you gain 1 point and possession changes.'
)
KICK_NO_BONUS = Quote(
    "touchdown-heroes/other/1",
    "Q: If a kick play advances beyond 0, can I gain additional points? A: No, it is not possible. That bonus applies only to touchdowns.",
)
KICK_TURNOVER = Quote(
    "touchdown-heroes/play/9",
    'Even if the ball does not reach "0", possession is forcibly changed. Turn all series cards face up, move the ball to the opposite side of the field (the position "11 − the current value")',
)
NORMAL_KICK = Quote(
    "touchdown-heroes/kickoff/4",
    'Normal kick. Place the ball marker on the "8" position of the attacking team\'s side.',
)
RANDOM_KICK = Quote(
    "touchdown-heroes/kickoff/5",
    'Roll the die once, and place the ball marker on the attacking team\'s square "3 + the number rolled". If the roll is 1, the kick is an onside kick (success).',
)
ONSIDE = Quote(
    "touchdown-heroes/kickoff/5",
    "After possession changes, the ball starts at position 7 (the ball sits at position 4 under the old attacking team, and possession changes, so the position is 11 − 4 = 7).",
)
FOUR_PLAYERS = Quote(
    "touchdown-heroes/game-setup/1", "This game is for 4 players only. Do not play with any other number of players."
)
PASS_NOT_FOLLOW = Quote(
    "touchdown-heroes/play/5",
    "If the card you play is of a different suit from the lead's card (not follow), apply its play-book effect (valid for this trick only).",
)
NEW_LEAD = Quote(
    "touchdown-heroes/judgement-phase/4",
    "Next, the player who won the trick becomes the new lead and receives the lead marker.",
)
LEAD_MOVES = Quote(
    "touchdown-heroes/moving-the-lead-summary/1",
    "if a score causes a possession change, or if an attack fails (the defending team wins the trick), the lead must be moved to the attacking team.",
)
SUCCESS_SERIES = Quote(
    "touchdown-heroes/attack-success/3",
    'After that, turn one series card face down and return to "3: Play". If all series cards have been turned face down, possession changes.',
)
FAILURE_SERIES = Quote(
    "touchdown-heroes/attack-failure/1",
    'The attacking team cannot advance the ball. Turn one series card face down and return to "3: Play".',
)
INTERCEPT = Quote(
    "touchdown-heroes/attack-failure/2",
    "If an intercept (インターセプト) has occurred through a play-book effect, possession is forced to change even if face-up series cards remain.",
)
FAILURE_TURNOVER = Quote(
    "touchdown-heroes/attack-failure/3",
    'When possession changes, turn all series cards face up, move the ball to the opposite side of the field (the position "11 − the current value")',
)
AFTER_SCORE = Quote(
    "touchdown-heroes/touchdown/3",
    'After scoring, possession changes. Turn all series cards face up and return to "2: Kickoff".',
)
NOT_PRINTED = Quote(
    "touchdown-heroes/play-book-effects-and-hero-skills/1",
    "the individual effect texts for play-book numbers 1 to 10 and for each hero's skill are printed on the cards themselves.",
)
