//! Sums of parts from different games, under normal and misère play.
//!
//! A [`Solver`] holds the games a position is made of, each behind an object-safe
//! view with its own memo, and positions of those games interned as small ids, so
//! that a [`Sum`] of parts from different games is a plain list of ids.
//!
//! - Normal play, finite games: the Sprague–Grundy theorem. Each part is valued by
//!   memoised search and the nimbers are XORed; winning moves change one part to the
//!   nimber that makes the nim-sum 0.
//! - Misère play: when every part is a Nim heap, Bouton's misère rule; otherwise a
//!   search of the sum itself, keyed by the sorted multiset of its indivisible parts.
//! - Games with cycles, normal play: each part's generalised Sprague–Grundy value γ
//!   (finite, or ∞(K)) by labelling its reachable positions in rounds
//!   ([`loopy`](super::loopy)), and the sum by Smith's rule from the parts' values;
//!   never a search of the sum itself.
//! - Games with cycles, misère play (no theory of values): the sum's reachable
//!   positions are explored and labelled P, N or D by retrograde analysis
//!   (Ferguson's labelling algorithm).
//! - Games with drawn ends (SOS): no nimbers; the searches label a drawn end D, and a
//!   position with no move to a P-position but one to a D-position D.
//! - Wherever outcomes are searched, a part played alone whose outcome a theorem
//!   gives ([`Theory::outcome`]) is answered without search.

use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::loopy::{self, Builder};
use super::memo::{Height, Memo, SpragueGrundy};
use super::retrograde;
use crate::stop::Every;
use crate::{Budget, Game, Gamma, Nimber, Outcome, Play, Result, Theory};

/// A count of moves past which a part surely has a move, though the count is only
/// a bound: listing them to be sure would cost more than the answer is worth.
const MANY_MOVES: u64 = 20_000;

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

/// An object-safe view of one game with interned positions and memoised values:
/// the questions the solver asks of a part, answered from the game's moves and
/// whichever capabilities ([`Game::capabilities`]) it has.
trait AnyGame: Send {
    fn parse(&mut self, text: &str) -> Result<PosId>;
    fn notes(&self, text: &str) -> Vec<String>;
    fn format(&self, id: PosId) -> String;
    fn moves(&mut self, id: PosId, budget: &Budget) -> Result<Arc<[PosId]>>;
    fn components(&mut self, id: PosId) -> Result<Arc<[PosId]>>;
    fn has_move(&mut self, id: PosId, budget: &Budget) -> Result<bool>;
    fn nimber(&mut self, id: PosId, budget: &Budget) -> Result<Nimber>;
    fn height(&mut self, id: PosId, budget: &Budget) -> Result<u64>;
    fn gamma(&mut self, id: PosId, budget: &Budget) -> Result<Gamma>;
    fn moves_to_nimber(&mut self, id: PosId, target: Nimber, budget: &Budget)
        -> Result<Vec<PosId>>;
    fn nimber_by_theory(&self, id: PosId) -> Option<Nimber>;
    fn count_positions(&self, id: PosId) -> Option<u64>;
    fn outcome_by_theory(&self, id: PosId, play: Play) -> Option<Outcome>;
    fn nim_heap(&self, id: PosId) -> Option<u64>;
    fn theorem(&self, play: Play) -> Option<&'static str>;
    fn explain(&self, id: PosId, play: Play) -> Vec<String>;
    fn explain_nimber(&self, id: PosId) -> Option<Vec<String>>;
    fn picture(&self, id: PosId) -> Option<Result<String>>;
    fn kind(&self) -> Kind;
    fn is_drawn_end(&self, id: PosId) -> bool;
    fn describe_move(&self, from: PosId, to: PosId) -> Result<String>;
    fn why_illegal(&self, from: PosId, to: PosId) -> String;
    fn position_any(&self, id: PosId) -> &dyn std::any::Any;
}

/// How a game plays: its capabilities that are flags.
#[derive(Clone, Copy, Debug)]
struct Kind {
    cycles: bool,
    alone: bool,
    drawn_ends: bool,
}

