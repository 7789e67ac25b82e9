//! Exercises of the notes, checked by the engine: a student's answer is compared
//! with what the engine computes for that very exercise (never with a stored key,
//! so a generated variant is as good as the notes' own), each mistake explained in
//! the notes' terms ("7 is not a P-position: 7 → 4 is a move, and 4 is P"), with a
//! ladder of hints: a nudge, the method, the answer.

use crate::{invalid, Analysis, Analyst, Budget, Options, Outcome, Play, Position, Result};

/// The most heaps a labelling exercise asks for (the list is written by hand).
pub const MOST_LABELLED: u64 = 1000;

/// An exercise of one of the kinds the notes ask.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exercise {
    /// Which heaps from 0 to `to` of a one-heap game (`sub:1,3,4`) are
    /// P-positions: Ferguson's labelling, section 1.3.
    PPositions {
        /// The game, as in a SPEC without its position.
        game: String,
        /// The largest heap labelled.
        to: u64,
    },
    /// The nim-sum of heaps (section 1.4).
    NimSum {
        /// The heaps.
        heaps: Vec<u64>,
    },
    /// The x with x ⊕ `a` = `b`.
    Xor {
        /// The number XORed with x.
        a: u64,
        /// The result.
        b: u64,
    },
    /// Every winning move of a position.
    WinningMoves {
        /// The position, in SPEC syntax.
        position: String,
        /// Normal or misère play.
        play: Play,
    },
    /// Who wins a position with perfect play: the player to move, or the other.
    Winner {
        /// The position, in SPEC syntax.
        position: String,
        /// Normal or misère play.
        play: Play,
    },
}

/// The kinds of exercise, as named on the command line and in the API, with what
/// each asks for.
pub const KINDS: &[(&str, &str)] = &[
    (
        "p-positions",
        "GAME to N: the P-positions among heaps 0 to N, e.g. sub:1,3,4 to 20",
    ),
    ("nim-sum", "HEAPS: their nim-sum, e.g. 13,12,8"),
    ("xor", "A,B: the x with x ⊕ A = B, e.g. 38,25"),
    ("winning-moves", "SPEC: every winning move, e.g. nim 3,5,7"),
    (
        "winner",
        "SPEC: who wins, the first player or the second, e.g. nim 1,2,3",
    ),
];

/// The engine's verdict on an answer.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Verdict {
    /// Whether the answer is right.
    pub correct: bool,
    /// Each mistake, explained in one sentence; none for a right answer.
    pub mistakes: Vec<String>,
}

/// Hints for an exercise, each saying more.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Hints {
    /// Where to start.
    pub nudge: String,
    /// The method, as the notes teach it.
    pub method: String,
    /// The answer, with why.
    pub answer: String,
}

impl Exercise {
    /// The exercise of `kind` (one of [`KINDS`]) on `what`, in `play`.
    pub fn read(kind: &str, what: &str, play: Play) -> Result<Exercise> {
        let what = what.trim();
        let exercise = match kind {
            "p-positions" => {
                let (game, to) = what.split_once(" to ").ok_or_else(|| {
                    invalid!("'{what}' names no last heap: write GAME to N, e.g. sub:1,3,4 to 20")
                })?;
                let to = number(to)?;
                if to > MOST_LABELLED {
                    return Err(invalid!(
                        "'{to}' is too many heaps to label by hand: at most {MOST_LABELLED}"
                    ));
                }
                Exercise::PPositions {
                    game: game.trim().to_string(),
                    to,
                }
            }
            "nim-sum" => Exercise::NimSum {
                heaps: numbers(what)?,
            },
            "xor" => match numbers(what)?[..] {
                [a, b] => Exercise::Xor { a, b },
                _ => return Err(invalid!("'{what}' is not two numbers A,B (for x ⊕ A = B)")),
            },
            "winning-moves" => Exercise::WinningMoves {
                position: what.to_string(),
                play,
            },
            "winner" => Exercise::Winner {
                position: what.to_string(),
                play,
            },
            _ => {
                let kinds: Vec<&str> = KINDS.iter().map(|k| k.0).collect();
                return Err(invalid!(
                    "'{kind}' is no kind of exercise: {}",
                    kinds.join(", ")
                ));
            }
        };
        // A game that does not exist is said now, not at the answer.
        let mut analyst = Analyst::new(Budget::default());
        exercise.positions(&mut analyst)?;
        Ok(exercise)
    }

