//! The benchmark corpus as a regression oracle: `patience bench` on `datasets/corpus/*.txt`
//! with the commands of `datasets/corpus/README.md` must give the golden rows (verdicts,
//! states expanded, line lengths; wall time aside) exactly.

use crate::common::{arg, patience};
use std::path::Path;

/// `patience bench` on the corpus of `game` with `extra` arguments gives the golden rows; on
/// the corpus's first `first` deals only when given (the golden rows of those deals).
fn check(game: &str, extra: &[&str], first: Option<usize>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets/corpus");
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("bench.csv");
    let mut corpus = root.join(format!("{game}.txt"));
    let mut deals: Option<Vec<String>> = None;
    if let Some(n) = first {
        let text = std::fs::read_to_string(&corpus).expect("corpus");
        let kept: Vec<String> = text
            .lines()
            .map(|l| l.split('#').next().unwrap_or("").trim().to_string())
            .filter(|l| !l.is_empty())
            .take(n)
            .collect();
        corpus = dir.path().join(format!("{game}.txt"));
        std::fs::write(&corpus, kept.join("\n")).expect("write the corpus's slice");
        deals = Some(kept);
    }
    let mut args = vec!["bench", game, "--corpus", arg(&corpus), "--csv", arg(&out)];
    args.extend_from_slice(extra);
    patience(&args).ok();
    let got: Vec<String> = std::fs::read_to_string(&out)
        .expect("csv")
        .lines()
        .map(|l| {
            // Every column but micros (the seventh).
            let cols: Vec<&str> = l.split(',').collect();
            [&cols[..6], &cols[7..]].concat().join(",")
        })
        .collect();
    let golden = std::fs::read_to_string(root.join(format!("{game}.golden.csv"))).expect("golden");
    // The header, then the rows of the deals run (the deal is the second column).
    let want: Vec<&str> = golden
        .lines()
        .enumerate()
        .filter(|(i, l)| {
            *i == 0
                || deals.as_ref().is_none_or(|d| {
                    l.split(',')
                        .nth(1)
                        .is_some_and(|deal| d.iter().any(|x| x == deal))
                })
        })
        .map(|(_, l)| l)
        .collect();
    assert_eq!(got.len(), want.len(), "{game}: rows");
    for (g, w) in got.iter().zip(&want) {
        assert_eq!(
            g, w,
            "{game}: a search changed (see datasets/corpus/README.md)"
        );
    }
}

#[test]
fn freecell_corpus_matches_its_golden_counts() {
    check(
        "freecell",
        &[
            "--algorithms",
            "dfs,best-first,weighted,portfolio",
            "--heuristics",
            "guide",
            "--max-nodes",
            "100000",
        ],
        None,
    );
}

#[test]
fn forty_thieves_corpus_matches_its_golden_counts() {
    check("forty-thieves", FORTY_THIEVES, Some(2));
}

/// [`forty_thieves_corpus_matches_its_golden_counts`] on the whole corpus instead of its first 2
/// deals.
#[test]
#[ignore = "heavy: scripts/heavy-tests.sh runs it in release mode"]
fn forty_thieves_corpus_matches_its_golden_counts_in_full() {
    check("forty-thieves", FORTY_THIEVES, None);
}

/// The arguments of the corpus's command in datasets/corpus/README.md.
const FORTY_THIEVES: &[&str] = &[
    "--algorithms",
    "best-first,portfolio",
    "--heuristics",
    "guide",
    "--max-nodes",
    "300000",
];

/// Klondike (draw 3): plain and guided depth-first search with each guide, and the
/// portfolio, whose depth-first step takes the generator's order there.
#[test]
fn klondike_corpus_matches_its_golden_counts() {
    check("klondike", KLONDIKE, Some(2));
}

/// [`klondike_corpus_matches_its_golden_counts`] on the whole corpus instead of its first 2
/// deals.
#[test]
#[ignore = "heavy: scripts/heavy-tests.sh runs it in release mode"]
fn klondike_corpus_matches_its_golden_counts_in_full() {
    check("klondike", KLONDIKE, None);
}

/// The arguments of the corpus's command in datasets/corpus/README.md.
const KLONDIKE: &[&str] = &[
    "--algorithms",
    "dfs,guided-dfs,portfolio",
    "--max-nodes",
    "200000",
];

#[test]
fn spider_corpus_matches_its_golden_counts() {
    check("spider-4suits", SPIDER, Some(2));
}

/// [`spider_corpus_matches_its_golden_counts`] on the whole corpus instead of its first 2
/// deals.
#[test]
#[ignore = "heavy: scripts/heavy-tests.sh runs it in release mode"]
fn spider_corpus_matches_its_golden_counts_in_full() {
    check("spider-4suits", SPIDER, None);
}

/// The arguments of the corpus's command in datasets/corpus/README.md.
const SPIDER: &[&str] = &[
    "--algorithms",
    "beam,focused,portfolio",
    "--max-nodes",
    "300000",
];

/// The compound scans' supermoves in a game of single moves: without them these deals are
/// unknown at this limit (a row says "unknown" and the test fails).
#[test]
fn streets_and_alleys_corpus_matches_its_golden_counts() {
    check(
        "streets-and-alleys-classic",
        &[
            "--algorithms",
            "compound,portfolio",
            "--max-nodes",
            "100000",
        ],
        None,
    );
}
