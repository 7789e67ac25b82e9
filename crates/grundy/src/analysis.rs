//! The analysis of a position: the one call every front end makes.
//!
//! [`analyse`] reads a SPEC and answers who wins, the nimber when it is known (for
//! games with cycles, the generalised value γ), each part and how it was valued,
//! every winning move, the moves that keep a draw, and on request every move with
//! what it leaves, the reasoning in words, and the computer's choice of move. The
//! outcome and the winning moves come from a theorem wherever the game has one; the
//! nimber is computed where a theorem gives it or a search within budget finds it,
//! and is otherwise reported as not computed, with the reason. The nimber and the
//! winning moves are searched for whenever the search fits the analyst's [`Budget`]
//! (a search whose size is known and too large is refused at once), unless the
//! budget asks for the outcome only ([`Effort::Outcome`]). An [`Analyst`] keeps what
//! it learnt between analyses, for a game played move by move.
//!
//! Every position an analysis names is a [`Position`]: typed, tied to its analyst,
//! written out by `Display`, analysed further by handing it back. What the front
//! ends print of an analysis is in [`report`](crate::report).

use crate::sorting::sort;
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

use serde::Serialize;

use crate::drawing::{Marked, Marking};
use crate::explain::{self, Explanation};
use crate::solve::{GameBox, Part, Solver, Sum, Valuation, Value};
use crate::{invalid, spec, Budget, Drawing, Effort, Error, Gamma, Nimber, Outcome, Play, Result};

/// The most moves whose nimbers `moves` searches for, where no theorem gives them.
const FEW_MOVES: usize = 64;

/// How far the computer looks for the move that makes the game last longest, in a
/// position it has lost (every move loses; the longest game gives the opponent
/// most chances to err).
const LONGEST_GAME_POSITIONS: usize = 20_000;

/// How long a search may take and still give the whole answer in one piece
/// ([`Analyst::analyse_in_stages`]); past it, what is known at once comes first.
pub const QUICK: std::time::Duration = std::time::Duration::from_millis(50);

/// How long the computer looks for a move where its position's analysis is out of
/// reach ([`Analyst::move_without_analysis`]).
const SHORT_LOOK: std::time::Duration = std::time::Duration::from_millis(300);

/// What to analyse beyond the verdict.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Normal or misère play.
    pub play: Play,
    /// List every move with the outcome and nimber of the position it leaves.
    pub all_moves: bool,
    /// Write the reasoning in words.
    pub explain: bool,
    /// Choose the computer's move.
    pub computer_move: bool,
}

/// A position of an analyst's games: its parts, and its text in SPEC syntax
/// (`Display`, and JSON). Only the [`Analyst`] that made it analyses it further.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    sum: Sum,
    text: String,
    analyst: u64,
}

impl Position {
    /// The position in SPEC syntax: `nim 13,12,8 + kayles 5`.
    pub fn as_str(&self) -> &str {
        &self.text
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl Serialize for Position {
    fn serialize<S: serde::Serializer>(
        &self,
        serializer: S,
    ) -> std::result::Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.text)
    }
}

impl PartialEq<str> for Position {
    fn eq(&self, other: &str) -> bool {
        self.text == other
    }
}

impl PartialEq<&str> for Position {
    fn eq(&self, other: &&str) -> bool {
        self.text == *other
    }
}

/// A part of a position as it is written: its game's family (the registry's name,
/// or the name of a game of one's own), its game and its position in the game's
/// syntax (`sub`, `sub:1,3,4`, `13`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Component {
    /// The family.
    pub family: String,
    /// The game, as a SPEC names it.
    pub game: String,
    /// The position, in the game's own syntax.
    pub position: String,
}

/// A move: the position it leaves, and the move in words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Move {
    /// The position after the move, parts and heaps in their order.
    pub position: Position,
    /// The move in words ("take 9 from the heap of 13").
    pub description: String,
}

/// A move with the verdict on the position it leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The move.
    pub to: Move,
    /// The outcome of the position it leaves.
    pub outcome: Outcome,
    /// Its nimber, where known.
    pub nimber: Option<Nimber>,
}

/// How a part's value was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Method {
    /// By a theorem, named.
    Theorem(&'static str),
    /// By the generic search (memoised mex of the options, or the game's own).
    Search,
    /// By searching or labelling the whole position (misère play, cycles, draws).
    Labelling,
}

/// One indivisible part of the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartAnalysis {
    /// The part.
    pub position: Position,
    /// Its nimber, where defined and known.
    pub nimber: Option<Nimber>,
    /// Its generalised Sprague–Grundy value, where the position is valued by
    /// Smith's theory (normal play with cycles).
    pub gamma: Option<Gamma>,
    /// How it was valued.
    pub method: Method,
    /// The theorem's steps to its nimber, where a theorem found it (with
    /// [`Options::explain`]).
    pub reasoning: Vec<String>,
}

