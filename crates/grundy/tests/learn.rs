//! The exercises of the notes, checked by the engine: right answers accepted, wrong
//! ones refused with the reason in the notes' terms, and the verdicts compared with
//! brute force on many positions.

use std::collections::HashMap;

use grundy::learn::practice::practice;
use grundy::learn::worked::worked;
use grundy::learn::{Exercise, Verdict, KINDS};
use grundy::{Analyst, Budget, Play};

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
    // The moves to click: all 15 of Nim 3,5,7, each with its words; none for a
    // heap of 10^12 (its moves are not listed).
    let choices = exercise("winning-moves", what).choices().unwrap();
    assert!(choices.several && choices.options.len() == 15);
    assert_eq!(choices.options[2].answer, "nim 2,5,7");
    assert_eq!(choices.options[2].label, "take 1 from the heap of 3");
    assert!(exercise("winning-moves", "nim 1000000000000,5")
        .choices()
        .is_none());
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

#[test]
fn the_period_of_the_labels_is_checked_against_the_notes() {
    // Ferguson, Game Theory, Part I, section 1.4: for S = {1, 3, 4} the pattern
    // P N P N N N N repeats, period 7; exercise 1.4: S = {1, 3, 5, 7} has the even
    // heaps as P-positions (period 2), S = {1, 3, 6} the heaps of 0, 2 or 4 modulo 9,
    // and the powers of 2 the multiples of 3.
    for (game, period) in [
        ("sub:1,3,4", 7),
        ("sub:1,3,5,7", 2),
        ("sub:1,3,6", 9),
        ("sub-pow2", 3),
    ] {
        assert!(check("period", game, &period.to_string()).correct, "{game}");
    }
    assert_eq!(
        check("period", "sub:1,3,4", "5").mistakes,
        ["5 is not the period: heap 0 is P but heap 5, 5 heaps on, is N"]
    );
    assert!(check("period", "sub:1,3,4", "14").mistakes[0].contains("not the least"));
    let hints = exercise("period", "sub:1,3,4")
        .hints(&Budget::default())
        .unwrap();
    assert!(
        hints
            .answer
            .starts_with("The pattern P N P N N N N of length 7 repeats"),
        "{}",
        hints.answer
    );
    // Misère labelling (exercise 1.1): in the take-away game of 1, 2 or 3 the
    // P-positions are the heaps of 1 modulo 4.
    let misere = Exercise::read("p-positions", "sub:1,2,3 to 12", Play::Misere).unwrap();
    assert!(misere.check("1 5 9", &Budget::default()).unwrap().correct);
    assert!(misere
        .check("0 4 8 12", &Budget::default())
        .unwrap()
        .mistakes[0]
        .starts_with("0 is not a P-position in misère play"));
}

#[test]
fn a_nimber_is_checked_as_the_mex_of_the_options_or_a_nim_sum() {
    // Kayles: 0, 1, 2, 3, 1, 4, 3, 2 (Guy and Smith, 1956); a row of 7 has 2.
    assert!(check("nimber", "kayles 7", "2").correct);
    assert!(check("nimber", "kayles 7", "3").mistakes[0]
        .starts_with("3 is the nimber of an option (take 1 from the heap of 7 leaves kayles 6"));
    assert_eq!(
        check("nimber", "sub:1,2 5", "3").mistakes,
        ["the options of sub:1,2 5 have nimbers {0, 1}: the least number not among them is 2, not 3"]
    );
    // A sum: nim 3 (3), kayles 4 (1), sub:1,2 5 (2): 3 ⊕ 1 ⊕ 2 = 0.
    assert_eq!(
        check("nimber", "nim 3 + kayles 4 + sub:1,2 5", "1").mistakes,
        ["the nimber of a sum is the nim-sum of its parts' nimbers: nim 3 (3), kayles 4 (1), sub:1,2 5 (2), and 3 ⊕ 1 ⊕ 2 = 0, not 1"]
    );
    // Green Hackenbush (section 5): the tree g-a, a-b, a-c, c-d is a stalk of
    // 1 + (1 ⊕ 2) = 4 by the colon principle; the triangle on a stalk fuses to a
    // stalk of 1 with 3 loops on it: 1 + 1 = 2.
    assert!(check("nimber", "hackenbush g-a,a-b,a-c,c-d", "4").correct);
    assert!(check("nimber", "hackenbush g-a,a-b,b-c,c-a", "2").correct);
    let hints = exercise("nimber", "hackenbush g-a,a-b,b-c,c-a")
        .hints(&Budget::default())
        .unwrap();
    assert!(
        hints.method.contains("the colon and fusion principles"),
        "{}",
        hints.method
    );
    assert!(
        hints.answer.contains("fuse into one vertex"),
        "{}",
        hints.answer
    );
    // Parts a theorem values are answered without listing their moves: a heap of
    // 10^12 of Nim, and of Kayles: period 12 from heap 72, where g(72..76) = 4, 1,
    // 2, 8, 1 (Guy and Smith, 1956), and 10^12 is 4 modulo 12, so it has g = 1.
    let huge = "nim 1000000000000 + kayles 1000000000000";
    let g = 1_000_000_000_000u64 ^ 1;
    assert!(check("nimber", huge, &g.to_string()).correct);
    assert!(
        check("nimber", "kayles 1000000000000", "5").mistakes[0].contains("has nimber 1, not 5")
    );
    assert!(Exercise::read("nimber", "nim 3", Play::Misere)
        .unwrap_err()
        .to_string()
        .contains("normal play"));
}