/// A game with its interned positions, cached moves and memos.
struct View<G: Game> {
    game: G,
    positions: Vec<G::Position>,
    /// Positions are hashed with foldhash: FxHash degenerates on some (the bit
    /// boards of SOS), foldhash on none seen.
    ids: foldhash::HashMap<G::Position, PosId>,
    moves: FxHashMap<PosId, Arc<[PosId]>>,
    /// How many moves the cache of moves holds, all lists together.
    moves_held: usize,
    components: FxHashMap<PosId, Arc<[PosId]>>,
    nimbers: Memo<G, SpragueGrundy>,
    heights: Memo<G, Height>,
    /// γ values of positions of a game with cycles, found by labelling all that is
    /// reachable from a position at once.
    gammas: FxHashMap<PosId, Gamma>,
}

impl<G: Game> View<G> {
    fn new(game: G) -> Self {
        View {
            game,
            positions: Vec::new(),
            ids: foldhash::HashMap::default(),
            moves: FxHashMap::default(),
            moves_held: 0,
            components: FxHashMap::default(),
            nimbers: Memo::default(),
            heights: Memo::default(),
            gammas: FxHashMap::default(),
        }
    }

    fn intern(&mut self, p: G::Position) -> PosId {
        if let Some(&id) = self.ids.get(&p) {
            return id;
        }
        let id = self.positions.len() as PosId;
        self.positions.push(p.clone());
        self.ids.insert(p, id);
        id
    }

    fn position(&self, id: PosId) -> &G::Position {
        &self.positions[id as usize]
    }

    fn theory(&self) -> Option<&dyn Theory<G::Position>> {
        self.game.capabilities().theory
    }
}

impl<G: Game> AnyGame for View<G> {
    fn position_any(&self, id: PosId) -> &dyn std::any::Any {
        self.position(id)
    }

    fn parse(&mut self, text: &str) -> Result<PosId> {
        let p = self.game.parse_position(text)?;
        Ok(self.intern(p))
    }

    fn notes(&self, text: &str) -> Vec<String> {
        let notes = self.game.capabilities().notes;
        notes.map_or_else(Vec::new, |n| n.notes(text))
    }

    fn format(&self, id: PosId) -> String {
        self.game.format_position(self.position(id))
    }

    fn moves(&mut self, id: PosId, budget: &Budget) -> Result<Arc<[PosId]>> {
        if let Some(moves) = self.moves.get(&id) {
            return Ok(moves.clone());
        }
        let p = self.position(id);
        if let Some(size) = self.game.capabilities().size {
            // A list of moves holds about moves × weight units.
            let held = size
                .count_moves(p)
                .map(|n| n.saturating_mul(size.weight(p)));
            if let Some(held) = held {
                budget.fits(held)?;
            }
        }
        let mut out = Vec::new();
        self.game.moves(p, &mut out)?;
        // The positions interned and the moves cached count against the budget.
        budget.keep(self.positions.len() + self.moves_held + out.len())?;
        let moves: Arc<[PosId]> = out.into_iter().map(|q| self.intern(q)).collect();
        self.moves_held += moves.len();
        self.moves.insert(id, moves.clone());
        Ok(moves)
    }

    fn components(&mut self, id: PosId) -> Result<Arc<[PosId]>> {
        if let Some(parts) = self.components.get(&id) {
            return Ok(parts.clone());
        }
        let mut parts = Vec::new();
        self.game.components(self.position(id), &mut parts)?;
        let parts: Arc<[PosId]> = parts.into_iter().map(|q| self.intern(q)).collect();
        self.components.insert(id, parts.clone());
        Ok(parts)
    }

    fn has_move(&mut self, id: PosId, budget: &Budget) -> Result<bool> {
        if let Some(size) = self.game.capabilities().size {
            match size.count_moves(self.position(id)) {
                Some(0) => return Ok(false),
                Some(n) if size.counts_exactly() || n > MANY_MOVES => return Ok(true),
                _ => {}
            }
        }
        Ok(!self.moves(id, budget)?.is_empty())
    }

