//! Heap sequences on the default threads while another program keeps a core busy:
//! never ten times slower than one thread (two threads whose rounds waited for a
//! descheduled one were once forty times slower on Kayles), and the same values.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use grundy::solve::sequence::{Algorithm, Sequence, Threads};
use grundy::spec;
use grundy::Budget;

/// The time `threads` take over g(0..len) of `game`, and the values.
fn timed(game: &str, len: usize, threads: Threads) -> (Duration, Vec<u16>) {
    let rules = spec::heap_rules(game).unwrap().rules;
    let mut sequence = Sequence::new(rules, Algorithm::RareCommon);
    sequence.set_thread_choice(threads);
    let start = Instant::now();
    sequence.extend(len, &Budget::unlimited()).unwrap();
    (start.elapsed(), sequence.into_values())
}

#[test]
fn the_default_threads_on_a_busy_machine_are_never_ten_times_slower_than_one() {
    let most = std::thread::available_parallelism()
        .map_or(2, usize::from)
        .max(2);
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        // Another program holding a core.
        scope.spawn(|| {
            while !stop.load(Ordering::Relaxed) {
                std::hint::spin_loop();
            }
        });
        for (game, len) in [
            ("kayles", 1_000_000),
            ("grundy-game", 300_000),
            ("octal:0.6", 300_000),
            ("octal:0.16", 300_000),
        ] {
            let (one, values) = timed(game, len, Threads::Exactly(1));
            let (default, same) = timed(game, len, Threads::UpTo(most));
            assert!(values == same, "{game}: the same values");
            // A floor of 20 ms, where one thread takes next to nothing.
            let allowed = one.max(Duration::from_millis(20)) * 10;
            assert!(
                default < allowed,
                "{game} to {len}: {default:?} by default, {one:?} on one thread"
            );
        }
        stop.store(true, Ordering::Relaxed);
    });
}
