"""Takkure's words its checks cite, each with the entry it is in, and its two tables (verbatim: the build
checks). Every quote is whole sentences: it never stops before a condition or exception of its sentence."""

from referee.rules import Quote, Table, Takes, again, no_effect, precedence

# ---------------------------------------------------------------- core rules, priority, measuring

CORE_PASS = Quote("takkure/0.01/8", "You cannot pass a ball to a player who is ahead of you.")
CORE_TACKLE = Quote(
    "takkure/0.01/9",
    "You can only tackle the player carrying the ball and the carrier is the only player who can have contact with the defenders.",
)
CORE_GROUNDED = Quote("takkure/0.01/10", "Once GROUNDED, you cannot stand up if you are carrying the ball.")
PRIORITY = Quote(
    "takkure/0.02/1",
    "It is possible for a rule described in an ability, card, team, FAQ or expansion, to affect or contradict a rule described in this rulebook. A rule in an ability, card, team, FAQ, or expansion takes precedence over this rulebook.",
    takes=Takes("takes precedence over this rulebook", "takes precedence", precedence),
)
NO_MEASURING = Quote(
    "takkure/0.03/1",
    "In this game you CANNOT measure before declaring an action. You can only measure when required by a rule.",
)
REFEREE_ROLL = Quote(
    "takkure/5.02/4",
    "Resolving conflicts: When a rule, a movement or something else generates some kind of conflict between the players, that is, when they are not able to resolve it following the rules, they can then make a referee roll to determine which of the two options applies. The result is final.",
)

# ---------------------------------------------------------------- possession and activations

POSSESSION = Quote(
    "takkure/0.05/2",
    "Possession of the ball: If a player on a team carries the ball, that player's team is the attacker. The other team is the defender.",
)
FIRST_ATTACKER = Quote(
    "takkure/0.05/3",
    "At the start of the game, the team that receives the ball on their court, during the kick-off, is the attacking team.",
)
LOOSE_BALL = Quote(
    "takkure/0.05/4",
    "There could be situations in which the ball is not in possession of any player. In those cases, keep in mind that the attacking team will only lose possession when a player from the defending team takes the ball in their hands.",
)
DEFENDER_CATCHES = Quote(
    "takkure/0.05/5",
    "When a player in the defending team catches the ball, its team then becomes the team possessing the ball, that is, the attacking team.",
)
REMAINING_TOKENS = Quote(
    "takkure/1.01/3",
    "Activation token: Once the activation has been completed the attacking coach must use the remaining activation tokens.",
)
TOKEN_REMOVAL = Quote(
    "takkure/1.11/1",
    "Remove all the pressure, movement and active player tokens. Attacking team players who have not been activated can remove a GROUNDED token.",
)
CARRIER_ACTIVE = Quote(
    "takkure/1.11/2",
    "Note: A GROUNDED player who was carrying the ball at the start of its activation is considered active during this step.",
)

# ---------------------------------------------------------------- pressure, second actions, grounded