    fn nimber(&mut self, id: PosId, budget: &Budget) -> Result<Nimber> {
        let p = &self.positions[id as usize];
        if let Some(search) = self.game.capabilities().search {
            let mut k = 0;
            while !search.has_nimber(p, k, budget)? {
                k += 1;
            }
            return Ok(k);
        }
        self.nimbers.value(&self.game, p, budget)
    }

    fn height(&mut self, id: PosId, budget: &Budget) -> Result<u64> {
        self.heights
            .value(&self.game, &self.positions[id as usize], budget)
    }

    /// A game without cycles: the nimber. With cycles: every position reachable from
    /// `id` is listed (within the budget) and the graph they make is labelled in
    /// rounds ([`loopy::label`]); all their values are kept.
    fn gamma(&mut self, id: PosId, budget: &Budget) -> Result<Gamma> {
        if !self.game.capabilities().cycles {
            return Ok(Gamma::Finite(self.nimber(id, budget)?));
        }
        if let Some(g) = self.gammas.get(&id) {
            return Ok(g.clone());
        }
        let reachable = self
            .game
            .capabilities()
            .size
            .and_then(|size| size.count_positions(self.position(id)));
        if let Some(reachable) = reachable {
            budget.fits(reachable)?;
        }
        let mut index: FxHashMap<PosId, u32> = FxHashMap::default();
        let mut reached = vec![id];
        index.insert(id, 0);
        let mut graph = Builder::with_capacity(0, 0)?;
        let mut every = Every::default();
        let mut followers = Vec::new();
        for next in 0.. {
            let Some(&pos) = reached.get(next) else { break };
            every.step(budget)?;
            followers.clear();
            for &m in self.moves(pos, budget)?.iter() {
                let fresh = reached.len() as u32;
                let local = *index.entry(m).or_insert(fresh);
                if local == fresh {
                    reached.push(m);
                }
                followers.push(local);
            }
            graph.push_vertex(&followers);
        }
        let graph = graph.finish();
        let labels = loopy::label(&graph, budget)?;
        for (v, &pos) in reached.iter().enumerate() {
            self.gammas.insert(pos, labels.gamma(&graph, v as u32));
        }
        Ok(self.gammas[&id].clone())
    }

    fn moves_to_nimber(
        &mut self,
        id: PosId,
        target: Nimber,
        budget: &Budget,
    ) -> Result<Vec<PosId>> {
        let by_theory = self
            .theory()
            .and_then(|t| t.moves_to_nimber(self.position(id), target));
        if let Some(found) = by_theory {
            return Ok(found.into_iter().map(|q| self.intern(q)).collect());
        }
        // The memoised searches of the options keep what `id` reaches, but `id`:
        // refused at once past the budget (a game's own search prunes, and is left
        // to run to the budget).
        let capabilities = self.game.capabilities();
        if let (Some(size), None) = (capabilities.size, capabilities.search) {
            if let Some(reachable) = size.count_positions(self.position(id)) {
                budget.fits(reachable.saturating_sub(1))?;
            }
        }
        let mut found = Vec::new();
        for &m in self.moves(id, budget)?.iter() {
            let has = match self.game.capabilities().search {
                Some(search) => search.has_nimber(self.position(m), target, budget)?,
                None => self.nimber(m, budget)? == target,
            };
            if has {
                found.push(m);
            }
        }
        Ok(found)
    }

    fn nimber_by_theory(&self, id: PosId) -> Option<Nimber> {
        self.theory()?.nimber(self.position(id))
    }

    fn count_positions(&self, id: PosId) -> Option<u64> {
        let size = self.game.capabilities().size?;
        size.count_positions(self.position(id))
    }

    fn outcome_by_theory(&self, id: PosId, play: Play) -> Option<Outcome> {
        self.theory()?.outcome(self.position(id), play)
    }

