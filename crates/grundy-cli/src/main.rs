//! The `grundy` command: parse arguments, read the SPEC, ask the library, print the
//! answer as text or JSON. Nothing is computed here; bad input exits with code 2 and
//! one sentence.

/// Prints a line to standard output; when the reader has gone (`grundy … | head`),
/// the program ends quietly instead, and when the output cannot be written (a full
/// disk) it ends with code 2 and a sentence.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout(), $($arg)*) {
            $crate::output_failed(e);
        }
    }};
}

/// Ends the program after a failed write to standard output.
fn output_failed(e: std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    fail(&format!("cannot write the output: {e}"));
    std::process::exit(2);
}

/// Writes `grundy: MESSAGE` to standard error, if it can be written at all; what
/// the message echoes of the input is escaped and shortened ([`grundy::tidy`]).
fn fail(message: &str) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr(), "grundy: {}", grundy::tidy(message));
}

mod commands;
mod memory;
mod play;
mod progress;

/// Every allocation is counted, for the memory budget (`--max-memory`).
#[global_allocator]
static ALLOCATOR: grundy::stop::CountingAllocator = grundy::stop::CountingAllocator;

use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{Args, CommandFactory, Parser, Subcommand};
use grundy::solve::sequence::Algorithm;
use grundy::{Asked, Budget, Checkpoint, Effort, FrontEnd, Play};

/// Solve, explain and play impartial combinatorial games.
#[derive(Parser)]
#[command(name = "grundy", version, about, after_help = SPEC_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// The most memory a computation may hold before it stops with an error, e.g.
    /// 512M or 8G (default: half of the machine's memory, or of `ulimit -v`).
    #[arg(long, global = true, value_name = "SIZE", value_parser = memory::parse_size)]
    max_memory: Option<u64>,
    /// How many threads heap sequences and board searches use, at most four a core
    /// or 16 (default: `GRUNDY_THREADS`, else chosen by the size of the work).
    #[arg(long, global = true, value_name = "N", value_parser = parse_threads)]
    threads: Option<usize>,
    /// How long a search may run, e.g. 30s, 10m, 2h, or none (default: 5s for a
    /// position, what a theorem gives printed at once; 2s for the computer's move;
    /// 1m for a sequence). Past it the answer says what was not computed.
    #[arg(long, global = true, value_name = "DURATION", value_parser = parse_time)]
    time: Option<TimeAllowed>,
}

/// A `--time`: a duration, or none for no limit.
#[derive(Clone, Copy)]
struct TimeAllowed(Option<std::time::Duration>);

/// A `--time` value: `30s`, `1m30s`, `2h`, `none`, or a number of seconds.
fn parse_time(text: &str) -> Result<TimeAllowed, String> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("none") {
        return Ok(TimeAllowed(None));
    }
    let parsed = match text.parse::<f64>() {
        Ok(seconds) if seconds.is_finite() && seconds > 0.0 => {
            std::time::Duration::try_from_secs_f64(seconds).ok()
        }
        Ok(_) => None,
        Err(_) => humantime::parse_duration(text).ok(),
    };
    match parsed {
        Some(d) if !d.is_zero() => Ok(TimeAllowed(Some(d))),
        _ => Err(format!(
            "'{text}' is not a time: write a duration such as 30s, 10m or 2h, or none"
        )),
    }
}

/// A thread count from 1 to [`Budget::most_threads`].
fn parse_threads(text: &str) -> Result<usize, String> {
    let most = Budget::most_threads();
    match text.trim().parse::<usize>() {
        Ok(0) => Err("at least one thread is needed".into()),
        Ok(n) if n <= most => Ok(n),
        Ok(_) => Err(format!(
            "this machine runs at most {most} threads (four a core, or 16)"
        )),
        Err(_) => Err(format!("expected a number of threads from 1 to {most}")),
    }
}