#[test]
fn a_graph_s_values_are_checked_vertex_by_vertex() {
    // Ferguson, section 3.2: a terminal vertex has 0; each other vertex the mex of
    // its followers' values.
    let graph = "a -> b c; b -> d; c -> d e; d -> e; e ->; f -> a c";
    assert!(check("graph-values", graph, "a=1, b=0, c=2, d=1, e=0, f=0").correct);
    assert!(check("graph-values", graph, "1 0 2 1 0 0").correct);
    assert_eq!(
        check("graph-values", graph, "g(a)=1, b=1, c=2, d=1, e=1").mistakes,
        [
            "e has no followers, so g(e) = 0, not 1",
            "g(b) is the mex of its followers' values (d has 1), which is 0, not 1",
            "no value is given for f",
        ]
    );
    let refused = |what: &str, answer: &str| {
        exercise("graph-values", what)
            .check(answer, &Budget::default())
            .unwrap_err()
            .to_string()
    };
    assert!(refused(graph, "z=1").contains("'z' is no vertex"));
    // The graph is drawn to answer from, with no value given away.
    let picture = exercise("graph-values", graph).picture().unwrap();
    assert!(picture.contains(">g = ?<") && !picture.contains(">g = 0<"));
    assert!(
        Exercise::read("graph-values", "a -> b; b -> a", Play::Normal)
            .unwrap_err()
            .to_string()
            .contains("cycle")
    );
}

/// Brute force over the game tree by the rules' moves alone: nimbers by the mex,
/// misère outcomes by "some move to a loss", memoised by position.
struct Brute {
    analyst: Analyst,
    nimbers: HashMap<String, u64>,
    misere_wins: HashMap<String, bool>,
}

impl Brute {
    fn new() -> Self {
        Brute {
            analyst: Analyst::new(Budget::default()),
            nimbers: HashMap::new(),
            misere_wins: HashMap::new(),
        }
    }

    fn moves(&mut self, spec: &str) -> Vec<String> {
        let p = self.analyst.parse(spec).unwrap();
        let moves = self.analyst.moves(&p).unwrap();
        moves.iter().map(|m| m.as_str().to_string()).collect()
    }

    fn nimber(&mut self, spec: &str) -> u64 {
        if let Some(&g) = self.nimbers.get(spec) {
            return g;
        }
        let options: Vec<u64> = self.moves(spec).iter().map(|m| self.nimber(m)).collect();
        let g = (0..).find(|g| !options.contains(g)).unwrap();
        self.nimbers.insert(spec.to_string(), g);
        g
    }

    /// Whether the player to move wins `spec` in `play`.
    fn first_wins(&mut self, spec: &str, play: Play) -> bool {
        if play == Play::Normal {
            return self.nimber(spec) != 0;
        }
        if let Some(&w) = self.misere_wins.get(spec) {
            return w;
        }
        let moves = self.moves(spec);
        let wins = moves.is_empty() || moves.iter().any(|m| !self.first_wins(m, play));
        self.misere_wins.insert(spec.to_string(), wins);
        wins
    }
}