    fn nim_heap(&self, id: PosId) -> Option<u64> {
        self.theory()?.nim_heap(self.position(id))
    }

    fn theorem(&self, play: Play) -> Option<&'static str> {
        self.theory().map(|t| t.theorem(play))
    }

    fn explain(&self, id: PosId, play: Play) -> Vec<String> {
        self.theory()
            .map_or_else(Vec::new, |t| t.explain(self.position(id), play))
    }

    fn explain_nimber(&self, id: PosId) -> Option<Vec<String>> {
        self.theory()?.explain_nimber(self.position(id))
    }

    fn picture(&self, id: PosId) -> Option<Result<String>> {
        Some(self.game.capabilities().picture?.svg(self.position(id)))
    }

    fn kind(&self) -> Kind {
        let c = self.game.capabilities();
        Kind {
            cycles: c.cycles,
            alone: c.alone,
            drawn_ends: c.drawn_ends.is_some(),
        }
    }

    fn is_drawn_end(&self, id: PosId) -> bool {
        let ends = self.game.capabilities().drawn_ends;
        ends.is_some_and(|e| e.is_drawn_end(self.position(id)))
    }

    fn describe_move(&self, from: PosId, to: PosId) -> Result<String> {
        self.game
            .describe_move(self.position(from), self.position(to))
    }

    fn why_illegal(&self, from: PosId, to: PosId) -> String {
        self.game
            .why_illegal(self.position(from), self.position(to))
    }
}

/// A game ready to join a [`Solver`], under its SPEC name.
pub struct GameBox {
    name: String,
    view: Box<dyn AnyGame>,
}

impl GameBox {
    /// `game`, called `name` in a SPEC (`nim`, `sub:1,3,4`).
    pub fn new<G: Game>(name: impl Into<String>, game: G) -> Self {
        GameBox {
            name: name.into(),
            view: Box::new(View::new(game)),
        }
    }
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

/// Misère Nim by Bouton's rule: with a heap of two or more, play as in normal Nim;
/// with none, the player to move wins when an even number of heaps of one is left.
pub fn misere_nim_outcome(heaps: &[u64]) -> Outcome {
    let big = heaps.iter().any(|&h| h > 1);
    let nim_sum = heaps.iter().fold(0, |a, b| a ^ b);
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    let p = if big { nim_sum == 0 } else { ones % 2 == 1 };
    if p {
        Outcome::P
    } else {
        Outcome::N
    }
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

    /// The γ value of an indivisible part: its nimber when its game has no cycles.
    pub fn part_gamma(&mut self, part: Part) -> Result<Gamma> {
        let budget = self.budget.clone();
        self.game(part).gamma(part.pos, &budget)
    }

    /// The γ value of a part as written, from its indivisible parts by Smith's rule.
    pub fn written_gamma(&mut self, written: Part) -> Result<Gamma> {
        let mut gammas = Vec::new();
        for part in self.components(written)? {
            gammas.push(self.part_gamma(part)?);
        }
        Ok(loopy::sum(&gammas))
    }

    /// The γ value of a position, by Smith's rule from its parts' values; a budget
    /// error names the part whose labelling needed it.
    pub fn gamma(&mut self, sum: &Sum) -> Result<Gamma> {
        let mut gammas = Vec::new();
        for &written in &sum.0 {
            let g = self.written_gamma(written).map_err(|e| match sum.0.len() {
                1 => e,
                _ => e.in_part(|| self.format_part(written)),
            })?;
            gammas.push(g);
        }
        Ok(loopy::sum(&gammas))
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

    /// How `sum` is valued under `play`: by Smith's γ where a game has cycles
    /// (normal play), by a theorem where one gives the outcome of the position, by
    /// the nim-sum under normal play, by Bouton's rule where every part is a Nim
    /// heap (misère play), else by a search or labelling of the whole position.
    pub fn valuation(&mut self, sum: &Sum, play: Play) -> Result<Valuation> {
        if self.has_gammas(sum, play) {
            return Ok(Valuation::Gamma);
        }
        if self.outcome_known(&sum.0, play).is_some() {
            let theorem = match sum.0[..] {
                [part] => self.theorem(part, play),
                _ => None,
            };
            return Ok(Valuation::Theorem(theorem.unwrap_or("a theorem")));
        }
        let nimbers = self.has_nimbers(sum);
        if play == Play::Normal && nimbers {
            return Ok(Valuation::NimSum);
        }
        if play == Play::Misere && self.as_nim_heaps(sum)?.is_some() {
            return Ok(Valuation::MisereNim);
        }
        Ok(match nimbers {
            true => Valuation::MisereSearch,
            false => Valuation::Labelling,
        })
    }

    /// Who wins, and the nimber where it comes with the outcome: where a theorem
    /// gives the outcome, the nimber of an N-position is left to [`Solver::nimber`]
    /// (`None` here).
    pub fn value(&mut self, sum: &Sum, play: Play) -> Result<Value> {
        let valuation = self.valuation(sum, play)?;
        self.value_by(sum, play, valuation)
    }

    /// The value of `sum` found as `valuation` says.
    pub fn value_by(&mut self, sum: &Sum, play: Play, valuation: Valuation) -> Result<Value> {
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
                let heaps = self.as_nim_heaps(sum)?.expect("every part a Nim heap");
                misere_nim_outcome(&heaps)
            }
            Valuation::MisereSearch | Valuation::Labelling => self.outcome(sum, play)?,
        };
        Ok(Value {
            outcome,
            nimber: None,
        })
    }