/// The analysis of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The position, its parts normalised.
    pub position: Position,
    /// Its parts as written, each its game and its position.
    pub components: Vec<Component>,
    /// What reading the position's text changed at once, as the rules say (edges of
    /// a Hackenbush drawing not joined to the ground fall away), one sentence each.
    pub notes: Vec<String>,
    /// Normal or misère play.
    pub play: Play,
    /// How the position was valued.
    pub valuation: Valuation,
    /// Who wins.
    pub outcome: Outcome,
    /// The nimber, where defined and known.
    pub nimber: Option<Nimber>,
    /// The generalised Sprague–Grundy value (normal play of games with cycles):
    /// finite, or ∞(K); the outcome follows from it.
    pub gamma: Option<Gamma>,
    /// Why there is no nimber although one is defined (normal play of a game
    /// without cycles): it was not computed, and why.
    pub nimber_not_computed: Option<String>,
    /// True when no move is left.
    pub terminal: bool,
    /// The indivisible parts and how each was valued.
    pub parts: Vec<PartAnalysis>,
    /// Every winning move (each leaves a P-position); where they were not all
    /// searched for, the one a theorem names, if it names one.
    pub winning_moves: Vec<Move>,
    /// Why the winning moves of an N-position are not all listed, where they are not.
    pub winning_moves_not_computed: Option<String>,
    /// Of a drawn position, the moves that keep the draw.
    pub drawing_moves: Vec<Move>,
    /// Every move with what it leaves ([`Options::all_moves`]).
    pub moves: Option<Vec<MoveValue>>,
    /// The reasoning, built from this analysis ([`Options::explain`]).
    pub explanation: Option<Explanation>,
    /// The computer's move ([`Options::computer_move`]): a winning move if there is
    /// one; else one that keeps a draw; else the one that leaves the longest game.
    pub computer_move: Option<Move>,
    /// Why the computer's move is not proved to win though the player to move
    /// wins: no winning move was found within the budget.
    pub computer_move_unproved: Option<String>,
}

/// The computer's turn ([`Analyst::computer_turn`]): the position's analysis with
/// the computer's move, or, where no analysis could be had in time, the move a
/// short look chose and why it is not proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ComputerTurn {
    /// The analysis, its [`Analysis::computer_move`] chosen.
    Analysed(Box<Analysis>),
    /// The move chosen without an analysis ([`Analyst::move_without_analysis`]).
    Unanalysed {
        /// The move.
        chosen: Move,
        /// Why it is not proved to win, in words.
        why: String,
    },
}

/// Who has won a game that is over (no move is left).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Winner {
    /// The player to move, who cannot (misère play).
    Mover,
    /// The player who moved last.
    Previous,
    /// Nobody: the game ended in a draw.
    Draw,
}

impl Analysis {
    /// Of a game that is over, who won; `None` while a move is left.
    pub fn winner(&self) -> Option<Winner> {
        self.terminal.then_some(match self.outcome {
            Outcome::N => Winner::Mover,
            Outcome::P => Winner::Previous,
            Outcome::D => Winner::Draw,
        })
    }
}

/// Analyses the position written `spec` (e.g. `nim 13,12,8`), within the default
/// [`Budget`] (an [`Analyst`] takes another).
///
/// ```
/// let analysis = grundy::analyse("nim 13,12,8", &grundy::Options::default()).unwrap();
/// assert_eq!(analysis.outcome, grundy::Outcome::N);
/// assert_eq!(analysis.nimber, Some(9));
/// assert_eq!(analysis.winning_moves[0].position, "nim 4,12,8");
/// assert_eq!(analysis.winning_moves[0].description, "take 9 from the heap of 13");
///
/// // A theorem answers at once where no search could: Fibonacci Nim from a pile of
/// // a million chips is won by taking the smallest term of its Zeckendorf sum,
/// // 832040 + 121393 + 46368 + 144 + 55.
/// let budget = grundy::Budget::default().with_effort(grundy::Effort::Outcome);
/// let mut analyst = grundy::Analyst::new(budget);
/// let position = analyst.parse("fibonacci 1000000").unwrap();
/// let analysis = analyst.analyse(&position, &grundy::Options::default()).unwrap();
/// assert_eq!(analysis.outcome, grundy::Outcome::N);
/// assert_eq!(analysis.winning_moves[0].description, "take 55 from the pile of 1000000");
/// assert!(analysis.nimber_not_computed.is_some());
/// ```
pub fn analyse(spec: &str, options: &Options) -> Result<Analysis> {
    let mut analyst = Analyst::new(Budget::default());
    let position = analyst.parse(spec)?;
    analyst.analyse(&position, options)
}

/// The picture of the one-part position `spec`, as an SVG document; a game written
/// alone (`graph:FILE`) is drawn with no token.
pub fn draw(spec: &str) -> Result<String> {
    let mut solver = Solver::new(Budget::default().with_positions(1));
    let sum = match spec.trim() {
        alone if !alone.contains(char::is_whitespace) => {
            let game = spec::game(alone, &mut solver)?;
            Sum(vec![solver.parse_part(game, "")?])
        }
        _ => spec::parse(spec, &mut solver)?,
    };
    let [part] = sum.0[..] else {
        return Err(crate::invalid!(
            "'{spec}' has {} parts: draw shows one part at a time",
            sum.0.len()
        ));
    };
    let name = solver.game_name(part.game).to_string();
    match solver.drawing(part, &[]) {
        Some(drawn) => Ok(drawn?.svg()),
        None => Err(crate::invalid!("'{name}' has no picture")),
    }
}

/// Analyses positions one after another, keeping what it learnt: a game played
/// move by move asks about positions that share most of their parts.
pub struct Analyst {
    solver: Solver,
    /// What reading the last SPEC changed at once, as the rules say.
    notes: Vec<String>,
    /// Which analyst this is, among all: its positions carry it.
    id: u64,
}

/// The number of the next analyst made.
static NEXT_ANALYST: AtomicU64 = AtomicU64::new(0);

impl Analyst {
    /// An analyst whose searches stay within `budget`.
    pub fn new(budget: Budget) -> Self {
        Analyst {
            solver: Solver::new(budget),
            notes: Vec::new(),
            id: NEXT_ANALYST.fetch_add(1, Ordering::Relaxed),
        }
    }

