//! The solver's view of one game: an object-safe face ([`AnyGame`]) over any
//! [`Game`], with the game's positions interned as small ids, its moves and parts
//! cached, and its memos of nimbers, heights and γ values.

use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::super::loopy::{self, Builder};
use super::super::memo::{Measure, Memo};
use super::PosId;
#[cfg(not(target_family = "wasm"))]
use crate::certificate::Certificate;
use crate::drawing::{Marked, Marking};
use crate::stop::Every;
use crate::{Budget, Drawing, Game, Gamma, Nimber, Outcome, Play, Result, SearchTable, Theory};

/// A count of moves past which a part surely has a move, though the count is only
/// a bound: listing them to be sure would cost more than the answer is worth.
const MANY_MOVES: u64 = 20_000;

/// An object-safe view of one game with interned positions and memoised values:
/// the questions the solver asks of a part, answered from the game's moves and
/// whichever capabilities ([`Game::capabilities`]) it has.
pub(super) trait AnyGame: Send {
    fn parse(&mut self, text: &str) -> Result<PosId>;
    fn notes(&self, text: &str) -> Vec<String>;
    fn format(&self, id: PosId) -> String;
    fn moves(&mut self, id: PosId, budget: &Budget) -> Result<Arc<[PosId]>>;
    fn components(&mut self, id: PosId) -> Result<Arc<[PosId]>>;
    fn has_move(&mut self, id: PosId, budget: &Budget) -> Result<bool>;
    fn nimber(&mut self, id: PosId, budget: &Budget) -> Result<Nimber>;
    #[cfg(not(target_family = "wasm"))]
    fn has_nimber(&mut self, id: PosId, k: Nimber, budget: &Budget) -> Result<bool>;
    #[cfg(not(target_family = "wasm"))]
    fn canonical_form(&mut self, id: PosId) -> PosId;
    fn height(&mut self, id: PosId, budget: &Budget) -> Result<u64>;
    fn gamma(&mut self, id: PosId, budget: &Budget) -> Result<Gamma>;
    fn moves_to_nimber(&mut self, id: PosId, target: Nimber, budget: &Budget)
        -> Result<Vec<PosId>>;
    fn nimber_by_theory(&self, id: PosId) -> Option<Nimber>;
    fn count_positions(&self, id: PosId) -> Option<u64>;
    fn outcome_by_theory(&self, id: PosId, play: Play) -> Option<Outcome>;
    fn winning_move_by_theory(&mut self, id: PosId) -> Option<PosId>;
    fn nim_heap(&self, id: PosId) -> Option<u64>;
    fn theorem(&self, play: Play) -> Option<&'static str>;
    fn explain(&self, id: PosId, play: Play) -> Vec<String>;
    fn explain_nimber(&self, id: PosId) -> Option<Vec<String>>;
    fn drawing(&mut self, id: PosId, history: &[PosId]) -> Option<Result<Drawing<PosId>>>;
    fn marking(&mut self, id: PosId, marks: &[String]) -> Option<Result<Marking<PosId>>>;
    fn leading(&mut self, id: PosId, to: PosId) -> Option<Result<Option<Marked<PosId>>>>;
    fn search_table(&self) -> Option<&dyn SearchTable>;
    #[cfg(not(target_family = "wasm"))]
    fn certificate(&self, id: PosId, budget: &Budget) -> Option<Result<Certificate>>;
    fn kind(&self) -> Kind;
    fn is_drawn_end(&self, id: PosId) -> bool;
    fn describe_move(&self, from: PosId, to: PosId) -> Result<String>;
    fn why_illegal(&self, from: PosId, to: PosId) -> String;
    fn position_any(&self, id: PosId) -> &dyn std::any::Any;
}

/// How a game plays: its capabilities that are flags.
#[derive(Clone, Copy, Debug)]
pub(super) struct Kind {
    pub(super) cycles: bool,
    pub(super) alone: bool,
    pub(super) drawn_ends: bool,
    pub(super) own_search: bool,
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
    nimbers: Memo<G>,
    heights: Memo<G>,
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
            nimbers: Memo::new(Measure::Nimber),
            heights: Memo::new(Measure::Height),
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