    /// The nim-sum of the parts' nimbers (normal play, games without cycles). In a
    /// sum of several parts, a budget error names the part whose nimber needed it.
    pub fn nimber(&mut self, sum: &Sum) -> Result<Nimber> {
        let mut total = 0;
        for &part in &sum.0 {
            total ^= self.part_nimber(part).map_err(|e| match sum.0.len() {
                1 => e,
                _ => e.in_part(|| self.format_part(part)),
            })?;
        }
        Ok(total)
    }

    /// The nimber of one part.
    pub fn part_nimber(&mut self, part: Part) -> Result<Nimber> {
        let budget = self.budget.clone();
        self.game(part).nimber(part.pos, &budget)
    }

    /// The outcome by a search of the whole position, or its labelling where play
    /// can go round a cycle.
    fn outcome(&mut self, sum: &Sum, play: Play) -> Result<Outcome> {
        let state = self.state(&sum.0, play)?;
        // A search that may meet more positions than the budget is refused at once
        // (the parts as written: a game bounds a position of several heaps better
        // than the product of its heaps' bounds).
        if let Some(bound) = self.count_positions(sum) {
            self.budget.fits(bound)?;
        }
        if self.acyclic(sum) {
            self.search(state, play)
        } else {
            self.search_with_cycles(state, play)
        }
    }

    /// The indivisible parts of every part that still have a move (or end drawn),
    /// sorted.
    fn state(&mut self, parts: &[Part], play: Play) -> Result<Vec<Part>> {
        // The games and the budget borrowed apart: a hot path, no count is touched.
        let (games, budget) = (&mut self.games, &*self.budget);
        let mut state = Vec::new();
        for &part in parts {
            let game = games[part.game as usize].as_mut();
            for &pos in game.components(part.pos)?.iter() {
                // A part whose outcome a theorem knows is kept without listing its
                // moves: keeping a part with no move changes no outcome.
                let live = match game.nim_heap(pos) {
                    Some(n) => n > 0,
                    None => {
                        game.is_drawn_end(pos)
                            || game.outcome_by_theory(pos, play).is_some()
                            || game.has_move(pos, budget)?
                    }
                };
                if live {
                    state.push(Part {
                        game: part.game,
                        pos,
                    });
                }
            }
        }
        state.sort_unstable();
        Ok(state)
    }

