"""Takkure's words its checks cite, each with the entry it is in, and its two tables (verbatim: the build checks)."""

from referee.rules import Quote, Table

NO_PASS_AHEAD = Quote("takkure/2.01/1", "Keep in mind that you can't pass the ball to a player ahead of you.")
CORE_PASS = Quote("takkure/0.01/8", "You cannot pass a ball to a player who is ahead of you.")
CARRIER_PASSES = Quote("takkure/2.01/1", "In order for a player to perform a PASS, it must be the ball carrier.")
BEST_MODIFIER = Quote(
    "takkure/2.01/6",
    "Only one modifier is applied; in case the distance is just between 2 values, apply the best modifier.",
)
RECEPTION_BEST = Quote(
    "takkure/2.02/3",
    "Only one modifier is applied; in case the distance is just between 2 values, apply the best modifier.",
)
GROUND_MINUS_2 = Quote(
    "takkure/3.03/2",
    "Passes from the ground receive a -2 modifier to the BaC, in addition to any modifiers it may have for distance.",
)
GROUND_8 = Quote("takkure/3.03/3", 'You cannot throw a pass from the ground further than 8".')
GROUND_NO_SECOND = Quote(
    "takkure/3.03/4",
    "If you decide to do this, the player will not be able to perform a second action on this activation.",
)
PRESSURE = Quote(
    "takkure/1.06/3",
    "Attacking players affected by PRESSURE suffer a -1 modifier to the value of the characteristic associated with the second action they execute during this activation.",
)
PRESSURE_STACKS = Quote("takkure/1.06/4", "pressure modifiers are stackable.")
MODIFIER_EXAMPLE = Quote("takkure/1.16/6", "Player's Ball Control total: 7 + 2 - 1 = 8")
TACKLE_CARRIER = Quote(
    "takkure/tackle/2", "you can only TACKLE the player with the ball, WHETHER THEY ARE THE ACTIVE PLAYER OR NOT."
)
TACKLE_GROUND = Quote("takkure/tackle/4", "You cannot tackle a player on the ground.")
CORE_TACKLE = Quote("takkure/0.01/9", "You can only tackle the player carrying the ball")
DODGE_WHEN = Quote(
    "takkure/dodge/2", "You can only DODGE if a defending player has declared a TACKLE action against this player."
)
BREAK_WHEN = Quote(
    "takkure/break-through/1",
    "You can only BREAK THROUGH if a defending player has declared a TACKLE action against this player.",
)
BREAK_CARRIER = Quote("takkure/break-through/1", "Only the ball carrier can BREAK THROUGH.")
STEAL_WAYS = Quote(
    "takkure/3.06/2",
    "You can steal the ball in three ways: when the ball is on the ground and is not in the possession of any player (loose ball), held by an attacking player who is GROUNDED, or in the air (pass interception).",
)
STEAL_NOT_STANDING = Quote(
    "takkure/3.06/2", "But you cannot try to steal the ball from an active player who is NOT GROUNDED."
)
GROUNDED_ONLY_STAND = Quote(
    "takkure/3.01/2",
    "A player with this token cannot perform actions normally. You can only perform the STAND UP action.",
)
GROUNDED_CARRIER = Quote(
    "takkure/3.01/2",
    "The exception is when the GROUNDED player is the ball carrier: it cannot STAND UP. Instead it can throw a PASS FROM THE GROUND.",
)
FATIGUE_1 = Quote("takkure/4.01/7", "1 Fatigue: The player loses both its Position Skills and its Training skills.")
FATIGUE_2 = Quote("takkure/4.01/8", "2 Fatigue: The player can only perform one MOV action per activation.")
FATIGUE_3 = Quote("takkure/4.01/9", "3 Fatigue: The player has a -1 modifier to STR, BaC, REF and INT.")
FATIGUE_CUMULATIVE = Quote("takkure/4.01/10", "Remember that these effects are cumulative")
FATIGUE_INACTIVE = Quote(
    "takkure/4.01/11",
    "When a token is deactivated, it continues to occupy a space, but the adverse effect is not applied.",
)
MAX_FATIGUE = Quote("takkure/4.02/1", "When the player receives the fourth token, he is injured.")
TRY_SECOND_BAC = Quote("takkure/4.04/2", "Make a roll using the second BaC value.")
TRY_FATIGUE = Quote(
    "takkure/4.04/4",
    "For each fatigue token, whether active or not, that the carrier player has, you have a -1 modifier to the BaC on a SCORE roll.",
)
TRY_PRESSURE = Quote(
    "takkure/4.04/5", "The BaC is affected by a player PRESSURING you and any other applicable modifier."
)
UNOPPOSED = Quote(
    "takkure/1.14/2",
    "If it is equal or lower, it is a successful roll. If it's higher, it's a fail and the action is not executed.",
)
CRITICAL_FUMBLE = Quote(
    "takkure/1.17/1",
    "If you roll a 1 on a die, it is considered a critical success. And if you roll a 12, it is considered a fumble.",
)
CRITICAL_WINS = Quote(
    "takkure/1.17/2", "A critical roll always wins the roll regardless of whether the other rolls are higher."
)
CRITICAL_TIE = Quote("takkure/1.17/2", "If several players have critical successes it is considered a tie.")
FUMBLE = Quote("takkure/1.17/3", "Fumble: A 12 on a die is always a miss, regardless of the characteristic's value.")
F2F_ALL_FAIL = Quote("takkure/1.15/2", "If all fail: Exactly that, all fail.")
F2F_ONE = Quote(
    "takkure/1.15/3", "If only one is successful: That player is the winner of the roll, and his action is successful."
)
F2F_SEVERAL = Quote("takkure/1.15/4", "the player that rolled the highest value is the winner")
F2F_TIE = Quote(
    "takkure/1.15/5",
    "Tie: Several players are successful and their dice results are the same. In that case no effect is applied as a result of the action.",
)
MELEE_WHEN = Quote(
    "takkure/3.08/3",
    "When a player performs the SCORE A TRY action and there are several defending players performing the TACKLE action against him.",
)
MELEE = Quote(
    "takkure/3.08/4",
    "the winner will be the player who succeeds in the roll and gets the highest value among the successes (or a critical).",
)
MELEE_TIE = Quote(
    "takkure/3.08/5",
    "In the event that several players tie for the best roll, make a new face-to-face roll between those players to determine who succeeds.",
)
EXTRA_DICE = Quote("takkure/4.06/2", "Add those dice to a roll. Roll them and choose one; ignore the rest.")
SKILLS_LOST = Quote("takkure/4.05/8", "Remember that these skills are lost while you have a fatigue token.")
PASS_SUCCESS = Quote(
    "takkure/2.01/9",
    "If you are successful: The ball reaches the receiving player. Place the ball on the receiver's card.",
)
PASS_MISS = Quote("takkure/2.01/10", "If you miss an unopposed roll: The receiving player makes a BALL RECEPTION roll.")
PASS_CRITICAL = Quote("takkure/2.01/11", 'The receiving player may then make a move of up to 2".')
RECEPTION_SUCCESS = Quote(
    "takkure/2.02/4", "If you are successful: The pass succeeds. The pass receiver becomes the ball carrier."
)
RECEPTION_MISS = Quote(
    "takkure/2.02/5", "If you miss: The ball falls to the ground and you must make a scatter roll off the pass target."
)
GROUND_CANCELLED = Quote(
    "takkure/3.03/3",
    'if the receiving player is more than 8" away, his roll is considered to have been cancelled, with which there is no PASS or RECEPTION OF THE BALL.',
)
TACKLE_SUCCESS = Quote(
    "takkure/1.21/4",
    "If you are successful: The defending player is placed in contact with the active player following the shortest path possible (Fig 1). Both players are GROUNDED, and the player being tackled makes an ENDURANCE roll.",
)
TACKLE_FAIL = Quote(
    "takkure/1.21/5",
    "If you fail: Roll REF. If you fail, the tackling player is GROUNDED and must make an ENDURANCE roll.",
)
TACKLE_CRITICAL = Quote(
    "takkure/1.21/7",
    "If success is critical: Same as success, but the player being tackled takes a wound token without rolling ENDURANCE.",
)
DODGE_SUCCESS = Quote("takkure/dodge/4", 'If you are successful: Move 2" in any direction.')
DODGE_FAIL = Quote("takkure/dodge/5", "If you fail: No adverse effect.")
DODGE_CRITICAL = Quote("takkure/dodge/6", 'If it is a critical success: Move 4" in any direction instead.')
BREAK_SUCCESS = Quote(
    "takkure/break-through/3", "If successful: The tackling player is GROUNDED and makes an ENDURANCE roll."
)
BREAK_FAIL = Quote("takkure/break-through/4", "If you fail: No adverse effect.")
BREAK_CRITICAL = Quote(
    "takkure/break-through/5", "If success is critical: The tackling player is GROUNDED and receives a WOUND."
)
STEAL_LOOSE = Quote(
    "takkure/3.06/3", "Loose ball: If you are in contact with the ball, make a BaC roll with a +4 modifier."
)
STEAL_GROUNDED = Quote(
    "takkure/3.06/4",
    "Held by an attacking player who is on the ground: If you are in contact with a GROUNDED ball carrier, make a BaC roll.",
)
STEAL_AIR = Quote("takkure/3.06/5", "make an uncontested BaC roll with a -2 modifier.")
STEAL_GROUNDED_STEALER = Quote("takkure/3.06/4", "A GROUNDED player cannot perform this action.")
STOLEN = Quote(
    "takkure/3.06/6",
    "Remember that if the ball is STOLEN, at the end of the current activation, the attacking coach must discard any remaining activation tokens. Then that coach becomes the defending coach and vice versa.",
)
TRY_WHERE = Quote(
    "takkure/4.04/2",
    "A player carrying the ball whose base is partially within the in-goal zone may attempt to SCORE A TRY.",
)
TRY_SCORED = Quote("takkure/4.04/8", "If you pass the roll: Congratulations, you successfully scored.")
TRY_MISSED = Quote("takkure/4.04/9", "If you miss: Perform a Kick-off (see page 34 as printed).")
PRIORITY = Quote(
    "takkure/0.02/1", "A rule in an ability, card, team, FAQ, or expansion takes precedence over this rulebook."
)

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