    /// The exercise as a question.
    pub fn question(&self) -> String {
        let misere = |play: &Play| match play {
            Play::Normal => "",
            Play::Misere => " in misère play (the last player to move loses)",
        };
        match self {
            Exercise::PPositions { game, to } => {
                format!("Which heaps from 0 to {to} are P-positions of {game}?")
            }
            Exercise::NimSum { heaps } => format!("What is the nim-sum of {}?", join(heaps)),
            Exercise::Xor { a, b } => format!("Which x has x ⊕ {a} = {b}?"),
            Exercise::WinningMoves { position, play } => {
                format!(
                    "What are the winning moves from {position}{}?",
                    misere(play)
                )
            }
            Exercise::Winner { position, play } => format!(
                "Who wins {position}{}: the first player (to move) or the second?",
                misere(play)
            ),
        }
    }

    /// The engine's verdict on `answer`: numbers separated by commas or spaces; for
    /// winning moves, the positions they leave separated by `;` or new lines (or
    /// `none`); for who wins, `first` or `second` (or `N`, `P`).
    /// Its searches are made within `budget`.
    pub fn check(&self, answer: &str, budget: &Budget) -> Result<Verdict> {
        let mut analyst = Analyst::new(budget.clone());
        let mistakes = match self {
            Exercise::PPositions { .. } => self.check_labels(&mut analyst, answer)?,
            Exercise::NimSum { heaps } => {
                let sum = heaps.iter().fold(0, |s, h| s ^ h);
                let given = single(answer)?;
                columns_differing(given, sum)
                    .into_iter()
                    .map(|bit| {
                        let ones = heaps.iter().filter(|&&h| h >> bit & 1 == 1).count();
                        format!(
                            "the {}s column has {ones} 1s, an {} count, so the nim-sum has {} there, not {}",
                            1u64 << bit,
                            if ones % 2 == 1 { "odd" } else { "even" },
                            sum >> bit & 1,
                            given >> bit & 1
                        )
                    })
                    .collect()
            }
            Exercise::Xor { a, b } => {
                let given = single(answer)?;
                match given ^ a == *b {
                    true => Vec::new(),
                    false => vec![format!(
                        "{given} ⊕ {a} = {}, not {b}: they differ in the {} column{}",
                        given ^ a,
                        columns_differing(given ^ a, *b)
                            .iter()
                            .map(|bit| format!("{}s", 1u64 << bit))
                            .collect::<Vec<_>>()
                            .join(", "),
                        if (given ^ a ^ b).count_ones() > 1 {
                            "s"
                        } else {
                            ""
                        }
                    )],
                }
            }
            Exercise::WinningMoves { play, .. } => self.check_moves(&mut analyst, *play, answer)?,
            Exercise::Winner { play, .. } => {
                let first = match answer.trim().to_ascii_lowercase().as_str() {
                    "first" | "n" | "the first player" | "first player" => true,
                    "second" | "p" | "the second player" | "second player" => false,
                    other => return Err(invalid!("'{other}' is not first or second (or N or P)")),
                };
                let (position, analysis) = self.analysed(&mut analyst, *play)?;
                match (first, analysis.outcome) {
                    (true, Outcome::N) | (false, Outcome::P) => Vec::new(),
                    (true, _) => vec![why_p(&position, &analysis)],
                    (false, _) => vec![why_n(&position, &analysis)],
                }
            }
        };
        Ok(Verdict {
            correct: mistakes.is_empty(),
            mistakes,
        })
    }