    /// The heap sizes, when every indivisible part is a Nim heap.
    fn nim_heaps(&mut self, state: &[Part]) -> Option<Vec<u64>> {
        state
            .iter()
            .map(|&p| self.game(p).nim_heap(p.pos))
            .collect()
    }

    /// Every state one move away from `state`.
    /// The sums one move away from `state`, each sorted; refused when with the
    /// `held` parts already kept they would pass the budget.
    fn children(&mut self, state: &[Part], play: Play, held: usize) -> Result<Vec<Vec<Part>>> {
        let budget = self.budget.clone();
        let mut children = Vec::new();
        for i in 0..state.len() {
            if i > 0 && state[i] == state[i - 1] {
                continue;
            }
            let part = state[i];
            let moves = self.game(part).moves(part.pos, &budget)?;
            for &pos in moves.iter() {
                budget.keep(held + (children.len() + 1) * state.len())?;
                let mut child = Vec::with_capacity(state.len() + 1);
                child.extend_from_slice(&state[..i]);
                child.extend_from_slice(&state[i + 1..]);
                child.extend(self.state(
                    &[Part {
                        game: part.game,
                        pos,
                    }],
                    play,
                )?);
                child.sort_unstable();
                children.push(child);
            }
        }
        Ok(children)
    }

    /// Depth-first search of a sum of games without cycles, stopping at the first
    /// winning move; every sum met is memoised. A position with no move to a
    /// P-position is a draw when some move keeps a draw (a drawn end), else P.
    fn search(&mut self, root: Vec<Part>, play: Play) -> Result<Outcome> {
        let memo = play as usize;
        if let Some(&o) = self.outcomes[memo].get(&root) {
            return Ok(o);
        }
        let terminal = play.terminal();
        struct Frame {
            state: Vec<Part>,
            children: Vec<Vec<Part>>,
            cursor: usize,
            draw: bool,
        }
        let held_before = self.memoised_parts;
        let children = self.children(&root, play, held_before)?;
        // The parts the stack's frames hold: counted against the budget beside
        // those memoised.
        let mut held = parts_in(&children);
        let mut stack = vec![Frame {
            state: root.clone(),
            children,
            cursor: 0,
            draw: false,
        }];
        let mut every = Every::default();
        while !stack.is_empty() {
            every.step(&self.budget)?;
            let depth = stack.len();
            let top = stack.last_mut().expect("non-empty");
            let mut found = None;
            while top.cursor < top.children.len() {
                let child = &top.children[top.cursor];
                let known = self.outcomes[memo].get(child).copied();
                match known.or_else(|| self.outcome_known(child, play)) {
                    Some(Outcome::P) => {
                        found = Some(Outcome::N);
                        break;
                    }
                    Some(o) => {
                        top.draw |= o == Outcome::D;
                        top.cursor += 1;
                    }
                    None => break,
                }
            }
            if found.is_none() && top.cursor == top.children.len() {
                found = Some(if top.children.is_empty() {
                    terminal
                } else if top.draw {
                    Outcome::D
                } else {
                    Outcome::P
                });
            }
            match found {
                Some(outcome) => {
                    let done = stack.pop().expect("the stack has a top frame");
                    held -= parts_in(&done.children);
                    self.memoised_parts += done.state.len();
                    self.outcomes[memo].insert(done.state, outcome);
                }
                None => {
                    let state = top.children[top.cursor].clone();
                    let kept = self.memoised_parts + depth * state.len() + held;
                    self.budget.keep(kept + 1)?;
                    let children = self.children(&state, play, kept)?;
                    held += parts_in(&children);
                    stack.push(Frame {
                        state,
                        children,
                        cursor: 0,
                        draw: false,
                    });
                }
            }
        }
        Ok(self.outcomes[memo][&root])
    }

