//! The committed FreeCell dataset (datasets/freecell/ms-1-32000.csv) as golden data: a fresh
//! `patience stats` run over a sample of its deals gives the same verdicts, line lengths and
//! states expanded, so the portfolio (the compound scans with their seeded jitter, then the
//! best-first searches) decides every deal the same way on every platform and release,
//! and the dataset still describes the solver that ships.

use crate::common;

use common::{arg, csv_records, json, patience};

/// The dataset's rows for deals `first..=last`, without the `micros` and `settings`
/// columns (the settings name the per-deal time limit the dataset was made with).
fn dataset_rows(first: u64, last: u64) -> Vec<(u64, Vec<String>)> {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets/freecell/ms-1-32000.csv");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut rows: Vec<(u64, Vec<String>)> = csv_records(&text)
        .into_iter()
        .filter(|r| (first..=last).contains(&r.deal))
        .map(|r| (r.deal, r.fields[..r.fields.len() - 1].to_vec()))
        .collect();
    rows.sort_by_key(|r| r.0);
    rows
}

#[test]
fn a_fresh_run_over_deals_1_to_300_matches_the_dataset() {
    let want = dataset_rows(1, 300);
    assert_eq!(want.len(), 300, "the dataset holds deals 1 to 300");
    let dir = tempfile::tempdir().expect("temp dir");
    let csv = dir.path().join("fresh.csv");
    patience(&[
        "stats",
        "freecell",
        "--deals",
        "1..300",
        "--threads",
        "2",
        "--csv",
        arg(&csv),
    ])
    .ok();
    let text = std::fs::read_to_string(&csv).expect("the run wrote its CSV");
    let mut got: Vec<(u64, Vec<String>)> = csv_records(&text)
        .into_iter()
        .map(|r| (r.deal, r.fields[..r.fields.len() - 1].to_vec()))
        .collect();
    got.sort_by_key(|r| r.0);
    assert_eq!(got.len(), want.len());
    for (g, w) in got.iter().zip(&want) {
        assert_eq!(g, w, "deal {}: fresh run against the dataset", w.0);
    }
}

#[test]
fn deal_11982_is_proven_unsolvable_with_the_datasets_state_count() {
    let want = dataset_rows(11982, 11982);
    let row = &want[0].1;
    // Columns: game, rules_version, deal, outcome, moves, states, ...
    assert_eq!(row[3], "unsolvable");
    let v = json(&patience(&["solve", "freecell", "--deal", "11982", "--json"]).ok());
    assert_eq!(v["verdict"], "unsolvable");
    assert_eq!(
        v["stats"]["expanded"].to_string(),
        row[5],
        "states expanded"
    );
}