impl Cli {
    /// The budget every command starts from: `--max-memory` (else half of the
    /// machine's memory), `--threads` (else `GRUNDY_THREADS`, else chosen by the
    /// size of the work), and `--time` (else the library's default for what the
    /// command asks).
    fn budget(&self) -> Result<Budget, String> {
        let asked = match self.command {
            Command::Table(_) | Command::Period(_) | Command::Quotient(_) | Command::Draw(_) => {
                Asked::Sequence
            }
            Command::Play(_) => Asked::Move,
            _ => Asked::Position,
        };
        let mut budget = FrontEnd::Terminal.budget(asked);
        if let Some(allowed) = self.time {
            budget = budget.with_time(allowed.0);
        }
        if let Some(bytes) = self.max_memory {
            budget = budget.with_memory(usize::try_from(bytes).unwrap_or(usize::MAX));
        }
        let threads = match (self.threads, std::env::var("GRUNDY_THREADS")) {
            (Some(threads), _) => Some(threads),
            (None, Ok(text)) if !text.trim().is_empty() => Some(
                parse_threads(&text).map_err(|why| format!("GRUNDY_THREADS='{text}': {why}"))?,
            ),
            _ => None,
        };
        if let Some(threads) = threads {
            budget = budget.with_threads(threads).map_err(|e| e.to_string())?;
        }
        Ok(budget)
    }
}

const SPEC_HELP: &str = "SPEC: one or more parts joined by '+', each a game and a position:
  nim 13,12,8        sub:1,3,4 100        nim 3 + sub:2,5,8 11        graph:moves.txt a
  hackenbush g-a,a-b,a-c,c-c        chomp 8,5,1        divisors 12        cram 4x5";

#[derive(Subcommand)]
enum Command {
    /// Who wins, the nimber, and every winning move.
    Value(PositionArgs),
    /// Every move, with the outcome and nimber of the position it leaves.
    Moves(PositionArgs),
    /// g(0..N) and P/N for one heap of a heap game; every vertex of a graph game.
    Table(TableArgs),
    /// The reasoning in words and binary columns.
    Explain(PositionArgs),
    /// The period of a take-and-break heap game, proved where a theorem allows.
    Period(PeriodArgs),
    /// The misère quotient of a take-and-break heap game.
    Quotient(QuotientArgs),
    /// An SVG or TikZ picture of a position of one part (Nim, Hackenbush, Chomp,
    /// boards), or with --to of a heap game's sequence.
    Draw(DrawArgs),
    /// Play against the computer in the terminal.
    Play(PlayArgs),
    /// Print a certificate of a board's nimber (Cram, placement games): the
    /// regions its proof rests on, each with its nimber, for `grundy check`.
    Certify(CertifyArgs),
    /// Check a certificate that `grundy certify` wrote, with a checker of its own
    /// (plain mex over each listed region's options): exit code 1 when refused.
    Check(CheckArgs),
    /// Serve the web playground: every game to see, click and play.
    Serve(ServeArgs),
    /// An exercise of the notes, its answer checked by the engine and each mistake
    /// explained: one answer (exit code 1 when wrong), or a class's answers from a
    /// file.
    Exercise(ExerciseArgs),
    /// Print a shell's completions of grundy's commands and options, to source or
    /// install (e.g. `grundy completions bash > ~/.local/share/bash-completion/completions/grundy`).
    Completions(CompletionsArgs),
    /// Print grundy's manual page in roff (e.g. `grundy man | man -l -`).
    Man,
}

#[derive(Args)]
struct CompletionsArgs {
    /// The shell: bash, elvish, fish, powershell or zsh.
    #[arg(value_name = "SHELL")]
    shell: clap_complete::Shell,
}

/// Options shared by every command.
#[derive(Args)]
struct Common {
    /// Misère play: the player who makes the last move loses.
    #[arg(long)]
    misere: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// The most positions a search may keep before it stops with an error (default:
    /// the memory budget over what a position holds: 64 bytes in a game tree, 8 in a
    /// board search's table).
    #[arg(long, value_name = "N")]
    max_positions: Option<usize>,
}

