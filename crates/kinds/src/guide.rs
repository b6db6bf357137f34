//! How to play each kind, in a player's words: what a seat orders, examples in words and notation, what
//! stays secret, how a phase ends. Drawn from the rule sheets (`shared/rules/*.txt`) and the rulings;
//! the site shows it as the kind's how-to-play page.

/// One kind's how-to-play text. Plain text: the page escapes it.
#[derive(Clone, Copy, Debug)]
pub struct Guide {
    /// What the game is, in a sentence or two.
    pub summary: &'static str,
    /// What a player orders, one point a line.
    pub you_order: &'static [&'static str],
    /// Orders in words beside the notation typed for them.
    pub examples: &'static [Example],
    /// What nobody else sees.
    pub secret: &'static [&'static str],
    /// How a phase ends and the game is won.
    pub phase_end: &'static [&'static str],
}

/// An order in words and in the notation the text box takes.
#[derive(Clone, Copy, Debug)]
pub struct Example {
    pub words: &'static str,
    pub notation: &'static str,
}

const fn example(words: &'static str, notation: &'static str) -> Example {
    Example { words, notation }
}

/// The phases every Diplomacy kind shares (rulings 0.2, 0.3).
const DIPLOMACY_PHASES: &str = "A year is Spring and Fall movement, each followed by retreats when a unit \
     was dislodged, then a Winter of builds and removals; a phase with nothing to decide is skipped.";
const PHASE_CLOSES: &str = "A phase is processed at its deadline, or at once when every player who must \
     order is marked ready. Orders can be changed until then; a player who sends none holds.";
const ORDERS_SECRET: &str =
    "Your orders, until the phase is processed: then every order is published with its result and why.";

/// Moving and supporting, as every Diplomacy kind orders its units (the order page's taps included).
const UNIT_ORDERS: &[&str] = &[
    "Each unit: hold, move to a neighbouring province, support another unit's hold or move, or (a fleet at \
     sea) convoy an army. On the map: tap your unit, then where it goes; tap it twice to hold; tap it, then \
     another unit, then where that unit goes, to support or convoy.",
    "Retreats: a dislodged unit retreats to a free neighbouring province or disbands.",
    "Winter: build on your open home centres (one per centre more than your units) or remove units.",
];

const UNIT_EXAMPLES: &[Example] = &[
    example("Army Vienna moves to Galicia", "A vie - gal"),
    example("Fleet London supports Army Wales to Belgium", "F lon S A wal - bel"),
    example("Fleet North Sea convoys Army London to Belgium", "F nth C A lon - bel"),
    example("Army Serbia retreats to Albania", "A ser R alb"),
    example("Build an army in Paris", "Build A par"),
];

pub(crate) const STANDARD: Guide = Guide {
    summary: "Seven Great Powers of 1901 Europe negotiate, ally and betray; every order is written at the \
              same time and carried out together. No dice: a move succeeds when its support outnumbers \
              the opposition.",
    you_order: UNIT_ORDERS,
    examples: UNIT_EXAMPLES,
    secret: &[
        ORDERS_SECRET,
        "Private press: only the members of a conversation read it. Draw votes and concessions are \
         secret too.",
        "In an anonymous game, which player plays which power.",
    ],
    phase_end: &[
        DIPLOMACY_PHASES,
        PHASE_CLOSES,
        "A power with 18 of the 34 supply centres wins. A draw passes when every surviving power votes \
         for it; the game also ends when every other surviving power concedes to one.",
    ],
};

