"""Rugby World's special cards (the Appendix) in the book's words: each card's printed heading and the
sentences of its effect, and the packs; quotes.py re-exports them (the checks cite them as its quotes)."""

from referee.rules import Quote

# ---------------------------------------------------------------- the special cards (the Appendix), as data

# Each card's heading as printed (its name and group) and the sentences of its effect; referee.corpus's checks
# read the card's group, when it may be played and what it does from these words.
CARD_HEAD = {
    "bajadita": Quote("rugby-world/argentina/2", "Bajadita Team (collective card):"),
    "rolando-martin": Quote("rugby-world/argentina/3", "Rolando Martin (Backs (1-8)):"),
    "hugo-porta": Quote("rugby-world/argentina/4", "Hugo Porta (Scrum-Half, Fly-Half, Fullback (9-10-15)):"),
    "gonzalo-quesada": Quote("rugby-world/argentina/5", "Gonzalo Quesada (Scrum-Half, Fly-Half, Fullback (9-10-15)):"),
    "waltzing-matilda": Quote("rugby-world/australia/2", "Waltzing Matilda Team (collective card):"),
    "david-campese": Quote("rugby-world/australia/3", "David Campese (Three-Quarters (11-14)):"),
    "john-eales": Quote("rugby-world/australia/4", "John Eales (Backs (1-8)):"),
    "mark-ella": Quote("rugby-world/australia/5", "Mark Ella (Scrum-Half, Fly-Half, Fullback (9-10-15)):"),
    "quarters-world-cup-1991": Quote("rugby-world/canada/2", "Quarters World Cup 1991 Team (collective card):"),
    "gareth-rees": Quote("rugby-world/canada/3", "Gareth Rees (Scrum-Half, Fly-Half, Fullback (9-10-15)):"),
    "pat-palmer": Quote("rugby-world/canada/4", "Pat Palmer (Three Quarters (11-14)):"),
    "chris-tynan": Quote("rugby-world/canada/5", "Chris Tynan (Scrum-Half, Fly-Half, Fullback (9-10-15)):"),
    "twickenham": Quote("rugby-world/england/2", "Twickenham Team (collective card):"),
    "rory-underwood": Quote("rugby-world/england/3", "Rory Underwood (Three-Quarters (11-14)):"),
    "bill-beaumont": Quote("rugby-world/england/4", "Bill Beaumont (Backs (1-8)):"),
    "martin-johnson": Quote("rugby-world/england/5", "Martin Johnson (Backs (1-8)):"),
    "cibi": Quote("rugby-world/fiji/2", "Cibi Team (collective card):"),
    "waisale-serevi": Quote("rugby-world/fiji/3", "Waisale Serevi (Scrum-Half, Fly-Half, Fullback (9-10-15)):"),
    "josefa-levula": Quote("rugby-world/fiji/4", "Josefa Levula (Three-Quarters (11-14)):"),
    "nacanieli-nabaro": Quote("rugby-world/fiji/5", "Nacanieli Nabaro (Backs (1-8)):"),
    "les-coqs": Quote("rugby-world/france/2", "Les Coqs Team (collective card):"),
    "serge-blanco": Quote("rugby-world/france/3", "Serge Blanco (Scrum-Half, Fly-Half, Fullback (9-10-15)):"),
    "philippe-sella": Quote("rugby-world/france/4", "Philippe Sella (Three-Quarters (11-14)):"),
    "jean-pierre-rives": Quote("rugby-world/france/5", "Jean-Pierre Rives (Backs (1-8)):"),
    "drv": Quote("rugby-world/germany/2", "DRV Team (collective card):"),
    "robert-mohr": Quote("rugby-world/germany/3", "Robert Mohr (Backs (1-8)):"),
    "sasha-fischer": Quote("rugby-world/germany/4", "Sasha Fischer (Backs (1-8)):"),
    "hans-botzong": Quote("rugby-world/germany/5", "Hans Botzong (Scrum-Half, Fly-Half, Fullback (9-10-15)):"),
    "one-ireland": Quote("rugby-world/ireland/2", "One Ireland Team (collective card):"),
    "will-mcbride": Quote("rugby-world/ireland/3", "Will McBride (Backs (1-8)):"),
    "mike-gibson": Quote("rugby-world/ireland/4", "Mike Gibson (Three-Quarters (11-14)):"),
    "jackie-kyle": Quote("rugby-world/ireland/5", "Jackie Kyle (Scrum-Half, Fly-Half, Fullback (9-10-15)):"),
    "6-nations-invitation": Quote("rugby-world/italy/2", "6 Nations invitation Team (collective card):"),
    "stefano-bettarello": Quote(
        "rugby-world/italy/3", "Stefano Bettarello (Scrum-Half, Fly-Half, Fullback (9-10-15)):"
    ),
    "diego-dominguez": Quote("rugby-world/italy/4", "Diego Dominguez (Scrum-Half, Fly-Half, Fullback (9-10-15)):"),
    "massimo-giovannelli": Quote("rugby-world/italy/5", "Massimo Giovannelli (Backs (1-8)):"),
    "ragubi-bu": Quote("rugby-world/japan/2", "Ragubi-bu Team (collective card):"),
    "tanaka-ginnosuke": Quote("rugby-world/japan/3", "Tanaka Ginnosuke (Scrum-Half, Fly-Half, Fullback (9-10-15)):"),
    "yoshihito-yoshida": Quote("rugby-world/japan/4", "Yoshihito Yoshida (Three-Quarters (11-14)):"),
    "toshiyuki-hayashi": Quote("rugby-world/japan/5", "Toshiyuki Hayashi (Backs (1-8)):"),
    "haka-ka-mate": Quote("rugby-world/new-zealand/2", "Haka Ka-Mate Team (collective card):"),
    "brian-lochore": Quote("rugby-world/new-zealand/3", "Brian Lochore (Backs (1-8)):"),
    "colin-meads": Quote("rugby-world/new-zealand/4", "Colin Meads (Backs (1-8)):"),
    "jonah-lomu": Quote("rugby-world/new-zealand/5", "Jonah Lomu (Three-Quarters (11-14)):"),
    "siva-tau": Quote("rugby-world/samoa/2", "Siva Tau Team (collective card):"),
    "peter-fatialofa": Quote("rugby-world/samoa/3", "Peter Fatialofa (Backs (1-8)):"),
    "brian-lima": Quote("rugby-world/samoa/4", "Brian Lima (Three-Quarters (11-14)):"),
    "junior-paramore": Quote("rugby-world/samoa/5", "Junior Paramore (Backs (1-8)):"),
    "murrayfield": Quote("rugby-world/scotland/2", "Murrayfield Team (collective card):"),
    "gavin-hastings": Quote("rugby-world/scotland/3", "Gavin Hastings (Scrum-Half, Fly-Half, Fullback (9-10-15)):"),
    "andy-irvine": Quote("rugby-world/scotland/4", "Andy Irvine (Scrum-Half, Fly-Half, Fullback (9-10-15)):"),
    "john-jeffrey": Quote("rugby-world/scotland/5", "John Jeffrey (Backs (1-8)):"),
    "world-cup-1995": Quote("rugby-world/south-africa/2", "World Cup 1995 Team (collective card):"),
    "frik-du-preez": Quote("rugby-world/south-africa/3", "Frik Du Preez (Backs (1-8)):"),
    "morn-du-plessis": Quote("rugby-world/south-africa/4", "Morné Du Plessis (Backs (1-8)):"),
    "naas-botha": Quote("rugby-world/south-africa/5", "Naas Botha (Scrum-Half, Fly-Half, Fullback (9-10-15)):"),
    "olympic-games-1924": Quote("rugby-world/usa/2", "Olympic games 1924 Team (collective card):"),
    "ray-nelson": Quote("rugby-world/usa/3", "Ray Nelson (Scrum-Half, Fly-Half, Fullback (9-10-15)):"),
    "mark-williams": Quote("rugby-world/usa/4", "Mark Williams (Three-Quarters (11-14)):"),
    "dan-lyle": Quote("rugby-world/usa/5", "Dan Lyle (Backs (1-8)):"),
    "land-of-my-fathers": Quote("rugby-world/wales/2", "Land of my Fathers Team (collective card):"),
    "jpr-williams": Quote("rugby-world/wales/3", "JPR Williams (Scrum-Half, Fly-Half, Fullback (9-10-15)):"),
    "barry-john": Quote("rugby-world/wales/4", "Barry John (Scrum-Half, Fly-Half, Fullback (9-10-15)):"),
    "gerald-davies": Quote("rugby-world/wales/5", "Gerald Davies (Three-Quarters (11-14)):"),
}
CARD_EFFECT = {
    "bajadita": Quote(
        "rugby-world/argentina/2",
        "This card can only be played during a Scrum or a Ruck/Maul: it enables the Scrum/Ruck/Maul to move ahead by 7 intersections and to organize the team lineup by hand. Alternatively, it enables the ball to be automatically caught during any line-out.",
    ),
    "rolando-martin": Quote(
        "rugby-world/argentina/3",
        "Any Back tackling alone forces the opposing forward to release the ball, as if there were 3 tackling defenders.",
    ),
    "hugo-porta": Quote(
        "rugby-world/argentina/4",
        "The Fullback or the Scrum-Half or the Fly-Half carrying the ball may broaden the imaginary square given by his token from 5x5 to 7x7, or increase his P value to 20 intersections during the turn.",
    ),
    "gonzalo-quesada": Quote(
        "rugby-world/argentina/5",
        "This card can only be played during a Drop kick or a Penalty kick: it allows the player to re-roll the die if the first result is negative.",
    ),
    "waltzing-matilda": Quote(
        "rugby-world/australia/2",
        "This card can only be played in defence: it permits special defending free moves to be made for 5 consecutive turns, placing the figures at a distance of 1 intersection from the ball instead of 2.",
    ),
    "david-campese": Quote(
        "rugby-world/australia/3",
        "The three-quarters in possession of the ball runs instantly at a speed of 12 (also if still). If his S is lower, during the following turn the speed reduces to this S value.",
    ),
    "john-eales": Quote(
        "rugby-world/australia/4",
        "The Back may broaden the imaginary square given by his token from 5x5 to 9x9, in order to tackle.",
    ),
    "mark-ella": Quote(
        "rugby-world/australia/5",
        "During the turn, the halves or the fullback increase their P value to 20 intersections.",
    ),
    "quarters-world-cup-1991": Quote(
        "rugby-world/canada/2",
        "This card can only be played in defence: it permits special defending free moves to be made for 1 turn, placing the figures at a distance of 1 intersection from the ball instead of 2.",
    ),
    "gareth-rees": Quote(
        "rugby-world/canada/3",
        "This card can only be played during a Drop kick or a Penalty kick: it allows the player to re-roll the die if the first result is negative.",
    ),
    "pat-palmer": Quote(
        "rugby-world/canada/4",
        "The three-quarters in possession of the ball runs instantly at a speed of 7 (also if still). If his S is lower, during the following turn the speed reduces to this S value.",
    ),
    "chris-tynan": Quote(
        "rugby-world/canada/5",
        "During the turn, the halves or the fullback increase their P value to 12 intersections.",
    ),
    "twickenham": Quote(
        "rugby-world/england/2",
        "This card can only be played in defence: it forces the opponent attacker to skip 2 turns. Therefore, defence has 12 consecutive turns at its disposal.",
    ),
    "rory-underwood": Quote(
        "rugby-world/england/3",
        "The three-quarters in possession of the ball runs instantly at a speed of 10 (also if still). If his S is lower, during the following turn the speed reduces to this S value.",
    ),
    "bill-beaumont": Quote(
        "rugby-world/england/4",
        "The Back may broaden the imaginary square given by his token from 5x5 to 9x9, in order to tackle.",
    ),
    "martin-johnson": Quote(
        "rugby-world/england/5",
        "In Touch, the ball is automatically caught even if it has been put in by the opponents.",
    ),
    "cibi": Quote(
        "rugby-world/fiji/2",
        "This card can only be played when in possession of the ball: it blocks the opponents' defensive free moves for 2 turns.",
    ),
    "waisale-serevi": Quote(
        "rugby-world/fiji/3",
        "During the turn, the halves or the fullback increase their P value to 20 intersections.",
    ),
    "josefa-levula": Quote(
        "rugby-world/fiji/4",
        "The three-quarters in possession of the ball runs instantly at a speed of 7 (also if still). If his S is lower, during the following turn the speed reduces to this S value.",
    ),
    "nacanieli-nabaro": Quote(
        "rugby-world/fiji/5",
        "The Back may broaden the imaginary square given by his token from 5x5 to 7x7, in order to tackle.",
    ),
    "les-coqs": Quote(
        "rugby-world/france/2",
        "This card can only be played when in possession of the ball: it forces the opponent defence to skip 2 turns. Therefore, attack has 12 consecutive turns at its disposal.",
    ),
    "serge-blanco": Quote(
        "rugby-world/france/3",
        "The Fullback or the Scrum-Half or the Fly-Half carrying the ball may broaden the imaginary square given by his token from 5x5 to 9x9, or increase his P value to 20 intersections during the turn.",
    ),
    "philippe-sella": Quote(
        "rugby-world/france/4",
        "The three-quarters in possession of the ball becomes immune to 1 Tackle: to stop him, his opponents must tackle him twice. During the first Tackle, the three-quarter can break the lined-up defending opponents, at the same time keeping his token.",
    ),
    "jean-pierre-rives": Quote(
        "rugby-world/france/5",
        "The Back may broaden the imaginary square given by his token from 5x5 to 9x9, in order to tackle.",
    ),
    "drv": Quote(
        "rugby-world/germany/2",
        "This card can only be played when attacking: it blocks the opponents' defensive free moves during the following turn.",
    ),
    "robert-mohr": Quote(
        "rugby-world/germany/3",
        "The Back may broaden the imaginary square given by his token from 5x5 to 7x7, in order to tackle.",
    ),
    "sasha-fischer": Quote(
        "rugby-world/germany/4",
        "Any Back tackling alone can force the opposing forward to release the ball, as in the event of 2 tackling defenders.",
    ),
    "hans-botzong": Quote(
        "rugby-world/germany/5",
        "During the turn, the halves or the fullback increase their P value to 10 intersections.",
    ),
    "one-ireland": Quote(
        "rugby-world/ireland/2",
        "The card can only be played when in possession of the ball: it blocks the opponents' defensive free moves for 3 turns.",
    ),
    "will-mcbride": Quote(
        "rugby-world/ireland/3",
        "The Back tackles and automatically steals the ball.",
    ),
    "mike-gibson": Quote(
        "rugby-world/ireland/4",
        "During the following turn, the three-quarters in possession of the ball runs instantly at a speed of 10 (also if still). If his S is lower, during the following turn his speed reduces to this S value.",
    ),
    "jackie-kyle": Quote(
        "rugby-world/ireland/5",
        "During the turn, the halves or the fullback increase their P value to 20 intersections.",
    ),
    "6-nations-invitation": Quote(
        "rugby-world/italy/2",
        "This card can only be played in defence: it permits special defending free moves to be made for 3 consecutive turns, placing the figures at a distance of 1 intersection from the ball instead of 2.",
    ),
    "stefano-bettarello": Quote(
        "rugby-world/italy/3",
        "During the turn, the halves or the fullback increase their P value to 16 intersections.",
    ),
    "diego-dominguez": Quote(
        "rugby-world/italy/4",
        "This card can only be played during a Drop kick or a Penalty kick: it allows the player to re-roll the die if the first result is negative.",
    ),
    "massimo-giovannelli": Quote(
        "rugby-world/italy/5",
        "The Back may broaden the imaginary square given by his token from 5x5 to 7x7, in order to tackle.",
    ),
    "ragubi-bu": Quote(
        "rugby-world/japan/2",
        "This card can only be played when attacking: it blocks the opponents' defensive free moves for the following turn.",
    ),
    "tanaka-ginnosuke": Quote(
        "rugby-world/japan/3",
        "During the turn, the halves or the fullback increase their P value to 12 intersections.",
    ),
    "yoshihito-yoshida": Quote(
        "rugby-world/japan/4",
        "During the following turn, the three-quarters in possession of the ball runs instantly at a speed of 7 (also if still). If his S is lower, during the following turn his speed reduces to this S value.",
    ),
    "toshiyuki-hayashi": Quote(
        "rugby-world/japan/5",
        "The Back may broaden the imaginary square given by his token from 5x5 to 7x7, in order to tackle.",
    ),
    "haka-ka-mate": Quote(
        "rugby-world/new-zealand/2",
        "This card can only be played when in possession of the ball: it blocks the opponents' defensive free moves for 5 consecutive turns.",
    ),
    "brian-lochore": Quote(
        "rugby-world/new-zealand/3",
        "The Back may broaden the imaginary square given by his token from 5x5 to 9x9, in order to tackle.",
    ),
    "colin-meads": Quote(
        "rugby-world/new-zealand/4",
        "The back tackles and automatically steals the ball.",
    ),
    "jonah-lomu": Quote(
        "rugby-world/new-zealand/5",
        "The three-quarters in possession of the ball becomes immune for 2 Tackles: to stop him, his opponents must tackle him 3 times. During the first 2 Tackles, the three-quarter can break the lined-up defending opponents, at the same time keeping his token.",
    ),
    "siva-tau": Quote(
        "rugby-world/samoa/2",
        "This card can only be played when in possession of the ball: it blocks the opponents' defensive free moves for 2 turns.",
    ),
    "peter-fatialofa": Quote(
        "rugby-world/samoa/3",
        "The Back tackles and steals the ball automatically.",
    ),
    "brian-lima": Quote(
        "rugby-world/samoa/4",
        "The three-quarters in possession of the ball becomes immune for 1 Tackle: to stop him, his opponents must tackle him twice. During the first Tackle, the three-quarter can break the lined-up defending opponents, at the same time keeping his token.",
    ),
    "junior-paramore": Quote(
        "rugby-world/samoa/5",
        "The Back may broaden the imaginary square given by his token from 5x5 to 7x7, in order to tackle.",
    ),
    "murrayfield": Quote(
        "rugby-world/scotland/2",
        "This card can only be played in defence: it permits special defending free moves to be made for 3 consecutive turns, placing the figures at a distance of 1 intersection from the ball instead of 2.",
    ),
    "gavin-hastings": Quote(
        "rugby-world/scotland/3",
        "This card must be played during a Drop kick or a Penalty kick: it allows the player to re-roll the die if the first result is negative.",
    ),
    "andy-irvine": Quote(
        "rugby-world/scotland/4",
        "The Fullback or the Scrum-Half or the Fly-Half carrying the ball may broaden the imaginary square given by his token from 5x5 to 9x9.",
    ),
    "john-jeffrey": Quote(
        "rugby-world/scotland/5",
        "The Back may broaden the imaginary square given by his token from 5x5 to 9x9, in order to tackle.",
    ),
    "world-cup-1995": Quote(
        "rugby-world/south-africa/2",
        "This card can only be played during a Scrum or a Ruck/Maul: it enables the Scrum/Ruck/Maul to move ahead by 10 intersections and to organize the team line-up by hand. Alternatively, it enables the ball to be automatically caught during any line-out.",
    ),
    "frik-du-preez": Quote(
        "rugby-world/south-africa/3",
        "Any Back tackling alone forces the opposing forward to release the ball, as if there were 3 tackling defenders.",
    ),
    "morn-du-plessis": Quote(
        "rugby-world/south-africa/4",
        "The Back may broaden the imaginary square given by his token from 5x5 to 9x9, in order to tackle.",
    ),
    "naas-botha": Quote(
        "rugby-world/south-africa/5",
        "During the turn, the halves or the fullback increase their P value to 20 intersections.",
    ),
    "olympic-games-1924": Quote(
        "rugby-world/usa/2",
        "This card can only be played when attacking: it blocks the opponents' defensive free moves for the following turn.",
    ),
    "ray-nelson": Quote(
        "rugby-world/usa/3",
        "During the turn, the halves or the fullback increase their P value to 12 intersections.",
    ),
    "mark-williams": Quote(
        "rugby-world/usa/4",
        "During the following turn, the three-quarters in possession of the ball instantly runs at a speed of 7 (also if still). If his S is lower, in the following turn the speed reduces to this S value.",
    ),
    "dan-lyle": Quote(
        "rugby-world/usa/5",
        "The Back may broaden the imaginary square given by his token from 5x5 to 7x7, in order to tackle.",
    ),
    "land-of-my-fathers": Quote(
        "rugby-world/wales/2",
        "This card can only be played when in possession of the ball: it blocks the opponents' defensive free moves for 3 turns.",
    ),
    "jpr-williams": Quote(
        "rugby-world/wales/3",
        "The Fullback or the Scrum-Half or the Fly-Half carrying the ball may broaden the imaginary square given by his token from 5x5 to 9x9.",
    ),
    "barry-john": Quote(
        "rugby-world/wales/4",
        "This card can only be played during a Drop kick or a Penalty kick: it allows the player to re-roll the die if the first result is negative.",
    ),
    "gerald-davies": Quote(
        "rugby-world/wales/5",
        "During the following turn, the three-quarters in possession of the ball instantly runs at a speed of 10 (also if still). If his S is lower, in the following turn his speed reduces to this S value.",
    ),
}
PACK = {
    "argentina": Quote("rugby-world/argentina/1", "Scrum pack F = 68"),
    "australia": Quote("rugby-world/australia/1", "Scrum pack F = 69"),
    "canada": Quote("rugby-world/canada/1", "Scrum pack F = 67"),
    "england": Quote("rugby-world/england/1", "Scrum pack F = 70"),
    "fiji": Quote("rugby-world/fiji/1", "Scrum pack F = 68"),
    "france": Quote("rugby-world/france/1", "Scrum pack F = 70"),
    "germany": Quote("rugby-world/germany/1", "Scrum pack F = 67"),
    "ireland": Quote("rugby-world/ireland/1", "Scrum pack F = 68"),
    "italy": Quote("rugby-world/italy/1", "Scrum pack F = 69"),
    "japan": Quote("rugby-world/japan/1", "Scrum pack F = 67"),
    "new-zealand": Quote("rugby-world/new-zealand/1", "Scrum pack F = 70"),
    "samoa": Quote("rugby-world/samoa/1", "Scrum pack F = 69"),
    "scotland": Quote("rugby-world/scotland/1", "Scrum pack F = 68"),
    "south-africa": Quote("rugby-world/south-africa/1", "Scrum pack F = 70"),
    "usa": Quote("rugby-world/usa/1", "Scrum pack F = 67"),
    "wales": Quote("rugby-world/wales/1", "Scrum pack F = 68"),
}