    /// The hints, the last of them the engine's answer, found within `budget`.
    pub fn hints(&self, budget: &Budget) -> Result<Hints> {
        let mut analyst = Analyst::new(budget.clone());
        let (nudge, method, answer) = match self {
            Exercise::PPositions { .. } => {
                let labelled = self.labelled(&mut analyst)?;
                let p: Vec<u64> = (0..)
                    .zip(&labelled)
                    .filter(|(_, (_, a))| a.outcome == Outcome::P)
                    .map(|(n, _)| n)
                    .collect();
                (
                    "A heap with no move is a P-position: the player to move there cannot move, and loses. Work upwards from it.".to_string(),
                    "Ferguson's labelling: a heap is P when every move from it leads to an N-position, and N when some move leads to a P-position.".to_string(),
                    format!("The P-positions are {}.", join(&p)),
                )
            }
            Exercise::NimSum { heaps } => {
                let sum = heaps.iter().fold(0, |s, h| s ^ h);
                let rows: Vec<(String, u64)> = heaps.iter().map(|&h| (h.to_string(), h)).collect();
                (
                    "Write the heaps in binary, one under the other.".to_string(),
                    "In each column, an odd number of 1s gives a 1 in the nim-sum, an even number a 0 (addition without carry).".to_string(),
                    format!(
                        "The nim-sum is {sum}:\n{}",
                        crate::notation::binary_columns(&rows, sum).join("\n")
                    ),
                )
            }
            Exercise::Xor { a, b } => (
                "⊕ undoes itself: x ⊕ a ⊕ a = x.".to_string(),
                format!("So x = {a} ⊕ {b}: XOR them column by column."),
                format!("x = {a} ⊕ {b} = {}.", a ^ b),
            ),
            Exercise::WinningMoves { play, .. } => {
                let (_, analysis) = self.analysed(&mut analyst, *play)?;
                let moves: Vec<String> = analysis
                    .winning_moves
                    .iter()
                    .map(|m| format!("{} ({})", m.position, m.description))
                    .collect();
                (
                    "A winning move leaves a P-position: one from which every move leads to an N-position.".to_string(),
                    match play {
                        Play::Normal => "Find the nim-sum s of the parts' nimbers; a part of nimber g with g ⊕ s less than g can be moved to one of nimber g ⊕ s, which makes the nim-sum 0.".to_string(),
                        Play::Misere => "Misère Nim: play as in normal Nim while some heap has 2 or more chips, except the move that leaves every heap at most 1: leave an odd number of heaps of 1.".to_string(),
                    },
                    match moves.is_empty() {
                        true => "There is no winning move: the position is a P-position.".to_string(),
                        false => format!("The winning moves: {}.", moves.join("; ")),
                    },
                )
            }
            Exercise::Winner { play, .. } => {
                let (position, analysis) = self.analysed(&mut analyst, *play)?;
                (
                    "Is it a P-position (the second player wins) or an N-position (the first player wins)?".to_string(),
                    match play {
                        Play::Normal => "By the Sprague–Grundy theorem the nimber of a sum is the nim-sum of its parts' nimbers; the first player wins exactly when it is not 0.".to_string(),
                        Play::Misere => "In misère play, look for a move to a P-position of misère play (for Nim: Bouton's rule, changed at the end game).".to_string(),
                    },
                    match analysis.outcome {
                        Outcome::N => format!("The first player wins: {}.", why_n(&position, &analysis)),
                        _ => format!("The second player wins: {}.", why_p(&position, &analysis)),
                    },
                )
            }
        };
        Ok(Hints {
            nudge,
            method,
            answer,
        })
    }

    /// The positions the exercise is about, read by `analyst`.
    fn positions(&self, analyst: &mut Analyst) -> Result<Vec<Position>> {
        match self {
            Exercise::PPositions { game, to } => {
                if game.contains(char::is_whitespace) {
                    return Err(invalid!(
                        "'{game}' is a position, not a game: write the game alone, e.g. sub:1,3,4 to 20"
                    ));
                }
                let first = analyst.parse(&format!("{game} 0"))?;
                if analyst.parts(&first)?.len() > 1 {
                    return Err(invalid!("'{game}' is not a game of one heap"));
                }
                (0..=*to)
                    .map(|n| analyst.parse(&format!("{game} {n}")))
                    .collect()
            }
            Exercise::NimSum { .. } | Exercise::Xor { .. } => Ok(Vec::new()),
            Exercise::WinningMoves { position, .. } | Exercise::Winner { position, .. } => {
                Ok(vec![analyst.parse(position)?])
            }
        }
    }

    /// The position of a winning-moves or winner exercise, and its analysis.
    fn analysed(&self, analyst: &mut Analyst, play: Play) -> Result<(Position, Analysis)> {
        let position = self.positions(analyst)?.remove(0);
        let analysis = analyst.analyse(
            &position,
            &Options {
                play,
                ..Options::default()
            },
        )?;
        if analysis.outcome == Outcome::D {
            return Err(invalid!(
                "{position} is a draw with perfect play: this exercise is for games that end"
            ));
        }
        Ok((position, analysis))
    }

