//! Text to positions: the SPEC grammar.
//!
//! ```text
//! SPEC      := COMPONENT ( '+' COMPONENT )*
//! COMPONENT := GAME ' ' POSITION
//! GAME      := 'nim' | 'sub:' NUMBERS | 'graph:' FILE | 'hackenbush' | 'chomp'
//!            | 'divisors' | 'cram' | 'place:' PIECES
//! POSITION  := NUMBERS (heaps, for nim and sub)  |  VERTICES (for graph)
//!            | the family's own syntax (see each module of `games`)
//! NUMBERS   := N ( ',' N )*          VERTICES := NAME ( ',' NAME )*
//! ```
//!
//! Examples: `nim 13,12,8`, `sub:1,3,4 100`, `nim 3 + sub:2,5,8 11`,
//! `graph:moves.txt a`, `hackenbush g-a,a-b,a-c,c-c`, `chomp 8,5,1`,
//! `divisors 12`, `cram 4x5`, `place:0.0,0.1,1.0 4x4`.

use crate::games::{Chomp, DivisorGame, Graph, Hackenbush, Nim, Placement, Subtraction};
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
    /// Adds the game with this parameter (empty when it takes none) to a solver.
    add: fn(&str, &mut Solver) -> Result<u32>,
}

/// Every family a SPEC can name.
pub const FAMILIES: &[Family] = &[
    Family {
        name: "nim",
        parameter: None,
        about: "Nim: take any number of chips from one heap",
        add: |_, solver| solver.add_game("nim", || Ok(Nim)),
    },
    Family {
        name: "sub",
        parameter: Some(("S", "sub:1,3,4")),
        about: "subtraction game: take s chips from one heap, s in the set S",
        add: |set, solver| {
            let game = Subtraction::parse(set)?;
            solver.add_game(&game.name(), || Ok(game))
        },
    },
    Family {
        name: "graph",
        parameter: Some(("FILE", "graph:moves.txt")),
        about: "tokens on the directed graph in FILE (lines 'a -> b c')",
        add: |path, solver| solver.add_game(&format!("graph:{path}"), || Graph::from_file(path)),
    },
    Family {
        name: "hackenbush",
        parameter: None,
        about: "Green Hackenbush: cut an edge; what loses touch with the ground g falls",
        add: |_, solver| solver.add_game("hackenbush", || Ok(Hackenbush)),
    },
    Family {
        name: "chomp",
        parameter: None,
        about: "Chomp: take a square and all right of and above it; (1,1) is poisoned",
        add: |_, solver| solver.add_game("chomp", || Ok(Chomp)),
    },
    Family {
        name: "divisors",
        parameter: None,
        about: "Schuh's divisor game: name a divisor of N, removing its multiples; 1 loses",
        add: |_, solver| solver.add_game("divisors", || Ok(DivisorGame)),
    },
    Family {
        name: "cram",
        parameter: None,
        about: "Cram: place a domino on two empty adjacent cells of the board",
        add: |_, solver| solver.add_game("cram", || Ok(Placement::cram())),
    },
    Family {
        name: "place",
        parameter: Some(("PIECES", "place:0.0,0.1,1.0")),
        about: "place a piece (cells row.col, pieces joined by '|', ':fixed' for no turning)",
        add: |pieces, solver| {
            let game = Placement::parse(pieces)?;
            solver.add_game(&game.name(), || Ok(game))
        },
    },
];

/// Adds the game named `name` (such as `sub:1,3,4`) to the solver; its index.
pub fn game(name: &str, solver: &mut Solver) -> Result<u32> {
    let (family, parameter) = match name.split_once(':') {
        Some((family, parameter)) => (family, Some(parameter)),
        None => (name, None),
    };
    let Some(f) = FAMILIES.iter().find(|f| f.name == family) else {
        let names: Vec<String> = FAMILIES
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
        (None, None) => (f.add)("", solver),
        (None, Some(_)) => Err(invalid!("'{name}': {family} takes nothing after a colon")),
        (Some((placeholder, example)), None | Some("")) => Err(invalid!(
            "'{name}' needs its {placeholder} after a colon, e.g. {example}"
        )),
        (Some(_), Some(parameter)) => (f.add)(parameter, solver),
    }
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