PRESSURE = Quote(
    "takkure/1.06/3",
    "Attacking players affected by PRESSURE suffer a -1 modifier to the value of the characteristic associated with the second action they execute during this activation.",
)
PRESSURE_STACKS = Quote(
    "takkure/1.06/4",
    "An attacking player can be affected by multiple defending players taking the PRESSURE action; pressure modifiers are stackable.",
)
MODIFIER_EXAMPLE = Quote("takkure/1.16/6", "Player's Ball Control total: 7 + 2 - 1 = 8")
SECOND_MOVE_TOKEN = Quote(
    "takkure/1.10/3",
    "If during the first movement a player has declared a TACKLE against this player, you must mark the start of the second move with the active player token. If the TACKLE is successful, the player will fall at the token's location.",
)
GROUNDED_ONLY_STAND = Quote(
    "takkure/3.01/2",
    "A player with this token cannot perform actions normally. You can only perform the STAND UP action.",
)
GROUNDED_CARRIER = Quote(
    "takkure/3.01/2",
    "The exception is when the GROUNDED player is the ball carrier: it cannot STAND UP. Instead it can throw a PASS FROM THE GROUND.",
)
STAND_UP = Quote(
    "takkure/3.02/1",
    "If you perform the STAND UP action, you remove a GROUNDED token. This action can be done both during attack and defense. No dice roll is necessary.",
)
STAND_UP_ATTACK = Quote(
    "takkure/3.02/2",
    "On Attack: As the first action of the active player (if it's not the ball carrier). If the player has no more ground tokens, it can perform a MOVE AS A 2nd ACTION.",
)
STAND_UP_DEFENCE = Quote("takkure/3.02/3", "On Defense: Does not grant defensive movement.")
GROUND_MINUS_2 = Quote(
    "takkure/3.03/2",
    "Passes from the ground receive a -2 modifier to the BaC, in addition to any modifiers it may have for distance.",
)
GROUND_8 = Quote(
    "takkure/3.03/3",
    'You cannot throw a pass from the ground further than 8". When measuring the throw distance, if the receiving player is more than 8" away, his roll is considered to have been cancelled, with which there is no PASS or RECEPTION OF THE BALL.',
)
GROUND_NO_SECOND = Quote(
    "takkure/3.03/4",
    "If you decide to do this, the player will not be able to perform a second action on this activation.",
)
FIRST_ACTIONS = Quote("takkure/1.03/1", "The player can perform one action amongst the following:")
SECOND_ACTIONS = Quote(
    "takkure/1.09/1", "As a second action, the active player can perform one of the following actions:"
)

# ---------------------------------------------------------------- pass and reception

CARRIER_PASSES = Quote(
    "takkure/2.01/1",
    "In order for a player to perform a PASS, it must be the ball carrier. Keep in mind that you can't pass the ball to a player ahead of you.",
)
PASS_UNOPPOSED = Quote(
    "takkure/2.01/3",
    "By choosing a point where a defending player has not come into contact with the path of the active player, the roll will be unopposed (Fig 1).",
)
PASS_FACE_TO_FACE = Quote(
    "takkure/2.01/4", "If the pass is at a point past the defender's action, the roll will be face-to-face (Fig 2)."
)
BEST_MODIFIER = Quote(
    "takkure/2.01/6",
    "Only one modifier is applied; in case the distance is just between 2 values, apply the best modifier.",
)
PASS_SUCCESS = Quote(
    "takkure/2.01/9",
    "If you are successful: The ball reaches the receiving player. Place the ball on the receiver's card.",
)
PASS_MISS = Quote("takkure/2.01/10", "If you miss an unopposed roll: The receiving player makes a BALL RECEPTION roll.")
PASS_CRITICAL = Quote(
    "takkure/2.01/11",
    "If you have a critical success: The ball reaches the receiving player. Place the ball on the receiver's card. The receiving player may then make a move of up to 2\".",
)
PASS_ALL_FAIL = Quote(
    "takkure/2.01/12", "If the roll is face-to-face and everyone fails: The receiver makes a BALL RECEPTION roll."
)
PASS_BEATEN = Quote(
    "takkure/2.01/13",
    "If the roll is face-to-face and your roll is cancelled, or you fail and your opponent succeeds: The PASS won't be performed, and there is no RECEPTION roll. You suffer the effects of the defending player's action.",
)
RECEPTION_BEST = Quote(
    "takkure/2.02/3",
    "Only one modifier is applied; in case the distance is just between 2 values, apply the best modifier.",
)
RECEPTION_SUCCESS = Quote(
    "takkure/2.02/4",
    "If you are successful: The pass succeeds. The pass receiver becomes the ball carrier. Place the ball on the receiver's card.",
)
RECEPTION_MISS = Quote(
    "takkure/2.02/5",
    "If you miss: The ball falls to the ground and you must make a scatter roll off the pass target. Center the template on that player.",
)

