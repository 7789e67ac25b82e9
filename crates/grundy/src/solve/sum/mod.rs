//! Sums of parts from different games, under normal and misère play.
//!
//! A [`Solver`] holds the games a position is made of, each behind an object-safe
//! view with its own memo, and positions of those games interned as small ids, so
//! that a [`Sum`] of parts from different games is a plain list of ids.
//!
//! How a position is valued is decided once, by [`Solver::valuation`] (a theorem,
//! the nim-sum, misère Nim, a search, γ, a labelling); [`Solver::value`] and
//! [`Solver::winning_moves`] follow the decision, and so do the analysis and the
//! explanation. By concern:
//!
//! - `view`: one game behind an object-safe face, its positions interned, its
//!   moves cached, its memos;
//! - `normal`: normal play of games without cycles, by the Sprague–Grundy
//!   theorem: the parts' nimbers (a theorem's, or memoised search), their nim-sum,
//!   and the moves that make it 0;
//! - `misere`: misère play (and games that may end in a draw): Bouton's rule when
//!   every part is a Nim heap, otherwise a search of the sum itself, keyed by the
//!   sorted multiset of its indivisible parts;
//! - `cycles`: games with cycles: under normal play each part's generalised
//!   Sprague–Grundy value γ (finite, or ∞(K)) and Smith's rule for the sum, never a
//!   search of the sum itself; under misère play (no theory of values) the sum's
//!   reachable positions labelled P, N or D by Ferguson's algorithm.
//!
//! Games with drawn ends (SOS) have no nimbers; the searches label a drawn end D,
//! and a position with no move to a P-position but one to a D-position D. Wherever
//! outcomes are searched, a part played alone whose outcome a theorem gives
//! ([`Theory::outcome`](crate::Theory::outcome)) is answered without search.

mod cycles;
mod misere;
mod normal;
mod view;

use std::sync::Arc;

pub use misere::misere_nim_outcome;
use view::AnyGame;
pub use view::GameBox;

use crate::drawing::{Marked, Marking};
use crate::{Budget, Drawing, Nimber, Outcome, Play, Result};

/// A position of one game, interned by the game's view in a [`Solver`].
pub type PosId = u32;

/// One part of a sum: a position of one of the solver's games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Part {
    /// The game, by its index in the solver.
    pub game: u32,
    /// The position, by its id in that game.
    pub pos: PosId,
}

/// A position: a sum of parts, in the order the user wrote them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sum(pub Vec<Part>);

/// The verdict on a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Value {
    /// Who wins.
    pub outcome: Outcome,
    /// The nimber, defined under normal play for games without cycles.
    pub nimber: Option<Nimber>,
}

impl Value {
    /// The value of a position of nimber `nimber` under normal play: P exactly when
    /// it is 0 (the Sprague–Grundy theorem).
    pub fn of_nimber(nimber: Nimber) -> Self {
        let outcome = if nimber == 0 { Outcome::P } else { Outcome::N };
        Value {
            outcome,
            nimber: Some(nimber),
        }
    }
}

/// How a position is valued: the one decision that [`Solver::value`], the analysis,
/// the explanation and the reports all read ([`Solver::valuation`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Valuation {
    /// A theorem on the game gives the outcome at once: the position is one part
    /// whose game's theory knows it, or a drawn end.
    Theorem(&'static str),
    /// Normal play of games without cycles or draws: the nim-sum of the parts'
    /// nimbers (the Sprague–Grundy theorem).
    NimSum,
    /// Misère play, every part a Nim heap: Bouton's rule for misère Nim.
    MisereNim,
    /// Misère play of games without cycles or draws: a search of the whole sum.
    MisereSearch,
    /// Normal play with cycles: each part's generalised value γ, and Smith's rule
    /// for the sum.
    Gamma,
    /// A game that can end in a draw, or misère play with cycles: the whole
    /// position labelled (Ferguson's algorithm).
    Labelling,
}

/// The games of a position and everything learnt about them.
pub struct Solver {
    names: Vec<String>,
    games: Vec<Box<dyn AnyGame>>,
    budget: Arc<Budget>,
    /// Outcomes of searched sums (sorted indivisible parts), for normal and misère play.
    outcomes: [foldhash::HashMap<Vec<Part>, Outcome>; 2],
    /// The parts those memoised sums hold: what the budget counts of them.
    memoised_parts: usize,
}