    /// Adds a game of one's own, so that SPECs may name it (alone or in sums with
    /// the built-in games).
    pub fn add_game(&mut self, game: GameBox) {
        self.solver.add(game);
    }

    /// Reads a SPEC; what reading it changed at once (edges of a Hackenbush drawing
    /// not joined to the ground fall away) goes into the analyses that follow, until
    /// a move is made.
    pub fn parse(&mut self, spec: &str) -> Result<Position> {
        let (sum, notes) = spec::parse_noted(spec, &mut self.solver)?;
        self.notes = notes;
        Ok(self.position(sum))
    }

    /// What reading the last SPEC changed at once, as the rules say, one sentence
    /// each (the analyses that follow carry them too).
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// The typed position of `sum`.
    fn position(&self, sum: Sum) -> Position {
        Position {
            text: self.solver.format(&sum),
            sum,
            analyst: self.id,
        }
    }

    /// The parts of `position` as written, each a position of one part; an error
    /// for a position of another analyst.
    pub fn parts(&self, position: &Position) -> Result<Vec<Position>> {
        let parts = self.own(position)?.0.iter();
        Ok(parts.map(|&part| self.position(Sum(vec![part]))).collect())
    }

    /// The parts of `position` as written: each its family, game and position; an
    /// error for a position of another analyst.
    pub fn components(&self, position: &Position) -> Result<Vec<Component>> {
        let parts = self.own(position)?.0.iter();
        Ok(parts
            .map(|&part| {
                let game = self.solver.game_name(part.game);
                let family = spec::family(game).map_or(game, |(family, _)| family.name);
                Component {
                    family: family.to_string(),
                    game: game.to_string(),
                    position: self.solver.format_position(part),
                }
            })
            .collect())
    }

    /// Of a position of one part, its game's name (`nim`, `sub:1,3,4`); `None`
    /// for a position of several parts, an error for one of another analyst.
    pub fn game_name(&self, part: &Position) -> Result<Option<&str>> {
        Ok(match self.own(part)?.0[..] {
            [part] => Some(self.solver.game_name(part.game)),
            _ => None,
        })
    }

