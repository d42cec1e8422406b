//! Deal numbers of other programs, compared with reference layouts generated once by those
//! programs (see tests/data/deals/README.md). The programs are not needed to run the tests.

use patience::cards::Card;
use patience::deals::{microsoft, pysol};

/// One reference layout: the deal number and its eight column lines.
struct Layout {
    deal: u64,
    columns: Vec<String>,
}

/// Reads a reference file: `deal N` lines, each followed by eight column lines.
fn read_layouts(name: &str) -> Vec<Layout> {
    let path = format!("{}/tests/data/deals/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut out: Vec<Layout> = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        if let Some(n) = line.strip_prefix("deal ") {
            let deal = n
                .trim()
                .parse()
                .unwrap_or_else(|e| panic!("{path}: {line}: {e}"));
            out.push(Layout {
                deal,
                columns: Vec::new(),
            });
        } else {
            let last = out
                .last_mut()
                .unwrap_or_else(|| panic!("{path}: no `deal` line"));
            last.columns.push(line.trim().to_string());
        }
    }
    for l in &out {
        assert_eq!(
            l.columns.len(),
            8,
            "{path}: deal {} has no 8 columns",
            l.deal
        );
    }
    out
}

/// A column in the peers' notation: rank A23456789TJQK then suit CDHS, space separated
/// (our board style, for face-up cards).
fn column_text(cards: &[Card]) -> String {
    patience::cards::CardStyle::BOARD.join(cards)
}

fn compare<E: std::fmt::Debug>(
    file: &str,
    min_layouts: usize,
    deal: impl Fn(u64) -> Result<[Vec<Card>; 8], E>,
) {
    let layouts = read_layouts(file);
    assert!(layouts.len() >= min_layouts, "{file}: too few layouts");
    for l in &layouts {
        let cols = deal(l.deal).unwrap_or_else(|e| panic!("{file}: deal {}: {e:?}", l.deal));
        let ours: Vec<String> = cols.iter().map(|c| column_text(c)).collect();
        assert_eq!(ours, l.columns, "{file}: deal {}", l.deal);
    }
}

#[test]
fn microsoft_layouts_match_make_microsoft_freecell_board() {
    compare("microsoft.txt", 15, microsoft::freecell_columns);
}

#[test]
fn pysol_freecell_layouts_match_pysol_cards() {
    compare("pysol-freecell.txt", 10, pysol::freecell_columns);
}

#[test]
fn microsoft_range() {
    assert!(microsoft::freecell_columns(1).is_ok());
    assert!(microsoft::freecell_columns(microsoft::MAX_DEAL).is_ok());
    assert_eq!(microsoft::MAX_DEAL, 8_589_934_591);
    for n in [0, microsoft::MAX_DEAL + 1, u64::MAX] {
        let e = microsoft::freecell_columns(n).unwrap_err();
        assert_eq!(e.n, n);
        assert!(e.to_string().contains(&n.to_string()), "{e}");
    }
}

#[test]
fn pysol_range() {
    let e = pysol::freecell_columns(0).unwrap_err();
    assert_eq!((e.n, e.min), (0, 1));
    assert!(pysol::shuffled_deck(0, 2).is_err());
    assert!(pysol::freecell_columns(1).is_ok());
    assert!(pysol::freecell_columns(u64::MAX).is_ok());
}