impl SequenceArgs {
    fn algorithm(&self) -> Algorithm {
        match self.method {
            AlgorithmArg::RareCommon => Algorithm::RareCommon,
            AlgorithmArg::Naive => Algorithm::Naive,
        }
    }
}

impl Common {
    /// The command's budget: `base` with `--max-positions` where given.
    fn budget(&self, base: &Budget) -> Budget {
        with_max_positions(base, self.max_positions)
    }

    fn play(&self) -> Play {
        if self.misere {
            Play::Misere
        } else {
            Play::Normal
        }
    }
}

#[derive(Args)]
struct PositionArgs {
    /// The position, e.g. `nim 13,12,8` (quotes optional).
    #[arg(required = true, allow_negative_numbers = true, value_name = "SPEC")]
    spec: Vec<String>,
    /// Stop at the outcome and what a theorem gives at once: no search for the
    /// nimber or the winning moves.
    #[arg(long)]
    outcome_only: bool,
    #[command(flatten)]
    kept: KeptSearch,
    #[command(flatten)]
    common: Common,
}

/// Where a board search is kept on disk as it goes.
#[derive(Args)]
struct KeptSearch {
    /// Keep the board search (Cram, placement games) in FILE as it goes: every
    /// five minutes (`GRUNDY_CHECKPOINT_SECONDS`) and at its end, Ctrl-C included.
    #[arg(long, value_name = "FILE", conflicts_with = "resume")]
    save: Option<String>,
    /// Go on from the board search an interrupted `--save` run kept in FILE (and
    /// keep it there as it goes).
    #[arg(long, value_name = "FILE")]
    resume: Option<String>,
}

impl KeptSearch {
    /// `budget` with the checkpoint `--save` or `--resume` names; its search is
    /// then stopped by Ctrl-C or SIGTERM ([`stopped_by_signals`]).
    fn budget(&self, budget: Budget) -> grundy::Result<Budget> {
        let budget = match (&self.save, &self.resume) {
            (Some(path), _) => budget.with_checkpoint(Checkpoint::at(path, false)?),
            (_, Some(path)) => budget.with_checkpoint(Checkpoint::at(path, true)?),
            _ => return Ok(budget),
        };
        stopped_by_signals(&budget);
        Ok(budget)
    }
}

/// Lets Ctrl-C (SIGINT) or SIGTERM stop the searches of `budget`, so that a board
/// search kept in a file writes what it learnt before the program ends, with exit
/// code 130 and a sentence; a second signal ends the program at once. A hangup is
/// left alone, so that a run under `nohup` goes on.
fn stopped_by_signals(budget: &Budget) {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let flag = budget.stop_flag().clone();
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else {
        return;
    };
    std::thread::spawn(move || {
        let mut signals = signals.forever();
        if signals.next().is_some() {
            flag.stop();
        }
        if signals.next().is_some() {
            std::process::exit(130);
        }
    });
}

impl PositionArgs {
    /// The command's budget, with the effort `--outcome-only` asks for, and the
    /// checkpoint `--save` or `--resume` names.
    fn budget(&self, base: &Budget) -> grundy::Result<Budget> {
        let effort = Effort::outcome_only(self.outcome_only);
        self.kept
            .budget(self.common.budget(base).with_effort(effort))
    }

    /// Runs `command` on the position, within the command's budget.
    fn run(
        &self,
        base: &Budget,
        command: fn(&str, &Common, &Budget) -> anyhow::Result<()>,
    ) -> anyhow::Result<()> {
        command(&self.spec.join(" "), &self.common, &self.budget(base)?)
    }
}

/// `base`, its searches capped at `max_positions` where given.
fn with_max_positions(base: &Budget, max_positions: Option<usize>) -> Budget {
    match max_positions {
        Some(positions) => base.clone().with_positions(positions),
        None => base.clone(),
    }
}

#[derive(Args)]
struct CertifyArgs {
    /// The board, e.g. `cram 5x7` (quotes optional).
    #[arg(required = true, value_name = "SPEC")]
    spec: Vec<String>,
    #[command(flatten)]
    kept: KeptSearch,
    /// The most positions a search may keep before it stops with an error.
    #[arg(long, value_name = "N")]
    max_positions: Option<usize>,
}

