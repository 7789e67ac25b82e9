//! The reports of an analysis: the verdict (`grundy value`), every move
//! (`grundy moves`), the reasoning (`grundy explain`), the computer's move and a
//! checked move (the web's `/api/computer` and `/api/check`), all of them at once
//! (the web's `/api/position`), and a position's parts before any search (the
//! web's `/api/parts`).

use std::fmt::{self, Display, Formatter};

use serde::Serialize;

use super::explain;
use super::play::{GameOver, Mover, Victor, Voice};
use super::{play_words, who_wins};
use crate::analysis::{Analysis, Component, Move, Position, Winner};
use crate::drawing::Marking;
use crate::explain::Step;
use crate::notation::LABEL;
use crate::Drawing;
use crate::{Gamma, Nimber, Outcome};

/// The verdict, the nimber and every winning move.
#[derive(Serialize)]
pub struct ValueReport<'a> {
    position: &'a Position,
    components: &'a [Component],
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    notes: &'a [String],
    play: &'static str,
    outcome: &'static str,
    who_wins: &'static str,
    nimber: Option<Nimber>,
    nimber_text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    gamma: Option<&'a Gamma>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nimber_not_computed: Option<&'a str>,
    winning_moves: &'a [Move],
    #[serde(skip_serializing_if = "Option::is_none")]
    winning_moves_not_computed: Option<&'a str>,
    #[serde(skip)]
    analysis: &'a Analysis,
    /// Which lines the text shows: all, or one stage of an answer given in two
    /// ([`Analyst::analyse_in_stages`](crate::Analyst::analyse_in_stages)).
    #[serde(skip)]
    stage: Stage,
}

/// Which lines of a verdict a text report shows.
#[derive(Clone, Copy)]
enum Stage {
    /// Every line.
    Whole,
    /// Every line but the [`Heading`], printed before the analysis.
    Rest,
    /// What was known at once: the outcome, and the nimber and the winning moves
    /// where they are final, or the winning moves a theorem names.
    AtOnce,
    /// What the search added to what was known at once: the nimber and the winning
    /// moves where the first stage did not give them.
    After { nimber: bool, winning: bool },
}

/// Whether the nimber line of `a` is final: a nimber, or none to compute.
fn nimber_final(a: &Analysis) -> bool {
    a.nimber.is_some() || a.nimber_not_computed.is_none()
}

impl<'a> ValueReport<'a> {
    /// The report of `a`.
    pub fn new(a: &'a Analysis) -> Self {
        ValueReport {
            position: &a.position,
            components: &a.components,
            notes: &a.notes,
            play: a.play.name(),
            outcome: a.outcome.letter(),
            who_wins: who_wins(a.outcome),
            nimber: a.nimber,
            nimber_text: nimber_text(a),
            gamma: a.gamma.as_ref(),
            nimber_not_computed: a.nimber_not_computed.as_deref(),
            winning_moves: &a.winning_moves,
            winning_moves_not_computed: a.winning_moves_not_computed.as_deref(),
            analysis: a,
            stage: Stage::Whole,
        }
    }

    /// The lines of `a` after its [`Heading`], for an answer whose heading was
    /// printed before the analysis.
    pub fn rest(a: &'a Analysis) -> Self {
        ValueReport {
            stage: Stage::Rest,
            ..ValueReport::new(a)
        }
    }

    /// The lines of `a` known at once, after its [`Heading`], the first stage of an
    /// answer in two: the outcome, the nimber and the winning moves where they are
    /// final, and else the winning moves a theorem names.
    pub fn at_once(a: &'a Analysis) -> Self {
        ValueReport {
            stage: Stage::AtOnce,
            ..ValueReport::new(a)
        }
    }

    /// The lines the whole analysis `a` adds to [`ValueReport::at_once`] of
    /// `first`: the nimber and the winning moves, where `first` lacked them.
    pub fn after(a: &'a Analysis, first: &Analysis) -> Self {
        ValueReport {
            stage: Stage::After {
                nimber: !nimber_final(first),
                winning: first.winning_moves_not_computed.is_some(),
            },
            ..ValueReport::new(a)
        }
    }

    /// The nimber, or why there is none: "9", "not computed (…)", "none (…)".
    pub fn nimber_text(&self) -> &str {
        &self.nimber_text
    }

    /// Who wins, in words.
    pub fn who_wins(&self) -> &'static str {
        self.who_wins
    }
}

/// The nimber of `a`, or why there is none, in words.
fn nimber_text(a: &Analysis) -> String {
    match (a.nimber, &a.nimber_not_computed) {
        (Some(g), _) => g.to_string(),
        (None, Some(why)) => format!("not computed ({why})"),
        (None, None) => "none (misère play, or a game with cycles or draws)".into(),
    }
}

