//! Text to positions: the SPEC grammar.
//!
//! ```text
//! SPEC      := COMPONENT ( '+' COMPONENT )*
//! COMPONENT := GAME ' ' POSITION
//! GAME      := 'nim' | 'sub:' NUMBERS | 'sub-allbut:' NUMBERS | 'octal:' CODE
//!            | 'grundy-game' | 'graph:' FILE | 'hackenbush' | 'chomp' | 'divisors'
//!            | 'cram' | 'place:' PIECES | a named game (kayles, sub-pow2, turtles, …)
//!              (every name: [`families`])
//! POSITION  := NUMBERS (heaps)  |  VERTICES (for graph)
//!            | the family's own syntax (see each module of `games`)
//! NUMBERS   := N ( ',' N )*          VERTICES := NAME ( ',' NAME )*
//! ```
//!
//! Examples: `nim 13,12,8`, `sub:1,3,4 100`, `nim 3 + sub:2,5,8 11`,
//! `graph:moves.txt a`, `kayles 70`, `turtles THTTH`, `northcott W..B,.B.W white`,
//! `hackenbush g-a,a-b,a-c,c-c`, `chomp 8,5,1`, `divisors 12`, `cram 4x5`,
//! `place:0.0,0.1,1.0 4x4`. A game that is played on its own
//! ([`Game::joins_sums`](crate::Game::joins_sums)) is refused in a sum.

use crate::games::moore::Board;
use crate::games::take_break::TakeBreak;
use crate::games::{
    octal, subtraction, Chomp, CoinTurning, DivisorGame, Dynamic, EmptyDivide, Graph, Hackenbush,
    Moore, Nim, Northcott, Placement, Sos, Staircase, ThirtyOne, Wythoff,
};
use crate::solve::sequence::Rules;
use crate::solve::{Solver, Sum};
use crate::{invalid, Result};

/// A family of games as a SPEC names it: `nim`, or `sub:S` with a parameter.
pub struct Family {
    /// The name, before any colon.
    pub name: &'static str,
    /// The parameter written after the colon, as a placeholder and an example, if the
    /// family takes one: `("S", "sub:1,3,4")`.
    pub parameter: Option<(&'static str, &'static str)>,
    /// What the game is, in one line.
    pub about: &'static str,
    kind: Kind,
}

