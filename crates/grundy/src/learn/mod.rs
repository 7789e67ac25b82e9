//! Exercises of the notes, checked by the engine: a student's answer is compared
//! with what the engine computes for that very exercise (never with a stored key,
//! so a generated variant is as good as the notes' own), each mistake explained in
//! the notes' terms ("7 is not a P-position: 7 → 4 is a move, and 4 is P"), with a
//! ladder of hints: a nudge, the method, the answer.
//!
//! The kinds are checked in their own modules: labelling heaps and the period of
//! the labels ([`labelling`]), binary arithmetic ([`binary`]), positions (who wins,
//! the winning moves, the nimber: [`positions`]) and graphs ([`graphs`]). The
//! lessons of Learn are in [`lessons`], generated practice in [`practice`], and the
//! worked examples that a student steps through in [`worked`].

mod binary;
mod graphs;
mod labelling;
mod lessons;
mod positions;
pub mod practice;
pub mod worked;

pub use lessons::{lessons, Lesson};

use crate::{invalid, Analyst, Budget, Play, Result};

/// The most heaps a labelling exercise asks for (the list is written by hand).
pub const MOST_LABELLED: u64 = 1000;

/// The most heaps of a labelling offered to click.
pub const MOST_CLICKED: u64 = 60;

/// The most vertices of a graph whose values are found by hand.
pub const MOST_VERTICES: usize = 100;

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
        /// Normal or misère play.
        play: Play,
    },
    /// The period of the P-positions of a take-and-break heap game (section 1.4:
    /// for S = {1, 3, 4} the pattern P N P N N N N repeats, period 7).
    Period {
        /// The game.
        game: String,
    },
    /// The nim-sum of heaps (section 2.2).
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
    /// The Sprague–Grundy value (nimber) of a position (sections 3.2 and 4.2, and
    /// Green Hackenbush in chapter 5).
    Nimber {
        /// The position, in SPEC syntax.
        position: String,
    },
    /// The Sprague–Grundy value of every vertex of a graph without cycles
    /// (section 3.2).
    GraphValues {
        /// The graph, a line a vertex: `a -> b c`.
        graph: String,
    },
}

/// The kinds of exercise, as named on the command line and in the API, with what
/// each asks for.
pub const KINDS: &[(&str, &str)] = &[
    (
        "p-positions",
        "GAME to N: the P-positions among heaps 0 to N, e.g. sub:1,3,4 to 20",
    ),
    (
        "period",
        "GAME: the period of the P-positions of a heap game, e.g. sub:1,3,4",
    ),
    ("nim-sum", "HEAPS: their nim-sum, e.g. 13,12,8"),
    ("xor", "A,B: the x with x ⊕ A = B, e.g. 38,25"),
    ("winning-moves", "SPEC: every winning move, e.g. nim 3,5,7"),
    (
        "winner",
        "SPEC: who wins, the first player or the second, e.g. nim 1,2,3",
    ),
    (
        "nimber",
        "SPEC: its Sprague–Grundy value, e.g. hackenbush g-a,a-b,a-c",
    ),
    (
        "graph-values",
        "GRAPH: the Sprague–Grundy value of each vertex, a line (or ;) a vertex, e.g. 'a -> b c; b -> c; c ->'",
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

/// An exercise as a page shows it: what to send back with an answer, the
/// question, and what to answer from.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Asked {
    /// Its kind ([`KINDS`]).
    pub kind: &'static str,
    /// What it is about, as [`Exercise::read`] takes it.
    pub what: String,
    /// Whether it is about misère play.
    pub misere: bool,
    /// The question.
    pub question: String,
    /// The answers to click, where the answer is chosen among a few.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub choices: Option<Choices>,
    /// A picture to answer from, an SVG document (the graph of a graph-values
    /// exercise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub picture: Option<String>,
}

/// The answers to click of an exercise ([`Exercise::choices`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Choices {
    /// What to click, as a screen reader says it ("Click the P-positions").
    pub prompt: &'static str,
    /// Whether several are clicked, making the answer together (else one click is
    /// the answer).
    pub several: bool,
    /// What separates the answers clicked in the answer written.
    pub separator: &'static str,
    /// The answers to click.
    pub options: Vec<Choice>,
}

/// One answer to click.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Choice {
    /// The answer it gives, as typed.
    pub answer: String,
    /// What it says.
    pub label: String,
}