#[derive(Args)]
struct CheckArgs {
    /// The certificate's file (`-` for standard input); it is only read.
    #[arg(value_name = "FILE")]
    file: String,
}

#[derive(Args)]
struct TableArgs {
    /// A heap game (`nim`, `kayles`, `sub:1,3,4`) or a graph game (`graph:moves.txt`).
    #[arg(value_name = "GAME")]
    game: String,
    /// The largest heap size (heap games), or the widest bottom row (chomp).
    #[arg(long, value_name = "N")]
    to: Option<u64>,
    /// The most rows (chomp).
    #[arg(long, value_name = "R")]
    rows: Option<usize>,
    #[command(flatten)]
    sequence: SequenceArgs,
    /// Write the values to FILE as they are computed (take-and-break games), with a
    /// checkpoint every five minutes (`GRUNDY_CHECKPOINT_SECONDS`): the file synced
    /// to the disk, and a line on standard error with the rate and the time to go.
    #[arg(long, value_name = "FILE", conflicts_with = "resume")]
    save: Option<String>,
    /// Go on from the values an interrupted `--save` run left in FILE.
    #[arg(long, value_name = "FILE")]
    resume: Option<String>,
    /// Print the statistics of the values instead of the table: the rare/common
    /// partition, the rare values, the largest value, and how often each value
    /// occurs below each power of two from 2^10.
    #[arg(long)]
    stats: bool,
    /// The output: text, json (the same as --json) or csv.
    #[arg(long, value_enum, value_name = "FORMAT", conflicts_with = "json")]
    format: Option<TableFormat>,
    #[command(flatten)]
    common: Common,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum TableFormat {
    Text,
    Json,
    Csv,
}

impl TableArgs {
    /// The output asked for, by --format or --json.
    fn format(&self) -> TableFormat {
        match (self.format, self.common.json) {
            (Some(format), _) => format,
            (None, true) => TableFormat::Json,
            (None, false) => TableFormat::Text,
        }
    }
}

/// How take-and-break sequences are computed.
#[derive(Args)]
struct SequenceArgs {
    /// The method: rare-common (the default, fast where heaps break in two) or naive.
    #[arg(long, value_enum, default_value_t = AlgorithmArg::RareCommon)]
    method: AlgorithmArg,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum AlgorithmArg {
    RareCommon,
    Naive,
}

#[derive(Args)]
struct PeriodArgs {
    /// A take-and-break heap game: `kayles`, `octal:0.137`, `sub:1,3,4`, …
    #[arg(value_name = "GAME")]
    game: String,
    /// Look no further than this heap size (default: a million, or the largest heap
    /// --max-positions allows).
    #[arg(long, value_name = "N")]
    to: Option<u64>,
    #[command(flatten)]
    sequence: SequenceArgs,
    #[command(flatten)]
    common: Common,
}

#[derive(Args)]
struct QuotientArgs {
    /// A take-and-break heap game: `kayles`, `octal:0.75`, …
    #[arg(value_name = "GAME")]
    game: String,
    /// Build the quotient of the heaps up to this size.
    #[arg(long, value_name = "N", default_value_t = 30)]
    to: u64,
    /// Stop with an error once the quotient has more elements than this.
    #[arg(long, value_name = "N", default_value_t = 1024)]
    max_order: usize,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct ExerciseArgs {
    /// The kind: p-positions (GAME to N), period (GAME), nim-sum (HEAPS), xor (A,B
    /// for x ⊕ A = B), winning-moves (SPEC), winner (SPEC), nimber (SPEC),
    /// graph-values (GRAPH, a line or ';' a vertex: 'a -> b c; b -> c; c ->').
    #[arg(value_name = "KIND")]
    kind: String,
    /// What it is about, e.g. `sub:1,3,4 to 20`, `13,12,8`, `nim 3,5,7`.
    #[arg(
        required_unless_present = "practice",
        conflicts_with = "practice",
        allow_negative_numbers = true,
        value_name = "WHAT"
    )]
    what: Vec<String>,
    /// A generated exercise of the kind, at LEVEL 1 (small), 2 (sums, bigger
    /// numbers) or 3 (misère play where the kind has it).
    #[arg(long, value_name = "LEVEL")]
    practice: Option<u8>,
    /// With --practice: the seed that chooses the exercise (default: the clock's),
    /// so that the same one can be asked again.
    #[arg(long, value_name = "N", requires = "practice")]
    seed: Option<u64>,
    /// The answer to check: numbers separated by commas; winning moves as the
    /// positions they leave, separated by ';' (or `none`); first or second.
    #[arg(long, value_name = "TEXT", conflicts_with = "answers")]
    answer: Option<String>,
    /// Check a class's answers: FILE holds one a line, `NAME<TAB>ANSWER` or
    /// `NAME: ANSWER` (blank lines and lines starting with # are skipped); it is
    /// only read.
    #[arg(long, value_name = "FILE")]
    answers: Option<std::path::PathBuf>,
    /// Print the hints: a nudge, the method, and the answer.
    #[arg(long)]
    hints: bool,
    /// Misère play: the player who makes the last move loses.
    #[arg(long)]
    misere: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct DrawArgs {
    /// The position, e.g. `hackenbush g-a,a-b,b-g`; with --to, a heap game alone
    /// (`kayles`).
    #[arg(required = true, value_name = "SPEC")]
    spec: Vec<String>,
    /// Draw the sequence g(0..N) of the heap game instead: g(n) against n, rare
    /// values in red, the period shaded where one is seen.
    #[arg(long, value_name = "N")]
    to: Option<u64>,
    /// With --to: the histogram of the values (how many heaps have each).
    #[arg(long, requires = "to")]
    histogram: bool,
    /// With --to: misère play (the outcomes are drawn).
    #[arg(long, requires = "to")]
    misere: bool,
    /// The picture's format: svg, or tikz (LaTeX, for a handout).
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = DrawFormat::Svg)]
    format: DrawFormat,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum DrawFormat {
    Svg,
    Tikz,
}

#[derive(Args)]
struct PlayArgs {
    /// The starting position, e.g. `nim 5,7,9`.
    #[arg(required = true, allow_negative_numbers = true, value_name = "SPEC")]
    spec: Vec<String>,
    /// Misère play: the player who makes the last move loses.
    #[arg(long)]
    misere: bool,
    /// Let the computer make the first move.
    #[arg(long)]
    computer_first: bool,
    /// The most positions a search may keep before it stops with an error (default:
    /// the memory budget over what a position holds: 64 bytes in a game tree, 8 in a
    /// board search's table).
    #[arg(long, value_name = "N")]
    max_positions: Option<usize>,
}

#[derive(Args)]
struct ServeArgs {
    /// The address to listen on (only this machine by default; 0.0.0.0:8080 for every
    /// network the machine is on).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:8080")]
    bind: std::net::SocketAddr,
    /// Open the playground in a browser.
    #[arg(long)]
    open: bool,
    /// The most positions one request's search may keep (default: a million).
    #[arg(long, value_name = "N")]
    max_positions: Option<usize>,
    /// The wall-clock limit of one request, in seconds (default: 10).
    #[arg(long, value_name = "SECONDS")]
    time_limit: Option<f64>,
    /// How many searches may run at once (default: the number of cores).
    #[arg(long, value_name = "N")]
    workers: Option<usize>,
}

fn serve(a: &ServeArgs) -> anyhow::Result<()> {
    let mut limits = grundy_cli::serve::Limits::default();
    if let Some(positions) = a.max_positions {
        limits.max_positions = positions;
    }
    if let Some(seconds) = a.time_limit {
        let most = grundy::FrontEnd::WEB_MOST_SECONDS;
        if !(seconds > 0.0 && seconds <= most) {
            anyhow::bail!("--time-limit must be more than 0 and at most {most} seconds");
        }
        limits.time_limit = std::time::Duration::from_secs_f64(seconds);
    }
    if let Some(workers) = a.workers {
        limits.workers = workers.max(1);
    }
    grundy_cli::serve::run(grundy_cli::serve::ServeOptions {
        bind: a.bind,
        open: a.open,
        limits,
    })
}

/// One sentence from clap's message: its first line, with the argument it names
/// when that comes on the next line ("the following required arguments were not
/// provided:"), and its suggestion where it has one ("did you mean 'table'?").
fn clap_sentence(message: &str) -> String {
    let mut lines = message.lines().map(str::trim).filter(|l| !l.is_empty());
    let first = lines.next().unwrap_or("bad arguments");
    let first = first.trim_start_matches("error: ");
    let sentence = match first.strip_suffix(':') {
        Some(head) => format!("{head}: {}", lines.next().unwrap_or_default()),
        None => first.to_string(),
    };
    let suggestion = message
        .lines()
        .filter_map(|l| l.trim().strip_prefix("tip: a similar "))
        .find_map(|tip| {
            tip.split_once(" exists: ")
                .map(|(_, what)| what.to_string())
        });
    match suggestion {
        Some(what) => format!("{sentence}: did you mean {what}?"),
        None => sentence,
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        // A bare `grundy` (or a command with nothing after it): the usage.
        Err(e) if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            return ExitCode::from(2);
        }
        Err(e) => {
            fail(&clap_sentence(&e.render().to_string()));
            return ExitCode::from(2);
        }
    };
    let base = match cli.budget() {
        Ok(budget) => budget,
        Err(e) => {
            fail(&e);
            return ExitCode::from(2);
        }
    };
    let result = match &cli.command {
        Command::Value(a) => a.run(&base, commands::value),
        Command::Moves(a) => a.run(&base, commands::moves),
        Command::Explain(a) => a.run(&base, commands::explain),
        Command::Table(a) => commands::table(a, &a.common, &a.common.budget(&base)),
        Command::Period(a) => commands::period(a, &a.common, &a.common.budget(&base)),
        Command::Quotient(a) => commands::quotient(a, &base),
        Command::Draw(a) => commands::draw(a, &base),
        Command::Play(a) => {
            let budget = with_max_positions(&base, a.max_positions);
            play::run(&a.spec.join(" "), a.misere, a.computer_first, budget)
        }
        Command::Serve(_) if cli.time.is_some() => Err(anyhow::anyhow!(
            "--time does not apply to serve: each request asks for its time in the field 'time', within --time-limit"
        )),
        Command::Serve(a) => serve(a),
        Command::Certify(a) => a
            .kept
            .budget(with_max_positions(&base, a.max_positions))
            .map_err(Into::into)
            .and_then(|budget| commands::certify(&a.spec.join(" "), &budget)),
        Command::Check(a) => match commands::check(&a.file) {
            Ok(false) => return ExitCode::from(1),
            done => done.map(drop),
        },
        Command::Exercise(a) => match commands::exercise(a, &base) {
            Ok(false) => return ExitCode::from(1),
            done => done.map(drop),
        },
        Command::Completions(a) => {
            let mut command = Cli::command();
            let mut out = std::io::stdout();
            clap_complete::generate(a.shell, &mut command, "grundy", &mut out);
            Ok(())
        }
        Command::Man => {
            let mut page = Vec::new();
            let written = clap_mangen::Man::new(Cli::command()).render(&mut page);
            written
                .map(|()| out!("{}", String::from_utf8_lossy(&page).trim_end()))
                .map_err(Into::into)
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let error = e.downcast_ref::<grundy::Error>();
            let message = match error {
                Some(e) => base.explain(e),
                None => e.to_string(),
            };
            fail(&message);
            match error {
                // Stopped by a signal (Ctrl-C: 128 + SIGINT, as shells say).
                Some(grundy::Error::Stopped) => ExitCode::from(130),
                _ => ExitCode::from(2),
            }
        }
    }
}
