//! Certificates of board nimbers: written by the board search, checked by the
//! certificates' own checker (plain mex over each listed region's options), which
//! must accept every true certificate and refuse one with any nimber changed.

use grundy::certificate::check::{check, Verdict};
use grundy::certificate::Certificate;
use grundy::{Analyst, Budget, Nimber};

fn certificate(spec: &str) -> Certificate {
    let mut analyst = Analyst::new(Budget::default());
    let position = analyst.parse(spec).unwrap();
    analyst.certificate(&position).unwrap()
}

fn checked(text: &str) -> Nimber {
    match check(text).unwrap() {
        Verdict::Checked(c) => c.nimber,
        Verdict::Refused(why) => panic!("refused: {why}\n{text}"),
    }
}

fn refused(text: &str) -> String {
    match check(text).unwrap() {
        Verdict::Refused(why) => why,
        Verdict::Checked(_) => panic!("a false certificate was accepted:\n{text}"),
    }
}

#[test]
fn certificates_of_published_boards_are_checked() {
    // P. Beling, impartial-games, README.md (2025), table "Cram": 4x5 2, 4x7 3, 5x6 2;
    // T. Plick, nimcalc (2025): 3x6 4, 3x8 3.
    for (board, g) in [("4x5", 2), ("4x7", 3), ("5x6", 2), ("3x6", 4), ("3x8", 3)] {
        let c = certificate(&format!("cram {board}"));
        assert_eq!(c.nimber, g, "{board}");
        assert!(!c.regions.is_empty(), "{board}: nothing listed");
        assert_eq!(checked(&c.to_string()), g, "{board}");
    }
}

#[test]
fn certificates_of_other_pieces_and_blocked_cells_are_checked() {
    // Nimbers from plain search in the test of boards (tests/boards.rs); the
    // checker values them again from the rules alone.
    for spec in [
        "place:0.0,0.1,1.0 4x5",
        "place:0.0,0.1:fixed 4x5",
        "place:0.0,0.1,0.2|0.0,1.0,1.1 4x5",
        "cram ..#../...../.#.../....#",
        "cram ...../.#.#./...../.....",
        // Past 64 cells: Dawson's Kayles of 66 (nimber 3).
        "cram 1x66",
    ] {
        let c = certificate(spec);
        assert_eq!(checked(&c.to_string()), c.nimber, "{spec}");
    }
}

#[test]
fn a_changed_nimber_anywhere_is_refused() {
    // Every listed region's nimber in turn, up and down (4x5: nimber 2).
    let c = certificate("cram 4x5");
    let text = c.to_string();
    assert_eq!(checked(&text), 2);
    let wrong = text.replace("nimber 2\n", "nimber 3\n");
    assert!(refused(&wrong).contains("cram 4x5 is listed with nimber 3"));
    for (i, (region, n)) in c.regions.iter().enumerate() {
        for flipped in [n + 1, n ^ 1] {
            let mut wrong = c.clone();
            wrong.regions[i] = (region.clone(), flipped);
            let why = refused(&wrong.to_string());
            assert!(why.contains("is listed with nimber"), "{why}");
        }
    }
}

#[test]
fn a_certificate_with_a_region_left_out_is_refused() {
    let c = certificate("cram 5x6");
    let mut short = c.clone();
    short.regions.remove(0);
    assert!(refused(&short.to_string()).contains("not every region"));
}

#[test]
fn what_is_not_a_certificate_is_an_error() {
    let c = certificate("cram 4x5").to_string();
    let cut = &c[..c.len() - "end".len()];
    let error = |text: &str| check(text).unwrap_err().to_string();
    assert!(error(cut).contains("cut short"));
    assert!(error("hello").contains("not a grundy certificate"));
    assert!(error(&c.replace("game cram", "game nim")).contains("'nim'"));
    assert!(error(&c.replace("nimber 2", "nimber two")).contains("'two'"));
    let mut analyst = Analyst::new(Budget::default());
    for (spec, token) in [("nim 3", "'nim 3'"), ("cram 2x2 + cram 3x3", "2 parts")] {
        let position = analyst.parse(spec).unwrap();
        let e = analyst.certificate(&position).unwrap_err().to_string();
        assert!(e.contains(token), "{e}");
    }
}