impl Choice {
    fn new(answer: String, label: String) -> Self {
        Choice { answer, label }
    }
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

impl Hints {
    fn new(nudge: impl Into<String>, method: impl Into<String>, answer: String) -> Self {
        Hints {
            nudge: nudge.into(),
            method: method.into(),
            answer,
        }
    }
}

impl Exercise {
    /// The exercise of `kind` (one of [`KINDS`]) on `what`, in `play`.
    pub fn read(kind: &str, what: &str, play: Play) -> Result<Exercise> {
        let what = what.trim();
        let position = || what.to_string();
        let normal_only = |kind: &str| {
            match play {
            Play::Normal => Ok(()),
            Play::Misere => Err(invalid!(
                "a {kind} exercise is about normal play: nimbers and their nim-sums tell who wins there"
            )),
        }
        };
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
                    play,
                }
            }
            "period" => {
                normal_only("period")?;
                Exercise::Period { game: position() }
            }
            "nim-sum" => Exercise::NimSum {
                heaps: numbers(what)?,
            },
            "xor" => match numbers(what)?[..] {
                [a, b] => Exercise::Xor { a, b },
                _ => return Err(invalid!("'{what}' is not two numbers A,B (for x ⊕ A = B)")),
            },
            "winning-moves" => Exercise::WinningMoves {
                position: position(),
                play,
            },
            "winner" => Exercise::Winner {
                position: position(),
                play,
            },
            "nimber" => {
                normal_only("nimber")?;
                Exercise::Nimber {
                    position: position(),
                }
            }
            "graph-values" => {
                normal_only("graph-values")?;
                Exercise::GraphValues {
                    graph: what.replace(';', "\n"),
                }
            }
            _ => {
                let kinds: Vec<&str> = KINDS.iter().map(|k| k.0).collect();
                return Err(invalid!(
                    "'{kind}' is no kind of exercise: {}",
                    kinds.join(", ")
                ));
            }
        };
        // A game or graph that does not exist is said now, not at the answer.
        exercise.validate()?;
        Ok(exercise)
    }

    /// Its kind, as in [`KINDS`].
    pub fn kind(&self) -> &'static str {
        match self {
            Exercise::PPositions { .. } => "p-positions",
            Exercise::Period { .. } => "period",
            Exercise::NimSum { .. } => "nim-sum",
            Exercise::Xor { .. } => "xor",
            Exercise::WinningMoves { .. } => "winning-moves",
            Exercise::Winner { .. } => "winner",
            Exercise::Nimber { .. } => "nimber",
            Exercise::GraphValues { .. } => "graph-values",
        }
    }

    /// What the exercise is about, as [`Exercise::read`] reads it (a graph's lines
    /// joined by `;`).
    pub fn what(&self) -> String {
        match self {
            Exercise::PPositions { game, to, .. } => format!("{game} to {to}"),
            Exercise::Period { game } => game.clone(),
            Exercise::NimSum { heaps } => {
                let written: Vec<String> = heaps.iter().map(u64::to_string).collect();
                written.join(",")
            }
            Exercise::Xor { a, b } => format!("{a},{b}"),
            Exercise::WinningMoves { position, .. }
            | Exercise::Winner { position, .. }
            | Exercise::Nimber { position } => position.clone(),
            Exercise::GraphValues { graph } => {
                let lines: Vec<&str> = graph.lines().map(str::trim).collect();
                lines.join("; ")
            }
        }
    }

    /// The answers to click, where the answer is chosen among a few: the heaps of a
    /// labelling (each P-position clicked), the moves of a position of at most
    /// [`MOST_CLICKED`] moves (each winning move clicked), or the first or second
    /// player.
    pub fn choices(&self) -> Option<Choices> {
        let several = |prompt, separator, options| {
            Some(Choices {
                prompt,
                several: true,
                separator,
                options,
            })
        };
        match self {
            Exercise::PPositions { to, .. } if *to <= MOST_CLICKED => several(
                "Click the P-positions",
                ", ",
                (0..=*to)
                    .map(|n| Choice::new(n.to_string(), n.to_string()))
                    .collect(),
            ),
            Exercise::WinningMoves { position, .. } => {
                let moves = positions::listed_moves(position, MOST_CLICKED as usize)?;
                let options = moves
                    .into_iter()
                    .map(|(to, words)| Choice::new(to, words))
                    .collect();
                several("Click the winning moves", "; ", options)
            }
            Exercise::Winner { .. } => Some(Choices {
                prompt: "Who wins?",
                several: false,
                separator: "",
                options: vec![
                    Choice::new("first".into(), "The first player".into()),
                    Choice::new("second".into(), "The second player".into()),
                ],
            }),
            _ => None,
        }
    }

    /// A picture to answer from, an SVG document, where the question needs one: the
    /// graph whose values are asked for, without them.
    pub fn picture(&self) -> Option<String> {
        match self {
            Exercise::GraphValues { graph } => {
                let (graph, _) = graphs::read(graph).ok()?;
                graph.values_picture(&[]).ok()
            }
            _ => None,
        }
    }

    /// Normal or misère play.
    pub fn play(&self) -> Play {
        match self {
            Exercise::PPositions { play, .. }
            | Exercise::WinningMoves { play, .. }
            | Exercise::Winner { play, .. } => *play,
            _ => Play::Normal,
        }
    }

    /// The exercise as a page shows it.
    pub fn asked(&self) -> Asked {
        Asked {
            kind: self.kind(),
            what: self.what(),
            misere: self.play() == Play::Misere,
            question: self.question(),
            choices: self.choices(),
            picture: self.picture(),
        }
    }

    /// The exercise as a question.
    pub fn question(&self) -> String {
        let misere = match self.play() {
            Play::Normal => "",
            Play::Misere => " in misère play (the last player to move loses)",
        };
        match self {
            Exercise::PPositions { game, to, .. } => {
                format!("Which heaps from 0 to {to} are P-positions of {game}{misere}?")
            }
            Exercise::Period { game } => format!(
                "The P- and N-positions of {game} repeat in the end: what is the period of the pattern?"
            ),
            Exercise::NimSum { heaps } => format!("What is the nim-sum of {}?", join(heaps)),
            Exercise::Xor { a, b } => format!("Which x has x ⊕ {a} = {b}?"),
            Exercise::WinningMoves { position, .. } => {
                format!("What are the winning moves from {position}{misere}?")
            }
            Exercise::Winner { position, .. } => format!(
                "Who wins {position}{misere}: the first player (to move) or the second?"
            ),
            Exercise::Nimber { position } => {
                format!("What is the Sprague–Grundy value (nimber) of {position}?")
            }
            Exercise::GraphValues { graph } => format!(
                "What is the Sprague–Grundy value of each vertex of the graph {}?",
                graphs::written(graph)
            ),
        }
    }

    /// The engine's verdict on `answer`: numbers separated by commas or spaces; for
    /// winning moves, the positions they leave separated by `;` or new lines (or
    /// `none`); for who wins, `first` or `second` (or `N`, `P`); for a graph's
    /// values, `a=2, b=0, …` or the values in the order the vertices are written.
    /// Its searches are made within `budget`.
    pub fn check(&self, answer: &str, budget: &Budget) -> Result<Verdict> {
        let mut analyst = Analyst::new(budget.clone());
        let mistakes = match self {
            Exercise::PPositions { game, to, play } => {
                labelling::check_labels(&mut analyst, game, *to, *play, answer)?
            }
            Exercise::Period { game } => labelling::check_period(&mut analyst, game, answer)?,
            Exercise::NimSum { heaps } => binary::check_nim_sum(heaps, single(answer)?),
            Exercise::Xor { a, b } => binary::check_xor(*a, *b, single(answer)?),
            Exercise::WinningMoves { position, play } => {
                positions::check_moves(&mut analyst, position, *play, answer)?
            }
            Exercise::Winner { position, play } => {
                positions::check_winner(&mut analyst, position, *play, answer)?
            }
            Exercise::Nimber { position } => {
                positions::check_nimber(&mut analyst, position, single(answer)?)?
            }
            Exercise::GraphValues { graph } => graphs::check_values(graph, answer)?,
        };
        Ok(Verdict {
            correct: mistakes.is_empty(),
            mistakes,
        })
    }

    /// The hints, the last of them the engine's answer, found within `budget`.
    pub fn hints(&self, budget: &Budget) -> Result<Hints> {
        let mut analyst = Analyst::new(budget.clone());
        match self {
            Exercise::PPositions { game, to, play } => {
                labelling::label_hints(&mut analyst, game, *to, *play)
            }
            Exercise::Period { game } => labelling::period_hints(&mut analyst, game),
            Exercise::NimSum { heaps } => Ok(binary::nim_sum_hints(heaps)),
            Exercise::Xor { a, b } => Ok(binary::xor_hints(*a, *b)),
            Exercise::WinningMoves { position, play } => {
                positions::moves_hints(&mut analyst, position, *play)
            }
            Exercise::Winner { position, play } => {
                positions::winner_hints(&mut analyst, position, *play)
            }
            Exercise::Nimber { position } => positions::nimber_hints(&mut analyst, position),
            Exercise::GraphValues { graph } => graphs::values_hints(graph),
        }
    }

    /// Reads what the exercise is about, so that a game, position or graph that
    /// cannot be read is refused when the exercise is.
    fn validate(&self) -> Result<()> {
        let mut analyst = Analyst::new(Budget::default());
        match self {
            Exercise::PPositions { game, to, .. } => {
                labelling::heaps(&mut analyst, game, *to)?;
            }
            Exercise::Period { game } => labelling::heap_game(game)?,
            Exercise::NimSum { .. } | Exercise::Xor { .. } => {}
            Exercise::WinningMoves { position, .. }
            | Exercise::Winner { position, .. }
            | Exercise::Nimber { position } => {
                analyst.parse(position)?;
            }
            Exercise::GraphValues { graph } => {
                graphs::read(graph)?;
            }
        }
        Ok(())
    }
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