# ---------------------------------------------------------------- tackle, dodge, break through

TACKLE_CARRIER = Quote(
    "takkure/tackle/2",
    "Tackle (declaration): This action allows Defensive Movement. The main condition is that you can only TACKLE the player with the ball, WHETHER THEY ARE THE ACTIVE PLAYER OR NOT. You could tackle a player who hasn't activated, as long as it is the ball carrier.",
)
TACKLE_DECLARE = Quote(
    "takkure/tackle/3",
    "You must declare which player and at what point you are going to try to tackle, before measuring the distance and making the defensive move.",
)
TACKLE_GROUND = Quote(
    "takkure/tackle/4",
    "You can choose to TACKLE the player's position or at any point along the path they've marked during step 1 of the activation. You cannot tackle a player on the ground.",
)
TACKLE_REACH = Quote(
    "takkure/tackle/5", "Once the location has been decided, measure and get as close to it as possible."
)
DEFENSIVE_MOVE = Quote(
    "takkure/1.07/2",
    "On defense, some actions or abilities allow you to move. The player can move a maximum of inches equal to his second MOV value. The defensive movement is performed in activation step 2, regardless of the outcome of the action in activation step 5.",
)
TACKLE_NO_CONTACT = Quote(
    "takkure/1.21/3",
    "If during the defensive movement you do not make contact with the active player or its trajectory, you are considered to have failed the roll.",
)
TACKLE_SUCCESS = Quote(
    "takkure/1.21/4",
    "If you are successful: The defending player is placed in contact with the active player following the shortest path possible (Fig 1). Both players are GROUNDED, and the player being tackled makes an ENDURANCE roll.",
)
TACKLE_FAIL = Quote(
    "takkure/1.21/5",
    "If you fail: Roll REF. If you fail, the tackling player is GROUNDED and must make an ENDURANCE roll.",
)
TACKLE_CANCELLED = Quote(
    "takkure/1.21/6", "If your roll is CANCELLED: The action is not performed, but you are not GROUNDED."
)
TACKLE_CRITICAL = Quote(
    "takkure/1.21/7",
    "If success is critical: Same as success, but the player being tackled takes a wound token without rolling ENDURANCE.",
)
DODGE_WHEN = Quote(
    "takkure/dodge/2", "You can only DODGE if a defending player has declared a TACKLE action against this player."
)
DODGE_SUCCESS = Quote("takkure/dodge/4", 'If you are successful: Move 2" in any direction.')
DODGE_FAIL = Quote("takkure/dodge/5", "If you fail: No adverse effect.")
DODGE_CRITICAL = Quote("takkure/dodge/6", 'If it is a critical success: Move 4" in any direction instead.')
BREAK_WHEN = Quote(
    "takkure/break-through/1",
    "You can only BREAK THROUGH if a defending player has declared a TACKLE action against this player. Only the ball carrier can BREAK THROUGH.",
)
BREAK_SUCCESS = Quote(
    "takkure/break-through/3", "If successful: The tackling player is GROUNDED and makes an ENDURANCE roll."
)
BREAK_FAIL = Quote("takkure/break-through/4", "If you fail: No adverse effect.")
BREAK_CRITICAL = Quote(
    "takkure/break-through/5", "If success is critical: The tackling player is GROUNDED and receives a WOUND."
)
ENDURANCE_SUM = Quote(
    "takkure/1.18/2", "To calculate the ENDURANCE of a player you must add the values of BDY and PRO."
)
ENDURANCE_PRT = Quote(
    "takkure/1.18/3",
    '(Source note: the printed rule says "PRO"; the card characteristic is PROTECTION (PRT), which is added to BDY on endurance rolls as stated in Characteristics above.)',
)
ENDURANCE_PASS = Quote(
    "takkure/1.18/5", "If the result is equal or less: You are successful, the player takes no damage."
)
ENDURANCE_FAIL = Quote(
    "takkure/1.18/6", "If the result is higher: You have failed the roll, the player receives a WOUND token."
)