/// The moves of a subtraction game `sub:1,3,4` (or `sub-pow2`) from a heap.
fn takes(game: &str, heap: u64) -> Vec<u64> {
    match game.strip_prefix("sub:") {
        Some(set) => set.split(',').map(|t| t.parse().unwrap()).collect(),
        None => (0..64)
            .map(|k| 1u64 << k)
            .take_while(|&t| t <= heap)
            .collect(),
    }
}

/// Which heaps from 0 to `to` of a subtraction game are P-positions, labelled
/// upwards from 0 as Ferguson does.
fn p_positions(game: &str, to: u64, play: Play) -> Vec<bool> {
    let mut p: Vec<bool> = Vec::new();
    for n in 0..=to {
        let options: Vec<u64> = takes(game, n)
            .into_iter()
            .filter(|&t| t <= n)
            .map(|t| n - t)
            .collect();
        p.push(match options.is_empty() {
            true => play == Play::Normal,
            false => options.iter().all(|&o| !p[o as usize]),
        });
    }
    p
}

/// A graph's values by the mex, recursively, in the order of its lines.
fn graph_values(graph: &str) -> Vec<(String, u64)> {
    let lines: Vec<(String, Vec<String>)> = graph
        .split(';')
        .map(|l| {
            let (v, followers) = l.split_once("->").unwrap();
            (
                v.trim().to_string(),
                followers.split_whitespace().map(String::from).collect(),
            )
        })
        .collect();
    fn value(v: &str, lines: &[(String, Vec<String>)]) -> u64 {
        let followers = &lines.iter().find(|l| l.0 == v).unwrap().1;
        let values: Vec<u64> = followers.iter().map(|w| value(w, lines)).collect();
        (0..).find(|g| !values.contains(g)).unwrap()
    }
    lines
        .iter()
        .map(|(v, _)| (v.clone(), value(v, &lines)))
        .collect()
}

