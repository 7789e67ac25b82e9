//! Long sequence runs: `table --save` writes values as it goes, with a checkpoint
//! line on standard error every so often, and a run killed midway and continued
//! with `--resume` gives exactly the values of a run that was never interrupted.
//! Also the `period` command's JSON.

mod common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{grundy, json, root};

#[test]
fn a_killed_run_resumes_to_the_same_values() {
    let dir = std::env::temp_dir().join(format!("grundy-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let whole = dir.join("whole.bin");
    let part = dir.join("part.bin");
    let args = |file: &std::path::Path, flag: &str| {
        vec![
            "table".to_string(),
            "octal:0.16".into(),
            "--to".into(),
            "400000".into(),
            flag.into(),
            file.display().to_string(),
        ]
    };

    let uninterrupted = args(&whole, "--save");
    let run = grundy(
        &uninterrupted.iter().map(String::as_str).collect::<Vec<_>>(),
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let full = std::fs::read(&whole).unwrap();

    // Start the same run, and kill it once some values are saved.
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args(&part, "--save"))
        .current_dir(root())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while std::fs::metadata(&part).map_or(0, |m| m.len()) < 100_000 {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no values were saved"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let saved = std::fs::read(&part).unwrap().len();
    assert!(
        saved < full.len(),
        "the run was interrupted before the end ({saved} bytes)"
    );

    let resumed = args(&part, "--resume");
    let run = grundy(&resumed.iter().map(String::as_str).collect::<Vec<_>>(), "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(std::fs::read(&part).unwrap(), full, "resumed values differ");

    // A file cut inside a block loses that block only, and is completed the same.
    std::fs::write(&part, &full[..full.len() / 2 + 7]).unwrap();
    let run = grundy(&resumed.iter().map(String::as_str).collect::<Vec<_>>(), "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        std::fs::read(&part).unwrap(),
        full,
        "a cut file resumed differs"
    );
    // A file whose values were altered (its header intact) is refused.
    let mut altered = full.clone();
    let last = altered.len() - 100;
    altered[last] ^= 4;
    std::fs::write(&part, &altered).unwrap();
    let run = grundy(&resumed.iter().map(String::as_str).collect::<Vec<_>>(), "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("was altered"), "{}", run.stderr);
    std::fs::write(&part, &full).unwrap();

    // A sequence file of another game is refused.
    let other = grundy(
        &[
            "table",
            "kayles",
            "--to",
            "10",
            "--resume",
            &part.display().to_string(),
        ],
        "",
    );
    assert_eq!(other.code, 2);
    assert!(
        other
            .stderr
            .contains("holds the sequence of octal:0.16, not of kayles"),
        "{}",
        other.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `grundy table grundy-game --to LAST --save g.bin` in `dir`, with a checkpoint at
/// every block of values ([`CHECKPOINT`] 0), its standard error piped; `flag` is
/// `--save` or `--resume`.
fn saved_run(dir: &std::path::Path, flag: &str, last: &str) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_grundy"));
    command
        .args(["table", "grundy-game", "--to", last, flag, "g.bin"])
        .env(CHECKPOINT, "0")
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// The variable that sets the seconds between checkpoints.
const CHECKPOINT: &str = "GRUNDY_CHECKPOINT_SECONDS";

#[test]
fn a_run_killed_after_a_checkpoint_resumes_bit_identically() {
    let dir = std::env::temp_dir().join(format!("grundy-checkpoint-{}", std::process::id()));
    let (whole, part) = (dir.join("whole"), dir.join("part"));
    for dir in [&whole, &part] {
        std::fs::create_dir_all(dir).unwrap();
    }
    // Long enough that the run is killed well before its end.
    let last = "1000000";
    let uninterrupted = saved_run(&whole, "--save", last).output().unwrap();
    assert!(uninterrupted.status.success());
    let full = std::fs::read(whole.join("g.bin")).unwrap();
    let lines = String::from_utf8(uninterrupted.stderr).unwrap();
    // A checkpoint says how far it is, at what rate, and how long is left.
    let first = lines.lines().next().unwrap();
    assert!(
        first.starts_with("checkpoint: heaps 0 to 1,023 saved (0%), ")
            && first.contains(" heaps/s, about "),
        "{first}"
    );

    // The same run, killed (SIGKILL) once a checkpoint past the first 32,768 heaps
    // is reported.
    let mut child = saved_run(&part, "--save", last).spawn().unwrap();
    let stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut checkpoint = 0;
    for line in std::io::BufRead::lines(stderr) {
        let line = line.unwrap();
        let heaps = line
            .strip_prefix("checkpoint: heaps 0 to ")
            .and_then(|rest| rest.split(' ').next())
            .unwrap_or_else(|| panic!("a checkpoint: {line}"));
        checkpoint = heaps.replace(',', "").parse::<usize>().unwrap() + 1;
        if checkpoint > 32_768 {
            break;
        }
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let saved = std::fs::read(part.join("g.bin")).unwrap();
    assert!(
        saved.len() < full.len(),
        "the run was killed before its end"
    );
    // Every value of the checkpoint is in the file: the header, then blocks of
    // four bytes, two a value, and four.
    assert!(
        saved.len() > 2 * checkpoint,
        "{} bytes hold {checkpoint} values",
        saved.len()
    );
    assert_eq!(saved[..], full[..saved.len()], "the values saved differ");

    let resumed = saved_run(&part, "--resume", last).output().unwrap();
    assert!(resumed.status.success());
    assert_eq!(std::fs::read(part.join("g.bin")).unwrap(), full, "resumed");
    assert_eq!(resumed.stdout, uninterrupted.stdout);
    // Its checkpoints go on from where it resumed.
    let lines = String::from_utf8(resumed.stderr).unwrap();
    let first = lines.lines().next().unwrap();
    let heaps = first
        .strip_prefix("checkpoint: heaps 0 to ")
        .and_then(|rest| rest.split(' ').next())
        .unwrap_or_else(|| panic!("a checkpoint: {first}"));
    assert!(
        heaps.replace(',', "").parse::<usize>().unwrap() >= checkpoint,
        "{first}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_of_another_version_or_a_bad_checkpoint_time_is_refused() {
    let dir = std::env::temp_dir().join(format!("grundy-version-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("old.bin");
    std::fs::write(
        &file,
        "grundy sequence 1\ngame kayles\nmethod naive\nvalues\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let run = grundy(&["table", "kayles", "--to", "10", "--resume", path], "");
    assert_eq!(run.code, 2);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "was written by another version of grundy (it says 'grundy sequence 1', this one writes 'grundy sequence 2')"
        ),
        "{}",
        run.stderr
    );
    let run = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["table", "kayles", "--to", "10", "--save", path])
        .env(CHECKPOINT, "soon")
        .output()
        .unwrap();
    let stderr = String::from_utf8(run.stderr).unwrap();
    assert_eq!(run.status.code(), Some(2));
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("GRUNDY_CHECKPOINT_SECONDS='soon': expected a whole number of seconds"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn one_thread_and_three_save_the_same_file() {
    let dir = std::env::temp_dir().join(format!("grundy-threads-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = Vec::new();
    for threads in ["1", "3"] {
        let file = dir.join(format!("{threads}.bin"));
        let status = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args([
                "table",
                "grundy-game",
                "--to",
                "60000",
                "--threads",
                threads,
            ])
            .arg("--save")
            .arg(&file)
            .current_dir(root())
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success());
        files.push(std::fs::read(&file).unwrap());
    }
    assert!(files[0] == files[1], "the saved values differ");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn period_json_has_the_documented_fields() {
    let run = grundy(&["period", "kayles", "--json"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["preperiod"], 71);
    assert_eq!(v["period"], 12);
    assert_eq!(v["saltus"], 0);
    assert_eq!(v["proved"], true);
    assert!(v["checked_to"].as_u64().unwrap() >= 2 * 71 + 2 * 12 + 2);
    let unproved = grundy(&["period", "octal:0.16", "--to", "3000", "--json"], "");
    let v: serde_json::Value = serde_json::from_str(&unproved.stdout).unwrap();
    assert_eq!(v["period"], serde_json::Value::Null);
    assert_eq!(v["proved"], false);
}

#[test]
fn the_period_of_0_16_is_proved_as_published() {
    // Gangolli and Plambeck (Int. J. Game Theory 18, 1989), and Flammenkamp's table:
    // 0.16 has period 149,459, its last exception at heap 105,350. The Guy–Smith
    // theorem needs 2·105,351 + 2·149,459 + 2 = 509,622 values to prove it.
    let v = json(&["period", "octal:0.16", "--to", "600000", "--json"]);
    assert_eq!(v["preperiod"], 105_351);
    assert_eq!(v["period"], 149_459);
    assert_eq!(v["proved"], true);
}

#[test]
fn bad_heap_game_input_is_refused() {
    let cases: &[(&[&str], &str)] = &[
        (&["value", "octal:0.7x 5"], "'x'"),
        (&["value", "octal:077 5"], "'077'"),
        (&["value", "octal:0.0 5"], "'0.0' allows no move"),
        (&["value", "sub-allbut: 5"], "'sub-allbut:'"),
        (
            &["period", "nim"],
            "'nim' is not a take-and-break heap game",
        ),
        (
            &["table", "kayles", "--to", "100", "--max-positions", "50"],
            "--max-positions",
        ),
    ];
    for (args, token) in cases {
        let run = grundy(args, "");
        assert_eq!(run.code, 2, "{args:?}");
        assert_eq!(run.stderr.lines().count(), 1, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(token), "{args:?}: {}", run.stderr);
    }
}

#[test]
fn the_misere_quotient_of_0_75_is_plambeck_and_siegel_s_r8() {
    // R8 (Plambeck, "Taming the wild", INTEGERS 5 (2005) G05; Plambeck and Siegel,
    // JCTA 115 (2008)): ⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩, P-portion
    // {a, b²}, heaps 1 and 3 → a, even heaps → b.
    let run = grundy(&["quotient", "octal:0.75", "--to", "20", "--json"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["order"], 8);
    assert_eq!(v["p_portion"], serde_json::json!(["a", "b^2"]));
    assert_eq!(v["changes"], serde_json::json!([1, 2, 5]));
    assert_eq!(v["heaps"][0], "a");
    assert_eq!(v["heaps"][2], "a");
    assert_eq!(v["heaps"][3], "b");
    assert_eq!(v["tame"], false);
    assert_eq!(v["checked_to"], 20);
    let relations: Vec<&str> = v["relations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    for relation in ["a^2 = 1", "b^3 = b", "bc = ab", "c^2 = b^2"] {
        assert!(relations.contains(&relation), "{relations:?}");
    }
}

#[test]
fn misere_sums_of_one_heap_game_are_answered_from_its_quotient() {
    // Twenty heaps of misère Kayles: far past any search, at once from the quotient.
    let heaps: Vec<String> = (1..=20).map(|h| (h * 3 % 37 + 1).to_string()).collect();
    let spec = format!("kayles {}", heaps.join(","));
    let run = grundy(&["explain", &spec, "--misere"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("The misère quotient"), "{}", run.stdout);
    assert!(run.stdout.contains("Their product is"), "{}", run.stdout);
    // Quotients too large, and games that have none, are refused with a sentence.
    for (args, words) in [
        (
            &["quotient", "kayles", "--to", "40", "--max-order", "10"][..],
            "past the bound of 10",
        ),
        (&["quotient", "nim"], "not a take-and-break heap game"),
    ] {
        let run = grundy(args, "");
        assert_eq!(run.code, 2, "{args:?}");
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
        assert!(run.stderr.contains(words), "{}", run.stderr);
    }
}

#[test]
fn a_forged_file_is_refused_even_with_its_checksum_made_again() {
    let dir = std::env::temp_dir().join(format!("grundy-forged-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("kayles.bin");
    let path = file.to_str().unwrap();
    let run = grundy(&["table", "kayles", "--to", "100", "--save", path], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let mut bytes = std::fs::read(&file).unwrap();
    // One block after four header lines: length, values, CRC-32 of heap 0, length
    // and values.
    let header = bytes
        .iter()
        .enumerate()
        .filter(|&(_, &b)| b == b'\n')
        .nth(3)
        .unwrap()
        .0
        + 1;
    let values = header + 4..bytes.len() - 4;
    // Kayles: g(5) = 4 (Winning Ways, ch. 4); the forgery says 5.
    let g5 = values.start + 2 * 5;
    assert_eq!(bytes[g5..g5 + 2], [4, 0]);
    bytes[g5] = 5;
    let mut crc = crc32fast::Hasher::new();
    crc.update(&0u64.to_le_bytes());
    crc.update(&bytes[header..header + 4]);
    crc.update(&bytes[values.clone()]);
    let sum = crc.finalize().to_le_bytes();
    let end = bytes.len();
    bytes[end - 4..].copy_from_slice(&sum);
    std::fs::write(&file, &bytes).unwrap();
    let run = grundy(&["table", "kayles", "--to", "200", "--resume", path], "");
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("heap 5 is saved as 5, but the rules give 4"),
        "{}",
        run.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_period_far_out_is_sought_within_the_memory_budget() {
    // Heaps count two bytes each against the memory budget, not as positions of a
    // search: 4.5·10^8 heaps are allowed, and Kayles' period is proved at once.
    let run = grundy(&["period", "kayles", "--to", "450000000", "--json"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        (v["preperiod"].clone(), v["period"].clone()),
        (71.into(), 12.into())
    );
    // A budget too small for the first values is refused in one sentence.
    let run = grundy(
        &[
            "period",
            "octal:0.16",
            "--to",
            "450000000",
            "--max-memory",
            "1M",
        ],
        "",
    );
    assert_eq!(run.code, 2);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(run.stderr.contains("--max-memory"), "{}", run.stderr);
}

#[test]
fn a_periodic_table_is_saved_and_printed_whole() {
    // Kayles' values past its proved period are read from it, and saved and
    // printed as computed ones would be.
    let dir = std::env::temp_dir().join(format!("grundy-periodic-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("kayles.bin");
    let path = file.to_str().unwrap();
    let run = grundy(&["table", "kayles", "--to", "100000", "--save", path], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let json = grundy(&["table", "kayles", "--to", "100000", "--json"], "");
    let v: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    let printed: Vec<u64> = v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g.as_u64().unwrap())
        .collect();
    assert_eq!(printed.len(), 100_001);
    // Period 12 from heap 71 (Winning Ways, ch. 4): for n = 0, 1, … 11 modulo 12,
    // 4 1 2 8 1 4 7 2 1 8 2 7.
    let lap = [4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7];
    assert_eq!(printed[72..84], lap);
    assert_eq!(printed[99_996..], lap[..5]);
    assert_eq!(v["outcomes"][99_996], "N");
    let resumed = grundy(&["table", "kayles", "--to", "100000", "--resume", path], "");
    assert_eq!(resumed.code, 0, "{}", resumed.stderr);
    let bytes = std::fs::read(&file).unwrap();
    let header = bytes
        .iter()
        .enumerate()
        .filter(|&(_, &b)| b == b'\n')
        .nth(3)
        .unwrap()
        .0
        + 1;
    let mut saved = Vec::new();
    let mut at = header;
    while at < bytes.len() {
        let count = u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
        let block = &bytes[at + 4..at + 4 + 2 * count];
        saved.extend(
            block
                .chunks(2)
                .map(|p| u16::from_le_bytes([p[0], p[1]]) as u64),
        );
        at += 4 + 2 * count + 4;
    }
    assert_eq!(saved, printed);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn stats_count_the_values_of_a_heap_table() {
    // Kayles: the rare values (under the mask 15) end at heap 70, where the period
    // of 12 begins (Guy and Smith); its largest value, 8, first at heap 27.
    let v = json(&["table", "kayles", "--to", "3000", "--stats", "--json"]);
    assert_eq!(v["heaps"], 3001);
    assert_eq!(v["mask"], 15);
    assert_eq!(v["rare"], 10);
    assert_eq!(v["last_rare"], 70);
    assert_eq!(
        (v["largest"].as_u64(), v["largest_first"].as_u64()),
        (Some(8), Some(27))
    );
    let bounds: Vec<u64> = v["histograms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["below"].as_u64().unwrap())
        .collect();
    assert_eq!(bounds, [1024, 2048, 3001]);
    let below_1024: u64 = v["histograms"][0]["counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .sum();
    assert_eq!(below_1024, 1024);
    for (args, why) in [
        (
            &["table", "kayles", "--to", "10", "--misere", "--stats"][..],
            "--stats is for",
        ),
        (
            &["table", "graph:examples/dag.txt", "--stats"][..],
            "--stats is for",
        ),
    ] {
        let run = grundy(args, "");
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stderr.contains(why), "{}", run.stderr);
    }
}

#[test]
fn a_period_not_seen_says_how_far_it_was_looked_for() {
    // Subtract a square has no period in its first heaps (none is known at all).
    let v = json(&["period", "sub-squares", "--to", "100", "--json"]);
    assert_eq!(v["period"], serde_json::Value::Null);
    assert_eq!(v["checked_to"], 100);
    let run = grundy(&["period", "sub-squares", "--to", "100"], "");
    assert_eq!(
        run.stdout.trim(),
        "sub-squares: no period seen up to heap 100"
    );
}
