//! Every answer grundy gives, as a type that is both the JSON object (serde) and
//! the text (`Display`) of that answer: the verdict on a position, its moves, the
//! reasoning, the computer's move, a checked move, a game's end, tables, the
//! statistics of a sequence, periods, misère quotients and exercises checked; a table is also written
//! as CSV. The command line prints them, the web API sends them and
//! the Python module converts them; no front end writes words of its own. Each
//! text is lines joined by newlines, with no newline at the end.
//!
//! The JSON objects are described field by field in `docs/json.md`, and checked
//! against it by the tests of `report` in `tests/report.rs`.

mod analysis;
mod exercise;
pub mod explain;
mod play;
mod quotient;
mod table;

pub use analysis::{
    CheckReport, ComputerReport, DrawingReport, ExplainReport, Heading, MarkingReport, MovesReport,
    PartsReport, PositionReport, ValueReport,
};
pub use exercise::{ClassAnswer, ExerciseReport, LessonsReport};
pub use play::{GameOver, Mover, NumberedMoves, Played, Victor, Voice};
pub use quotient::QuotientReport;
pub use table::{Csv, HeapHeading, HeapRow, PeriodReport, Rest, StatisticsReport, TableReport};

use crate::{Outcome, Play};

/// "normal" or "misère", for text.
pub fn play_words(play: Play) -> &'static str {
    match play {
        Play::Normal => "normal",
        Play::Misere => "misère",
    }
}

/// The verdict on a position, in the one wording every report uses: "a
/// P-position, the previous player wins", "an N-position, the player to move
/// wins", "a draw with perfect play".
pub fn verdict(outcome: Outcome) -> String {
    match outcome {
        Outcome::P => format!("a P-position, {}", who_wins(outcome)),
        Outcome::N => format!("an N-position, {}", who_wins(outcome)),
        Outcome::D => who_wins(outcome).to_string(),
    }
}

/// Who wins, in words: "the previous player wins", and so on.
pub fn who_wins(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::P => "the previous player wins",
        Outcome::N => "the player to move wins",
        Outcome::D => "a draw with perfect play",
    }
}