impl Solver {
    /// A solver whose searches stay within `budget`.
    pub fn new(budget: Budget) -> Self {
        Solver {
            names: Vec::new(),
            games: Vec::new(),
            budget: Arc::new(budget),
            outcomes: Default::default(),
            memoised_parts: 0,
        }
    }

    /// The budget of its searches.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Searches within `budget` from now on, keeping what was learnt.
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = Arc::new(budget);
    }

    /// Runs `f` within `budget` instead (for work worth doing only if cheap), then
    /// goes back to its own.
    pub fn within<T>(&mut self, budget: Budget, f: impl FnOnce(&mut Self) -> T) -> T {
        let own = std::mem::replace(&mut self.budget, Arc::new(budget));
        let result = f(self);
        self.budget = own;
        result
    }

    /// The index of `game` in this solver, adding it if no game of its name is
    /// there yet.
    pub fn add(&mut self, game: GameBox) -> u32 {
        if let Some(i) = self.game_index(&game.name) {
            return i;
        }
        self.games.push(game.view);
        self.names.push(game.name);
        self.names.len() as u32 - 1
    }

    /// The index of the game added under `name`, if there is one.
    pub fn game_index(&self, name: &str) -> Option<u32> {
        self.names.iter().position(|n| n == name).map(|i| i as u32)
    }

    /// The name a game was added with, as in a SPEC (`nim`, `sub:1,3,4`).
    pub fn game_name(&self, game: u32) -> &str {
        &self.names[game as usize]
    }

    fn game(&mut self, part: Part) -> &mut dyn AnyGame {
        self.games[part.game as usize].as_mut()
    }

    /// Reads a position of `game` written in that game's syntax.
    pub fn parse_part(&mut self, game: u32, text: &str) -> Result<Part> {
        let pos = self.games[game as usize].parse(text)?;
        Ok(Part { game, pos })
    }

    /// What reading `text` as a position of `game` changed at once, as the rules say
    /// ([`ReadingNotes`](crate::ReadingNotes)), one sentence a change.
    pub fn reading_notes(&self, game: u32, text: &str) -> Vec<String> {
        self.games[game as usize].notes(text)
    }

    /// A part in SPEC syntax: `nim 13,12,8`.
    pub fn format_part(&self, part: Part) -> String {
        let name = &self.names[part.game as usize];
        format!("{name} {}", self.games[part.game as usize].format(part.pos))
    }

    /// A part's position without the game's name: `13,12,8`.
    pub fn format_position(&self, part: Part) -> String {
        self.games[part.game as usize].format(part.pos)
    }

    /// A position in SPEC syntax: parts joined by ` + `.
    pub fn format(&self, sum: &Sum) -> String {
        let parts: Vec<String> = sum.0.iter().map(|&p| self.format_part(p)).collect();
        parts.join(" + ")
    }

    fn acyclic(&self, sum: &Sum) -> bool {
        sum.0
            .iter()
            .all(|p| !self.games[p.game as usize].kind().cycles)
    }

    /// Whether the position has a nimber under normal play: no part's game has cycles
    /// or drawn ends.
    pub fn has_nimbers(&self, sum: &Sum) -> bool {
        self.acyclic(sum)
            && sum
                .0
                .iter()
                .all(|p| !self.games[p.game as usize].kind().drawn_ends)
    }

    /// Whether the position is valued by Smith's theory of generalised
    /// Sprague–Grundy values: normal play, some part's game has cycles, and none ends
    /// drawn or is played alone.
    pub fn has_gammas(&self, sum: &Sum, play: Play) -> bool {
        play == Play::Normal
            && !self.acyclic(sum)
            && sum.0.iter().all(|p| {
                let kind = self.games[p.game as usize].kind();
                !kind.drawn_ends && !kind.alone
            })
    }

    /// `sum` with each part in its canonical form under its game's symmetries
    /// ([`OwnSearch::canonical_form`](crate::OwnSearch::canonical_form)): a
    /// position of the same value, the same for all of `sum`'s twins.
    #[cfg(not(target_family = "wasm"))]
    pub fn canonical_form(&mut self, sum: &Sum) -> Sum {
        Sum(sum
            .0
            .iter()
            .map(|&part| Part {
                pos: self.game(part).canonical_form(part.pos),
                ..part
            })
            .collect())
    }

    /// Whether the game of `part` has a search of its own
    /// ([`Capabilities::search`](crate::Capabilities::search)).
    pub fn searches_itself(&self, part: Part) -> bool {
        self.games[part.game as usize].kind().own_search
    }

    /// Whether `game` can be a part of a sum ([`Capabilities::alone`](crate::Capabilities::alone)).
    pub fn joins_sums(&self, game: u32) -> bool {
        !self.games[game as usize].kind().alone
    }

    /// The theorem that solves a part, at work, as lines of text ([`Game::theory`]).
    pub fn theory(&self, part: Part, play: Play) -> Vec<String> {
        self.games[part.game as usize].explain(part.pos, play)
    }

    /// The name of the theorem the part's game knows under `play`, if it has one.
    pub fn theorem(&self, part: Part, play: Play) -> Option<&'static str> {
        self.games[part.game as usize].theorem(play)
    }

    /// Whether the game ends here in a draw (a single part that is a drawn end).
    pub fn is_drawn_end(&self, sum: &Sum) -> bool {
        self.drawn_end(&sum.0)
    }

    fn drawn_end(&self, state: &[Part]) -> bool {
        matches!(state[..], [p] if self.games[p.game as usize].is_drawn_end(p.pos))
    }

    /// The outcome of a state known from a theorem: a single part whose game gives
    /// it, or a drawn end.
    fn outcome_known(&self, state: &[Part], play: Play) -> Option<Outcome> {
        if self.drawn_end(state) {
            return Some(Outcome::D);
        }
        let [part] = state[..] else { return None };
        self.games[part.game as usize].outcome_by_theory(part.pos, play)
    }

    /// The outcome of `sum` where a theorem gives it without search: a single part
    /// played alone whose game's theory knows it, or a drawn end.
    pub fn outcome_by_theory(&self, sum: &Sum, play: Play) -> Option<Outcome> {
        self.outcome_known(&sum.0, play)
    }

    /// A winning move that a theorem names for a position of one part (normal
    /// play), where it does not name them all ([`Theory::winning_move`](crate::Theory::winning_move)).
    pub fn winning_move_by_theory(&mut self, sum: &Sum, play: Play) -> Option<Sum> {
        let (&[part], Play::Normal) = (&sum.0[..], play) else {
            return None;
        };
        let pos = self.game(part).winning_move_by_theory(part.pos)?;
        Some(replace(
            sum,
            0,
            Part {
                game: part.game,
                pos,
            },
        ))
    }

    /// How `sum` is valued under `play`: by Smith's γ where a game has cycles
    /// (normal play), by a theorem where one gives the outcome of the position, by
    /// the nim-sum under normal play, by Bouton's rule where every part is a Nim
    /// heap (misère play), else by a search or labelling of the whole position.
    pub fn valuation(&mut self, sum: &Sum, play: Play) -> Result<Valuation> {
        Ok(self.decide(sum, play)?.0)
    }

    /// How `sum` is valued ([`Solver::valuation`]), with the state of its live
    /// indivisible parts where the decision needed it (misère play), for the rule
    /// or search that follows.
    fn decide(&mut self, sum: &Sum, play: Play) -> Result<(Valuation, Option<Vec<Part>>)> {
        if self.has_gammas(sum, play) {
            return Ok((Valuation::Gamma, None));
        }
        if self.outcome_known(&sum.0, play).is_some() {
            let theorem = match sum.0[..] {
                [part] => self.theorem(part, play),
                _ => None,
            };
            return Ok((Valuation::Theorem(theorem.unwrap_or("a theorem")), None));
        }
        let nimbers = self.has_nimbers(sum);
        if play == Play::Normal {
            return Ok(match nimbers {
                true => (Valuation::NimSum, None),
                false => (Valuation::Labelling, None),
            });
        }
        let state = self.state(&sum.0, play)?;
        let valuation = match (self.nim_heaps(&state).is_some(), nimbers) {
            (true, _) => Valuation::MisereNim,
            (false, true) => Valuation::MisereSearch,
            (false, false) => Valuation::Labelling,
        };
        Ok((valuation, Some(state)))
    }

    /// Who wins, and the nimber where it comes with the outcome: where a theorem
    /// gives the outcome, the nimber of an N-position is left to [`Solver::nimber`]
    /// (`None` here).
    pub fn value(&mut self, sum: &Sum, play: Play) -> Result<Value> {
        let (valuation, state) = self.decide(sum, play)?;
        self.value_found(sum, play, valuation, state)
    }

    /// The value of `sum` found as `valuation` says.
    pub fn value_by(&mut self, sum: &Sum, play: Play, valuation: Valuation) -> Result<Value> {
        self.value_found(sum, play, valuation, None)
    }

    /// The value of `sum` found as `valuation` says, from the state of its live
    /// parts where the decision found it already.
    fn value_found(
        &mut self,
        sum: &Sum,
        play: Play,
        valuation: Valuation,
        state: Option<Vec<Part>>,
    ) -> Result<Value> {
        let state = |solver: &mut Self| match state {
            Some(state) => Ok(state),
            None => solver.state(&sum.0, play),
        };
        let outcome = match valuation {
            Valuation::Gamma => self.gamma(sum)?.outcome(),
            Valuation::NimSum => return Ok(Value::of_nimber(self.nimber(sum)?)),
            Valuation::Theorem(_) => {
                let outcome = self
                    .outcome_known(&sum.0, play)
                    .expect("the theorem's outcome");
                if play == Play::Normal && self.has_nimbers(sum) {
                    // A P-position has nimber 0; an N-position's is not searched for here.
                    let nimber = match outcome {
                        Outcome::P => Some(0),
                        _ => self.sum_nimber_by_theory(sum),
                    };
                    return Ok(Value { outcome, nimber });
                }
                outcome
            }
            Valuation::MisereNim => {
                let state = state(self)?;
                let heaps = self.nim_heaps(&state).expect("every part a Nim heap");
                misere_nim_outcome(&heaps)
            }
            Valuation::MisereSearch | Valuation::Labelling => {
                let state = state(self)?;
                self.outcome(sum, play, state)?
            }
        };
        Ok(Value {
            outcome,
            nimber: None,
        })
    }

    /// True when no move is left, or the game ends drawn here: each indivisible
    /// part is asked, by its count of moves where the game knows it
    /// ([`Size::count_moves`](crate::Size::count_moves)), else by listing them.
    pub fn is_terminal(&mut self, sum: &Sum) -> Result<bool> {
        if self.is_drawn_end(sum) {
            return Ok(true);
        }
        let budget = self.budget.clone();
        for &written in &sum.0 {
            for part in self.components(written)? {
                if self.game(part).has_move(part.pos, &budget)? {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// The positions of one part one move away, in the game's order.
    pub fn part_moves(&mut self, part: Part) -> Result<Vec<Part>> {
        let budget = self.budget.clone();
        let moves = self.game(part).moves(part.pos, &budget)?;
        Ok(moves
            .iter()
            .map(|&pos| Part {
                game: part.game,
                pos,
            })
            .collect())
    }

    /// Every position one move away: each part's moves in turn, parts in order.
    pub fn moves(&mut self, sum: &Sum) -> Result<Vec<Sum>> {
        let mut all = Vec::new();
        for (i, &part) in sum.0.iter().enumerate() {
            for moved in self.part_moves(part)? {
                self.check_list(all.len() + 1, sum)?;
                all.push(replace(sum, i, moved));
            }
        }
        Ok(all)
    }

    /// Every move to a P-position: named by a theorem where one does, else searched
    /// for within the budget.
    pub fn winning_moves(&mut self, sum: &Sum, play: Play) -> Result<Vec<Sum>> {
        let valuation = self.valuation(sum, play)?;
        self.winning_moves_by(sum, play, valuation)
    }

    /// Every move that leaves a P-position, found as `valuation` says.
    pub fn winning_moves_by(
        &mut self,
        sum: &Sum,
        play: Play,
        valuation: Valuation,
    ) -> Result<Vec<Sum>> {
        let mut winning = Vec::new();
        match valuation {
            Valuation::Gamma => return self.moves_to_zero_gamma(sum),
            Valuation::Theorem(_) if play == Play::Normal && self.has_nimbers(sum) => {
                if self.outcome_known(&sum.0, play) != Some(Outcome::N) {
                    return Ok(winning);
                }
                return self.moves_to_nimbers(sum, 0, &[0]);
            }
            // One part: its moves to nimber 0, found without its own nimber first.
            Valuation::NimSum if sum.0.len() == 1 => return self.moves_to_nimbers(sum, 0, &[0]),
            Valuation::NimSum => {
                let total = self.nimber(sum)?;
                if total != 0 {
                    for (i, &part) in sum.0.iter().enumerate() {
                        let g = self.part_nimber(part)?;
                        winning.extend(self.moves_to_nimbers(sum, i, &[g ^ total])?);
                        self.check_list(winning.len(), sum)?;
                    }
                }
                return Ok(winning);
            }
            // A theorem's misère position of Nim heaps: found as misère Nim's.
            Valuation::MisereNim | Valuation::Theorem(_) if play == Play::Misere => {
                let Some(heaps) = self.as_nim_heaps(sum)? else {
                    return self.moves_to_outcome(sum, play, Outcome::P);
                };
                // A winning move changes one heap h to h ^ nim_sum, to 0 or to 1: ask
                // each part for the moves to the nimbers such changes give it, and keep
                // those that leave a P-position by the rule.
                let nim_sum = heaps.iter().fold(0, |a, b| a ^ b);
                for (i, &part) in sum.0.iter().enumerate() {
                    let g = self.part_nimber(part)?;
                    let mut targets = vec![g ^ nim_sum];
                    for p in self.state(&[part], play)? {
                        let h = self.game(p).nim_heap(p.pos).expect("every part is a heap");
                        targets.extend([g ^ h, g ^ h ^ 1]);
                    }
                    for child in self.moves_to_nimbers(sum, i, &targets)? {
                        if self.value(&child, play)?.outcome == Outcome::P {
                            self.check_list(winning.len() + 1, sum)?;
                            winning.push(child);
                        }
                    }
                }
                return Ok(winning);
            }
            _ => {}
        }
        self.moves_to_outcome(sum, play, Outcome::P)
    }

    /// Every move from `sum` to a position of `outcome`, each option valued.
    fn moves_to_outcome(&mut self, sum: &Sum, play: Play, outcome: Outcome) -> Result<Vec<Sum>> {
        let mut found = Vec::new();
        for child in self.moves(sum)? {
            if self.value(&child, play)?.outcome == outcome {
                self.check_list(found.len() + 1, sum)?;
                found.push(child);
            }
        }
        Ok(found)
    }

    /// Refuses a list of `count` positions like `sum` when together they would hold
    /// more parts than the budget: each is a copy of the sum with one part changed.
    fn check_list(&self, count: usize, sum: &Sum) -> Result<()> {
        match sum.0.len() > 1 {
            true => self.budget.keep(count.saturating_mul(sum.0.len())),
            false => Ok(()),
        }
    }

    /// A bound on the positions reachable from `sum` (itself included), the
    /// product of its parts' bounds ([`Size::count_positions`](crate::Size::count_positions)),
    /// saturating; `None` when some part's game gives none.
    pub fn count_positions(&self, sum: &Sum) -> Option<u64> {
        sum.0.iter().try_fold(1u64, |a, part| {
            let n = self.games[part.game as usize].count_positions(part.pos)?;
            Some(a.saturating_mul(n))
        })
    }

    /// Whether play can loop (some part's game has cycles).
    pub fn has_cycles(&self, sum: &Sum) -> bool {
        !self.acyclic(sum)
    }

    /// The indivisible parts of a part (parts with no move may be left out).
    pub fn components(&mut self, part: Part) -> Result<Vec<Part>> {
        let parts = self.game(part).components(part.pos)?;
        Ok(parts
            .iter()
            .map(|&pos| Part {
                game: part.game,
                pos,
            })
            .collect())
    }

    /// The position of a part, where its game's positions are of type `P` (a front
    /// end's own game finds its positions so).
    pub fn part_position<P: 'static>(&self, part: Part) -> Option<&P> {
        self.games[part.game as usize]
            .position_any(part.pos)
            .downcast_ref()
    }

    /// Writes what the games' own searches learnt to the budget's checkpoint, where
    /// it names one ([`SearchTable::keep`](crate::SearchTable::keep)).
    pub fn keep_searches(&self) -> Result<()> {
        self.games
            .iter()
            .filter_map(|game| game.search_table())
            .try_for_each(|table| table.keep(&self.budget))
    }

    /// The certificate of a part's nimber, if its game's search writes them
    /// ([`OwnSearch::certificate`](crate::OwnSearch::certificate)).
    #[cfg(not(target_family = "wasm"))]
    pub fn certificate(&self, part: Part) -> Option<Result<crate::certificate::Certificate>> {
        self.games[part.game as usize].certificate(part.pos, &self.budget)
    }

    /// A part drawn, if its game draws ([`Picture::draw`](crate::Picture::draw)),
    /// labelled with its text, or its game's name and the picture's words where the
    /// picture has them (a board's notation is no name for a person); `history` holds the part before, oldest first (parts
    /// of another game are left out).
    pub fn drawing(&mut self, part: Part, history: &[Part]) -> Option<Result<Drawing<Part>>> {
        let game = part.game;
        let history: Vec<PosId> = history
            .iter()
            .filter(|h| h.game == game)
            .map(|h| h.pos)
            .collect();
        let drawn = self.games[game as usize].drawing(part.pos, &history)?;
        let label = self.format_part(part);
        let name = self.game_name(game).to_string();
        Some(drawn.map(|d| {
            let mut d = d.map(|pos| Part { game, pos });
            d.label = match d.label.is_empty() {
                true => label,
                false => format!("{name} ({})", d.label),
            };
            d
        }))
    }

    /// What `marks` make on a part's picture ([`Picture::marking`](crate::Picture::marking)),
    /// if its game draws.
    pub fn marking(&mut self, part: Part, marks: &[String]) -> Option<Result<Marking<Part>>> {
        let game = part.game;
        let marked = self.games[game as usize].marking(part.pos, marks)?;
        Some(marked.map(|m| m.map(|pos| Part { game, pos })))
    }

    /// The marks of the move from `part` to `to` (a part of the same game) on the
    /// part's picture, if its game draws and a click makes it.
    pub fn leading(&mut self, part: Part, to: Part) -> Option<Result<Option<Marked<Part>>>> {
        let game = part.game;
        let led = self.games[game as usize].leading(part.pos, to.pos)?;
        Some(led.map(|m| m.map(|m| m.map(|_| to))))
    }

    /// How many sums the searches of this solver have memoised.
    pub fn searched(&self) -> usize {
        self.outcomes.iter().map(|m| m.len()).sum()
    }

    /// What the own search of `part`'s game has learnt, as bytes to hand to another
    /// ([`SearchTable::export`](crate::SearchTable::export)).
    pub fn export_search(&self, part: Part) -> Option<Vec<u8>> {
        self.games[part.game as usize].search_table()?.export()
    }

    /// Adds to the own search of `part`'s game what another search of the game
    /// exported ([`SearchTable::absorb`](crate::SearchTable::absorb)).
    pub fn absorb_search(&self, part: Part, bytes: &[u8]) -> Result<()> {
        match self.games[part.game as usize].search_table() {
            Some(table) => table.absorb(bytes, &self.budget),
            None => Err(crate::invalid!(
                "this game has no search of its own to take a search from"
            )),
        }
    }

    /// How many positions the games' own searches have learnt something of
    /// ([`SearchTable::learnt`](crate::SearchTable::learnt)): the measure of their work.
    pub fn learnt(&self) -> usize {
        let tables = self.games.iter().filter_map(|g| g.search_table());
        tables.map(|table| table.learnt()).sum()
    }

    /// The move from `from` to `to` in words.
    pub fn describe_move(&self, from: &Sum, to: &Sum) -> Result<String> {
        match changed_part(from, to) {
            Some(i) => {
                let (a, b) = (from.0[i], to.0[i]);
                let words = self.games[a.game as usize].describe_move(a.pos, b.pos)?;
                if from.0.len() == 1 {
                    Ok(words)
                } else {
                    Ok(format!("{words} in {}", self.format_part(a)))
                }
            }
            None => Ok(format!("move to {}", self.format(to))),
        }
    }

    /// Why `to` is not one move away from `from`, in one sentence.
    pub fn why_illegal(&self, from: &Sum, to: &Sum) -> String {
        let games = |s: &Sum| s.0.iter().map(|p| p.game).collect::<Vec<_>>();
        if games(from) != games(to) {
            return format!(
                "{} does not have the parts of {}: a move changes one part and keeps the rest",
                self.format(to),
                self.format(from)
            );
        }
        let changed: Vec<usize> = (0..from.0.len())
            .filter(|&i| from.0[i] != to.0[i])
            .collect();
        match changed[..] {
            [] => "a move must change the position; that is the position as it stands".into(),
            [i] => self.games[from.0[i].game as usize].why_illegal(from.0[i].pos, to.0[i].pos),
            _ => format!(
                "a move changes one part only, but {} and {} both changed",
                self.format_part(from.0[changed[0]]),
                self.format_part(from.0[changed[1]])
            ),
        }
    }
}

/// `sum` with its part `i` replaced.
fn replace(sum: &Sum, i: usize, part: Part) -> Sum {
    let mut parts = sum.0.clone();
    parts[i] = part;
    Sum(parts)
}

/// The one part in which two sums differ, if exactly one does.
fn changed_part(from: &Sum, to: &Sum) -> Option<usize> {
    if from.0.len() != to.0.len() {
        return None;
    }
    let mut changed = (0..from.0.len()).filter(|&i| from.0[i] != to.0[i]);
    let first = changed.next()?;
    changed.next().is_none().then_some(first)
}