/// How a family makes its game from the parameter.
#[derive(Clone, Copy)]
enum Kind {
    /// A game of its own kind.
    Game(fn(&str, &mut Solver) -> Result<u32>),
    /// A take-and-break heap game: its normalised name and rules.
    Heap(fn(&str) -> Result<(String, Rules)>),
    /// A take-and-break game known by name: its code.
    Code(&'static str),
    /// A subtraction game whose set is given by a rule.
    Rule(fn(u64) -> bool),
}

/// Every family a SPEC can name.
pub fn families() -> Vec<Family> {
    let mut all = vec![
        Family {
            name: "nim",
            parameter: None,
            about: "Nim: take any number of chips from one heap",
            kind: Kind::Game(|_, solver| solver.add_game("nim", || Ok(Nim))),
        },
        Family {
            name: "sub",
            parameter: Some(("S", "sub:1,3,4")),
            about: "subtraction game: take s chips from one heap, s in the finite set S",
            kind: Kind::Heap(subtraction::finite),
        },
        Family {
            name: "sub-allbut",
            parameter: Some(("E", "sub-allbut:1,2")),
            about: "subtraction game: take any number of chips but those in E",
            kind: Kind::Heap(subtraction::all_but),
        },
        Family {
            name: "octal",
            parameter: Some(("CODE", "octal:0.137")),
            about: "take-and-break game by its octal or hexadecimal code",
            kind: Kind::Heap(|code| Ok((format!("octal:{code}"), octal::rules(code)?))),
        },
        Family {
            name: "grundy-game",
            parameter: None,
            about: "Grundy's game: break a heap into two heaps of different sizes",
            kind: Kind::Heap(|_| Ok(("grundy-game".into(), octal::grundy_game()))),
        },
        Family {
            name: "graph",
            parameter: Some(("FILE", "graph:moves.txt")),
            about: "tokens on the directed graph in FILE (lines 'a -> b c')",
            kind: Kind::Game(|path, solver| {
                solver.add_game(&format!("graph:{path}"), || Graph::from_file(path))
            }),
        },
        Family {
            name: "staircase",
            parameter: None,
            about: "Staircase Nim: carry coins from one step to the next lower one (coins on steps 1..n)",
            kind: Kind::Game(|_, solver| solver.add_game("staircase", || Ok(Staircase))),
        },
        Family {
            name: "moore",
            parameter: Some(("K", "moore:2")),
            about: "Moore's Nim_K: take chips from up to K heaps at once",
            kind: Kind::Game(|k, solver| {
                let game = Moore::parse(k, Board::Heaps)?;
                solver.add_game(&game.name(), || Ok(game))
            }),
        },
        Family {
            name: "nimble",
            parameter: None,
            about: "Nimble: slide one coin left on a strip of squares (the coins' squares)",
            kind: Kind::Game(|_, solver| solver.add_game("nimble", || Ok(Moore::new(1, Board::Squares)))),
        },
        Family {
            name: "nimble-k",
            parameter: Some(("K", "nimble-k:2")),
            about: "Nimble sliding up to K coins left at once (Moore's Nim_K in disguise)",
            kind: Kind::Game(|k, solver| {
                let game = Moore::parse(k, Board::Squares)?;
                solver.add_game(&game.name(), || Ok(game))
            }),
        },
        Family {
            name: "turtles",
            parameter: None,
            about: "Turning Turtles: turn a head to tails and maybe one coin to its left (a row like THTTH)",
            kind: Kind::Game(|_, solver| solver.add_game("turtles", || Ok(CoinTurning::TURTLES))),
        },
        Family {
            name: "mock-turtles",
            parameter: None,
            about: "Mock Turtles: turn a head to tails and up to two coins to its left",
            kind: Kind::Game(|_, solver| solver.add_game("mock-turtles", || Ok(CoinTurning::MOCK_TURTLES))),
        },
        Family {
            name: "wythoff",
            parameter: None,
            about: "Wythoff's game: take from one heap, or the same from both (two heaps a,b)",
            kind: Kind::Game(|_, solver| solver.add_game("wythoff", || Ok(Wythoff))),
        },
        Family {
            name: "empty-divide",
            parameter: None,
            about: "Empty and Divide: empty one box, divide the other between both (boxes m,n)",
            kind: Kind::Game(|_, solver| solver.add_game("empty-divide", || Ok(EmptyDivide))),
        },
        Family {
            name: "dynamic",
            parameter: None,
            about: "dynamic subtraction: take at most what the opponent just took (pile n, or n/limit)",
            kind: Kind::Game(|_, solver| solver.add_game("dynamic", || Ok(Dynamic::DYNAMIC))),
        },
        Family {
            name: "fibonacci",
            parameter: None,
            about: "Fibonacci Nim: take at most twice what the opponent just took (pile n, or n/limit)",
            kind: Kind::Game(|_, solver| solver.add_game("fibonacci", || Ok(Dynamic::FIBONACCI))),
        },
        Family {
            name: "thirty-one",
            parameter: None,
            about: "the Thirty-one game: turn cards 1-6 (four of each), never above 31 (cards turned, or -)",
            kind: Kind::Game(|_, solver| solver.add_game("thirty-one", || Ok(ThirtyOne))),
        },
        Family {
            name: "northcott",
            parameter: None,
            about: "Northcott's game, partizan and loopy (rows like W..B,.B.W then white or black to move)",
            kind: Kind::Game(|_, solver| solver.add_game("northcott", || Ok(Northcott))),
        },
        Family {
            name: "sos",
            parameter: None,
            about: "the SOS game: write S or O, first to complete SOS wins, a full board draws (n, or S-O-)",
            kind: Kind::Game(|_, solver| solver.add_game("sos", || Ok(Sos))),
        },
        Family {
            name: "hackenbush",
            parameter: None,
            about: "Green Hackenbush: cut an edge; what loses touch with the ground g falls",
            kind: Kind::Game(|_, solver| solver.add_game("hackenbush", || Ok(Hackenbush))),
        },
        Family {
            name: "chomp",
            parameter: None,
            about: "Chomp: take a square and all right of and above it; (1,1) is poisoned",
            kind: Kind::Game(|_, solver| solver.add_game("chomp", || Ok(Chomp))),
        },
        Family {
            name: "divisors",
            parameter: None,
            about: "Schuh's divisor game: name a divisor of N, removing its multiples; 1 loses",
            kind: Kind::Game(|_, solver| solver.add_game("divisors", || Ok(DivisorGame))),
        },
        Family {
            name: "cram",
            parameter: None,
            about: "Cram: place a domino on two empty adjacent cells of the board",
            kind: Kind::Game(|_, solver| solver.add_game("cram", || Ok(Placement::cram()))),
        },
        Family {
            name: "place",
            parameter: Some(("PIECES", "place:0.0,0.1,1.0")),
            about: "place a piece (cells row.col, pieces joined by '|', ':fixed' for no turning)",
            kind: Kind::Game(|pieces, solver| {
                let game = Placement::parse(pieces)?;
                solver.add_game(&game.name(), || Ok(game))
            }),
        },
    ];
    for &(name, code, about) in octal::NAMED {
        all.push(Family {
            name,
            parameter: None,
            about,
            kind: Kind::Code(code),
        });
    }
    for &(name, about, allowed) in subtraction::RULES {
        all.push(Family {
            name,
            parameter: None,
            about,
            kind: Kind::Rule(allowed),
        });
    }
    all
}

/// The family and parameter of a game name, checked.
fn family(name: &str) -> Result<(Kind, &str)> {
    let (family, parameter) = match name.split_once(':') {
        Some((family, parameter)) => (family, Some(parameter)),
        None => (name, None),
    };
    let all = families();
    let Some(f) = all.iter().find(|f| f.name == family) else {
        let names: Vec<String> = all
            .iter()
            .map(|f| match f.parameter {
                Some((placeholder, _)) => format!("{}:{placeholder}", f.name),
                None => f.name.to_string(),
            })
            .collect();
        return Err(invalid!(
            "unknown game '{name}': expected one of {}",
            names.join(", ")
        ));
    };
    match (f.parameter, parameter) {
        (None, None) => Ok((f.kind, "")),
        (None, Some(_)) => Err(invalid!("'{name}': {family} takes nothing after a colon")),
        (Some((placeholder, example)), None | Some("")) => Err(invalid!(
            "'{name}' needs its {placeholder} after a colon, e.g. {example}"
        )),
        (Some(_), Some(parameter)) => Ok((f.kind, parameter)),
    }
}

/// The normalised name and rules of a take-and-break heap game (`kayles`,
/// `octal:0.137`, `sub:1,3,4`, …), for the heap-sequence engine.
pub fn heap_rules(name: &str) -> Result<(String, Rules)> {
    match family(name)? {
        (Kind::Heap(rules), parameter) => rules(parameter),
        (Kind::Code(code), _) => Ok((name.to_string(), octal::rules(code)?)),
        (Kind::Rule(allowed), _) => Ok((name.to_string(), subtraction::by_rule(allowed))),
        (Kind::Game(_), _) => Err(invalid!(
            "'{name}' is not a take-and-break heap game (octal codes, Grundy's game, subtraction games)"
        )),
    }
}

/// Adds the game named `name` (such as `sub:1,3,4`) to the solver; its index.
pub fn game(name: &str, solver: &mut Solver) -> Result<u32> {
    if let (Kind::Game(add), parameter) = family(name)? {
        return add(parameter, solver);
    }
    let (name, rules) = heap_rules(name)?;
    let max_heap = solver.max_positions() as u64;
    solver.add_game(&name, || Ok(TakeBreak::new(&name, rules, max_heap)))
}

/// Reads a SPEC: parts joined by `+`, each a game and a position.
pub fn parse(spec: &str, solver: &mut Solver) -> Result<Sum> {
    let mut parts = Vec::new();
    for component in spec.split('+') {
        let component = component.trim();
        if component.is_empty() {
            return Err(invalid!(
                "'{spec}' has an empty part: write parts like 'nim 3,4' joined by '+'"
            ));
        }
        let Some((name, position)) = component.split_once(char::is_whitespace) else {
            return Err(invalid!(
                "'{component}' needs a position after the game, e.g. '{component} 7'"
            ));
        };
        let g = game(name, solver)?;
        parts.push(solver.parse_part(g, position.trim())?);
    }
    if parts.len() > 1 {
        if let Some(alone) = parts.iter().find(|p| !solver.joins_sums(p.game)) {
            return Err(invalid!(
                "'{}' is played on its own and cannot be added to other games with '+'",
                solver.game_name(alone.game)
            ));
        }
    }
    Ok(Sum(parts))
}

/// Reads a position of the same games as `current` (one move away, in `play`): the
/// whole SPEC, or, when `current` has one part, just that part's position.
pub fn parse_like(text: &str, current: &Sum, solver: &mut Solver) -> Result<Sum> {
    if let [part] = current.0[..] {
        if let Ok(moved) = solver.parse_part(part.game, text.trim()) {
            return Ok(Sum(vec![moved]));
        }
    }
    parse(text, solver)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(spec: &str) -> String {
        let mut solver = Solver::new(1000);
        let sum = parse(spec, &mut solver).unwrap();
        solver.format(&sum)
    }

    #[test]
    fn specs_read_and_write_back() {
        assert_eq!(round_trip("nim 13,12,8"), "nim 13,12,8");
        assert_eq!(
            round_trip(" nim 3  +  sub:8,2,5 11"),
            "nim 3 + sub:2,5,8 11"
        );
        assert_eq!(round_trip("sub:1,3,4 7,9"), "sub:1,3,4 7,9");
    }

    #[test]
    fn bad_specs_name_the_bad_token() {
        let err = |spec: &str| parse(spec, &mut Solver::new(1000)).unwrap_err().to_string();
        assert!(err("nimm 3").contains("'nimm'"));
        assert!(err("nim 3,-4").contains("'-4'"));
        assert!(err("nim x").contains("'x'"));
        assert!(err("sub: 4").contains("'sub:' needs its S"));
        assert!(err("nim").contains("'nim' needs a position"));
        assert!(err("nim 3 +").contains("empty part"));
        assert!(err("graph:/no/such/file a").contains("cannot read"));
    }
}
