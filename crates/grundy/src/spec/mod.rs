//! Text to positions: the SPEC grammar.
//!
//! ```text
//! SPEC      := COMPONENT ( '+' COMPONENT )*
//! COMPONENT := GAME ' ' POSITION
//! GAME      := 'nim' | 'sub:' NUMBERS | 'sub-allbut:' NUMBERS | 'octal:' CODE
//!            | 'grundy-game' | 'graph:' FILE | 'hackenbush' | 'chomp' | 'divisors'
//!            | 'cram' | 'place:' PIECES | a named game (kayles, sub-pow2, turtles, …)
//!              (every name: [`FAMILIES`](crate::games::FAMILIES))
//! POSITION  := NUMBERS (heaps)  |  VERTICES (for graph)
//!            | the family's own syntax (see each module of `games`)
//! NUMBERS   := N ( ',' N )*          VERTICES := NAME ( ',' NAME )*
//! ```
//!
//! Examples: `nim 13,12,8`, `sub:1,3,4 100`, `nim 3 + sub:2,5,8 11`,
//! `graph:moves.txt a`, `kayles 70`, `turtles THTTH`, `northcott W..B,.B.W white`,
//! `hackenbush g-a,a-b,a-c,c-c`, `chomp 8,5,1`, `divisors 12`, `cram 4x5`,
//! `place:0.0,0.1,1.0 4x4`. A game that is played on its own
//! ([`Capabilities::alone`](crate::Capabilities::alone)) is refused in a sum.

use crate::games::take_break::{HeapRules, TakeBreak};
use crate::games::{Family, Make, FAMILIES};
use crate::solve::{GameBox, Solver, Sum};
use crate::{invalid, Result};

/// The family and parameter of a game name, checked.
pub fn family(name: &str) -> Result<(&'static Family, &str)> {
    let (family, parameter) = match name.split_once(':') {
        Some((family, parameter)) => (family, Some(parameter)),
        None => (name, None),
    };
    let Some(f) = FAMILIES.iter().find(|f| f.name == family) else {
        return Err(unknown_game(name, family));
    };
    match (f.parameter, parameter) {
        (None, None) => Ok((f, "")),
        (None, Some(_)) => Err(invalid!("'{name}': {family} takes nothing after a colon")),
        (Some((placeholder, example)), None | Some("")) => Err(invalid!(
            "'{name}' needs its {placeholder} after a colon, e.g. {example}"
        )),
        (Some(_), Some(parameter)) => Ok((f, parameter)),
    }
}

/// The error of a game name that names no family: the families spelt within two
/// edits of it (one for names of four letters or fewer), or else a few examples and how many there are (the whole list is
/// longer than a sentence).
fn unknown_game(name: &str, family: &str) -> crate::Error {
    let close: Vec<String> = FAMILIES
        .iter()
        .filter(|f| {
            edits(&family.to_ascii_lowercase(), f.name) <= 1 + usize::from(f.name.len() > 4)
        })
        .map(Family::syntax)
        .take(3)
        .collect();
    match close.split_last() {
        Some((last, [])) => invalid!("unknown game '{name}': did you mean {last}?"),
        Some((last, others)) => invalid!(
            "unknown game '{name}': did you mean {} or {last}?",
            others.join(", ")
        ),
        None => invalid!(
            "unknown game '{name}': expected one of the {} families, such as nim, kayles, octal:CODE, sub:S, chomp or hackenbush",
            FAMILIES.len()
        ),
    }
}

/// The error of a part written without a space: a game with no position
/// (`kayles`), a game run into its position (`kayles10`, did you mean `kayles
/// 10`?), or an unknown game.
fn no_position(component: &str) -> crate::Error {
    let Err(unknown) = family(component) else {
        return invalid!("'{component}' needs a position after the game, e.g. '{component} 7'");
    };
    let run_into = FAMILIES
        .iter()
        .filter(|f| f.parameter.is_none())
        .filter_map(|f| Some((f.name, component.strip_prefix(f.name)?)))
        .filter(|(_, rest)| rest.starts_with(|c: char| c.is_ascii_digit()))
        .max_by_key(|(name, _)| name.len());
    match run_into {
        Some((name, rest)) => invalid!(
            "unknown game '{component}': did you mean '{name} {rest}', the game and its position?"
        ),
        None => unknown,
    }
}

/// The edit (Levenshtein) distance between `a` and `b`.
fn edits(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substituted = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substituted.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[b.len()]
}

/// The normalised name and rules of a take-and-break heap game (`kayles`,
/// `octal:0.137`, `sub:1,3,4`, …), for the heap-sequence engine.
pub fn heap_rules(name: &str) -> Result<HeapRules> {
    match family(name)? {
        (Family { make: Make::Heap(make), .. }, parameter) => make(parameter),
        _ => Err(invalid!(
            "'{name}' is not a take-and-break heap game (octal codes, Grundy's game, subtraction games)"
        )),
    }
}

