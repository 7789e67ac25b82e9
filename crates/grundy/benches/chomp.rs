//! Chomp's P-positions by the row recursions, beside the dense pass over every
//! diagram of the box (the way four rows went before), in one run: the widths and
//! times of three and four rows, and the published counts checked.
//!
//! `cargo bench -p grundy --bench chomp`; `CHOMP_WIDE=1` adds three rows at width
//! 30,000 (a minute or more, and some GB).

use std::time::Instant;

use grundy::games::chomp::{self, Rectangle};
use grundy::Budget;

/// Seconds `work` takes, and what it gives.
fn timed<T>(work: impl FnOnce() -> T) -> (f64, T) {
    let started = Instant::now();
    let made = work();
    (started.elapsed().as_secs_f64(), made)
}

fn main() {
    let budget = Budget::unlimited();
    println!(
        "{:<5} {:>7} {:>12} {:>10}",
        "rows", "width", "P-positions", "seconds"
    );

    // Four rows: the dense pass over every diagram, then the recursion, at the same width.
    let width = 60;
    let (dense, nimbers) = timed(|| {
        chomp::nimbers_in_rectangle(&Rectangle::new(4, width), &budget).expect("no budget")
    });
    let dense_count = nimbers.iter().skip(1).filter(|&&n| n == 0).count();
    let (fast, found) = timed(|| chomp::four_row_p_positions(width, &budget).expect("no budget"));
    assert_eq!(
        found.len(),
        dense_count,
        "the recursion and the dense pass agree"
    );
    println!(
        "{:<5} {width:>7} {dense_count:>12} {dense:>10.3}  (the dense pass)",
        4
    );
    println!(
        "{:<5} {width:>7} {:>12} {fast:>10.3}  (the recursion: {:.0}× faster)",
        4,
        found.len(),
        dense / fast
    );
    // 34,510 at width 100 (the dense pass's count before); 4,316,097 at width 500
    // (OEIS A395126, A. Garg, 2026).
    for (width, published) in [(100, Some(34_510)), (200, None), (500, Some(4_316_097))] {
        let (seconds, found) =
            timed(|| chomp::four_row_p_positions(width, &budget).expect("no budget"));
        if let Some(count) = published {
            assert_eq!(found.len(), count, "four rows, width {width}");
        }
        println!("{:<5} {width:>7} {:>12} {seconds:>10.3}", 4, found.len());
    }

    // Three rows: 1,548,030 P-positions at width 3000.
    let mut widths = vec![(1000, None), (3000, Some(1_548_030)), (10_000, None)];
    if std::env::var_os("CHOMP_WIDE").is_some() {
        widths.push((30_000, None));
    }
    for (width, published) in widths {
        let (seconds, found) =
            timed(|| chomp::three_row_p_positions(width, &budget).expect("no budget"));
        if let Some(count) = published {
            assert_eq!(found.len(), count, "three rows, width {width}");
        }
        println!("{:<5} {width:>7} {:>12} {seconds:>10.3}", 3, found.len());
    }
}
