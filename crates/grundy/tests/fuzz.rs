//! The fuzz targets of `fuzz/` on stable Rust: proptest mutates the seed corpus
//! (`fuzz/corpus/`: the guide's positions, one per family, the example graphs, a
//! saved sequence) with the bytes and numbers that broke grundy before, and runs
//! each target's body on the result. `FUZZ_CASES` sets the inputs per target
//! (default 2000); libFuzzer runs of the same bodies are `cargo +nightly fuzz run`.

#[path = "../../../fuzz/src/lib.rs"]
mod targets;

use std::path::Path;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

/// Bytes and tokens worth inserting: separators of every syntax, control
/// characters, invalid UTF-8, and numbers at the edges of what types hold.
const PIECES: &[&str] = &[
    ",",
    " ",
    "+",
    ":",
    ".",
    "x",
    "/",
    "(",
    ")",
    "-",
    "@",
    "#",
    "\n",
    "\u{b}",
    "\u{1b}[31m",
    "\u{ff}",
    "0",
    "1",
    "7",
    "64",
    "255",
    "65536",
    "4294967296",
    "9223372036854775808",
    "18446744073709551615",
    "99999999999999999999999",
    " + nim 3",
    " without ",
    "->",
    "g-",
    "H",
    "T",
    "W",
    "B",
    "S",
    "O",
    "..",
    "1e9",
    "-1",
];

/// The seed corpus of `target`.
fn seeds(target: &str) -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target);
    let mut seeds: Vec<Vec<u8>> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| std::fs::read(entry.expect("an entry").path()).expect("a seed"))
        .collect();
    seeds.sort();
    assert!(!seeds.is_empty(), "no seeds for {target}");
    seeds
}

/// One change to an input.
#[derive(Clone, Debug)]
enum Mutation {
    Insert(usize, &'static str),
    Delete(usize, usize),
    Repeat(usize, usize, usize),
    Replace(usize, u8),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), prop::sample::select(PIECES)).prop_map(|(at, s)| Mutation::Insert(at, s)),
        (any::<usize>(), 1..8usize).prop_map(|(at, n)| Mutation::Delete(at, n)),
        (any::<usize>(), 1..6usize, 1..40usize).prop_map(|(at, n, k)| Mutation::Repeat(at, n, k)),
        (any::<usize>(), any::<u8>()).prop_map(|(at, b)| Mutation::Replace(at, b)),
    ]
}

fn apply(mut bytes: Vec<u8>, m: &Mutation) -> Vec<u8> {
    let at = |i: usize, len: usize| if len == 0 { 0 } else { i % (len + 1) };
    match *m {
        Mutation::Insert(i, s) => {
            let i = at(i, bytes.len());
            bytes.splice(i..i, s.bytes());
        }
        Mutation::Delete(i, n) => {
            let i = at(i, bytes.len());
            let end = (i + n).min(bytes.len());
            bytes.drain(i..end);
        }
        Mutation::Repeat(i, n, k) => {
            let i = at(i, bytes.len());
            let end = (i + n).min(bytes.len());
            let piece = bytes[i..end].to_vec();
            for _ in 0..k {
                bytes.splice(end..end, piece.iter().copied());
            }
        }
        Mutation::Replace(i, b) => {
            if !bytes.is_empty() {
                let i = i % bytes.len();
                bytes[i] = b;
            }
        }
    }
    bytes
}

/// A seed of `target` changed by up to six mutations, or random bytes.
fn inputs(target: &str) -> BoxedStrategy<Vec<u8>> {
    let mutated = (
        prop::sample::select(seeds(target)),
        prop::collection::vec(mutation(), 0..6),
    )
        .prop_map(|(seed, changes)| changes.iter().fold(seed, apply));
    prop_oneof![
        8 => mutated,
        1 => prop::collection::vec(any::<u8>(), 0..64),
    ]
    .boxed()
}

/// Runs `body` on `FUZZ_CASES` inputs for `target`.
fn fuzz(target: &str, body: fn(&[u8])) {
    let cases = std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(2000);
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    // Panics are caught and reported with their input, not printed as they happen.
    std::panic::set_hook(Box::new(|_| {}));
    let result = runner.run(&inputs(target), |input| {
        if let Err(panic) = std::panic::catch_unwind(|| body(&input)) {
            let message = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            let input = String::from_utf8_lossy(&input);
            return Err(TestCaseError::fail(format!(
                "{target} on {input:?}: {message}"
            )));
        }
        Ok(())
    });
    let _ = std::panic::take_hook();
    if let Err(e) = result {
        panic!("{e}");
    }
    println!("{target}: {cases} inputs, no failure");
}

#[test]
fn spec() {
    fuzz("spec", targets::spec);
}

#[test]
fn family() {
    fuzz("family", targets::family);
}

#[test]
fn graph_file() {
    fuzz("graph_file", targets::graph_file);
}

#[test]
fn resume_file() {
    fuzz("resume_file", targets::resume_file);
}
