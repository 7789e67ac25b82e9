//! The home page's list: every family of the registry ([`grundy::games::FAMILIES`])
//! with its rules, and the playground's own choice of a starting position for each,
//! in the order of the notes.

use grundy::games::FAMILIES;
use serde::Serialize;

/// A family as the home page shows it.
#[derive(Serialize, Debug)]
pub struct FamilyEntry {
    /// The family's name in a SPEC (`nim`, `sub`).
    pub name: &'static str,
    /// How it is written (`sub:S`).
    pub syntax: String,
    /// The heading it is listed under.
    pub group: &'static str,
    /// One line of rules, from the registry.
    pub about: &'static str,
    /// A starting position to click.
    pub start: &'static str,
    /// The graph of the start, for graph games (lines of a graph file).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub graph: Option<&'static str>,
}

/// A small acyclic graph: the playground's graph game to start with.
pub const START_GRAPH: &str = "a -> b c\nb -> d\nc -> d e\nd -> e\ne ->\nf -> a c\n";

/// (family, group, starting position), in the order of the notes.
pub const STARTS: &[(&str, &str, &str)] = &[
    ("nim", "Nim", "nim 3,4,5"),
    ("sub", "Subtraction games", "sub:1,2,3 21"),
    ("sub-allbut", "Subtraction games", "sub-allbut:1,2 12"),
    ("sub-pow2", "Subtraction games", "sub-pow2 14"),
    ("sub-squares", "Subtraction games", "sub-squares 20"),
    ("sub-primes", "Subtraction games", "sub-primes 16"),
    ("octal", "Take-and-break games", "octal:0.137 12"),
    ("kayles", "Take-and-break games", "kayles 10"),
    ("dawson-kayles", "Take-and-break games", "dawson-kayles 10"),
    ("dawson-chess", "Take-and-break games", "dawson-chess 9"),
    ("treblecross", "Take-and-break games", "treblecross 9"),
    ("guiles", "Take-and-break games", "guiles 10"),
    ("officers", "Take-and-break games", "officers 10"),
    ("grundy-game", "Take-and-break games", "grundy-game 10"),
    (
        "hackenbush",
        "Hackenbush",
        "hackenbush g-a,a-b,a-c,c-c,g-d,d-e,e-g",
    ),
    ("chomp", "Chomp and the divisor game", "chomp 5x4"),
    ("divisors", "Chomp and the divisor game", "divisors 72"),
    ("cram", "Cram and placement", "cram 4x4"),
    ("place", "Cram and placement", "place:0.0,0.1,1.0 4x5"),
    ("staircase", "Staircase Nim", "staircase 3,2,4,1"),
    ("moore", "Moore's Nim", "moore:2 3,5,6,7"),
    ("nimble", "Nimble", "nimble 2,5,7,9"),
    ("nimble-k", "Nimble", "nimble-k:2 2,5,7,9"),
    ("turtles", "Turning Turtles", "turtles THTTHHTH"),
    ("mock-turtles", "Turning Turtles", "mock-turtles HTTHTHH"),
    (
        "northcott",
        "Northcott's game",
        "northcott W...B,.B..W.,W.B white",
    ),
    ("empty-divide", "Empty and Divide", "empty-divide 4,7"),
    ("dynamic", "Dynamic subtraction", "dynamic 20"),
    ("fibonacci", "Fibonacci Nim", "fibonacci 20"),
    ("thirty-one", "Thirty-one", "thirty-one -"),
    ("sos", "The SOS game", "sos 7"),
    ("wythoff", "Wythoff's game", "wythoff 7,10"),
    ("graph", "Graph games", "graph:inline f"),
    (
        "square-but-one",
        "Games with cycles",
        "square-but-one 14 + square-but-one 2",
    ),
    ("take-add", "Games with cycles", "take-add:2,3/1/10 4,1"),
];

/// Every family of the registry with its group and starting position; a family
/// added to the registry without a start here is listed with its example under
/// "More games".
pub fn list() -> Vec<FamilyEntry> {
    let mut entries = Vec::new();
    for &(name, group, start) in STARTS {
        let Some(family) = FAMILIES.iter().find(|f| f.name == name) else {
            continue;
        };
        entries.push(FamilyEntry {
            name,
            syntax: family.syntax(),
            group,
            about: family.about,
            start,
            graph: (name == "graph").then_some(START_GRAPH),
        });
    }
    for family in FAMILIES {
        if STARTS.iter().all(|&(name, _, _)| name != family.name) {
            entries.push(FamilyEntry {
                name: family.name,
                syntax: family.syntax(),
                group: "More games",
                about: family.about,
                start: "",
                graph: None,
            });
        }
    }
    entries
}