/// A move as a line: its position and, in brackets, the move in words.
struct MoveLine<'a>(&'a Move);

impl Display for MoveLine<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "  {}   ({})", self.0.position, self.0.description)
    }
}

impl Display for ValueReport<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let a = self.analysis;
        let (nimber, winning) = match self.stage {
            Stage::Whole | Stage::Rest => (true, true),
            Stage::AtOnce => (nimber_final(a), a.winning_moves_not_computed.is_none()),
            Stage::After { nimber, winning } => (nimber, winning),
        };
        // Each line written as it is made, after a newline where one came before (a
        // list of winning moves may be long).
        let mut started = false;
        let mut line = |f: &mut Formatter<'_>, text: fmt::Arguments<'_>| -> fmt::Result {
            if std::mem::replace(&mut started, true) {
                f.write_str("\n")?;
            }
            f.write_fmt(text)
        };
        let after = matches!(self.stage, Stage::After { .. });
        if matches!(self.stage, Stage::Whole) {
            line(f, format_args!("{}", Heading::new(&a.position, &a.notes)))?;
        }
        if !after {
            line(
                f,
                format_args!(
                    "{}-position: {} ({} play)",
                    a.outcome.letter(),
                    self.who_wins(),
                    play_words(a.play)
                ),
            )?;
        }
        if nimber {
            line(f, format_args!("nimber: {}", self.nimber_text()))?;
        }
        if let (Some(gamma), false) = (&a.gamma, after) {
            line(
                f,
                format_args!(
                    "γ: {gamma} (generalised Sprague–Grundy value; the sum by Smith's rule)"
                ),
            )?;
        }
        let named = !winning && matches!(self.stage, Stage::AtOnce) && !a.winning_moves.is_empty();
        if winning || named {
            match (&a.winning_moves_not_computed, a.winning_moves.len()) {
                _ if named => line(f, format_args!("a winning move, by {}:", theorem_of(a)))?,
                (Some(why), 0) => line(f, format_args!("winning moves: not computed ({why})"))?,
                (None, 0) => line(f, format_args!("winning moves: none"))?,
                // A theorem named some; the search for the others was not made.
                (Some(why), _) => {
                    line(f, format_args!("winning moves: not all computed ({why}):"))?
                }
                (None, n) => line(f, format_args!("winning moves ({n}):"))?,
            }
            for m in &a.winning_moves {
                line(f, format_args!("{}", MoveLine(m)))?;
            }
        }
        if a.gamma.is_some() && !a.drawing_moves.is_empty() && !after {
            line(
                f,
                format_args!("moves that keep the draw ({}):", a.drawing_moves.len()),
            )?;
            for m in &a.drawing_moves {
                line(f, format_args!("{}", MoveLine(m)))?;
            }
        }
        Ok(())
    }
}

/// The first lines of a verdict, known once the position is read: the position
/// in its normal form, and what reading it changed ([`Analyst::notes`](crate::Analyst::notes)).
pub struct Heading<'a> {
    position: &'a Position,
    notes: &'a [String],
}

impl<'a> Heading<'a> {
    /// The heading of `position`, read with `notes`.
    pub fn new(position: &'a Position, notes: &'a [String]) -> Self {
        Heading { position, notes }
    }
}

impl Display for Heading<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.position)?;
        for note in self.notes {
            write!(f, "\nnote: {note}")?;
        }
        Ok(())
    }
}

/// The theorem that gave the outcome of `a`, as its valuation names it.
fn theorem_of(a: &Analysis) -> &'static str {
    match a.valuation {
        crate::solve::Valuation::Theorem(name) => name,
        _ => "a theorem",
    }
}

/// A move with the outcome and nimber of the position it leaves.
#[derive(Serialize)]
struct MoveValueReport<'a> {
    position: &'a Position,
    description: &'a str,
    outcome: &'static str,
    nimber: Option<Nimber>,
}

/// Every move with what it leaves (empty unless the analysis listed them).
#[derive(Serialize)]
pub struct MovesReport<'a> {
    position: &'a Position,
    play: &'static str,
    moves: Vec<MoveValueReport<'a>>,
    #[serde(skip)]
    play_words: &'static str,
}

impl<'a> MovesReport<'a> {
    /// The report of `a`.
    pub fn new(a: &'a Analysis) -> Self {
        let moves = a.moves.as_deref().unwrap_or_default();
        MovesReport {
            position: &a.position,
            play: a.play.name(),
            moves: moves
                .iter()
                .map(|m| MoveValueReport {
                    position: &m.to.position,
                    description: &m.to.description,
                    outcome: m.outcome.letter(),
                    nimber: m.nimber,
                })
                .collect(),
            play_words: play_words(a.play),
        }
    }
}

