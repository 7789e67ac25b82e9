//! What the library's tests ask of a SPEC: its value, outcome and winning moves,
//! each from a fresh solver with the default budget.

use grundy::solve::{Solver, Value};
use grundy::Budget;
use grundy::{Outcome, Play};

/// The value of `spec` under `play`.
pub fn value(spec: &str, play: Play) -> Value {
    let mut solver = Solver::new(Budget::default().with_positions(10_000_000));
    let sum = grundy::spec::parse(spec, &mut solver).unwrap();
    solver.value(&sum, play).unwrap()
}

/// The outcome of `spec` under `play`.
pub fn outcome(spec: &str, play: Play) -> Outcome {
    value(spec, play).outcome
}

/// The winning moves of `spec` under `play`, formatted as SPECs, sorted.
pub fn winning(spec: &str, play: Play) -> Vec<String> {
    let mut solver = Solver::new(Budget::default().with_positions(10_000_000));
    let sum = grundy::spec::parse(spec, &mut solver).unwrap();
    let mut moves: Vec<String> = solver
        .winning_moves(&sum, play)
        .unwrap()
        .iter()
        .map(|m| solver.format(m))
        .collect();
    moves.sort();
    moves
}
