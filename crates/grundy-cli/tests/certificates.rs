//! `grundy certify` and `grundy check`: the certificate of Cram 5x7 written and
//! checked (exit code 0), a corrupted one refused (exit code 1), and what is not a
//! certificate refused with one sentence (exit code 2).

mod common;

use common::grundy;

#[test]
fn the_certificate_of_cram_5x7_is_checked_and_a_corrupted_one_refused() {
    // Cram 5x7 has nimber 1: P. Beling, impartial-games, README.md (2025), table
    // "Cram".
    // No time limit: in the test build, on a busy machine, the search came near
    // the default 5 s, and the certificate is what is tested here.
    let written = grundy(&["certify", "cram", "5x7", "--time", "none"], "");
    assert_eq!(written.code, 0, "{}", written.stderr);
    let certificate = written.stdout;
    assert!(certificate.starts_with("grundy certificate 1\ngame cram\nposition 5x7\nnimber 1\n"));
    let run = grundy(&["check", "-"], &certificate);
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert!(
        run.stdout
            .starts_with("certificate checked: cram 5x7 has nimber 1\n"),
        "{}",
        run.stdout
    );
    // One region's nimber raised by one: the checker finds it false.
    let line = certificate.lines().nth(4).expect("a region");
    let (region, n) = line.rsplit_once(' ').expect("region PICTURE NIMBER");
    let raised = format!("{region} {}", n.parse::<u64>().unwrap() + 1);
    let run = grundy(&["check", "-"], &certificate.replacen(line, &raised, 1));
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(
        run.stdout.starts_with("certificate refused: region "),
        "{}",
        run.stdout
    );
}

#[test]
fn what_is_not_a_certificate_is_refused_with_a_sentence() {
    let run = grundy(&["check", "no-such-file.cert"], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("'no-such-file.cert'"), "{}", run.stderr);
    let run = grundy(
        &["check", "-"],
        "grundy certificate 1\ngame cram\nposition 9x\nnimber 0\nend\n",
    );
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("'9x'"), "{}", run.stderr);
    let run = grundy(&["certify", "nim", "3"], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("'nim 3'"), "{}", run.stderr);
    assert!(run.stdout.is_empty());
}
