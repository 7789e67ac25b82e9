//! How long a person waits for `grundy value`: the time to the first line (what a
//! theorem or a table gives, or the one sentence of a refusal) and to the whole
//! answer, over the examples of the README and the guide and positions of every
//! family of the registry, small and huge, drawn at random (a fixed seed).
//!
//! `cargo bench -p grundy-cli --bench latency` prints the median, the 99th
//! percentile and the worst of each, and names the slowest positions. Each position
//! runs the release binary once, with the command's default time.

use std::io::Read;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use grundy::games::FAMILIES;

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

/// One run: the time to the first line (standard output or error) and to the end.
struct Timing {
    spec: String,
    first: Duration,
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
    let (sender, first_byte) = mpsc::channel();
    let readers: Vec<_> = [
        Box::new(child.stdout.take().expect("piped")) as Box<dyn Read + Send>,
        Box::new(child.stderr.take().expect("piped")),
    ]
    .into_iter()
    .map(|mut stream| {
        let sender = sender.clone();
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            let mut told = false;
            while let Ok(n) = stream.read(&mut buffer) {
                if n == 0 {
                    break;
                }
                if !told {
                    let _ = sender.send(Instant::now());
                    told = true;
                }
            }
        })
    })
    .collect();
    drop(sender);
    let _ = child.wait();
    let whole = started.elapsed();
    for reader in readers {
        let _ = reader.join();
    }
    let first = first_byte
        .try_iter()
        .min()
        .map_or(whole, |at| at.duration_since(started));
    Timing {
        spec: spec.to_string(),
        first,
        whole,
    }
}

/// The `q`-quantile of sorted `values`.
fn quantile(values: &[Duration], q: f64) -> Duration {
    let i = ((values.len() as f64 - 1.0) * q).round() as usize;
    values[i.min(values.len() - 1)]
}

fn main() {
    // `cargo bench` passes `--bench`; a filter, if given, keeps matching positions.
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with("--"));
    let binary = env!("CARGO_BIN_EXE_grundy");
    let mut specs = documented();
    specs.extend(drawn());
    if let Some(filter) = &filter {
        specs.retain(|s| s.contains(filter.as_str()));
    }
    println!(
        "latency of `grundy value` over {} positions (the README's and the guide's, and {} drawn per family), each run once",
        specs.len(),
        DRAWN_PER_FAMILY + 1
    );
    let timings: Vec<Timing> = specs.iter().map(|spec| time(binary, spec)).collect();
    for (name, pick) in [
        (
            "first line",
            (|t: &Timing| t.first) as fn(&Timing) -> Duration,
        ),
        ("whole answer", |t: &Timing| t.whole),
    ] {
        let mut values: Vec<Duration> = timings.iter().map(pick).collect();
        values.sort();
        println!(
            "{name:>13}: median {:>8.1} ms   p99 {:>8.1} ms   worst {:>8.1} ms",
            quantile(&values, 0.5).as_secs_f64() * 1e3,
            quantile(&values, 0.99).as_secs_f64() * 1e3,
            values.last().map_or(0.0, |d| d.as_secs_f64() * 1e3),
        );
    }
    for (name, pick) in [
        (
            "first line",
            (|t: &Timing| t.first) as fn(&Timing) -> Duration,
        ),
        ("whole answer", |t: &Timing| t.whole),
    ] {
        let mut slowest: Vec<&Timing> = timings.iter().collect();
        slowest.sort_by_key(|t| std::cmp::Reverse(pick(t)));
        println!("slowest to the {name}:");
        for t in slowest.iter().take(5) {
            let spec: String = t.spec.chars().take(70).collect();
            println!("  {:>8.1} ms  {spec}", pick(t).as_secs_f64() * 1e3);
        }
    }
}