# ---------------------------------------------------------------- rolls

UNOPPOSED_WHEN = Quote(
    "takkure/1.14/1",
    "Unopposed rolls are used to determine if a player's action is successful. An unopposed roll is made when no player from the other team intervenes in the action. Therefore, you only need to succeed on your roll for the action to be successful.",
)
UNOPPOSED = Quote(
    "takkure/1.14/2",
    "To make an unopposed roll, roll a twelve-sided die (D12), apply all the modifiers and then check the result. If it is equal or lower, it is a successful roll. If it's higher, it's a fail and the action is not executed.",
)
F2F_ALL_FAIL = Quote(
    "takkure/1.15/2",
    "If all fail: Exactly that, all fail. If the player's action has an adverse effect when failing, apply it.",
)
F2F_ONE = Quote(
    "takkure/1.15/3",
    "If only one is successful: That player is the winner of the roll, and his action is successful. The rest of the players have failed; apply any adverse effects of the actions they have taken.",
)
F2F_SEVERAL = Quote(
    "takkure/1.15/4",
    "If several players are successful: In that case you must compare the dice results: the player that rolled the highest value is the winner, their action is a success and its effects are applied. The other players do not apply the adverse effects of their actions, and they are not considered to have failed. If they announced a defensive movement, they still move.",
)
F2F_TIE = Quote(
    "takkure/1.15/5",
    "Tie: Several players are successful and their dice results are the same. In that case no effect is applied as a result of the action. If they announced a defensive movement, they still move.",
    takes=Takes("no effect is applied as a result of the action", "no effect", no_effect),
)
CRITICAL_FUMBLE = Quote(
    "takkure/1.17/1",
    "If you roll a 1 on a die, it is considered a critical success. And if you roll a 12, it is considered a fumble.",
)
CRITICAL_WINS = Quote(
    "takkure/1.17/2",
    "Critical: A critical roll always wins the roll regardless of whether the other rolls are higher. In addition, a critical can provide extra benefits for the player; these are noted in the action's description.",
)
CRITICAL_TIE = Quote("takkure/1.17/2", "If several players have critical successes it is considered a tie.")
FUMBLE = Quote("takkure/1.17/3", "Fumble: A 12 on a die is always a miss, regardless of the characteristic's value.")
MULTIPLE = Quote(
    "takkure/3.07/2",
    "When a roll is made in which more than two players intervene, it is considered a multiple face-to-face roll. It's like a face-to-face roll, but it is the active player who, before rolling, decides the order and against which player it will roll each of their dice. You must treat each roll as an independent roll.",
)
MULTIPLE_UNASSIGNED = Quote(
    "takkure/3.07/3",
    "On a multiple face-to-face roll, the active player may not have enough dice to face all the defending players. In that case, you must decide against which player you will use each of your dice. Players you don't assign a die to will each make an unopposed roll.",
)
MULTIPLE_ORDER = Quote(
    "takkure/3.07/4",
    "The order of the rolls is important, as the result of a roll may affect the next one. As soon as the active player is GROUNDED, no more rolls are made.",
)
MULTIPLE_DODGE = Quote(
    "takkure/3.07/8",
    "DODGE: The active player will only make ONE extra move for having successfully dodged, regardless of successes.",
)
MELEE_BALL = Quote(
    "takkure/3.08/2",
    "When several players from both teams want to pick up a ball from the ground, or in the possession of a player ON THE GROUND.",
)
MELEE_WHEN = Quote(
    "takkure/3.08/3",
    "When a player performs the SCORE A TRY action and there are several defending players performing the TACKLE action against him.",
)
MELEE = Quote(
    "takkure/3.08/4",
    "In these cases all dice are rolled at the same time and all results are compared in a single competition. That is, the winner will be the player who succeeds in the roll and gets the highest value among the successes (or a critical).",
)
MELEE_TIE = Quote(
    "takkure/3.08/5",
    "In the event that several players tie for the best roll, make a new face-to-face roll between those players to determine who succeeds.",
    takes=Takes("make a new face-to-face roll between those players", "roll again", again),
)
EXTRA_DICE = Quote(
    "takkure/4.06/2",
    "Increasing your chances to succeed: Add those dice to a roll. Roll them and choose one; ignore the rest.",
)
EXTRA_DICE_OPPONENTS = Quote(
    "takkure/4.06/3",
    "Facing multiple opponents: You can use the extra dice to roll face-to-face against more than one player. Choose against which player you want to use each die. Every roll is resolved independently.",
)

