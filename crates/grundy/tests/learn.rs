//! The exercises of the notes, checked by the engine: right answers accepted, wrong
//! ones refused with the reason in the notes' terms, and the verdicts compared with
//! brute force on many positions.

use grundy::learn::{Exercise, Verdict};
use grundy::{Budget, Play};

fn exercise(kind: &str, what: &str) -> Exercise {
    Exercise::read(kind, what, Play::Normal).unwrap()
}

fn check(kind: &str, what: &str, answer: &str) -> Verdict {
    exercise(kind, what)
        .check(answer, &Budget::default())
        .unwrap()
}

#[test]
fn the_labelling_of_a_subtraction_game_is_checked_heap_by_heap() {
    // S = {1, 3, 4}: the P-positions are the heaps of 0 or 2 modulo 7 (Ferguson,
    // Game Theory, Part I, section 1.3).
    let right = check("p-positions", "sub:1,3,4 to 20", "0, 2, 7, 9, 14, 16");
    assert!(right.correct, "{:?}", right.mistakes);
    let wrong = check("p-positions", "sub:1,3,4 to 20", "0 4 7 9 14 16");
    assert!(!wrong.correct);
    assert_eq!(
        wrong.mistakes,
        [
            "2 is a P-position: every move from it leads to an N-position (2 → 1)",
            "4 is not a P-position: 4 → 0 is a move, and 0 is P",
        ]
    );
    let hints = exercise("p-positions", "sub:1,3,4 to 20")
        .hints(&Budget::default())
        .unwrap();
    assert_eq!(hints.answer, "The P-positions are 0, 2, 7, 9, 14, 16.");
    assert!(hints
        .method
        .contains("every move from it leads to an N-position"));
}

#[test]
fn a_nim_sum_is_checked_column_by_column() {
    // 13 ⊕ 12 ⊕ 8 = 1101 ⊕ 1100 ⊕ 1000 = 1001 = 9.
    assert!(check("nim-sum", "13,12,8", "9").correct);
    let wrong = check("nim-sum", "13,12,8", "13");
    assert_eq!(
        wrong.mistakes,
        ["the 4s column has 2 1s, an even count, so the nim-sum has 0 there, not 1"]
    );
    // x ⊕ 38 = 25 is x = 38 ⊕ 25 = 63 (the notes' exercise).
    assert!(check("xor", "38,25", "63").correct);
    assert_eq!(
        check("xor", "38,25", "62").mistakes,
        ["62 ⊕ 38 = 24, not 25: they differ in the 1s column"]
    );
    assert_eq!(
        exercise("xor", "38,25")
            .hints(&Budget::default())
            .unwrap()
            .answer,
        "x = 38 ⊕ 25 = 63."
    );
}

#[test]
fn winning_moves_are_each_checked_and_the_missing_ones_counted() {
    // Nim 3,5,7 has nim-sum 1: each heap, all odd, loses its last chip's bit.
    let what = "nim 3,5,7";
    assert!(check("winning-moves", what, "nim 2,5,7; nim 3,4,7; nim 3,5,6").correct);
    // A part's position alone is a move too, as the page takes it.
    let some = check("winning-moves", what, "nim 2,5,7\n3,4,7");
    assert_eq!(
        some.mistakes,
        ["there are 3 winning moves, and you found 2"]
    );
    let wrong = check(
        "winning-moves",
        what,
        "nim 1,5,7; nim 2,5,7; nim 3,4,7; nim 3,5,6",
    );
    assert_eq!(wrong.mistakes.len(), 1);
    assert!(
        wrong.mistakes[0].starts_with("take 2 from the heap of 3 is not a winning move: the nim-sum of the parts' nimbers of nim 1,5,7 is 3, not 0 (the 2s column has an odd count of 1s)"),
        "{}",
        wrong.mistakes[0]
    );
    let illegal = check("winning-moves", what, "nim 4,5,7");
    assert!(
        illegal.mistakes[0].contains("not a legal move")
            || illegal.mistakes[0].contains("cannot grow"),
        "{:?}",
        illegal.mistakes
    );
    // Bouton's theorem names the one winning move of a heap of 10^12, which is
    // checked without listing the 10^12 moves.
    assert!(check("winning-moves", "nim 1000000000000,5", "nim 5,5").correct);
    // A P-position has none.
    assert!(check("winning-moves", "nim 1,2,3", "none").correct);
    assert!(!check("winning-moves", "nim 1,2,3", "nim 1,2,2").correct);
}

#[test]
fn who_wins_is_checked_in_normal_and_misere_play() {
    assert!(check("winner", "nim 1,2,3", "second").correct);
    let wrong = check("winner", "nim 1,2,3", "first");
    assert!(
        wrong.mistakes[0].starts_with("nim 1,2,3 has nimber 0"),
        "{:?}",
        wrong.mistakes
    );
    // A sum: kayles 4 (nimber 1) + nim 1 is a P-position.
    assert!(check("winner", "kayles 4 + nim 1", "P").correct);
    // Misère Nim 1,1: the player to move takes one heap and wins.
    let misere = Exercise::read("winner", "nim 1,1", Play::Misere).unwrap();
    assert!(misere.check("first", &Budget::default()).unwrap().correct);
    assert!(!misere.check("second", &Budget::default()).unwrap().correct);
    assert!(misere.question().contains("misère"));
}