#[test]
fn a_thousand_practice_exercises_of_each_kind_are_judged_as_brute_force_judges() {
    let mut brute = Brute::new();
    let budget = Budget::default();
    let numbers = |list: Vec<u64>| {
        list.iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    for (kind, _) in KINDS {
        for seed in 0..1000u64 {
            let level = (seed % 3 + 1) as u8;
            let e = practice(kind, level, seed).unwrap();
            let what = e.what();
            let play = e.play();
            // The right answer by brute force, and a wrong one.
            let (right, wrong) = match *kind {
                "p-positions" => {
                    let (game, to) = what.split_once(" to ").unwrap();
                    let p = p_positions(game, to.parse().unwrap(), play);
                    let set =
                        |p: &[bool]| numbers((0..).zip(p).filter(|x| *x.1).map(|x| x.0).collect());
                    let mut flipped = p.clone();
                    flipped[seed as usize % p.len()] ^= true;
                    (set(&p), set(&flipped))
                }
                "period" => {
                    let p = p_positions(&what, 400, Play::Normal);
                    let q = (1..=100)
                        .find(|&q| (200..400 - q).all(|n| p[n] == p[n + q]))
                        .unwrap();
                    (q.to_string(), (q + 1).to_string())
                }
                "nim-sum" => {
                    let sum = what
                        .split(",")
                        .map(|h| h.parse::<u64>().unwrap())
                        .fold(0, |s, h| s ^ h);
                    (sum.to_string(), (sum ^ 1).to_string())
                }
                "xor" => {
                    let (a, b) = what.split_once(',').unwrap();
                    let x = a.parse::<u64>().unwrap() ^ b.parse::<u64>().unwrap();
                    (x.to_string(), (x ^ 4).to_string())
                }
                "winner" => {
                    let first = brute.first_wins(&what, play);
                    let say = |f: bool| if f { "first" } else { "second" }.to_string();
                    (say(first), say(!first))
                }
                "winning-moves" => {
                    let moves = brute.moves(&what);
                    let (winning, losing): (Vec<String>, Vec<String>) =
                        moves.into_iter().partition(|m| !brute.first_wins(m, play));
                    let right = winning.join(";");
                    let wrong = match winning.len() {
                        0 => losing[0].clone(),
                        _ => winning[1..].join(";"),
                    };
                    (right, wrong)
                }
                "nimber" => {
                    let g = brute.nimber(&what);
                    (g.to_string(), (g + 1).to_string())
                }
                "graph-values" => {
                    let values = graph_values(&what);
                    let said = |values: &[(String, u64)]| {
                        values
                            .iter()
                            .map(|(v, g)| format!("{v}={g}"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    };
                    let mut changed = values.clone();
                    let i = seed as usize % changed.len();
                    changed[i].1 += 1;
                    (said(&values), said(&changed))
                }
                other => panic!("no brute force for {other}"),
            };
            let verdict = e.check(&right, &budget).unwrap();
            assert!(
                verdict.correct,
                "{kind} {what} ({play:?}): {right}: {:?}",
                verdict.mistakes
            );
            let verdict = e.check(&wrong, &budget).unwrap();
            assert!(
                !verdict.correct && !verdict.mistakes.is_empty(),
                "{kind} {what}: {wrong}"
            );
        }
    }
}

#[test]
fn worked_examples_step_through_the_notes_methods() {
    let budget = Budget::default();
    // The labelling of S = {1, 3, 4}: a step a heap, the labels so far under the
    // heaps; the last shows P N P N N N N twice and a P.
    let labelling = worked("labelling", "sub:1,3,4 to 14", &budget).unwrap();
    assert_eq!(labelling.steps.len(), 15);
    assert_eq!(
        labelling.steps[7].say,
        "7: moves to 6, 4, 3, all N, so 7 is P"
    );
    assert_eq!(
        labelling.steps[4].say,
        "4: moves to 3, 1, 0; 0 is P, so 4 is N"
    );
    let last = &labelling.steps[14].lines[1];
    assert_eq!(
        last.split_whitespace().collect::<String>(),
        "PNPNNNNPNPNNNNP"
    );
    // The nim-sum of the notes' 13, 12, 8 built a heap at a time: 9, and the one
    // winning move 13 → 4.
    let nim = worked("nim-sum", "13,12,8", &budget).unwrap();
    assert_eq!(nim.steps.len(), 4);
    assert!(nim.steps[3].say.contains("The nim-sum is 9") && nim.steps[3].say.contains("13 → 4"));
    // The mex on the start graph, vertex after vertex.
    let mex = worked(
        "mex",
        "a -> b c; b -> d; c -> d e; d -> e; e ->; f -> a c",
        &budget,
    )
    .unwrap();
    assert_eq!(mex.steps[0].say, "e has no followers: g(e) = 0");
    assert_eq!(mex.steps[3].say, "g(c) = mex{g(d) = 1, g(e) = 0} = 2");
    // Drawn with the values so far: c's written in, a's still to find.
    let drawn = mex.steps[3].picture.as_deref().unwrap();
    assert!(
        drawn.contains(">g = 2<") && drawn.contains(">g = ?<"),
        "{drawn}"
    );
    assert!(mex.steps.last().unwrap().say.ends_with("value 0: b, e, f."));
    // A sum: each part, then the nim-sum.
    let sum = worked("sum", "nim 3 + kayles 4 + sub:1,2 5", &budget).unwrap();
    assert!(sum.steps[1]
        .say
        .starts_with("kayles 4: mex{3, 3, 2, 0} = 1"));
    assert!(sum.steps.last().unwrap().say.contains("0, a P-position"));
    // A Hackenbush drawing fused, with its picture.
    let fused = worked("fusion", "hackenbush g-a,a-b,b-c,c-a", &budget).unwrap();
    assert!(fused.steps[0]
        .picture
        .as_deref()
        .unwrap()
        .starts_with("<svg"));
    assert!(fused
        .steps
        .iter()
        .any(|s| s.say.contains("fuse into one vertex")));
    assert!(worked("fusion", "nim 3", &budget)
        .unwrap_err()
        .to_string()
        .contains("not one Green Hackenbush drawing"));
    assert!(worked("labelling", "sub:1,2 to 500", &budget)
        .unwrap_err()
        .to_string()
        .contains("at most 60"));
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
            let exercise = Exercise::read(e.kind, &e.what, play).unwrap();
            let hints = exercise.hints(&Budget::default()).unwrap();
            assert!(!hints.answer.is_empty(), "{}: {}", lesson.id, e.what);
        }
    }
    // Misère Nim 1,1,1: an odd number of heaps of 1, so the player to move loses.
    let misere = Exercise::read("winner", "nim 1,1,1", Play::Misere).unwrap();
    assert!(misere.check("second", &Budget::default()).unwrap().correct);
}