# ---------------------------------------------------------------- the ball: pick up, steal

PICK_UP_WHO = Quote(
    "takkure/3.05/1", "Picking up the ball is an action that can only be performed by an attacking player."
)
PICK_UP_WHERE = Quote(
    "takkure/3.05/1",
    "To be able to perform this action you must be in contact with the ball or the player with the ball (in this case it must be behind the player carrier, as in a pass), at some point during your movement.",
)
PICK_UP_ROLL = Quote("takkure/3.05/2", "Make a BaC roll with a +4 modifier. Then that player becomes the ball carrier.")
STEAL_WAYS = Quote(
    "takkure/3.06/2",
    "You can steal the ball in three ways: when the ball is on the ground and is not in the possession of any player (loose ball), held by an attacking player who is GROUNDED, or in the air (pass interception).",
)
STEAL_NOT_STANDING = Quote(
    "takkure/3.06/2", "But you cannot try to steal the ball from an active player who is NOT GROUNDED."
)
STEAL_LOOSE = Quote(
    "takkure/3.06/3", "Loose ball: If you are in contact with the ball, make a BaC roll with a +4 modifier."
)
STEAL_GROUNDED = Quote(
    "takkure/3.06/4",
    "Held by an attacking player who is on the ground: If you are in contact with a GROUNDED ball carrier, make a BaC roll.",
)
STEAL_GROUNDED_FIGURE = Quote(
    "takkure/3.06/4",
    "(Fig 2: held by an attacking player on the ground. Roll BaC +4 is shown in the figure label.)",
)
STEAL_GROUNDED_STEALER = Quote("takkure/3.06/4", "A GROUNDED player cannot perform this action.")
STEAL_AIR = Quote(
    "takkure/3.06/5",
    "In the air: If you are at a point in a pass trajectory. That is, if you draw a line from any point on the passer's base (from where the pass originated) to the receiver's base, and that line passes through any point on your base, make an uncontested BaC roll with a -2 modifier.",
)
STEAL_AIR_RESULT = Quote(
    "takkure/3.06/5",
    "If the roll is successful, this player becomes the ball carrier. If unsuccessful, the pass continues as normal.",
)
STOLEN = Quote(
    "takkure/3.06/6",
    "Remember that if the ball is STOLEN, at the end of the current activation, the attacking coach must discard any remaining activation tokens. Then that coach becomes the defending coach and vice versa.",
)

# ---------------------------------------------------------------- fatigue, rest, skills