#[test]
fn bad_exercises_and_answers_are_refused_with_the_bad_token_named() {
    let refused = |kind: &str, what: &str| {
        Exercise::read(kind, what, Play::Normal)
            .unwrap_err()
            .to_string()
    };
    assert!(refused("labels", "nim 3").contains("'labels' is no kind of exercise"));
    assert!(refused("p-positions", "sub:1,3,4 to x").contains("'x' is not a number"));
    assert!(refused("p-positions", "sub:1,3,4 20").contains("names no last heap"));
    assert!(refused("p-positions", "sub:1,3,4 to 5000").contains("at most 1000"));
    assert!(refused("p-positions", "nim 1, to 3").contains("nim 1,"));
    assert!(refused("xor", "38").contains("not two numbers"));
    assert!(refused("winner", "foo 3").contains("foo"));
    let answer = |kind: &str, what: &str, a: &str| {
        exercise(kind, what)
            .check(a, &Budget::default())
            .unwrap_err()
            .to_string()
    };
    assert!(answer("nim-sum", "1,2", "3x").contains("'3x' is not a number"));
    assert!(answer("winner", "nim 1", "maybe").contains("'maybe' is not first or second"));
    assert!(answer("p-positions", "sub:1,2 to 5", "0 3 9").contains("'9' is past the last heap"));
}

/// Who wins a position of Nim or of a subtraction game with heaps, by brute force
/// over the game tree: the player to move wins when some move leaves a position
/// where the player to move loses.
fn first_wins(heaps: &mut Vec<u64>, takes: &[u64], misere: bool) -> bool {
    if heaps.iter().all(|&h| takes.iter().all(|&t| t > h)) {
        return misere;
    }
    for i in 0..heaps.len() {
        for &t in takes {
            if t <= heaps[i] {
                heaps[i] -= t;
                let loses = !first_wins(heaps, takes, misere);
                heaps[i] += t;
                if loses {
                    return true;
                }
            }
        }
    }
    false
}

/// A small random number generator for the practice positions (xorshift).
struct Random(u64);

impl Random {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

#[test]
fn verdicts_on_a_thousand_positions_of_each_kind_agree_with_brute_force() {
    let mut random = Random(0x9e37_79b9_7f4a_7c15);
    for round in 0..1000 {
        let heaps: Vec<u64> = (0..1 + random.below(3)).map(|_| random.below(6)).collect();
        let written: Vec<String> = heaps.iter().map(u64::to_string).collect();
        // Who wins Nim, in normal and misère play, and a subtraction game.
        let misere = round % 2 == 1;
        let play = if misere { Play::Misere } else { Play::Normal };
        let all: Vec<u64> = (1..=5).collect();
        let first = first_wins(&mut heaps.clone(), &all, misere);
        let nim = Exercise::read("winner", &format!("nim {}", written.join(",")), play).unwrap();
        assert!(
            nim.check(if first { "first" } else { "second" }, &Budget::default())
                .unwrap()
                .correct,
            "{heaps:?} misère {misere}"
        );
        assert!(
            !nim.check(if first { "second" } else { "first" }, &Budget::default())
                .unwrap()
                .correct
        );
        let sub = format!("sub:1,3,4 {}", written.join(" + sub:1,3,4 "));
        let first = first_wins(&mut heaps.clone(), &[1, 3, 4], false);
        assert!(
            exercise("winner", &sub)
                .check(if first { "first" } else { "second" }, &Budget::default())
                .unwrap()
                .correct,
            "{sub}"
        );
        // The nim-sum: the engine's verdict is right exactly for the XOR.
        let sum = heaps.iter().fold(0, |s, h| s ^ h);
        let guess = random.below(8);
        assert_eq!(
            check("nim-sum", &written.join(","), &guess.to_string()).correct,
            guess == sum
        );
        // Winning moves of Nim: every move that leaves a position the mover loses by
        // brute force, and no other, is the right answer.
        let mut winning = Vec::new();
        for i in 0..heaps.len() {
            for left in 0..heaps[i] {
                let mut after = heaps.clone();
                after[i] = left;
                if !first_wins(&mut after.clone(), &all, false) {
                    let w: Vec<String> = after.iter().map(u64::to_string).collect();
                    winning.push(format!("nim {}", w.join(",")));
                }
            }
        }
        winning.dedup();
        let what = format!("nim {}", written.join(","));
        let verdict = check("winning-moves", &what, &winning.join(";"));
        assert!(
            verdict.correct,
            "{what}: {winning:?} {:?}",
            verdict.mistakes
        );
        // A labelling of a subtraction game of a random set.
        let takes: Vec<u64> = (1..=4).filter(|_| random.below(2) == 1).collect();
        if round % 50 == 0 && !takes.is_empty() {
            let game = format!(
                "sub:{}",
                takes
                    .iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            );
            let p: Vec<String> = (0..=15)
                .filter(|&n| !first_wins(&mut vec![n], &takes, false))
                .map(|n: u64| n.to_string())
                .collect();
            assert!(
                check("p-positions", &format!("{game} to 15"), &p.join(",")).correct,
                "{game}"
            );
        }
    }
}

#[test]
fn every_lesson_s_exercises_are_answered_by_the_engine() {
    let lessons = grundy::learn::lessons();
    assert!(lessons.len() >= 6);
    for lesson in &lessons {
        assert!(
            !lesson.idea.is_empty() && !lesson.exercises.is_empty(),
            "{}",
            lesson.id
        );
        for e in &lesson.exercises {
            let play = if e.misere { Play::Misere } else { Play::Normal };
            let exercise = Exercise::read(e.kind, e.what, play).unwrap();
            let hints = exercise.hints(&Budget::default()).unwrap();
            assert!(!hints.answer.is_empty(), "{}: {}", lesson.id, e.what);
        }
    }
    // Misère Nim 1,1,1: an odd number of heaps of 1, so the player to move loses.
    let misere = Exercise::read("winner", "nim 1,1,1", Play::Misere).unwrap();
    assert!(misere.check("second", &Budget::default()).unwrap().correct);
}