    /// Explores every sum reachable from `root` and labels them P, N or D.
    fn search_with_cycles(&mut self, root: Vec<Part>, play: Play) -> Result<Outcome> {
        let memo = play as usize;
        if let Some(&o) = self.outcomes[memo].get(&root) {
            return Ok(o);
        }
        let mut index: FxHashMap<Vec<Part>, u32> = FxHashMap::default();
        let mut states = vec![root.clone()];
        index.insert(root, 0);
        let mut successors = Builder::with_capacity(0, 0)?;
        let mut explored = 0;
        // The parts the states hold, each kept twice (in the list and the index).
        let mut held = self.memoised_parts + 2 * states[0].len();
        let mut every = Every::default();
        while explored < states.len() {
            every.step(&self.budget)?;
            let state = states[explored].clone();
            let mut edges = Vec::new();
            if self.drawn_end(&state) {
                // A drawn end loops on itself, so that the labelling leaves it a draw.
                edges.push(explored as u32);
            }
            for child in self.children(&state, play, held)? {
                let next = states.len() as u32;
                let id = *index.entry(child.clone()).or_insert(next);
                if id == next {
                    held += 2 * child.len();
                    self.budget.keep(states.len().max(held) + 1)?;
                    states.push(child);
                }
                edges.push(id);
            }
            successors.push_vertex(&edges);
            explored += 1;
        }
        let labels = retrograde::label(&successors.finish(), play);
        let root = labels[0];
        for (state, outcome) in states.into_iter().zip(labels) {
            self.memoised_parts += state.len();
            self.outcomes[memo].insert(state, outcome);
        }
        Ok(root)
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

    fn moves_to_zero_gamma(&mut self, sum: &Sum) -> Result<Vec<Sum>> {
        let mut gammas = Vec::new();
        for &written in &sum.0 {
            gammas.push(self.written_gamma(written)?);
        }
        let mut winning = Vec::new();
        for (i, &part) in sum.0.iter().enumerate() {
            let others = gammas
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, g)| g);
            let Some(r) = loopy::sum(others).finite() else {
                continue;
            };
            if self.games[part.game as usize].kind().cycles {
                for moved in self.part_moves(part)? {
                    if self.written_gamma(moved)? == Gamma::Finite(r) {
                        self.check_list(winning.len() + 1, sum)?;
                        winning.push(replace(sum, i, moved));
                    }
                }
            } else {
                winning.extend(self.moves_to_nimbers(sum, i, &[r])?);
                self.check_list(winning.len(), sum)?;
            }
        }
        Ok(winning)
    }

    /// Refuses a list of `count` positions like `sum` when together they would hold
    /// more parts than the budget: each is a copy of the sum with one part changed.
    fn check_list(&self, count: usize, sum: &Sum) -> Result<()> {
        match sum.0.len() > 1 {
            true => self.budget.keep(count.saturating_mul(sum.0.len())),
            false => Ok(()),
        }
    }

    /// The moves of part `i` of `sum` to a part of one of the nimbers `targets`.
    fn moves_to_nimbers(&mut self, sum: &Sum, i: usize, targets: &[Nimber]) -> Result<Vec<Sum>> {
        let budget = self.budget.clone();
        let part = sum.0[i];
        let mut targets = targets.to_vec();
        targets.sort_unstable();
        targets.dedup();
        let mut found: Vec<PosId> = Vec::new();
        for t in targets {
            found.extend(self.game(part).moves_to_nimber(part.pos, t, &budget)?);
        }
        self.check_list(found.len(), sum)?;
        Ok(found
            .into_iter()
            .map(|pos| {
                replace(
                    sum,
                    i,
                    Part {
                        game: part.game,
                        pos,
                    },
                )
            })
            .collect())
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

    /// The height of a position: the most moves that can still be made.
    pub fn height(&mut self, sum: &Sum) -> Result<u64> {
        let budget = self.budget.clone();
        let mut total = 0u64;
        for &part in &sum.0 {
            total = total.saturating_add(self.game(part).height(part.pos, &budget)?);
        }
        Ok(total)
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

    /// The nim-sum of the parts' nimbers, where a theorem gives each.
    pub fn sum_nimber_by_theory(&self, sum: &Sum) -> Option<Nimber> {
        sum.0
            .iter()
            .try_fold(0, |total, &part| Some(total ^ self.nimber_by_theory(part)?))
    }

    /// The nimber of an indivisible part known from a theorem, if any.
    pub fn nimber_by_theory(&self, part: Part) -> Option<Nimber> {
        self.games[part.game as usize].nimber_by_theory(part.pos)
    }

    /// `Some(n)` when an indivisible part plays exactly like a Nim heap of n.
    pub fn nim_heap(&mut self, part: Part) -> Option<u64> {
        self.game(part).nim_heap(part.pos)
    }

    /// How a theorem finds an indivisible part's nimber, line by line, if one does.
    pub fn reasoning(&self, part: Part) -> Option<Vec<String>> {
        self.games[part.game as usize].explain_nimber(part.pos)
    }

    /// The position of a part, where its game's positions are of type `P` (a front
    /// end's own game finds its positions so).
    pub fn part_position<P: 'static>(&self, part: Part) -> Option<&P> {
        self.games[part.game as usize]
            .position_any(part.pos)
            .downcast_ref()
    }

    /// A part drawn as an SVG document, if its game draws.
    pub fn picture(&self, part: Part) -> Option<Result<String>> {
        self.games[part.game as usize].picture(part.pos)
    }

    /// The Nim heap sizes of the position's indivisible parts (left out: empty heaps),
    /// when every part is a Nim heap (for Bouton's rule of misère play).
    pub fn as_nim_heaps(&mut self, sum: &Sum) -> Result<Option<Vec<u64>>> {
        let state = self.state(&sum.0, Play::Misere)?;
        Ok(self.nim_heaps(&state))
    }

    /// How many sums the searches of this solver have memoised.
    pub fn searched(&self) -> usize {
        self.outcomes.iter().map(|m| m.len()).sum()
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

/// The parts held by a list of sums.
fn parts_in(sums: &[Vec<Part>]) -> usize {
    sums.iter().map(Vec::len).sum()
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A game on the vertices 0 to 5, with a cycle (0 -> 1 -> 0) and a drawn end (2).
    struct Drawn;

    const MOVES: [&[u8]; 6] = [&[1, 2, 3], &[0], &[], &[], &[2, 1], &[2, 0]];

    impl Game for Drawn {
        type Position = u8;
        fn moves(&self, p: &u8, out: &mut Vec<u8>) -> Result<()> {
            out.extend(MOVES[*p as usize]);
            Ok(())
        }
        fn capabilities(&self) -> crate::Capabilities<'_, u8> {
            crate::Capabilities {
                drawn_ends: Some(self),
                cycles: true,
                ..Default::default()
            }
        }
        fn parse_position(&self, text: &str) -> Result<u8> {
            text.parse().map_err(|_| crate::invalid!("'{text}'"))
        }
        fn format_position(&self, p: &u8) -> String {
            p.to_string()
        }
        fn describe_move(&self, _: &u8, to: &u8) -> Result<String> {
            Ok(format!("to {to}"))
        }
    }

    impl crate::DrawnEnds<u8> for Drawn {
        fn is_drawn_end(&self, p: &u8) -> bool {
            *p == 2
        }
    }

    #[test]
    fn a_drawn_end_stays_drawn_in_the_labelling_of_a_game_with_cycles() {
        let mut solver = Solver::new(Budget::default().with_positions(1000));
        let g = solver.add(GameBox::new("drawn", Drawn));
        let outcomes: String = (0..6)
            .map(|v| {
                let part = solver.parse_part(g, &v.to_string()).unwrap();
                let sum = Sum(vec![part]);
                assert!(!solver.has_nimbers(&sum));
                solver.value(&sum, Play::Normal).unwrap().outcome.letter()
            })
            .collect();
        // 3 is lost by the player to move, so 0 (a move to 3) is won, 1 (only to 0)
        // lost, 4 (to 1) won; 2 is a drawn end, and 5 can only draw (to 2) or lose.
        assert_eq!(outcomes, "NPDPND");
    }
}