FATIGUE_THIRD = Quote(
    "takkure/4.01/3", "When a player receives the third activation token (during the same time phase)."
)
FATIGUE_GIVEN = Quote(
    "takkure/4.01/5",
    "When a fatigue token has to be given, place it (Active) on the player's card or in the space provided for it. If some effect of the game causes you to receive a fatigue token and you have an inactive token, instead of placing another token, flip it to activate it again.",
)
FATIGUE_1 = Quote("takkure/4.01/7", "1 Fatigue: The player loses both its Position Skills and its Training skills.")
FATIGUE_2 = Quote("takkure/4.01/8", "2 Fatigue: The player can only perform one MOV action per activation.")
FATIGUE_3 = Quote("takkure/4.01/9", "3 Fatigue: The player has a -1 modifier to STR, BaC, REF and INT.")
FATIGUE_CUMULATIVE = Quote(
    "takkure/4.01/10",
    "Remember that these effects are cumulative: a player with 3 fatigue has all the adverse effects of having 1, 2 AND 3 fatigue tokens.",
)
FATIGUE_INACTIVE = Quote(
    "takkure/4.01/11",
    "When a token is deactivated, it continues to occupy a space, but the adverse effect is not applied.",
)
MAX_FATIGUE = Quote("takkure/4.02/1", "When the player receives the fourth token, he is injured.")
REST = Quote(
    "takkure/4.03/2",
    "This action, which can only be performed on defense, helps players take a breath and remove their fatigue tokens. When this action is performed, remove an inactive token from the player; if there are no inactive tokens, flip an active one to its inactive side.",
)
SIDE_STEP = Quote("takkure/4.05/3", "Side Step: The player rolls two dice when taking the DODGE action.")
PRECISE_PASS = Quote("takkure/4.05/4", "Precise Pass: The player rolls two dice when performing the PASS action.")
ONSLAUGHT = Quote("takkure/4.05/5", "Onslaught: The player rolls two dice when performing the BREAK THROUGH action.")
DEFENSIVE_INSIGHT = Quote("takkure/4.05/6", "Defensive Insight: The player moves twice his defensive MOV.")
EXPERT_TACKLER = Quote("takkure/4.05/7", "Expert Tackler: The player rolls two dice when performing the action TACKLE.")
SKILLS_LOST = Quote("takkure/4.05/8", "Remember that these skills are lost while you have a fatigue token.")
PLAYER_SKILLS = Quote(
    "takkure/5.05/1",
    "Players have unique skills that differentiate them from others. These skills, and their effects, are described on the player's card.",
)

# ---------------------------------------------------------------- score a try

TRY_WHERE = Quote(
    "takkure/4.04/2",
    "A player carrying the ball whose base is partially within the in-goal zone may attempt to SCORE A TRY. Make a roll using the second BaC value.",
)
TRY_FATIGUE = Quote(
    "takkure/4.04/4",
    "For each fatigue token, whether active or not, that the carrier player has, you have a -1 modifier to the BaC on a SCORE roll.",
)
TRY_PRESSURE = Quote(
    "takkure/4.04/5", "The BaC is affected by a player PRESSURING you and any other applicable modifier."
)
TRY_OPPOSED = Quote(
    "takkure/4.04/7",
    "Keep in mind that, like any action, this can be affected by the actions of the opposing players. For example, if a defender tries to tackle you during a try, you must make a face-to-face roll and follow the procedure for this kind of roll. If multiple players oppose the player attempting to SCORE, make a MELEE ROLL.",
)
TRY_SCORED = Quote("takkure/4.04/8", "If you pass the roll: Congratulations, you successfully scored.")
TRY_MISSED = Quote("takkure/4.04/9", "If you miss: Perform a Kick-off (see page 34 as printed).")

# ---------------------------------------------------------------- play cards, team skills

