//! Cram's pruned nimber search beside igsolve (P. Beling's impartial-game solver,
//! the fastest published one for Cram) on the same machine in the same run: 5×7,
//! 4×9, 5×8 and 4×11, each board solved from nothing in a process of its own, so
//! that its time and peak memory are its own. The nimbers are checked against the
//! published table.
//!
//! `cargo bench -p grundy --bench cram` installs igsolve from crates.io into a
//! temporary folder (once; `IGSOLVE=/path/to/igsolve` uses another) and prints, for
//! each board, the nimber, grundy's time for the nimber alone and for the nimber
//! with every winning move (as `grundy value` finds them, within its default
//! budget, with its peak memory and the number of moves), igsolve's time for the
//! nimber, and igsolve's time over grundy's with the moves: each time the median of
//! three runs (`CRAM_RUNS`). `CRAM_BOARDS=5x7,4x9` picks the boards;
//! `GRUNDY_THREADS=1` runs grundy on one thread.
//!
//! `CRAM_LARGE=5x9,6x7` adds the large boards, solved once by each: grundy's nimber
//! with every winning move, its time and peak memory, beside igsolve's nimber, time
//! and peak memory, igsolve stopped past `CRAM_IGSOLVE_CAP` seconds (default 900),
//! where the ratio is then at least the one printed.
//!
//! `CRAM_ATTEMPT=6x9,7x8` attempts the larger boards of the published table (54 to
//! 63 cells), grundy alone, each board's nimber within `CRAM_ATTEMPT_MINUTES`
//! (default 60): its nimber (checked against the published one) and time, or how
//! long it searched before it was stopped, and its peak memory.

mod published;

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use grundy::analysis::{Analyst, Options};
use grundy::games::Placement;
use grundy::Budget;
use grundy::{Game, OwnSearch};

/// The boards of the comparison, with their published nimbers: P. Beling,
/// impartial-games, README.md (2025), table "Cram (under the normal play
/// convention)", where the smaller boards are credited to Lemoine and Viennot's
/// solver Glop.
const BOARDS: &[(&str, u64)] = &[("5x7", 1), ("4x9", 1), ("5x8", 1), ("4x11", 1)];

/// The large boards, with their published nimbers: 5x9, 6x7 and 5x10 from Beling's
/// table (5x10 first published there); 4x13 from T. Plick, nimcalc, README.md,
/// news of 24 August 2025 (two weeks on 16 cores).
const LARGE: &[(&str, u64)] = &[("5x9", 1), ("6x7", 5), ("4x13", 3), ("5x10", 2)];

/// The larger boards of Beling's table, which grundy attempts within a time, with
/// their published nimbers (P. Beling, impartial-games, README.md: 6x9, 7x8, 7x9,
/// 5x12 and 4x15 first published there).
const LARGER: &[(&str, u64)] = &[("6x9", 1), ("7x8", 3), ("5x12", 3), ("4x15", 4), ("7x9", 1)];

/// Solves one board in this process, its nimber alone or (`all`) as `grundy value`
/// does, with every winning move, and prints the nimber, seconds, peak memory and
/// the number of winning moves found; the nimber alone within `minutes` where they
/// are given, its nimber "-" where it was stopped.
fn solve_here(board: &str, all: bool, minutes: Option<u64>) {
    let start = Instant::now();
    let (k, winning) = if all {
        let mut analyst = Analyst::new(Budget::default());
        let position = analyst.parse(&format!("cram {board}")).expect("a board");
        let analysis = analyst
            .analyse(&position, &Options::default())
            .expect("no budget");
        let k = analysis.nimber.expect("a nimber");
        (k.to_string(), analysis.winning_moves.len())
    } else {
        let game = Placement::cram();
        let p = game.parse_position(board).expect("a board");
        let budget = Budget::default().with_time(minutes.map(|m| Duration::from_secs(60 * m)));
        let mut k = 0;
        let k = loop {
            match game.has_nimber(&p, k, &budget) {
                Ok(true) => break k.to_string(),
                Ok(false) => k += 1,
                Err(grundy::Error::Time { .. }) => break "-".to_string(),
                Err(e) => panic!("cram {board}: {e}"),
            }
        };
        (k, 0)
    };
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{k} {seconds} {} {winning}",
        peak_memory_kib("/proc/self/status").unwrap_or(0)
    );
}