pub(crate) const COVERT_DIP: Guide = Guide {
    summary: "Standard Diplomacy plus Swiss bank accounts: Fund Diversions (FDs) pay insurgents to deny \
              a neutral centre's build, Covert Intelligence Operations (CIOs) ask the GM questions, and \
              votes give one power the influence to disclose another.",
    you_order: &[
        "Your units, as in Standard Diplomacy.",
        "In the Fall: FDs on neutral centres (one FD each), CIO questions or blocks (one CIO each), and \
         Public Disclosure votes (free, one per FD, may be split).",
        "In the Spring, if you won the influence: the power to disclose.",
        "You earn one FD each Fall while you own a home centre, and one CIO per home centre you own; \
         both are first spent the next Fall.",
    ],
    examples: &[
        example("Army Sevastopol moves to Rumania", "A sev - rum"),
        example("Spend an FD on counter-insurgents in Bulgaria", "FD bul"),
        example("Ask how many FDs Russia holds in Switzerland", "CIO ask c Russia"),
        example("Block Turkey's questions about you", "CIO block Turkey"),
        example("Vote twice for Russia's influence", "VOTE Russia 2"),
        example("Disclose Russia (the influence holder, in Spring)", "DISCLOSE Russia"),
    ],
    secret: &[
        ORDERS_SECRET,
        "Your FD and CIO balances and your covert orders: only you see them, unless you hold four FDs or \
         more (your balance is published each Spring) or you are disclosed (your balance and last Fall's \
         covert orders are published).",
        "Who paid for a counter-insurgency: the Fall results name only the centres.",
        "The answers to your CIO questions come to you alone, with the Fall results.",
    ],
    phase_end: &[
        DIPLOMACY_PHASES,
        "Covert orders given with the Fall moves are carried out when the Fall ends; a centre with \
         counter-insurgents counts for nobody's builds that Winter.",
        PHASE_CLOSES,
        "Victory as in Standard: 18 supply centres.",
    ],
};

pub(crate) const DIPLOBUCKS: Guide = Guide {
    summary: "Standard Diplomacy where powers bribe the GM with Diplobucks (DB): 1000 DB to start, income \
              each Summer and Winter, and a Winter bonus that favours the powers doing badly.",
    you_order: &[
        "Your units, as in Standard Diplomacy.",
        "Bribes, paid when the line is accepted: press rights (100), learn a power's balance (100), see \
         every bribe of the phase (200), convert your unit army ↔ fleet (300), a double unit (500), hold \
         a unit (500), an extra unit (1000, then 300 each Winter), destroy a unit (1200), make a power \
         miss its moves (500 a unit, at most 1500).",
        "Bribes 5 to 9 may be shared: every contributor writes the same line with the shares.",
    ],
    examples: &[
        example("Army Paris moves to Burgundy", "A par - bur"),
        example("Make Army Burgundy a double army", "BRIBE double A bur"),
        example("Learn Germany's balance", "BRIBE learn Germany"),
        example(
            "France and Italy make Turkey miss its moves, paying 800 and 700",
            "BRIBE nmr Turkey: France 800, Italy 700",
        ),
    ],
    secret: &[
        ORDERS_SECRET,
        "Your balance and your bribes: only you (and whoever bribes to learn or see them) know. The \
         public sees a bribe's effect (a unit held, destroyed or converted, a double unit), never its buyer.",
        "Public press needs the press right; private messages are always allowed.",
    ],
    phase_end: &[DIPLOMACY_PHASES, PHASE_CLOSES, "Victory as in Standard: 18 supply centres."],
};

pub(crate) const TERRORISM: Guide = Guide {
    summary: "Standard Diplomacy paid for from a treasury at your capital, with anonymous terrorist groups \
              that levy your enemies, agencies to hide money, and ceded provinces sold as nations by \
              concealed auction.",
    you_order: &[
        "Your units, as in Standard Diplomacy; there is no Winter: build in any turn for 3 on your home \
         provinces, and pay 1 a unit each turn.",
        "Money lines on the same sheet: found a group in another power's province (a six-sided die at most \
         the amount founds it), contribute to a group, levy as its controller, open agencies and transfer \
         to them, cede a province, bid for a nation.",
        "You earn 3 per supply centre each turn (2 while your capital is held).",
    ],
    examples: &[
        example("Fleet North Sea moves to Holland", "F nth - hol"),
        example("Build an army in York", "BUILD A yor"),
        example("Found a group in Munich with 3", "FOUND 3 IN mun AS Bavarian Patriots"),
        example("Give 5 to the group in Burgundy", "CONTRIBUTE 5 TO bur"),
        example("Open an agency and pay 6 into it", "OPEN KGB / TRANSFER 6 TO KGB"),
        example("Bid 10 for a nation on auction", "BID 10 FOR Free Burgundy"),
    ],
    secret: &[
        ORDERS_SECRET,
        "Who founded, contributed to or controls a group, who bid for or owns a nation, and every \
         agency's name and balance.",
        "Treasuries of the powers, nations and groups are public every turn.",
    ],
    phase_end: &[
        "Two turns a year, Spring and Autumn, each with retreats when a unit was dislodged; each turn's \
         money steps run in a fixed order (income, cedes, levies, moves, retreats, builds, contributions, \
         foundings, attrition).",
        PHASE_CLOSES,
        "Victory: 18 supply centres.",
    ],
};