    #[cfg(not(target_family = "wasm"))]
    fn has_nimber(&mut self, id: PosId, k: Nimber, budget: &Budget) -> Result<bool> {
        match self.game.capabilities().search {
            Some(search) => search.has_nimber(&self.positions[id as usize], k, budget),
            None => Ok(self.nimber(id, budget)? == k),
        }
    }

    #[cfg(not(target_family = "wasm"))]
    fn canonical_form(&mut self, id: PosId) -> PosId {
        let form = match self.game.capabilities().search {
            Some(search) => search.canonical_form(self.position(id)),
            None => return id,
        };
        self.intern(form)
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
            let moves = self.moves(pos, budget)?;
            every.steps(moves.len(), budget)?;
            for &m in moves.iter() {
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
        // to run to the budget). Each option is valued by its components, so what
        // they reach is the bound, less the components a theory values (Kayles
        // 1,98 reaches 1.5·10^9 positions, its heaps none but the table's).
        let capabilities = self.game.capabilities();
        if let (Some(size), None) = (capabilities.size, capabilities.search) {
            let mut parts = Vec::new();
            self.game.components(self.position(id), &mut parts)?;
            let theory = self.theory();
            let searched = parts
                .iter()
                .filter(|part| theory.and_then(|t| t.nimber(part)).is_none())
                .try_fold(0u64, |total, part| {
                    Some(total.saturating_add(size.count_positions(part)?))
                });
            if let Some(reachable) = searched {
                budget.fits(reachable.saturating_sub(1))?;
            }
        }
        // A P-position has no move to a P-position: an outcome search of its own
        // (which may see the second player's strategy at once) settles it.
        if let (0, Some(search)) = (target, self.game.capabilities().search) {
            if search.has_nimber(self.position(id), 0, budget)? {
                return Ok(Vec::new());
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

    fn winning_move_by_theory(&mut self, id: PosId) -> Option<PosId> {
        let named = self.theory()?.winning_move(self.position(id))?;
        Some(self.intern(named))
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

    fn drawing(&mut self, id: PosId, history: &[PosId]) -> Option<Result<Drawing<PosId>>> {
        let history: Vec<G::Position> = history.iter().map(|&h| self.position(h).clone()).collect();
        let drawn = self
            .game
            .capabilities()
            .picture?
            .draw(self.position(id), &history);
        Some(drawn.map(|d| d.map(|p| self.intern(p))))
    }

    fn marking(&mut self, id: PosId, marks: &[String]) -> Option<Result<Marking<PosId>>> {
        let marked = self
            .game
            .capabilities()
            .picture?
            .marking(self.position(id), marks);
        Some(marked.map(|m| m.map(|p| self.intern(p))))
    }

    fn leading(&mut self, id: PosId, to: PosId) -> Option<Result<Option<Marked<PosId>>>> {
        let led = self
            .game
            .capabilities()
            .picture?
            .leading(self.position(id), self.position(to));
        Some(led.map(|m| m.map(|m| m.map(|_| to))))
    }

    fn search_table(&self) -> Option<&dyn SearchTable> {
        let search = self.game.capabilities().search?;
        Some(search)
    }

    #[cfg(not(target_family = "wasm"))]
    fn certificate(&self, id: PosId, budget: &Budget) -> Option<Result<Certificate>> {
        let search = self.game.capabilities().search?;
        search.certificate(self.position(id), budget)
    }

    fn kind(&self) -> Kind {
        let c = self.game.capabilities();
        Kind {
            cycles: c.cycles,
            alone: c.alone,
            drawn_ends: c.drawn_ends.is_some(),
            own_search: c.search.is_some(),
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
    pub(super) name: String,
    pub(super) view: Box<dyn AnyGame>,
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