    /// Of a position of one part, the game's own position, where the game's
    /// positions are of type `P` (a front end finds its own game's positions so);
    /// an error for a position of another analyst.
    pub fn own_position<P: 'static>(&self, part: &Position) -> Result<Option<&P>> {
        Ok(match self.own(part)?.0[..] {
            [part] => self.solver.part_position(part),
            _ => None,
        })
    }

    /// Whether `position` has nimber `k` (normal play): for a board, the board
    /// search's question, which stops at the first winning move and costs less than
    /// the nimber.
    #[cfg(not(target_family = "wasm"))]
    pub fn has_nimber(&mut self, position: &Position, k: Nimber) -> Result<bool> {
        let sum = self.own(position)?.clone();
        self.solver.has_nimber(&sum, k)
    }

    /// `position` with each part in its canonical form under its game's
    /// symmetries (a board cut to its cells' box, the least of its images): the
    /// same value, one position for all its twins, so that a search split over
    /// machines asks once of options that are images of each other.
    #[cfg(not(target_family = "wasm"))]
    pub fn canonical_form(&mut self, position: &Position) -> Result<Position> {
        let sum = self.own(position)?.clone();
        let form = self.solver.canonical_form(&sum);
        Ok(self.position(form))
    }

    /// How many positions the games' own searches (boards) have learnt something
    /// of, in this analyst's life: the measure of their work.
    pub fn learnt(&self) -> usize {
        self.solver.learnt()
    }

    /// What the board search of `position`'s game (one part) has learnt, as bytes
    /// to hand to another analyst's ([`Analyst::absorb_search`]): how workers of a
    /// split search share what they solved.
    pub fn export_search(&self, position: &Position) -> Result<Vec<u8>> {
        let part = self.one_part(position)?;
        self.solver
            .export_search(part)
            .ok_or_else(|| invalid!("'{}' has no board search to hand on", position.text))
    }

    /// Adds to the board search of `position`'s game (one part) what another
    /// analyst's exported ([`Analyst::export_search`]).
    pub fn absorb_search(&self, position: &Position, bytes: &[u8]) -> Result<()> {
        let part = self.one_part(position)?;
        self.solver.absorb_search(part, bytes)
    }

    /// The one part of `position`; an error naming it where it has several.
    fn one_part(&self, position: &Position) -> Result<crate::solve::Part> {
        match self.own(position)?.0[..] {
            [part] => Ok(part),
            ref parts => Err(invalid!(
                "'{}' has {} parts: name one board",
                position.text,
                parts.len()
            )),
        }
    }

    /// The certificate of the nimber of `position`, a board of a game whose search
    /// writes them (Cram and the placement games): what the search proved, for
    /// [`certificate::check`](crate::certificate::check::check) to verify.
    #[cfg(not(target_family = "wasm"))]
    pub fn certificate(&self, position: &Position) -> Result<crate::certificate::Certificate> {
        let part = self.one_part(position)?;
        self.solver.certificate(part).unwrap_or_else(|| {
            Err(invalid!(
                "'{}' has no certificate: certificates are written by the board search of cram and place games",
                position.text
            ))
        })
    }

    /// The games of the parts of `position` played on a board (Cram and the
    /// placement games), each once.
    fn board_games(&self, position: &Position) -> Result<Vec<String>> {
        let mut games: Vec<String> = Vec::new();
        for part in self.parts(position)? {
            let on_board = self
                .own_position::<crate::games::placement::Board>(&part)?
                .is_some();
            match self.game_name(&part)? {
                Some(name) if on_board && !games.iter().any(|g| g == name) => {
                    games.push(name.to_string())
                }
                _ => {}
            }
        }
        Ok(games)
    }

    /// Each part of `position` drawn ([`Picture::draw`](crate::Picture::draw)), its
    /// moves leading to whole positions; or why a part is not drawn. `history`
    /// holds the positions of the game before it, oldest first: each part is drawn
    /// with the same part of those of as many parts.
    pub fn drawings(
        &mut self,
        position: &Position,
        history: &[Position],
    ) -> Result<Vec<Result<Drawing<Position>>>> {
        let sum = self.own(position)?.clone();
        let mut earlier = Vec::new();
        for h in history {
            let h = self.own(h)?;
            if h.0.len() == sum.0.len() {
                earlier.push(h.clone());
            }
        }
        let mut drawings = Vec::new();
        for (i, &part) in sum.0.iter().enumerate() {
            let before: Vec<Part> = earlier.iter().map(|h| h.0[i]).collect();
            let drawn = match self.solver.drawing(part, &before) {
                Some(drawn) => drawn,
                None => Err(Error::Invalid(format!(
                    "'{}' has no picture",
                    self.solver.format_part(part)
                ))),
            };
            // What the last move did, from the picture before it (drawn only where
            // the picture does not show it already).
            let drawn = match (drawn, before.last()) {
                (Ok(mut d), Some(&last)) if last != part && !d.shows_last_move() => {
                    let earlier = before.len() - 1;
                    if let Some(Ok(then)) = self.solver.drawing(last, &before[..earlier]) {
                        d.mark_changes(&then);
                    }
                    Ok(d)
                }
                (drawn, _) => drawn,
            };
            let drawn = drawn.map(|d| {
                d.map(|to| {
                    let mut after = sum.clone();
                    after.0[i] = to;
                    after
                })
            });
            // The words of a move of one part of several name the part.
            drawings.push(drawn.and_then(|mut d| {
                if sum.0.len() > 1 {
                    for m in &mut d.moves {
                        m.words = self.solver.describe_move(&sum, &m.to)?;
                    }
                }
                Ok(d.map(|after| self.position(after)))
            }));
        }
        Ok(drawings)
    }

    /// What `marks` make on the picture of part `index` of `position` (a picture
    /// whose moves are asked for by their marks): its moves leading to whole
    /// positions, in words that name the part where there are several.
    pub fn marking(
        &mut self,
        position: &Position,
        index: usize,
        marks: &[String],
    ) -> Result<Marking<Position>> {
        let sum = self.own(position)?.clone();
        let Some(&part) = sum.0.get(index) else {
            return Err(Error::Invalid(format!(
                "'{position}' has {} parts: there is no part {}",
                sum.0.len(),
                index + 1
            )));
        };
        let marked = match self.solver.marking(part, marks) {
            Some(marked) => marked?,
            None => {
                return Err(Error::Invalid(format!(
                    "'{}' has no picture",
                    self.solver.format_part(part)
                )))
            }
        };
        let mut marked = marked.map(|to| {
            let mut after = sum.clone();
            after.0[index] = to;
            after
        });
        if sum.0.len() > 1 {
            for m in &mut marked.exact {
                m.words = self.solver.describe_move(&sum, &m.to)?;
            }
        }
        Ok(marked.map(|after| self.position(after)))
    }

    /// The move from `position` to `to` as marked on the picture of the part it
    /// changes (to show a hint on it): the part and the move, or None where no
    /// picture's click makes it.
    pub fn leading(
        &mut self,
        position: &Position,
        to: &Position,
    ) -> Result<Option<(usize, Marked<Position>)>> {
        let (sum, after) = (self.own(position)?.clone(), self.own(to)?.clone());
        if sum.0.len() != after.0.len() {
            return Ok(None);
        }
        // The part that changed, and what it became: the others are the same parts,
        // in whatever order.
        let without = |parts: &[Part], k: usize| {
            let mut rest: Vec<Part> = parts.to_vec();
            rest.remove(k);
            sort(&mut rest);
            rest
        };
        let changed = (0..sum.0.len()).find_map(|i| {
            (0..after.0.len())
                .find(|&j| {
                    after.0[j].game == sum.0[i].game
                        && after.0[j] != sum.0[i]
                        && without(&sum.0, i) == without(&after.0, j)
                })
                .map(|j| (i, after.0[j]))
        });
        let Some((index, part_after)) = changed else {
            return Ok(None);
        };
        let led = match self.solver.leading(sum.0[index], part_after) {
            Some(led) => led?,
            None => None,
        };
        Ok(led.map(|m| (index, m.map(|_| to.clone()))))
    }

    /// Refuses a position another analyst made: its parts mean nothing here.
    fn own<'a>(&self, position: &'a Position) -> Result<&'a Sum> {
        match position.analyst == self.id {
            true => Ok(&position.sum),
            false => Err(Error::Invalid(format!(
                "'{position}' is a position of another analyst: read it with this one's parse"
            ))),
        }
    }

    /// Every position one move away, in the order `moves` lists them.
    pub fn moves(&mut self, position: &Position) -> Result<Vec<Position>> {
        let sum = self.own(position)?;
        let moves = self.solver.moves(sum)?;
        Ok(moves.into_iter().map(|m| self.position(m)).collect())
    }

    /// The move from `from` to `to` in words; an error for positions of another
    /// analyst.
    pub fn describe_move(&self, from: &Position, to: &Position) -> Result<String> {
        self.solver.describe_move(self.own(from)?, self.own(to)?)
    }

    /// The position a person leaves from `position` by writing `text` (the whole
    /// SPEC, or for a single part just its position), or one sentence saying why
    /// that is not a legal move.
    pub fn legal_move(
        &mut self,
        position: &Position,
        text: &str,
    ) -> std::result::Result<Position, String> {
        self.notes.clear();
        let sum = self.own(position).map_err(|e| e.to_string())?.clone();
        let moves = self.solver.moves(&sum).map_err(|e| e.to_string())?;
        // Of a sum, the text may also be one part's new position, with its game's
        // name or without: the one part it is a legal move of.
        let mut legal: Vec<Sum> = Vec::new();
        if sum.0.len() > 1 {
            for (i, part) in sum.0.iter().enumerate() {
                let name = self.solver.game_name(part.game).to_string();
                let own = text
                    .trim()
                    .strip_prefix(&name)
                    .map(str::trim)
                    .unwrap_or(text);
                let Ok(moved) = self.solver.parse_part(part.game, own) else {
                    continue;
                };
                let mut after = sum.clone();
                after.0[i] = moved;
                // Equal parts make one move, whichever of them it is made in.
                let sorted = |s: &Sum| {
                    let mut parts = s.0.clone();
                    sort(&mut parts);
                    parts
                };
                if moves.contains(&after) && !legal.iter().any(|l| sorted(l) == sorted(&after)) {
                    legal.push(after);
                }
            }
        }
        let whole = spec::parse_like(text, &sum, &mut self.solver);
        if whole.is_err() && legal.is_empty() {
            if let Some(named) = self.move_named(&sum, &moves, text)? {
                return Ok(self.position(named));
            }
        }
        match (whole, &legal[..]) {
            (Ok(next), _) if moves.contains(&next) => Ok(self.position(next)),
            (_, [one]) => Ok(self.position(one.clone())),
            (_, [first, second, ..]) => Err(format!(
                "'{text}' is a move in more than one part ({} and {}): write the whole position",
                self.solver.format(first),
                self.solver.format(second)
            )),
            (Ok(next), []) => Err(format!(
                "'{text}' is not a legal move: {}.",
                self.solver.why_illegal(&sum, &next)
            )),
            (Err(e), []) => Err(format!("'{text}' is not a position of this game: {e}.")),
        }
    }

    /// The move of `moves` whose words `text` is, or a run of its words that no other
    /// move's words hold ("(2,2)" for Chomp's "chomp (2,2), taking 4 squares"):
    /// Ok(None) where no move's words hold them, an error naming the moves where
    /// several do.
    fn move_named(
        &self,
        sum: &Sum,
        moves: &[Sum],
        text: &str,
    ) -> std::result::Result<Option<Sum>, String> {
        let asked = move_words(text);
        if asked.is_empty() {
            return Ok(None);
        }
        let mut named: Vec<(&Sum, String)> = Vec::new();
        for next in moves {
            let said = self
                .solver
                .describe_move(sum, next)
                .map_err(|e| e.to_string())?;
            let words = move_words(&said);
            if words == asked {
                return Ok(Some(next.clone()));
            }
            if words.windows(asked.len()).any(|run| run == asked) {
                named.push((next, said));
            }
        }
        match &named[..] {
            [] => Ok(None),
            [(one, _)] => Ok(Some((*one).clone())),
            [(_, first), (_, second), ..] => Err(format!(
                "'{text}' is in the words of {} moves, such as '{first}' and '{second}': type more of a move's words, or the position it leaves",
                named.len()
            )),
        }
    }

    /// The budget of its searches.
    pub fn budget(&self) -> &Budget {
        self.solver.budget()
    }

    /// Searches within `budget` from now on (a new stop flag for each request of a
    /// long-lived analyst), keeping what was learnt.
    pub fn set_budget(&mut self, budget: Budget) {
        self.solver.set_budget(budget);
    }

    /// The analysis of `position`. Where the budget names a
    /// [`Checkpoint`](crate::Checkpoint), what the board searches learnt is written
    /// to it at the end, however the analysis ended.
    pub fn analyse(&mut self, position: &Position, options: &Options) -> Result<Analysis> {
        self.own(position)?;
        if self.budget().checkpoint().is_some() {
            // One board game's search, or there is nothing to keep.
            match &self.board_games(position)?[..] {
                [] => {
                    return Err(Error::Invalid(format!(
                        "a checkpoint file keeps a board search (Cram and the placement games), and '{position}' has no board"
                    )))
                }
                [_] => {}
                games => {
                    return Err(Error::Invalid(format!(
                        "a checkpoint file keeps the search of one board game, and '{position}' has boards of {}: {}",
                        games.len(),
                        games.join(", ")
                    )))
                }
            }
        }
        let analysis = self.analysis(position, options);
        if self.budget().checkpoint().is_some() {
            self.solver.keep_searches()?;
        }
        analysis
    }

    /// The analysis of `position`, cheapest first: where what theorems and tables
    /// give at once (the outcome, a theorem's nimber and winning moves) is not the
    /// whole answer, and a search does not find the rest within [`QUICK`], `first`
    /// is handed what was known at once; the whole analysis follows, its searches
    /// within the budget's time (what they did not reach, the analysis says). With
    /// [`Effort::Outcome`], only what is known at once; with a
    /// [`Checkpoint`](crate::Checkpoint), the whole analysis alone.
    pub fn analyse_in_stages(
        &mut self,
        position: &Position,
        options: &Options,
        first: impl FnOnce(&Analysis),
    ) -> Result<Analysis> {
        let budget = self.budget().clone();
        // A board search kept in a file is one long run: written once, at its end.
        if budget.effort() == Effort::Outcome || budget.checkpoint().is_some() {
            return self.analyse(position, options);
        }
        let at_once = self.within(budget.clone().with_effort(Effort::Outcome), |analyst| {
            analyst.analyse(position, options)
        })?;
        let whole = at_once.nimber_not_computed.is_none()
            && at_once.winning_moves_not_computed.is_none()
            && !options.all_moves
            && !options.explain;
        if whole {
            return Ok(at_once);
        }
        // A quick search gives the whole answer at once, in one piece; what it
        // learnt is kept for the longer one.
        let quick_time = budget.time_left().map_or(QUICK, |left| left.min(QUICK));
        let quick = budget.clone().with_time(Some(quick_time));
        let tried = self.within(quick.clone(), |analyst| analyst.analyse(position, options));
        let ran_out = quick.time_left() == Some(std::time::Duration::ZERO);
        match tried {
            Err(e) if !e.is_budget() => return Err(e),
            Err(e) if !ran_out => return Err(e),
            Ok(whole) if !ran_out => return Ok(whole),
            _ => {}
        }
        first(&at_once);
        self.analyse(position, options)
    }

    /// The computer's move at `position` under `play` where no analysis could be
    /// had within the budget (its outcome needs a search past the time): a move
    /// that a theorem, or a short search of the position it leaves, shows leaves a
    /// P-position, if one does; else the move that leaves the most moves still to
    /// make, as far as a short look sees. The game goes on either way.
    pub fn move_without_analysis(&mut self, position: &Position, play: Play) -> Result<Move> {
        let sum = self.own(position)?.clone();
        let moves = self.solver.moves(&sum)?;
        let short = self
            .budget()
            .at_most(LONGEST_GAME_POSITIONS)
            .with_time(Some(SHORT_LOOK));
        let mut chosen = None;
        for m in &moves {
            let outcome = match self.solver.outcome_by_theory(m, play) {
                Some(outcome) => Some(outcome),
                None => match self.solver.within(short.clone(), |s| s.value(m, play)) {
                    Ok(value) => Some(value.outcome),
                    Err(e) if e.is_budget() => None,
                    Err(e) => return Err(e),
                },
            };
            if outcome == Some(Outcome::P) {
                chosen = Some(m.clone());
                break;
            }
            if short.check().is_err() {
                break;
            }
        }
        let chosen = match chosen {
            Some(m) => m,
            None => self.within(short, |analyst| analyst.longest_game(&sum))?,
        };
        self.describe(&sum, &chosen)
    }

    /// The computer's turn at `position` under `play`: its move always, from the
    /// analysis for a move (a theorem's named move, else the whole analysis), or,
    /// where that runs out of its budget, from a short look
    /// ([`Analyst::move_without_analysis`]), said to be unproved.
    pub fn computer_turn(&mut self, position: &Position, play: Play) -> Result<ComputerTurn> {
        match self.analyse_for_move(position, play) {
            Ok(analysis) => Ok(ComputerTurn::Analysed(Box::new(analysis))),
            Err(e) if e.is_budget() => {
                let why = format!(
                    "the analysis of the position is out of reach: {}",
                    self.budget().explain(&e)
                );
                let chosen = self.move_without_analysis(position, play)?;
                Ok(ComputerTurn::Unanalysed { chosen, why })
            }
            Err(e) => Err(e),
        }
    }

    /// Runs `work` within `budget`, then goes back to this analyst's own.
    fn within<T>(
        &mut self,
        budget: Budget,
        work: impl FnOnce(&mut Self) -> Result<T>,
    ) -> Result<T> {
        let own = self.budget().clone();
        self.set_budget(budget);
        let done = work(self);
        self.set_budget(own);
        done
    }

    /// The analysis for the computer's turn at `position` under `play`: where a
    /// theorem names a winning move (or gives them all), what it gives at once, with
    /// no search for the other winning moves (on boards beyond any search); else
    /// the whole analysis, with the computer's move.
    fn analyse_for_move(&mut self, position: &Position, play: Play) -> Result<Analysis> {
        let options = Options {
            play,
            computer_move: true,
            ..Options::default()
        };
        let budget = self.budget().clone();
        self.set_budget(budget.clone().with_effort(Effort::Outcome));
        let named = self.analyse(position, &options);
        self.set_budget(budget);
        match named {
            Ok(named) if !named.winning_moves.is_empty() => Ok(named),
            _ => self.analyse(position, &options),
        }
    }

    /// [`Analyst::analyse`] but for its checkpoint.
    fn analysis(&mut self, position: &Position, options: &Options) -> Result<Analysis> {
        let sum = self.own(position)?.clone();
        let position = &sum;
        let play = options.play;
        let whole = self.budget().effort() == Effort::Whole;
        let valuation = self.solver.valuation(position, play)?;
        let search_winning = |s: &mut Solver| s.winning_moves_by(position, play, valuation);
        // One part that its game's own search values (a board): its winning moves
        // (its options of nimber 0) first, so that the search for its nimber finds
        // them valued. (The search would otherwise prove each of them other than 1,
        // then P.)
        let winning_searched = match (whole, valuation, &position.0[..]) {
            (true, Valuation::NimSum | Valuation::Theorem(_), &[part])
                if self.solver.searches_itself(part) =>
            {
                Some(self.searched(whole, search_winning)?)
            }
            _ => None,
        };
        let mut value = self.solver.value_by(position, play, valuation)?;
        let gamma = match valuation {
            Valuation::Gamma => Some(self.solver.gamma(position)?),
            _ => None,
        };
        let by_theory = matches!(valuation, Valuation::Theorem(_));
        let nimbers_defined = play == Play::Normal && self.solver.has_nimbers(position);
        let mut nimber_not_computed = None;
        if nimbers_defined && value.nimber.is_none() {
            let theorem = self.theorem(valuation);
            match self.searched(whole, |s| s.nimber(position))? {
                Ok(nimber) => value.nimber = Some(nimber),
                Err(why) => {
                    nimber_not_computed = Some(format!("the outcome comes from {theorem}; {why}"))
                }
            }
        }
        let terminal = self.solver.is_terminal(position)?;
        let (winning, winning_moves_not_computed) = match value.outcome {
            Outcome::N => {
                let found = match winning_searched {
                    Some(found) => found,
                    None => self.searched(whole, search_winning)?,
                };
                let theorem = self.theorem(valuation);
                match found {
                    Ok(winning) => (winning, None),
                    Err(why) if by_theory => {
                        match self.solver.winning_move_by_theory(position, play) {
                            Some(named) => (
                                vec![named],
                                Some(format!("{theorem} names this one; the others: {why}")),
                            ),
                            None => (
                                Vec::new(),
                                Some(format!(
                                    "{theorem} shows that a winning move exists but does not name it; {why}"
                                )),
                            ),
                        }
                    }
                    Err(why) => (Vec::new(), Some(why)),
                }
            }
            _ => (Vec::new(), None),
        };
        let winning_moves = self.describe_all(position, &winning)?;
        let drawing = match value.outcome {
            Outcome::D => self.moves_with_outcome(position, play, Outcome::D)?,
            _ => Vec::new(),
        };
        let drawing_moves = self.describe_all(position, &drawing)?;
        let parts = self.parts_valued(position, play, valuation, value, options.explain)?;
        let moves = match options.all_moves {
            true => Some(self.all_moves(position, play, value.outcome, whole)?),
            false => None,
        };
        let (computer_move, computer_move_unproved) = match (options.computer_move, terminal) {
            (true, false) => {
                let chosen = match winning.first().or(drawing.first()) {
                    Some(m) => m.clone(),
                    None => self.longest_game(position)?,
                };
                // A listed winning move wins: it was found, or a theorem named it.
                let unproved = match winning.is_empty() {
                    true => winning_moves_not_computed.clone(),
                    false => None,
                };
                (Some(self.describe(position, &chosen)?), unproved)
            }
            _ => (None, None),
        };
        let position = self.position(sum.clone());
        let mut analysis = Analysis {
            components: self.components(&position)?,
            position,
            notes: self.notes.clone(),
            play,
            valuation,
            outcome: value.outcome,
            nimber: value.nimber,
            gamma,
            nimber_not_computed,
            terminal,
            parts,
            winning_moves,
            winning_moves_not_computed,
            drawing_moves,
            moves,
            explanation: None,
            computer_move,
            computer_move_unproved,
        };
        if options.explain {
            analysis.explanation = Some(explain::explain(&mut self.solver, &sum, &analysis)?);
        }
        Ok(analysis)
    }

    /// What `search` finds beyond the outcome: within the budget for the whole
    /// answer, else only what a theorem gives at once (a budget of no positions).
    /// `Err` holds why it was not found ("not searched for: …" where the search was
    /// refused at once, "the search for it stopped: …" where it ran out); errors
    /// other than running out of budget end the analysis.
    fn searched<T>(
        &mut self,
        whole: bool,
        search: impl FnOnce(&mut Solver) -> Result<T>,
    ) -> Result<std::result::Result<T, String>> {
        let found = match whole {
            true => search(&mut self.solver),
            false => {
                let theory_only = self.budget().at_most(0);
                self.solver.within(theory_only, search)
            }
        };
        match found {
            Ok(found) => Ok(Ok(found)),
            Err(e) if e.is_budget() && !whole => Ok(Err("only the outcome was asked for".into())),
            Err(
                e @ (Error::Budget { needs: Some(_), .. }
                | Error::Memory { needs: Some(_), .. }
                | Error::Work { .. }),
            ) => Ok(Err(format!(
                "not searched for: {}",
                self.budget().explain(&e)
            ))),
            Err(e) if e.is_budget() => Ok(Err(format!(
                "the search for it stopped: {}",
                self.budget().explain(&e)
            ))),
            Err(e) => Err(e),
        }
    }

    /// The theorem that gives the outcome, as the valuation names it.
    fn theorem(&self, valuation: Valuation) -> &'static str {
        match valuation {
            Valuation::Theorem(name) => name,
            _ => "a theorem",
        }
    }

    fn describe(&self, from: &Sum, to: &Sum) -> Result<Move> {
        Ok(Move {
            position: self.position(to.clone()),
            description: self.solver.describe_move(from, to)?,
        })
    }

    fn describe_all(&self, from: &Sum, to: &[Sum]) -> Result<Vec<Move>> {
        to.iter().map(|m| self.describe(from, m)).collect()
    }

    fn moves_with_outcome(
        &mut self,
        position: &Sum,
        play: Play,
        outcome: Outcome,
    ) -> Result<Vec<Sum>> {
        let mut found = Vec::new();
        for m in self.solver.moves(position)? {
            if self.solver.value(&m, play)?.outcome == outcome {
                found.push(m);
            }
        }
        Ok(found)
    }

    /// Every move with the value of the position it leaves: an option whose outcome
    /// a theorem gives takes it at once (Wythoff's 3.6 million options from
    /// (10^6, 1618034)), any other is valued; nimbers only where cheap — given by a
    /// theorem, or searched for among few moves (for the whole answer), until a
    /// search runs out of budget. Every option of a P-position is N (else the
    /// P-position would have a move to P), so then only the nimbers are looked for.
    fn all_moves(
        &mut self,
        position: &Sum,
        play: Play,
        outcome: Outcome,
        whole: bool,
    ) -> Result<Vec<MoveValue>> {
        let moves = self.solver.moves(position)?;
        let nimbers = play == Play::Normal && self.solver.has_nimbers(position);
        let mut search = whole && nimbers && moves.len() <= FEW_MOVES;
        // A move whose value no theorem gives and whose search would not fit is
        // refused now, before the others are searched, not after them.
        if nimbers && outcome != Outcome::P {
            for m in &moves {
                if self.solver.outcome_by_theory(m, play).is_none() {
                    self.solver.fits_nimber_search(m)?;
                }
            }
        }
        let mut all = Vec::with_capacity(moves.len());
        for m in &moves {
            let (outcome, mut nimber) = match outcome {
                Outcome::P if nimbers => (Outcome::N, self.solver.sum_nimber_by_theory(m)),
                _ => match self.solver.outcome_by_theory(m, play) {
                    Some(Outcome::P) if nimbers => (Outcome::P, Some(0)),
                    Some(outcome) => (outcome, self.solver.sum_nimber_by_theory(m)),
                    None => {
                        let v = self.solver.value(m, play)?;
                        (v.outcome, v.nimber)
                    }
                },
            };
            if nimber.is_none() && search {
                match self.solver.nimber(m) {
                    Ok(found) => nimber = Some(found),
                    Err(e) if e.is_budget() => search = false,
                    Err(e) => return Err(e),
                }
            }
            all.push(MoveValue {
                to: self.describe(position, m)?,
                outcome,
                nimber,
            });
        }
        Ok(all)
    }

    /// The move that leaves the most moves still to make, where the heights can be
    /// had cheaply; otherwise the first move.
    fn longest_game(&mut self, position: &Sum) -> Result<Sum> {
        let moves = self.solver.moves(position)?;
        let mut best = (0, 0);
        if self.solver.has_nimbers(position) {
            let near = self.budget().at_most(LONGEST_GAME_POSITIONS);
            for (i, m) in moves.iter().enumerate() {
                let height = match self.solver.within(near.clone(), |s| s.height(m)) {
                    Ok(height) => height,
                    Err(e) if e.is_budget() => break,
                    Err(e) => return Err(e),
                };
                if height > best.0 {
                    best = (height, i);
                }
            }
        }
        moves
            .into_iter()
            .nth(best.1)
            .ok_or_else(|| Error::Invalid("no move is left".into()))
    }

    /// Each indivisible part, its nimber and how it was found; a position whose
    /// outcome a theorem gives is one part, valued by the theorem.
    fn parts_valued(
        &mut self,
        position: &Sum,
        play: Play,
        valuation: Valuation,
        value: Value,
        explain: bool,
    ) -> Result<Vec<PartAnalysis>> {
        let nimbers = value.nimber.is_some();
        if let (Valuation::Theorem(name), [part]) = (valuation, &position.0[..]) {
            return Ok(vec![PartAnalysis {
                position: self.position(Sum(vec![*part])),
                nimber: value.nimber,
                method: Method::Theorem(name),
                gamma: None,
                reasoning: Vec::new(),
            }]);
        }
        let gammas = valuation == Valuation::Gamma;
        let mut parts = Vec::new();
        for &written in &position.0 {
            let components = match nimbers || gammas {
                true => self.solver.components(written)?,
                false => vec![written],
            };
            for part in components {
                let solver = &mut self.solver;
                let by_theory = match nimbers {
                    true => solver.nimber_by_theory(part).is_some(),
                    false => solver.outcome_by_theory(&Sum(vec![part]), play).is_some(),
                };
                let method = match solver.theorem(part, play) {
                    Some(name) if by_theory => Method::Theorem(name),
                    _ if nimbers => Method::Search,
                    _ => Method::Labelling,
                };
                let gamma = match gammas {
                    true => Some(solver.part_gamma(part)?),
                    false => None,
                };
                let nimber = match nimbers {
                    true => Some(solver.part_nimber(part)?),
                    false => None,
                };
                let reasoning = match method {
                    Method::Theorem(_) if nimbers && explain => {
                        solver.reasoning(part).unwrap_or_default()
                    }
                    _ => Vec::new(),
                };
                parts.push(PartAnalysis {
                    position: self.position(Sum(vec![part])),
                    nimber,
                    gamma,
                    method,
                    reasoning,
                });
            }
        }
        Ok(parts)
    }
}

/// The words of a move as compared: lower case, without the commas and full stops
/// that end them, and with no space after a comma between numbers ("(2, 2)" is
/// "(2,2)").
fn move_words(text: &str) -> Vec<String> {
    let lower = text.trim().to_ascii_lowercase();
    let mut joined = String::with_capacity(lower.len());
    let mut chars = lower.chars().peekable();
    while let Some(c) = chars.next() {
        joined.push(c);
        if c == ',' {
            while chars.peek().is_some_and(|c| c.is_whitespace()) {
                chars.next();
            }
            if !chars.peek().is_some_and(|c| c.is_ascii_digit()) {
                joined.push(' ');
            }
        }
    }
    joined
        .split_whitespace()
        .map(|w| w.trim_end_matches([',', '.', ';', ':']).to_string())
        .filter(|w| !w.is_empty())
        .collect()
}
