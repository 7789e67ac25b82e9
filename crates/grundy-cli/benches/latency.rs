//! How long a person waits for `grundy value`: the time to the first line (what a
//! theorem or a table gives, or the one sentence of a refusal) and to the whole
//! answer, over the examples of the README and the guide and positions of every
//! family of the registry, small and huge, drawn at random (a fixed seed).
//!
//! `cargo bench -p grundy-cli --bench latency` prints the median, the 99th
//! percentile and the worst of each, and names the slowest positions. Each position
//! runs the release binary once, with the command's default time, and is stopped
//! past [`CAP`]; `GRUNDY_LATENCY_BINARY=PATH` times another build instead (a
//! previous version, for a baseline).

use std::io::Read;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use grundy::games::FAMILIES;

/// The longest a run may take before it is stopped (and counted as that long).
const CAP: Duration = Duration::from_secs(30);

/// How many positions are drawn for each family, beside its start.
const DRAWN_PER_FAMILY: usize = 6;

/// The sizes the numbers of a drawn position are scaled to: small, large, huge.
const MAGNITUDES: [u64; 6] = [5, 20, 100, 10_000, 1_000_000, 1_000_000_000_000];

/// A small random generator (xorshift), for positions that are the same each run.
struct Draw(u64);

impl Draw {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number from 1 to about `magnitude`.
    fn up_to(&mut self, magnitude: u64) -> u64 {
        1 + self.next() % magnitude
    }
}

/// The `grundy value` examples of the README and the guide.
fn documented() -> Vec<String> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let mut files = vec![format!("{root}/README.md")];
    if let Ok(docs) = std::fs::read_dir(format!("{root}/docs")) {
        let mut docs: Vec<_> = docs.flatten().map(|e| e.path()).collect();
        docs.sort();
        files.extend(docs.iter().map(|p| p.display().to_string()));
    }
    let mut specs = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        for line in text.lines() {
            let Some(rest) = line.trim().strip_prefix("$ grundy value ") else {
                continue;
            };
            // The position alone: flags and files are left out.
            if rest.contains("--") || rest.contains('|') || rest.contains("graph:") {
                continue;
            }
            specs.push(rest.trim_matches(|c| c == '"' || c == '\'').to_string());
        }
    }
    specs.sort();
    specs.dedup();
    specs
}

/// Each family's start, and positions drawn from it: its numbers scaled to each
/// magnitude in turn.
fn drawn() -> Vec<String> {
    let mut draw = Draw(0x9e37_79b9_7f4a_7c15);
    let mut specs = Vec::new();
    for family in FAMILIES {
        if family.start_graph.is_some() || family.start.contains("graph:") {
            continue;
        }
        specs.push(family.start.to_string());
        for i in 0..DRAWN_PER_FAMILY {
            let magnitude = MAGNITUDES[i % MAGNITUDES.len()];
            specs.push(scaled(family.start, magnitude, &mut draw));
        }
    }
    specs
}

/// `start` with the numbers of its position (after the game's name) drawn up to
/// `magnitude`; boards (`4x5`) are drawn up to 12 a side.
fn scaled(start: &str, magnitude: u64, draw: &mut Draw) -> String {
    let (game, position) = start.split_once(' ').unwrap_or((start, ""));
    let board = position.contains('x') && !position.contains(',');
    let mut out = String::new();
    let mut digits = false;
    for c in position.chars() {
        match c.is_ascii_digit() {
            true if !digits => {
                digits = true;
                let n = match board {
                    true => draw.up_to(magnitude.min(12)),
                    false => draw.up_to(magnitude),
                };
                out.push_str(&n.to_string());
            }
            true => {}
            false => {
                digits = false;
                out.push(c);
            }
        }
    }
    format!("{game} {out}")
}

/// One run: the time to the first line (standard output or error), to the line of
/// the outcome (or the sentence of a refusal), and to the end.
struct Timing {
    spec: String,
    first: Duration,
    outcome: Duration,
    whole: Duration,
}

