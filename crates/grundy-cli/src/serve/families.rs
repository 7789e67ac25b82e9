//! The home page's list: every family of the registry ([`grundy::games::FAMILIES`])
//! with its rules, its group and its starting position, as the registry gives them.

use grundy::games::FAMILIES;
use serde::Serialize;

/// A family as the home page shows it.
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
}

/// A small acyclic graph: the playground's graph game to start with.
pub const START_GRAPH: &str = "a -> b c\nb -> d\nc -> d e\nd -> e\ne ->\nf -> a c\n";

/// Every family of the registry, in its order (the notes'), with its group and
/// starting position.
pub fn list() -> Vec<FamilyEntry> {
    FAMILIES
        .iter()
        .map(|family| FamilyEntry {
            name: family.name,
            syntax: family.syntax(),
            group: family.group,
            about: family.about,
            start: family.start,
            graph: (family.name == "graph").then_some(START_GRAPH),
        })
        .collect()
}