PLAY_CARDS = Quote(
    "takkure/4.07/1",
    "These cards represent exceptional plays and contain a description of the effect and their requirements.",
)
CARD_TIMING = Quote(
    "takkure/4.07/3",
    "Each card indicates when it can be used. In case of a timing conflict, the attacking coach has priority and is the one who decides which card to resolve first. If a Coach gives up their chance to play a card when the timing requirements are met, they can't play any card until the conditions are met again.",
)
DECK = Quote("takkure/0.06/3", "Play cards deck: 13 generic for each team, 8 for Yamato and 8 for Teriomorph")
TEAM_PLAY_WHEN = Quote(
    "takkure/4.08/3",
    "When to use them: Before spending the action token, the coach must declare that he is using a team play card, placing it face down on the table next to the game board. Plays can only be used if a player is carrying the ball and that player is the currently active player.",
)
TEAM_PLAY_ASIDE = Quote(
    "takkure/4.08/9", "Once a TEAM PLAY is used, put it aside; it will be unavailable until the next Kick-off."
)
HONOR = Quote(
    "takkure/5.07/1",
    "Yamato: Unwavering Honor. When a Yamato player receives a Wound token, it also receives a Team Skill token. These tokens can be discarded to gain one of the following effects:",
)
HONOR_GROUNDED = Quote(
    "takkure/5.07/2", "Remove a GROUNDED token (remember you can't do that if the player is carrying the ball)."
)
HONOR_FATIGUE = Quote("takkure/5.07/3", "Flip a FATIGUE token.")
HONOR_INT = Quote("takkure/5.07/4", "Repeat an INTELLIGENCE (INT) roll.")
HONOR_OWN = Quote(
    "takkure/5.07/5",
    "These effects only apply to the player who has the token. Once discarded, they can't be used again.",
)
SUPERSTARS = Quote(
    "takkure/5.07/6",
    "Teriomorphs: Superstars. Every time a player successfully performs one of the following actions: SCORE A TRY, TACKLE or BREAK THROUGH, gain a Team Skill token.",
)
SUPERSTARS_BONUS = Quote(
    "takkure/5.07/8",
    "1x: Before making a roll, add +1 to the attribute you are using for the roll (up to a maximum of +3).",
)
SUPERSTARS_REROLL = Quote("takkure/5.07/9", "3x: Reroll a die (only once per roll).")
SUPERSTARS_CARD = Quote("takkure/5.07/10", "5x: Retrieve an Individual Play card from your discard pile.")

# ---------------------------------------------------------------- kick-off, injuries

KICK_OFF_WHEN = Quote(
    "takkure/5.03/1",
    "The kick-off is the way to put the ball in play. Kick-offs are performed at the start of the game, at the start of the second half, after a TRY, or when a TRY roll is failed.",
)
KICK_START = Quote(
    "takkure/5.03/3",
    "Start of the match: Make a referee roll. The winner DECIDES if they want their team or the opponent's to kick off.",
)
KICK_SECOND_HALF = Quote("takkure/5.03/4", "2nd half: The team that did NOT kick off the ball in the first half.")
KICK_AFTER_TRY = Quote("takkure/5.03/5", "After scoring a try: The coach who received the TRY decides.")
KICK_FAILED_TRY = Quote("takkure/5.03/6", "After failing to score a try: The defending coach decides.")
BEFORE_KICK_OFF = Quote(
    "takkure/5.03/8",
    "Before a kick-off, remove all activation tokens from the players, and both players recover the collective play cards that they would have used.",
)
TEMPLATE = Quote(
    "takkure/5.03/11",
    "The coach of the kicking team places the scatter template anywhere between the opponent's kick-off line and the opponent's in-goal zone, but more than 1\" away from either line and the field's edges.",
)
CATCH_IN_AIR = Quote(
    "takkure/5.03/14",
    'Catching the ball in the air: Once the ball is in place, the players have the opportunity to try to catch that ball in the air. If one or more players are within 2" of the ball, they can attempt to catch it; to do that, make a BaC roll with a -2 modifier. As soon as one player succeeds in the roll, you no longer roll for the rest of the players.',
)
KICK_OFF_DONE = Quote(
    "takkure/5.03/15",
    'Once the kick-off has been completed, the coach who received the ball is now the attacker and must take the activation tokens as explained in "6.03: Time" on page 47.',
)
WOUNDS_INJURE = Quote(
    "takkure/5.04/1",
    "Players can receive WOUND tokens. When the player receives as many WOUND tokens as his BDY value, or suffers Max Fatigue, he is injured.",
)
INJURED_STEPS = Quote("takkure/5.04/2", "When a player is injured, follow these steps:")
INJURED_CARRIER = Quote(
    "takkure/7.01/5",
    "If the player carrying the ball is injured, place the scatter template centered on it, then roll to place the ball.",
)