/// Runs `grundy value SPEC` and times it.
fn time(binary: &str, spec: &str) -> Timing {
    let started = Instant::now();
    let mut child = Command::new(binary)
        .arg("value")
        .arg(spec)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the grundy binary runs");
    // Each stream's reader sends when its first byte came, and when a line that
    // gives the outcome (`N-position: …`) or refuses (`grundy: …`) came.
    let (sender, seen) = mpsc::channel::<(bool, Instant)>();
    let readers: Vec<_> = [
        Box::new(child.stdout.take().expect("piped")) as Box<dyn Read + Send>,
        Box::new(child.stderr.take().expect("piped")),
    ]
    .into_iter()
    .map(|stream| {
        let sender = sender.clone();
        std::thread::spawn(move || {
            let mut lines = std::io::BufReader::new(stream);
            let mut line = String::new();
            let mut first = true;
            while std::io::BufRead::read_line(&mut lines, &mut line).is_ok_and(|n| n > 0) {
                let now = Instant::now();
                if std::mem::take(&mut first) {
                    let _ = sender.send((false, now));
                }
                if line.contains("-position: ") || line.starts_with("grundy: ") {
                    let _ = sender.send((true, now));
                }
                line.clear();
            }
        })
    })
    .collect();
    drop(sender);
    while child.try_wait().ok().flatten().is_none() && started.elapsed() < CAP {
        std::thread::sleep(Duration::from_millis(1));
    }
    let _ = child.kill();
    let _ = child.wait();
    let whole = started.elapsed();
    for reader in readers {
        let _ = reader.join();
    }
    let seen: Vec<(bool, Instant)> = seen.try_iter().collect();
    let first_of = |outcome: bool| {
        seen.iter()
            .filter(|(o, _)| *o == outcome)
            .map(|(_, at)| at.duration_since(started))
            .min()
            .unwrap_or(whole)
    };
    Timing {
        spec: spec.to_string(),
        first: first_of(false),
        outcome: first_of(true),
        whole,
    }
}

/// One of a run's times, named.
type Measure = fn(&Timing) -> Duration;

/// The `q`-quantile of sorted `values`.
fn quantile(values: &[Duration], q: f64) -> Duration {
    let i = ((values.len() as f64 - 1.0) * q).round() as usize;
    values[i.min(values.len() - 1)]
}

fn main() {
    // `cargo bench` passes `--bench`; a filter, if given, keeps matching positions.
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with("--"));
    let binary = std::env::var("GRUNDY_LATENCY_BINARY")
        .unwrap_or_else(|_| env!("CARGO_BIN_EXE_grundy").to_string());
    let binary = binary.as_str();
    let mut specs = documented();
    specs.extend(drawn());
    if let Some(filter) = &filter {
        specs.retain(|s| s.contains(filter.as_str()));
    }
    println!(
        "latency of `grundy value` ({binary}) over {} positions (the README's and the guide's, and {} drawn per family), each run once, stopped past {} s",
        specs.len(),
        DRAWN_PER_FAMILY + 1,
        CAP.as_secs()
    );
    let timings: Vec<Timing> = specs.iter().map(|spec| time(binary, spec)).collect();
    let measures: [(&str, Measure); 3] = [
        ("first line", |t| t.first),
        ("outcome line", |t| t.outcome),
        ("whole answer", |t| t.whole),
    ];
    for (name, pick) in measures {
        let mut values: Vec<Duration> = timings.iter().map(pick).collect();
        values.sort();
        let over = values
            .iter()
            .filter(|&&d| d > Duration::from_millis(100))
            .count();
        println!(
            "{name:>13}: median {:>8.1} ms   p99 {:>8.1} ms   worst {:>8.1} ms   past 100 ms: {over}",
            quantile(&values, 0.5).as_secs_f64() * 1e3,
            quantile(&values, 0.99).as_secs_f64() * 1e3,
            values.last().map_or(0.0, |d| d.as_secs_f64() * 1e3),
        );
    }
    for (name, pick) in &measures[1..] {
        let mut slowest: Vec<&Timing> = timings.iter().collect();
        slowest.sort_by_key(|t| std::cmp::Reverse(pick(t)));
        println!("slowest to the {name}:");
        for t in slowest.iter().take(6) {
            let spec: String = t.spec.chars().take(70).collect();
            println!("  {:>8.1} ms  {spec}", pick(t).as_secs_f64() * 1e3);
        }
    }
}