impl Display for MovesReport<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let (position, play, count) = (self.position, self.play_words, self.moves.len());
        write!(f, "{position} ({play} play): {count} moves")?;
        // Positions are printed whole; only the padding is capped.
        let width = self
            .moves
            .iter()
            .map(|m| m.position.as_str().chars().count());
        let width = width.max().unwrap_or(0).min(LABEL);
        for m in &self.moves {
            let nimber = m.nimber.map_or("-".into(), |g| g.to_string());
            let position = m.position.as_str();
            write!(
                f,
                "\n  {position:<width$}  {}  {nimber:>4}   {}",
                m.outcome, m.description
            )?;
        }
        Ok(())
    }
}

/// The reasoning: its text line by line, and its steps (empty unless the analysis
/// explained).
#[derive(Serialize)]
pub struct ExplainReport<'a> {
    position: &'a Position,
    play: &'static str,
    lines: Vec<String>,
    sections: &'a [Vec<Step>],
}

impl<'a> ExplainReport<'a> {
    /// The report of `a`.
    pub fn new(a: &'a Analysis) -> Self {
        let (lines, sections) = match &a.explanation {
            Some(e) => (explain::lines(e), &e.sections[..]),
            None => (Vec::new(), &[][..]),
        };
        ExplainReport {
            position: &a.position,
            play: a.play.name(),
            lines,
            sections,
        }
    }
}

impl Display for ExplainReport<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(&self.lines.join("\n"))
    }
}

/// The computer's move, and whether the game is over and who won.
#[derive(Serialize)]
pub struct ComputerReport<'a> {
    position: &'a Position,
    components: &'a [Component],
    play: &'static str,
    /// The outcome; `None` where the position could not be analysed in time.
    outcome: Option<&'static str>,
    /// No move is left: the game is over.
    terminal: bool,
    /// Of a game that is over, who won.
    winner: Option<Winner>,
    /// The computer's move (a winning move where there is one), unless the game
    /// is over.
    #[serde(rename = "move")]
    chosen: Option<&'a Move>,
    /// Why the move is not proved to win though the player to move wins (no
    /// winning move was found within the budget); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    unproved: Option<&'a str>,
    /// Of a game that is over, who won it and the sentence that says so, where
    /// the request said whose turn it was.
    #[serde(skip_serializing_if = "Option::is_none")]
    game_over: Option<Ending>,
    /// The advice to the player to move, in words ([`hint`]).
    hint: String,
}

/// The most characters of a position a hint writes.
const HINTED_POSITION: usize = 60;

/// The advice to the player to move at the position `a` analysed (with the
/// computer's move): the winning move and why it wins, the move that keeps a
/// draw, that the player loses against perfect play, or that the game is over.
fn hint(a: &Analysis) -> String {
    // A long position (a Chomp diagram of 200 rows) is cut short: the move's words
    // say what it is, and the page draws it.
    let leaving = |m: &Move| {
        format!(
            "{}, leaving {}",
            m.description,
            crate::notation::shorten(&m.position.to_string(), HINTED_POSITION)
        )
    };
    if a.terminal {
        return "the game is over: no move is left.".into();
    }
    let why = a
        .winning_moves_not_computed
        .as_deref()
        .unwrap_or("no winning move was found");
    match (a.outcome, a.winning_moves.first(), &a.computer_move) {
        (Outcome::N, Some(m), _) => format!(
            "{}, a P-position: whatever the opponent does next, there is an answer that wins.",
            leaving(m)
        ),
        (Outcome::N, None, Some(m)) => format!(
            "you can win, but {why}; {} is the best a short look found.",
            leaving(m)
        ),
        (Outcome::N, None, None) => format!("you can win, but {why}."),
        (Outcome::D, _, Some(m)) => format!(
            "no move wins by force here; {} keeps the draw.",
            leaving(m)
        ),
        (Outcome::D, _, None) => "no move wins by force here; keep the draw.".into(),
        (Outcome::P, ..) => "every move from here leaves an N-position: against perfect play you lose whatever you do. Make the game long and hope for a mistake.".into(),
    }
}

/// The end of a game against the computer, for a page to show.
#[derive(Serialize)]
struct Ending {
    victor: Victor,
    text: String,
}

impl<'a> ComputerReport<'a> {
    /// The report of `a` (analysed with the computer's move); of a game that is
    /// over, with who won and the sentence, where `to_move` says whose turn it was.
    pub fn new(a: &'a Analysis, to_move: Option<Mover>) -> Self {
        let game_over = match (a.winner(), to_move) {
            (Some(winner), Some(to_move)) => {
                let voice = Voice::Narrator;
                let ending = GameOver {
                    winner,
                    to_move,
                    voice,
                };
                Some(Ending {
                    victor: ending.victor(),
                    text: ending.to_string(),
                })
            }
            _ => None,
        };
        ComputerReport {
            position: &a.position,
            components: &a.components,
            play: a.play.name(),
            outcome: Some(a.outcome.letter()),
            terminal: a.terminal,
            winner: a.winner(),
            chosen: a.computer_move.as_ref(),
            unproved: a.computer_move_unproved.as_deref(),
            game_over,
            hint: hint(a),
        }
    }

