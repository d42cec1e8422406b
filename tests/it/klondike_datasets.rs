//! The committed Klondike datasets (datasets/klondike/) as golden data: the fair player's
//! rows are reproduced by a fresh run, and they never contradict the thoughtful verdicts
//! (a player who sees less never wins a deal the solver, seeing everything, proves lost).

use crate::common;

use common::{csv_records, patience};
use std::path::Path;

fn rows(file: &str) -> Vec<common::CsvRecord> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("datasets/klondike")
        .join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    csv_records(&text)
}

/// Columns of `csv_records` (the time left out): game, rules version, deal, outcome, ...
const OUTCOME: usize = 3;

#[test]
fn the_fair_player_never_wins_a_deal_proven_lost_and_its_rows_replay() {
    let mut fair = rows("klondike-fair-1-400.csv");
    fair.extend(rows("klondike-fair-401-2000.csv"));
    let thoughtful = rows("klondike-1-10000.csv");
    assert_eq!(fair.len(), 2000);
    assert_eq!(thoughtful.len(), 10_000);
    let thoughtful: std::collections::HashMap<_, _> =
        thoughtful.iter().map(|t| (t.deal, t)).collect();
    let mut fair_wins = 0;
    for f in &fair {
        let t = thoughtful
            .get(&f.deal)
            .expect("the thoughtful dataset has the deal");
        assert!(
            f.fields
                .last()
                .is_some_and(|s| s.contains("fair-player samples=10 seed=1 choice=segments")),
            "deal {}: {:?}",
            f.deal,
            f.fields
        );
        if f.fields[OUTCOME] == "won" {
            fair_wins += 1;
            assert_ne!(t.fields[OUTCOME], "unsolvable", "deal {}", f.deal);
        }
    }
    assert!(fair_wins > 0);
    // A fresh run of the dataset's command over its first deals gives its rows (the
    // player's moves, states and outcome depend on the seed and the node limit only).
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("fair.csv");
    patience(&[
        "stats",
        "klondike",
        "--deals",
        "1..3",
        "--threads",
        "2",
        "--fair",
        "--samples",
        "10",
        "--seed",
        "1",
        "--max-nodes",
        "30000",
        "--csv",
        &out.to_string_lossy(),
    ])
    .ok();
    let fresh = csv_records(&std::fs::read_to_string(&out).expect("csv"));
    let mut fresh: Vec<_> = fresh.into_iter().map(|r| (r.deal, r.fields)).collect();
    fresh.sort_by_key(|r| r.0);
    let want: Vec<_> = fair
        .iter()
        .filter(|r| r.deal <= 3)
        .map(|r| (r.deal, r.fields.clone()))
        .collect();
    assert_eq!(fresh, want);
}

/// One card a turn with unlimited redeals reaches every card that three a turn reach (and
/// the rules are otherwise the same), so a deal won three a turn is never lost one a turn:
/// the two thoughtful files, made by separate searches, must agree.
#[test]
fn no_deal_won_three_cards_a_turn_is_proven_lost_one_a_turn() {
    let three = rows("klondike-1-10000.csv");
    let one: std::collections::HashMap<_, _> = rows("klondike-draw1-1-10000.csv")
        .into_iter()
        .map(|r| (r.deal, r))
        .collect();
    assert_eq!((three.len(), one.len()), (10_000, 10_000));
    let mut both_won = 0;
    for t in &three {
        let o = &one[&t.deal];
        if t.fields[OUTCOME] == "solved" {
            assert_ne!(o.fields[OUTCOME], "unsolvable", "deal {}", t.deal);
            both_won += usize::from(o.fields[OUTCOME] == "solved");
        }
    }
    assert!(both_won > 7000, "{both_won}");
}
