//! The home page's list: every family of the registry ([`grundy::games::FAMILIES`])
//! with its rules, its group, and its starting position, as the registry
//! gives them.

use grundy::games::FAMILIES;
use grundy::{Analyst, Budget};
use serde::Serialize;

/// A family as the playground shows it.
#[derive(Serialize, Debug)]
pub struct FamilyEntry {
    /// The family's name in a SPEC (`nim`, `sub`).
    pub name: &'static str,
    /// How it is written (`sub:S`).
    pub syntax: String,
    /// The heading it is listed under.
    pub group: &'static str,
    /// One line of rules, from the registry.
    pub about: &'static str,
    /// A starting position to click.
    pub start: &'static str,
    /// The graph of the start, for graph games (lines of a graph file).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub graph: Option<&'static str>,
    /// Whether positions are heap sizes, with a sequence page.
    pub heap_game: bool,
    /// Of a heap game, the game its sequence page shows: the game of its start
    /// (`sub:1,2,3`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sequence_game: Option<String>,
}

/// Every family of the registry, in its order (the notes').
pub fn list() -> Vec<FamilyEntry> {
    FAMILIES
        .iter()
        .map(|family| FamilyEntry {
            name: family.name,
            syntax: family.syntax(),
            group: family.group,
            about: family.about,
            start: family.start,
            graph: family.start_graph,
            heap_game: family.heap_game,
            sequence_game: family.heap_game.then(|| game_of(family.start)).flatten(),
        })
        .collect()
}

/// The game of the first part of `start`, as the library reads it.
fn game_of(start: &str) -> Option<String> {
    let mut analyst = Analyst::new(Budget::default());
    let position = analyst.parse(start).ok()?;
    let component = analyst.components(&position).ok()?.into_iter().next()?;
    Some(component.game)
}