pub(crate) const CABINET: Guide = Guide {
    summary: "Each power is run by a cabinet of three players: a Head of State who negotiates and builds, \
              a General for the armies and an Admiral for the fleets. To everyone outside, it looks like a \
              game without names.",
    you_order: &[
        "General: your power's armies. Admiral: your power's fleets.",
        "Head of State: backup orders for every unit (used where a commander sends none), a disband in a \
         retreat that overrides the commander, and the Winter's builds and removals.",
        "Motions on the sheet: the Head of State relieves a commander with the other's signature; the two \
         commanders depose the Head of State in a coup (naming another Head of State makes a dual \
         monarchy).",
    ],
    examples: &[
        example("Army Paris moves to Burgundy (the General)", "A par - bur"),
        example("Fleet Brest moves to the Mid-Atlantic (the Admiral)", "F bre - mao"),
        example("Relieve the General (the Head of State)", "RELIEVE general"),
        example("A coup naming the Admiral Head of State", "COUP WITH admiral"),
        example("Sign motion 3", "SIGN 3"),
    ],
    secret: &[
        ORDERS_SECRET,
        "Who holds which position: a commander knows his own cabinet's Head of State and counterpart; a \
         Head of State his cabinet and the other Heads of State; the public sees titles only.",
        "Motions are never announced; a successor reads only the press of his own tenure.",
        "A commander writes only to his Head of State, his counterpart and the GM.",
    ],
    phase_end: &[
        DIPLOMACY_PHASES,
        PHASE_CLOSES,
        "A power or dual monarchy with 18 centres wins, all its cabinet together. Draws and concessions \
         are voted by the Heads of State.",
    ],
};

pub(crate) const COVERT_OPERATIONS: Guide = Guide {
    summary: "A daily game of world domination on an 88-country map, for 2 to 30 anonymous players: bribe \
              leaders, smuggle arms, send troops, spies and a superspy, and topple governments.",
    you_order: &[
        "Up to 10 orders are carried out a day, in the order written (10 couriers to start, 7 more a day); \
         the rest wait.",
        "Influence: bribe a country's leader; the most influential player leads it.",
        "As a leader: troops to conquer or defend neighbours, security, industry.",
        "Against others: assassinations, terrorism and revolutions; spies and your superspy to watch.",
    ],
    examples: &[
        example("Bribe the leader of France with 5", "B,FRA,5"),
        example("Smuggle 3 units of arms into France", "A,FRA,3"),
        example("Send 4 of France's troops to conquer Germany", "C,FRA,GER,4"),
        example("Move your superspy to China", "X,CHN"),
        example("Show your position to Germany's leader", "M,GER"),
    ],
    secret: &[
        "Everything about you: which countries you lead, your cash, influence, spies, superspy and orders. \
         The public sees only the day's news (leaders assassinated, governments overthrown, conquests).",
        "Who plays which position, until a player reveals himself with M.",
    ],
    phase_end: &[
        "One phase a day, processed at its deadline or when every player is ready, with the game's \
         seeded dice.",
        "A player with the highest influence in more than half of the countries for two days running wins \
         (everyone is told after the first day), and so does the last player left.",
    ],
};