    /// The computer's move `chosen` at `position` (whose parts are `components`),
    /// not proved because `why` ([`ComputerTurn::Unanalysed`](crate::analysis::ComputerTurn)).
    pub fn without_analysis(
        position: &'a Position,
        components: &'a [Component],
        play: crate::Play,
        chosen: &'a Move,
        why: &'a str,
    ) -> Self {
        ComputerReport {
            position,
            components,
            play: play.name(),
            outcome: None,
            terminal: false,
            winner: None,
            chosen: Some(chosen),
            unproved: Some(why),
            game_over: None,
            hint: format!(
                "try {}, leaving {}: not proved to win ({why}).",
                chosen.description,
                crate::notation::shorten(&chosen.position.to_string(), HINTED_POSITION)
            ),
        }
    }
}

/// A position whole, for a page: the computer's move, the verdict and the reasoning
/// from one analysis (with `computer_move` and `explain`), and every move valued
/// from another (with `all_moves`) where that fitted its budget, else why not.
#[derive(Serialize)]
pub struct PositionReport<'a> {
    computer: ComputerReport<'a>,
    value: ValueReport<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<MovesReport<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves_not_computed: Option<String>,
    explain: ExplainReport<'a>,
}

impl<'a> PositionReport<'a> {
    /// The reports of `a`, and of `moves` (every move valued, or why they are not);
    /// of a game that is over, with who won where `to_move` says whose turn it was
    /// (as [`ComputerReport::new`]).
    pub fn new(
        a: &'a Analysis,
        moves: std::result::Result<&'a Analysis, String>,
        to_move: Option<Mover>,
    ) -> Self {
        let (moves, moves_not_computed) = match moves {
            Ok(all) => (Some(MovesReport::new(all)), None),
            Err(why) => (None, Some(why)),
        };
        PositionReport {
            computer: ComputerReport::new(a, to_move),
            value: ValueReport::new(a),
            moves,
            moves_not_computed,
            explain: ExplainReport::new(a),
        }
    }
}

/// A position read, before any search: its normal form and its parts, so that a
/// page can draw it at once.
#[derive(Serialize)]
pub struct PartsReport {
    position: Position,
    components: Vec<Component>,
}

impl PartsReport {
    /// `position`, whose parts are `components`.
    pub fn new(position: Position, components: Vec<Component>) -> Self {
        PartsReport {
            position,
            components,
        }
    }
}

/// The pictures of a position's parts, for a page to draw and play by clicking:
/// each part's SVG with the moves its clicks make (`Drawing`'s fields), or why it
/// is not drawn.
#[derive(Serialize)]
pub struct DrawingReport {
    position: Position,
    components: Vec<Component>,
    parts: Vec<PartDrawing>,
}

/// One part's picture, or why there is none.
#[derive(Serialize)]
#[serde(untagged)]
enum PartDrawing {
    Drawn {
        svg: String,
        #[serde(flatten)]
        drawing: Drawing<Position>,
    },
    Refused {
        refused: String,
    },
}

impl DrawingReport {
    /// The pictures of `position`'s parts (`components`), each drawn with its SVG
    /// or refused.
    pub fn new(
        position: Position,
        components: Vec<Component>,
        parts: Vec<Result<(Drawing<Position>, String), String>>,
    ) -> Self {
        let parts = parts
            .into_iter()
            .map(|part| match part {
                Ok((drawing, svg)) => PartDrawing::Drawn { svg, drawing },
                Err(refused) => PartDrawing::Refused { refused },
            })
            .collect();
        DrawingReport {
            position,
            components,
            parts,
        }
    }
}

/// What shapes marked on a part's picture make (a picture whose moves are asked
/// for by their marks): the part, the moves whose marks they are, and the shapes
/// that add to them.
#[derive(Serialize)]
pub struct MarkingReport {
    part: usize,
    #[serde(flatten)]
    marking: Marking<Position>,
}

impl MarkingReport {
    /// What the marks on part `part` make.
    pub fn new(part: usize, marking: Marking<Position>) -> Self {
        MarkingReport { part, marking }
    }
}

/// A legal move a person made: the position before, the one it leaves, the move
/// in words.
#[derive(Serialize)]
pub struct CheckReport {
    from: Position,
    position: Position,
    description: String,
}

impl CheckReport {
    /// The move from `from` to `to`, described as `description`.
    pub fn new(from: Position, to: Position, description: String) -> Self {
        CheckReport {
            from,
            position: to,
            description,
        }
    }
}