# ---------------------------------------------------------------- a full match: halves, time

HALVES = Quote(
    "takkure/6.01/1",
    "A full match consists of two halves. Each half ends when the time runs out. Between the first and second half there is a break, during which you can reorganize the strategy and let your players rest.",
)
WINNER = Quote(
    "takkure/6.01/2",
    "The team achieving the most tries until the end of the second half is the winner of the match. In the event of a tie, the match ends in a draw.",
)
HALFTIME = Quote(
    "takkure/6.02/1",
    "Halftime is the pause between the first and the second half. It is a time for the players to rest and the coach to rethink the game strategy. Three things happen during halftime:",
)
HALFTIME_FATIGUE = Quote(
    "takkure/6.02/2",
    "All players remove a fatigue token: Remove a token; you can choose whichever one you want, whether it is active or not.",
)
TIME_START = Quote(
    "takkure/6.03/2",
    "Time dashboard: At the beginning of each half time, place a token representing each team on the box number 5 with the active side facing up.",
)
TIME_USED_UP = Quote(
    "takkure/6.03/3", "While you are the attacker, if you have used up all 4 activation tokens, do the following:"
)
TIME_FLIP = Quote(
    "takkure/6.03/4",
    "If the active side of your Time token is facing up: Flip your time token so that it shows the inactive side, and take the activation tokens.",
)
TIME_DOWN = Quote(
    "takkure/6.03/5",
    "If the inactive side of your Time token is facing up: Move both time tokens one slot downwards and flip them to the active side.",
)
TIME_KEEP = Quote(
    "takkure/6.03/6",
    "Maintaining possession of the ball: If you spent all 4 activation tokens and you kept the ball, that is to say, the opposing team didn't steal the ball from you, then your team is still the attacker and you have to take the activation tokens once again as indicated above.",
)
TIME_UP = Quote(
    "takkure/6.03/7",
    "Time is up: If the coach needs to move the time tokens one box down and already was on box number 1, time is over and the activation tokens are not used again. The current halftime ends. If it was the second half, the match is over.",
)
KICK_OUT = Quote(
    "takkure/6.03/8",
    "Kick the ball out of the field: When the token is in position #1, if the attacking team has the lower score, the coach can decide to kick the ball out of the field (figuratively speaking, just by declaring it) and end the current half immediately. In order to do so, they just need to inform the opponent.",
)
DISPLACE = Quote(
    "takkure/6.04/6",
    "This displacement is always done from the landing spot of the active player and following the shortest route possible.",
)
DISPLACE_DOUBT = Quote(
    "takkure/6.04/7",
    "If in doubt because the active player landed right on top of the defending player (Fig 4), or it is impossible to determine the shortest route, the defending coach chooses where to place the defending player.",
)
REPOSITION = Quote(
    "takkure/6.05/1",
    "Sometimes a situation might come up when the ball or a player can't be placed after a scatter because there is an object preventing it. For example, when a ball scatter lands on a player and it can't be placed.",
)

# ---------------------------------------------------------------- the tables

PASS_TABLE = Table(
    "takkure/2.01/7",
    ("Distance", "Modifier"),
    [('0" to 2"', "+4"), ('2" to 4"', "+2"), ('4" to 8"', "0"), ('+8"', "-2")],
    joiner="",
)

RECEPTION_TABLE = Table(
    "takkure/2.02/2",
    ("Distance", "Modifier"),
    [('0" to 2"', "+2"), ('2" to 4"', "0"), ('4" to 8"', "-2"), ('+8"', "-4")],
    joiner="",
)