/// Runs [`solve_here`] in a process of its own: nimber, seconds, KiB, winning moves.
fn solve_apart(board: &str, all: bool) -> (u64, f64, u64, usize) {
    let (nimber, seconds, kib, winning) = solve_apart_as(board, if all { "all" } else { "nimber" });
    (nimber.expect("a nimber"), seconds, kib, winning)
}

/// [`solve_here`] in a process of its own, asked `how` ("all", "nimber", or
/// "within-M" minutes): the nimber, if found, seconds, KiB and winning moves.
fn solve_apart_as(board: &str, how: &str) -> (Option<u64>, f64, u64, usize) {
    let me = std::env::current_exe().expect("the benchmark's path");
    let out = Command::new(&me)
        .args(["--solve-here", board, how])
        .output()
        .expect("the benchmark runs itself");
    let text = String::from_utf8_lossy(&out.stdout);
    let fields: Vec<&str> = text.split_whitespace().collect();
    assert!(fields.len() == 4, "the board's run printed {text:?}");
    (
        fields[0].parse().ok(),
        fields[1].parse().expect("seconds"),
        fields[2].parse().expect("KiB"),
        fields[3].parse().expect("a count"),
    )
}

/// The peak resident memory of a process, from its status file under /proc
/// (Linux), in KiB.
fn peak_memory_kib(status_file: &str) -> Option<u64> {
    let status = std::fs::read_to_string(status_file).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// igsolve's nimber and time for a board (its default settings: no endgame
/// database, which it builds slower than it gains on these boards).
fn run_igsolve(binary: &PathBuf, rows: &str, cols: &str) -> (u64, Duration) {
    let run = run_igsolve_within(binary, rows, cols, Duration::MAX);
    (run.nimber.expect("igsolve finishes"), run.elapsed)
}

/// What a run of igsolve gave: its nimber (none where it was stopped), its time and
/// its peak memory in KiB.
struct IgsolveRun {
    nimber: Option<u64>,
    elapsed: Duration,
    kib: u64,
}

/// Runs igsolve on a board, stopping it past `cap`; its peak memory is read from
/// /proc while it runs (Linux).
fn run_igsolve_within(binary: &PathBuf, rows: &str, cols: &str, cap: Duration) -> IgsolveRun {
    // Its output goes to a file, which no full pipe can stop.
    let output =
        std::env::temp_dir().join(format!("grundy-bench-igsolve-{}.out", std::process::id()));
    let start = Instant::now();
    let mut child = Command::new(binary)
        .args(["cram", "--rows", rows, "--cols", cols])
        .stdout(std::fs::File::create(&output).expect("igsolve's output file"))
        .spawn()
        .expect("igsolve runs");
    let status_file = format!("/proc/{}/status", child.id());
    let mut kib = 0;
    loop {
        if let Some(peak) = peak_memory_kib(&status_file) {
            kib = peak;
        }
        if child.try_wait().expect("igsolve's status").is_some() {
            break;
        }
        if start.elapsed() > cap {
            child.kill().expect("igsolve stopped");
            child.wait().expect("igsolve's status");
            let _ = std::fs::remove_file(&output);
            return IgsolveRun {
                nimber: None,
                elapsed: start.elapsed(),
                kib,
            };
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let elapsed = start.elapsed();
    let text = std::fs::read_to_string(&output).expect("igsolve's output");
    let _ = std::fs::remove_file(&output);
    let nimber = text
        .lines()
        .find_map(|l| l.strip_prefix("Nimber of initial position: "))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("igsolve printed no nimber:\n{text}"));
    IgsolveRun {
        nimber: Some(nimber),
        elapsed,
        kib,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--solve-here") {
        let minutes = args[i + 2]
            .strip_prefix("within-")
            .map(|m| m.parse().expect("minutes"));
        solve_here(&args[i + 1], args[i + 2] == "all", minutes);
        return;
    }
    let picked = |variable: &str, board: &str| {
        std::env::var(variable).map_or(variable == "CRAM_BOARDS", |boards| {
            boards.split(',').any(|b| b == board)
        })
    };
    let runs: usize = std::env::var("CRAM_RUNS").map_or(3, |n| n.parse().expect("a count of runs"));
    let binary = published::installed("igsolve", "IGSOLVE");
    println!(
        "{:<6} {:>6}  {:>9} {:>9} {:>9} {:>10}  {:>9}  {:>7}",
        "board", "nimber", "grundy", "+ moves", "(moves)", "memory", "igsolve", "ratio"
    );
    for &(board, published) in BOARDS.iter().filter(|(b, _)| picked("CRAM_BOARDS", b)) {
        let (rows, cols) = board.split_once('x').expect("RxC");
        let (mut ours, mut all, mut theirs) = (Vec::new(), Vec::new(), Vec::new());
        let (mut memory, mut winning) = (0, 0);
        for _ in 0..runs {
            let (nimber, seconds, _, _) = solve_apart(board, false);
            assert_eq!(nimber, published, "cram {board}: published nimber");
            ours.push(seconds);
            let (nimber, seconds, kib, moves) = solve_apart(board, true);
            assert_eq!(nimber, published, "cram {board}: published nimber");
            all.push(seconds);
            (memory, winning) = (memory.max(kib), moves);
            let (nimber, elapsed) = run_igsolve(&binary, rows, cols);
            assert_eq!(nimber, published, "cram {board}: igsolve's nimber");
            theirs.push(elapsed.as_secs_f64());
        }
        let (ours, all, theirs) = (median(ours), median(all), median(theirs));
        println!(
            "{board:<6} {published:>6}  {ours:>8.2}s {all:>8.2}s {winning:>9} {:>6} MiB  {theirs:>8.2}s  {:>6.2}×",
            memory / 1024,
            theirs / all
        );
    }
    let cap = Duration::from_secs(
        std::env::var("CRAM_IGSOLVE_CAP").map_or(900, |s| s.parse().expect("seconds")),
    );
    for &(board, published) in LARGE.iter().filter(|(b, _)| picked("CRAM_LARGE", b)) {
        let (rows, cols) = board.split_once('x').expect("RxC");
        let (nimber, seconds, kib, winning) = solve_apart(board, true);
        assert_eq!(nimber, published, "cram {board}: published nimber");
        let theirs = run_igsolve_within(&binary, rows, cols, cap);
        let (time, ratio) = match theirs.nimber {
            Some(k) => {
                assert_eq!(k, published, "cram {board}: igsolve's nimber");
                let s = theirs.elapsed.as_secs_f64();
                (format!("{s:.1}s"), format!("{:.2}×", s / seconds))
            }
            None => {
                let s = theirs.elapsed.as_secs_f64();
                (format!(">{s:.0}s"), format!(">{:.1}×", s / seconds))
            }
        };
        println!(
            "{board:<6} {nimber:>6}  {:>9} {seconds:>8.1}s {winning:>9} {:>6} MiB  {time:>9}  {ratio:>7}  (igsolve {} MiB)",
            "",
            kib / 1024,
            theirs.kib / 1024
        );
    }
    let minutes: u64 =
        std::env::var("CRAM_ATTEMPT_MINUTES").map_or(60, |m| m.parse().expect("minutes"));
    for &(board, published) in LARGER.iter().filter(|(b, _)| picked("CRAM_ATTEMPT", b)) {
        let (nimber, seconds, kib, _) = solve_apart_as(board, &format!("within-{minutes}"));
        let found = match nimber {
            Some(k) => {
                assert_eq!(k, published, "cram {board}: published nimber");
                format!("nimber {k} in {seconds:.0} s")
            }
            None => format!("stopped after {seconds:.0} s without its nimber"),
        };
        println!(
            "{board:<6} attempted: {found}, {} MiB at its peak",
            kib / 1024
        );
    }
}

/// The middle of some times.
fn median(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}
