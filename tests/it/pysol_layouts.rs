//! PySolFC opening layouts of the open tableau games, compared with the layouts `pysol_cards`
//! printed once for a few game numbers (see tests/data/pysol/README.md). `pysol_cards` is not
//! needed to run the tests.

use patience::cards::{parse_card, Card, CardSet};
use patience::games::tableau::pysol_layouts::{layout, PysolLayout, GAMES};

/// Game numbers in every reference file: both generators (Microsoft's up to 32 000, then
/// MT19937), and a number above 2^32.
const NUMBERS: [u64; 8] = [1, 2, 617, 11982, 32000, 32001, 100000, 4294967296];

/// One layout as `pysol_cards` prints it.
#[derive(Default)]
struct Printed {
    deal: u64,
    /// The `Foundations:` line's cards (the top card of each non-empty foundation).
    foundations: Vec<Card>,
    /// The `Freecells:` line, `None` for `-`; `None` when there is no such line.
    cells: Option<Vec<Option<Card>>>,
    /// The column lines, each bottom card first.
    piles: Vec<Vec<Card>>,
}

fn card(token: &str, path: &str) -> Card {
    parse_card(token).unwrap_or_else(|e| panic!("{path}: {token}: {e}"))
}

/// Reads tests/data/pysol/<game>.txt.
fn read(game: &str) -> Vec<Printed> {
    let path = format!("{}/tests/data/pysol/{game}.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut out: Vec<Printed> = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        if let Some(n) = line.strip_prefix("deal ") {
            out.push(Printed {
                deal: n
                    .trim()
                    .parse()
                    .unwrap_or_else(|e| panic!("{path}: {line}: {e}")),
                ..Printed::default()
            });
            continue;
        }
        let last = out
            .last_mut()
            .unwrap_or_else(|| panic!("{path}: no `deal` line"));
        if let Some(rest) = line.strip_prefix("Foundations:") {
            // `H-A`: suit, dash, rank.
            last.foundations = rest
                .split_whitespace()
                .map(|t| {
                    let (suit, rank) = t
                        .split_once('-')
                        .unwrap_or_else(|| panic!("{path}: foundation {t}"));
                    card(&format!("{rank}{suit}"), &path)
                })
                .collect();
        } else if let Some(rest) = line.strip_prefix("Freecells:") {
            last.cells = Some(
                rest.split_whitespace()
                    .map(|t| (t != "-").then(|| card(t, &path)))
                    .collect(),
            );
        } else {
            last.piles
                .push(line.split_whitespace().map(|t| card(t, &path)).collect());
        }
    }
    let deals: Vec<u64> = out.iter().map(|p| p.deal).collect();
    assert_eq!(deals, NUMBERS, "{path}: game numbers");
    out
}

/// The piles, cells and foundations hold each of the 52 cards exactly once.
fn assert_partition(game: &str, n: u64, l: &PysolLayout) {
    let mut seen = CardSet::default();
    let mut count = 0;
    for c in l.cards() {
        assert!(
            !c.is_joker() && c.is_face_up(),
            "{game} {n}: odd card {c:?}"
        );
        assert!(seen.insert(c), "{game} {n}: {c} twice");
        count += 1;
    }
    assert_eq!(count, 52, "{game} {n}: {count} cards");
}

/// Compares every reference layout of `game` with [`layout`]; `piles` and `cells` are the
/// expected counts.
fn check(game: &str, piles: usize, cells: usize) {
    for printed in read(game) {
        let n = printed.deal;
        let l = layout(game, n)
            .unwrap_or_else(|| panic!("{game}: unknown"))
            .unwrap_or_else(|e| panic!("{game} {n}: {e}"));
        assert_partition(game, n, &l);
        assert_eq!(l.piles.len(), piles, "{game} {n}: pile count");
        assert_eq!(l.cells.len(), cells, "{game} {n}: cell count");
        assert_eq!(l.piles, printed.piles, "{game} {n}: piles");
        match &printed.cells {
            // pysol_cards may leave out trailing empty cells (Seahaven Towers' fourth).
            Some(p) => {
                assert!(p.len() <= l.cells.len(), "{game} {n}: cells {p:?}");
                assert_eq!(&l.cells[..p.len()], &p[..], "{game} {n}: cells");
                assert!(
                    l.cells[p.len()..].iter().all(Option::is_none),
                    "{game} {n}: cells {:?}",
                    l.cells
                );
            }
            None => assert!(
                l.cells.iter().all(Option::is_none),
                "{game} {n}: cells {:?}",
                l.cells
            ),
        }
        // Only aces are ever dealt to the foundations, so the printed tops are the cards.
        let mut want = printed.foundations.clone();
        want.sort();
        assert_eq!(l.foundations, want, "{game} {n}: foundations");
    }
}

#[test]
fn freecell() {
    check("freecell", 8, 4);
}

#[test]
fn bakers_game() {
    check("bakers_game", 8, 4);
}

#[test]
fn ko_bakers_game() {
    check("ko_bakers_game", 8, 4);
}

#[test]
fn relaxed_freecell() {
    check("relaxed_freecell", 8, 4);
}

#[test]
fn forecell() {
    check("forecell", 8, 4);
}

#[test]
fn eight_off() {
    check("eight_off", 8, 8);
}

#[test]
fn seahaven_towers() {
    check("seahaven_towers", 10, 4);
}

#[test]
fn bakers_dozen() {
    check("bakers_dozen", 13, 0);
}

#[test]
fn beleaguered_castle() {
    check("beleaguered_castle", 8, 0);
}

#[test]
fn streets_and_alleys() {
    check("streets_and_alleys", 8, 0);
}

#[test]
fn every_game_has_a_reference_file() {
    for g in GAMES {
        assert_eq!(read(g).len(), NUMBERS.len(), "{g}");
    }
}