    /// Each heap of a labelling exercise, from 0, and its analysis (its outcome,
    /// and the winning moves that show an N-position is N).
    fn labelled(&self, analyst: &mut Analyst) -> Result<Vec<(Position, Analysis)>> {
        let mut labelled = Vec::new();
        for p in self.positions(analyst)? {
            let analysis = analyst.analyse(&p, &Options::default())?;
            if analysis.outcome == Outcome::D {
                return Err(invalid!(
                    "{p} is a draw with perfect play: label a game that always ends"
                ));
            }
            labelled.push((p, analysis));
        }
        Ok(labelled)
    }

    fn check_labels(&self, analyst: &mut Analyst, answer: &str) -> Result<Vec<String>> {
        let Exercise::PPositions { to, .. } = self else {
            unreachable!("labels are of a labelling exercise")
        };
        let given = numbers(answer)?;
        if let Some(past) = given.iter().find(|&&n| n > *to) {
            return Err(invalid!("'{past}' is past the last heap, {to}"));
        }
        let labelled = self.labelled(analyst)?;
        // The heap named in a position of one heap (`sub:1,3,4 7` is 7).
        let heap = |p: &Position| {
            let text = p.as_str();
            text[text.rfind(' ').map_or(0, |i| i + 1)..].to_string()
        };
        let mut mistakes = Vec::new();
        for (n, (p, analysis)) in (0..=*to).zip(&labelled) {
            match (given.contains(&n), analysis.outcome) {
                (true, Outcome::N) => {
                    let wins = &analysis.winning_moves;
                    let step = wins.first().map(|m| heap(&m.position)).unwrap_or_default();
                    mistakes.push(format!(
                        "{n} is not a P-position: {n} → {step} is a move, and {step} is P"
                    ));
                }
                (false, Outcome::P) => {
                    let moves: Vec<String> = analyst
                        .moves(p)?
                        .iter()
                        .map(|m| format!("{n} → {}", heap(m)))
                        .collect();
                    mistakes.push(match moves.is_empty() {
                        true => format!("{n} is a P-position: there is no move from {n}, so the player to move loses"),
                        false => format!(
                            "{n} is a P-position: every move from it leads to an N-position ({})",
                            moves.join(", ")
                        ),
                    });
                }
                _ => {}
            }
        }
        Ok(mistakes)
    }

    fn check_moves(&self, analyst: &mut Analyst, play: Play, answer: &str) -> Result<Vec<String>> {
        let (position, analysis) = self.analysed(analyst, play)?;
        if let Some(why) = &analysis.winning_moves_not_computed {
            return Err(invalid!(
                "the winning moves of {position} are not all known: {why}"
            ));
        }
        let winning: Vec<&str> = analysis
            .winning_moves
            .iter()
            .map(|m| m.position.as_str())
            .collect();
        let written: Vec<&str> = answer
            .split([';', '\n'])
            .map(str::trim)
            .filter(|t| !t.is_empty() && !t.eq_ignore_ascii_case("none"))
            .collect();
        let mut mistakes = Vec::new();
        let mut found: Vec<String> = Vec::new();
        for text in written {
            // A winning move written whole is known without listing every move
            // (a heap of 10^12 has 10^12 of them); any other is checked as a move.
            let whole = analyst.parse(text).ok();
            let named = whole.filter(|to| winning.contains(&to.as_str()));
            let to = match named.map_or_else(|| analyst.legal_move(&position, text), Ok) {
                Ok(to) => to,
                Err(why) => {
                    mistakes.push(why);
                    continue;
                }
            };
            if winning.contains(&to.as_str()) {
                if !found.iter().any(|f| f == to.as_str()) {
                    found.push(to.as_str().to_string());
                }
                continue;
            }
            let words = analyst.describe_move(&position, &to)?;
            let after = analyst.analyse(
                &to,
                &Options {
                    play,
                    ..Options::default()
                },
            )?;
            mistakes.push(format!(
                "{words} is not a winning move: {}",
                why_n(&to, &after)
            ));
        }
        let missed = winning.len() - found.len();
        if missed > 0 {
            mistakes.push(match (winning.len(), found.len()) {
                (1, _) => {
                    "there is a winning move: look for a move that leaves a P-position".to_string()
                }
                (w, 0) => format!("there are {w} winning moves, and you found none of them"),
                (w, f) => format!("there are {w} winning moves, and you found {f}"),
            });
        }
        Ok(mistakes)
    }
}