/// Adds the game named `name` (such as `sub:1,3,4`) to the solver; its index. A
/// game the solver holds already under that name (one added by the caller, such as
/// a game of one's own) is used as it is.
pub fn game(name: &str, solver: &mut Solver) -> Result<u32> {
    if let Some(index) = solver.game_index(name) {
        return Ok(index);
    }
    let game = match family(name)? {
        (
            Family {
                make: Make::Game(make),
                ..
            },
            parameter,
        ) => make(parameter)?,
        (
            Family {
                make: Make::Heap(make),
                ..
            },
            parameter,
        ) => {
            let heap = make(parameter)?;
            let budget = solver.budget().clone();
            GameBox::new(heap.name.clone(), TakeBreak::new(heap, budget))
        }
    };
    Ok(solver.add(game))
}

/// Reads a SPEC: parts joined by `+`, each a game and a position.
pub fn parse(spec: &str, solver: &mut Solver) -> Result<Sum> {
    parse_noted(spec, solver).map(|(sum, _)| sum)
}

/// Reads a SPEC, with what reading it changed at once as the rules say (edges of a
/// Hackenbush drawing not joined to the ground fall away), one sentence a change.
pub fn parse_noted(spec: &str, solver: &mut Solver) -> Result<(Sum, Vec<String>)> {
    let mut parts = Vec::new();
    let mut notes = Vec::new();
    for component in spec.split('+') {
        let component = component.trim();
        if component.is_empty() {
            return Err(invalid!(
                "'{spec}' has an empty part: write parts like 'nim 3,4' joined by '+'"
            ));
        }
        let Some((name, position)) = component.split_once(char::is_whitespace) else {
            return Err(no_position(component));
        };
        let g = game(name, solver)?;
        parts.push(solver.parse_part(g, position.trim())?);
        notes.extend(solver.reading_notes(g, position.trim()));
    }
    if parts.len() > 1 {
        if let Some(alone) = parts.iter().find(|p| !solver.joins_sums(p.game)) {
            return Err(invalid!(
                "'{}' is played on its own and cannot be added to other games with '+'",
                solver.game_name(alone.game)
            ));
        }
    }
    Ok((Sum(parts), notes))
}

/// Reads a position of the same games as `current` (one move away, in `play`): the
/// whole SPEC, or, when `current` has one part, just that part's position.
pub fn parse_like(text: &str, current: &Sum, solver: &mut Solver) -> Result<Sum> {
    if let [part] = current.0[..] {
        let text = text.trim();
        match solver.parse_part(part.game, text) {
            Ok(moved) => return Ok(Sum(vec![moved])),
            // One word is the part's position: its game says what is wrong with it.
            Err(e) if !text.contains(|c: char| c.is_whitespace() || c == '+') => return Err(e),
            Err(_) => {}
        }
    }
    parse(text, solver)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(spec: &str) -> String {
        let mut solver = Solver::new(crate::Budget::default().with_positions(1000));
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

    /// The error of reading `spec`.
    fn err(spec: &str) -> String {
        let budget = crate::Budget::default().with_positions(1000);
        parse(spec, &mut Solver::new(budget))
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn bad_specs_name_the_bad_token() {
        assert!(err("nimm 3").contains("'nimm'"));
        assert!(err("nim 3,-4").contains("'-4'"));
        assert!(err("nim x").contains("'x'"));
        assert!(err("sub: 4").contains("'sub:' needs its S"));
        assert!(err("nim").contains("'nim' needs a position"));
        assert!(err("nim 3 +").contains("empty part"));
        assert!(err("graph:/no/such/file a").contains("cannot read"));
    }

    #[test]
    fn an_unknown_game_is_met_with_the_close_names_in_one_short_sentence() {
        assert_eq!(err("nimm 3"), "unknown game 'nimm': did you mean nim?");
        assert_eq!(err("Kayle 3"), "unknown game 'Kayle': did you mean kayles?");
        assert_eq!(
            err("octl:0.7 3"),
            "unknown game 'octl:0.7': did you mean octal:CODE?"
        );
        let e = err("zebra 3");
        assert!(
            e.starts_with("unknown game 'zebra': expected one of the "),
            "{e}"
        );
        // No file of the repository is named: the sentence reaches the page too.
        assert!(e.ends_with("chomp or hackenbush"), "{e}");
        assert!(e.chars().count() < 200, "{e}");
        let long = "x".repeat(1000);
        let e = err(&format!("{long} 3"));
        assert!(e.chars().count() < 250, "{e}");
        assert!(e.contains(&format!("'{}…'", "x".repeat(59))), "{e}");
        assert_eq!(edits("kitten", "sitting"), 3);
        assert_eq!(edits("", "nim"), 3);
    }
}
