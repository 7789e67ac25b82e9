//! Cram's pruned nimber search beside igsolve (P. Beling's impartial-game solver,
//! the fastest published one for Cram) on the same machine in the same run: 5×7,
//! 4×9, 5×8 and 4×11, each board solved from nothing in a process of its own, so
//! that its time and peak memory are its own. The nimbers are checked against the
//! published table.
//!
//! `cargo bench -p grundy --bench cram` installs igsolve from crates.io into a
//! temporary folder (once; `IGSOLVE=/path/to/igsolve` uses another) and prints, for
//! each board, the nimber, grundy's time and peak memory, igsolve's time and their
//! ratio. `CRAM_BOARDS=5x7,4x9` picks the boards.

mod published;

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use grundy::games::Placement;
use grundy::{Game, OwnSearch};

/// The boards of the comparison, with their published nimbers.
const BOARDS: &[(&str, u64)] = &[("5x7", 1), ("4x9", 1), ("5x8", 1), ("4x11", 1)];

/// Solves one board in this process and prints its nimber, seconds and peak memory.
fn solve_here(board: &str) {
    let game = Placement::cram();
    let p = game.parse_position(board).expect("a board");
    let start = Instant::now();
    let mut k = 0;
    while !game.has_nimber(&p, k, usize::MAX).expect("no budget") {
        k += 1;
    }
    let seconds = start.elapsed().as_secs_f64();
    println!("{k} {seconds} {}", peak_memory_kib().unwrap_or(0));
}

/// The peak resident memory of this process (Linux), in KiB.
fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// igsolve's nimber and time for a board (its default settings: no endgame
/// database, which it builds slower than it gains on these boards).
fn run_igsolve(binary: &PathBuf, rows: &str, cols: &str) -> (u64, Duration) {
    let start = Instant::now();
    let out = Command::new(binary)
        .args(["cram", "--rows", rows, "--cols", cols])
        .output()
        .expect("igsolve runs");
    let elapsed = start.elapsed();
    let text = String::from_utf8_lossy(&out.stdout);
    let nimber = text
        .lines()
        .find_map(|l| l.strip_prefix("Nimber of initial position: "))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("igsolve printed no nimber:\n{text}"));
    (nimber, elapsed)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--solve-here") {
        solve_here(&args[i + 1]);
        return;
    }
    let picked = std::env::var("CRAM_BOARDS").ok();
    let binary = published::installed("igsolve", "IGSOLVE");
    let me = std::env::current_exe().expect("the benchmark's path");
    println!(
        "{:<6} {:>6}  {:>9} {:>10}  {:>9}  {:>7}",
        "board", "nimber", "grundy", "memory", "igsolve", "ratio"
    );
    for &(board, published) in BOARDS {
        if picked
            .as_ref()
            .is_some_and(|p| !p.split(',').any(|b| b == board))
        {
            continue;
        }
        let out = Command::new(&me)
            .args(["--solve-here", board])
            .output()
            .expect("the benchmark runs itself");
        let text = String::from_utf8_lossy(&out.stdout);
        let fields: Vec<&str> = text.split_whitespace().collect();
        assert!(fields.len() == 3, "the board's run printed {text:?}");
        let nimber: u64 = fields[0].parse().expect("a nimber");
        let ours: f64 = fields[1].parse().expect("seconds");
        let memory: u64 = fields[2].parse().expect("KiB");
        assert_eq!(nimber, published, "cram {board}: published nimber");
        let (rows, cols) = board.split_once('x').expect("RxC");
        let (theirs_nimber, theirs) = run_igsolve(&binary, rows, cols);
        assert_eq!(theirs_nimber, nimber, "cram {board}: igsolve's nimber");
        println!(
            "{board:<6} {nimber:>6}  {ours:>8.2}s {:>7} MiB  {:>8.2}s  {:>6.2}×",
            memory / 1024,
            theirs.as_secs_f64(),
            theirs.as_secs_f64() / ours
        );
    }
}