/// Why `position` is an N-position (with its analysis): its nimber, and the move
/// that wins from it.
fn why_n(position: &Position, analysis: &Analysis) -> String {
    let wins = analysis.winning_moves.first().map(|m| {
        format!(
            "the player to move wins: {}, leaving {}",
            m.description, m.position
        )
    });
    let wins = wins.unwrap_or_else(|| "the player to move has a winning move".to_string());
    match (analysis.play, analysis.nimber) {
        (Play::Normal, Some(g)) => {
            let column = 1u64 << (63 - g.leading_zeros());
            let parts = analysis.parts.len();
            match parts {
                1 => format!("{position} has nimber {g}, not 0, so {wins}"),
                _ => format!(
                    "the nim-sum of the parts' nimbers of {position} is {g}, not 0 (the {column}s column has an odd count of 1s), so {wins}"
                ),
            }
        }
        _ => format!("{position} is an N-position: {wins}"),
    }
}

/// Why `position` is a P-position: no move wins from it.
fn why_p(position: &Position, analysis: &Analysis) -> String {
    match (analysis.play, analysis.terminal) {
        (_, true) => format!("{position} has no move left: the player to move cannot move"),
        (Play::Normal, false) => format!(
            "{position} has nimber 0: every move from it leaves an N-position, from which the other player moves back to a P-position"
        ),
        (Play::Misere, false) => format!(
            "{position} is a P-position of misère play: every move from it leaves an N-position"
        ),
    }
}

/// The bits (0 the units) where `a` and `b` differ, the highest first.
fn columns_differing(a: u64, b: u64) -> Vec<u32> {
    (0..64)
        .rev()
        .filter(|bit| (a ^ b) >> bit & 1 == 1)
        .collect()
}

/// A number the student wrote, or the sentence naming the bad token.
fn number(token: &str) -> Result<u64> {
    let token = token.trim();
    token
        .parse()
        .map_err(|_| invalid!("'{token}' is not a number"))
}

/// Numbers separated by commas or spaces.
fn numbers(text: &str) -> Result<Vec<u64>> {
    text.split([',', ' ', '\n', '\t'])
        .filter(|t| !t.trim().is_empty())
        .map(number)
        .collect()
}

/// The one number of an answer.
fn single(text: &str) -> Result<u64> {
    match numbers(text)?[..] {
        [n] => Ok(n),
        _ => Err(invalid!("'{}' is not one number", text.trim())),
    }
}

/// Numbers written with commas: `0, 2, 7`.
fn join(numbers: &[u64]) -> String {
    let words: Vec<String> = numbers.iter().map(u64::to_string).collect();
    words.join(", ")
}

/// A lesson of Learn: one idea of the notes in a few sentences, a position to play
/// with, and exercises, each checked by the engine.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Lesson {
    /// Its name in a link (`learn?lesson=nim`).
    pub id: &'static str,
    /// Its title.
    pub title: &'static str,
    /// Where the notes teach it (Ferguson, *Game Theory*, Part I).
    pub notes: &'static str,
    /// The idea, a paragraph each.
    pub idea: &'static [&'static str],
    /// A position to play with, in SPEC syntax.
    pub play: &'static str,
    /// Its exercises.
    pub exercises: Vec<LessonExercise>,
}

/// An exercise of a lesson, as the page asks it.
#[derive(Clone, Debug, serde::Serialize)]
pub struct LessonExercise {
    /// Its kind ([`KINDS`]).
    pub kind: &'static str,
    /// What it is about.
    pub what: &'static str,
    /// Whether it is about misère play.
    pub misere: bool,
    /// The question.
    pub question: String,
}

/// The lessons, in the order of the notes.
pub fn lessons() -> Vec<Lesson> {
    let exercises = |list: &[(&'static str, &'static str, bool)]| {
        list.iter()
            .map(|&(kind, what, misere)| {
                let play = if misere { Play::Misere } else { Play::Normal };
                let exercise = Exercise::read(kind, what, play).expect("a lesson's exercise reads");
                LessonExercise {
                    kind,
                    what,
                    misere,
                    question: exercise.question(),
                }
            })
            .collect()
    };
    vec![
        Lesson {
            id: "take-away",
            title: "Take-away games: P- and N-positions",
            notes: "sections 1.1 to 1.3",
            idea: &[
                "A position is a P-position when the previous player, the one who just moved, wins with perfect play, and an N-position when the next player, the one to move, wins.",
                "Label the positions from the end backwards: a position with no move is P (the player to move cannot move, and loses); a position is N when some move leads to a P-position, and P when every move leads to an N-position.",
                "In the game of 21 chips where a move takes 1, 2 or 3, the P-positions are the multiples of 4: whatever the opponent takes from one, you take the rest of 4.",
            ],
            play: "sub:1,2,3 21",
            exercises: exercises(&[
                ("p-positions", "sub:1,2,3 to 15", false),
                ("winner", "sub:1,2,3 21", false),
                ("winning-moves", "sub:1,2,3 21", false),
            ]),
        },
        Lesson {
            id: "subtraction",
            title: "Subtraction games",
            notes: "section 1.4",
            idea: &[
                "In the subtraction game of a set S, a move takes from the heap a number of chips that is in S. The same labelling finds its P-positions.",
                "The labels of a subtraction game with a finite S repeat in the end: for S = {1, 3, 4} the P-positions are the heaps of 0 or 2 modulo 7.",
            ],
            play: "sub:1,3,4 20",
            exercises: exercises(&[
                ("p-positions", "sub:1,3,4 to 20", false),
                ("p-positions", "sub:2,5 to 20", false),
                ("winning-moves", "sub:1,3,4 20", false),
            ]),
        },
        Lesson {
            id: "nim",
            title: "Nim and the nim-sum",
            notes: "sections 2.1 to 2.4",
            idea: &[
                "The nim-sum of numbers is their sum in binary without carry: in each column an odd number of 1s gives a 1, an even number a 0. It is also called XOR, written ⊕; x ⊕ x = 0, so ⊕ undoes itself.",
                "Bouton's theorem: a position of Nim is a P-position exactly when the nim-sum of its heaps is 0.",
                "A winning move makes the nim-sum 0: with s the nim-sum, take from a heap h with h ⊕ s less than h, leaving h ⊕ s.",
            ],
            play: "nim 13,12,8",
            exercises: exercises(&[
                ("nim-sum", "13,12,8", false),
                ("xor", "38,25", false),
                ("winner", "nim 13,12,8", false),
                ("winning-moves", "nim 3,5,7", false),
            ]),
        },
        Lesson {
            id: "misere",
            title: "Misère Nim",
            notes: "section 2.5",
            idea: &[
                "In misère play the player who makes the last move loses.",
                "Misère Nim is played as normal Nim while some heap has 2 or more chips, except the move that would leave only heaps of 1: then leave an odd number of heaps of 1.",
            ],
            play: "nim 2,2,1",
            exercises: exercises(&[
                ("winner", "nim 1,1,1", true),
                ("winner", "nim 3,3", true),
                ("winning-moves", "nim 2,1,1", true),
            ]),
        },
        Lesson {
            id: "sums",
            title: "Sums of games: the Sprague–Grundy theorem",
            notes: "sections 3.2, 4.1 and 4.2",
            idea: &[
                "The Sprague–Grundy value (nimber) of a position is the mex of its options' values: the least number that is not among them. A position is P exactly when its value is 0.",
                "In a sum of games a move is made in one of them. The Sprague–Grundy theorem: the value of a sum is the nim-sum of its parts' values, so every sum plays like Nim on those values.",
            ],
            play: "kayles 4 + nim 1 + sub:1,2 5",
            exercises: exercises(&[
                ("winner", "kayles 4 + nim 1", false),
                ("winner", "sub:1,2 5 + nim 3", false),
                ("winning-moves", "sub:1,2 7 + nim 2", false),
            ]),
        },
        Lesson {
            id: "take-and-break",
            title: "Take-and-break games: Kayles",
            notes: "section 4.4",
            idea: &[
                "In Kayles a move knocks down one pin or two neighbouring pins from a row, which may split the row in two: each row is then a part of a sum.",
                "The value of a row of n pins is the mex of the values of what a move leaves, each split row valued as the nim-sum of its two parts.",
            ],
            play: "kayles 7",
            exercises: exercises(&[
                ("winner", "kayles 3 + kayles 2", false),
                ("winning-moves", "kayles 7", false),
            ]),
        },
    ]
}
