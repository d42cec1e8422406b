//! PySolFC opening layouts of the open tableau games, compared with the layouts `pysol_cards`
//! printed once for a few game numbers (see tests/data/pysol/README.md). `pysol_cards` is not
//! needed to run the tests.

use patience::cards::{parse_card, Card};
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
    /// For each column, how many of its bottom cards are printed face down (`<7H>`).
    face_down: Vec<usize>,
    /// The `Talon:` line's cards, the talon's top (the next card dealt) first.
    talon: Vec<Card>,
}

fn card(token: &str, path: &str) -> Card {
    parse_card(token).unwrap_or_else(|e| panic!("{path}: {token}: {e}"))
}

/// A column card, `7H` or face down `<7H>`; the card (face up) and whether it is face down.
fn column_card(token: &str, path: &str) -> (Card, bool) {
    match token.strip_prefix('<').and_then(|t| t.strip_suffix('>')) {
        Some(t) => (card(t, path), true),
        None => (card(token, path), false),
    }
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
        } else if let Some(rest) = line.strip_prefix("Talon:") {
            last.talon = rest.split_whitespace().map(|t| card(t, &path)).collect();
        } else {
            let cards: Vec<(Card, bool)> = line
                .split_whitespace()
                .map(|t| column_card(t, &path))
                .collect();
            let down = cards.iter().take_while(|c| c.1).count();
            assert!(
                cards[down..].iter().all(|c| !c.1),
                "{path}: {line}: a face-down card above a face-up one"
            );
            last.face_down.push(down);
            last.piles.push(cards.into_iter().map(|c| c.0).collect());
        }
    }
    let deals: Vec<u64> = out.iter().map(|p| p.deal).collect();
    assert_eq!(deals, NUMBERS, "{path}: game numbers");
    out
}

/// The piles, cells, foundations and stock hold each of the 52 cards exactly `decks` times.
fn assert_partition(game: &str, n: u64, l: &PysolLayout, decks: usize) {
    let mut seen = vec![0; 52];
    for c in l.cards() {
        assert!(
            !c.is_joker() && c.is_face_up(),
            "{game} {n}: odd card {c:?}"
        );
        seen[c.index()] += 1;
    }
    assert!(
        seen.iter().all(|&k| k == decks),
        "{game} {n}: not {decks} deck(s): {seen:?}"
    );
}

/// The shape of a PySol game's layout.
struct Shape {
    piles: usize,
    cells: usize,
    decks: usize,
    /// Cards left in the stock.
    stock: usize,
}

/// The shape of the games without a stock: `piles` piles and `cells` cells.
fn open(piles: usize, cells: usize) -> Shape {
    Shape {
        piles,
        cells,
        decks: 1,
        stock: 0,
    }
}

/// Klondike's seven piles and 24 cards in the stock.
const KLONDIKE: Shape = Shape {
    piles: 7,
    cells: 0,
    decks: 1,
    stock: 24,
};

/// Compares every reference layout of `game` with [`layout`], piles, face-down cards, cells,
/// foundations and stock; `shape` gives the expected counts.
fn check(game: &str, shape: Shape) {
    check_faces(game, shape, |printed| printed.to_vec());
}

/// As [`check`], with the face-down counts of each pile expected from the printed ones by
/// `faces` (Whitehead's differ).
fn check_faces(game: &str, shape: Shape, faces: impl Fn(&[usize]) -> Vec<usize>) {
    for printed in read(game) {
        let n = printed.deal;
        let l = layout(game, n)
            .unwrap_or_else(|| panic!("{game}: unknown"))
            .unwrap_or_else(|e| panic!("{game} {n}: {e}"));
        assert_partition(game, n, &l, shape.decks);
        assert_eq!(l.piles.len(), shape.piles, "{game} {n}: pile count");
        assert_eq!(l.cells.len(), shape.cells, "{game} {n}: cell count");
        assert_eq!(l.stock.len(), shape.stock, "{game} {n}: stock");
        assert_eq!(l.piles, printed.piles, "{game} {n}: piles");
        assert_eq!(
            l.face_down,
            faces(&printed.face_down),
            "{game} {n}: face down"
        );
        // The talon's top first in both.
        assert_eq!(l.stock, printed.talon, "{game} {n}: stock");
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
    check("freecell", open(8, 4));
}

#[test]
fn bakers_game() {
    check("bakers_game", open(8, 4));
}

#[test]
fn ko_bakers_game() {
    check("ko_bakers_game", open(8, 4));
}

#[test]
fn relaxed_freecell() {
    check("relaxed_freecell", open(8, 4));
}

#[test]
fn forecell() {
    check("forecell", open(8, 4));
}

#[test]
fn eight_off() {
    check("eight_off", open(8, 8));
}

#[test]
fn seahaven_towers() {
    check("seahaven_towers", open(10, 4));
}

#[test]
fn bakers_dozen() {
    check("bakers_dozen", open(13, 0));
}

#[test]
fn beleaguered_castle() {
    check("beleaguered_castle", open(8, 0));
}

#[test]
fn streets_and_alleys() {
    check("streets_and_alleys", open(8, 0));
}

#[test]
fn klondike() {
    check("klondike", KLONDIKE);
}

#[test]
fn thumb_and_pouch() {
    check("thumb_and_pouch", KLONDIKE);
}

/// `pysol_cards` deals Whitehead with Klondike's code and so prints Klondike's face-down
/// cards; PySolFC's Whitehead deals the same cards all face up (its `startGame` asks
/// Klondike's for `flip=1`), and so does [`layout`].
#[test]
fn whitehead() {
    check_faces("whitehead", KLONDIKE, |printed| {
        assert_eq!(
            printed,
            [0, 1, 2, 3, 4, 5, 6],
            "pysol_cards' Klondike marks"
        );
        vec![0; 7]
    });
}

#[test]
fn gypsy() {
    check(
        "gypsy",
        Shape {
            piles: 8,
            cells: 0,
            decks: 2,
            stock: 80,
        },
    );
}

#[test]
fn yukon() {
    check("yukon", open(7, 0));
}

#[test]
fn every_game_has_a_reference_file() {
    for g in GAMES {
        assert_eq!(read(g).len(), NUMBERS.len(), "{g}");
    }
}

/// `patience deal klondike --pysol N` prints PySol's layout: the piles with their face-down
/// cards, and the talon as the stock, whose top card (the last one printed) PySol turns
/// first. Every Klondike preset deals it so.
#[test]
fn deal_klondike_with_pysol_numbers_prints_pysols_layout() {
    deal_with_pysol_numbers_prints_pysols_layout(
        "klondike",
        &[
            "klondike",
            "klondike-draw1",
            "klondike-draw1-3passes",
            "klondike-draw1-1pass",
            "klondike-draw3-3passes",
        ],
    );
}

/// `patience deal gypsy --pysol N` prints PySol's Gypsy: two face-down cards and one face up
/// on each pile, the talon as the stock, its top card (the last one printed) dealt first.
#[test]
fn deal_gypsy_with_pysol_numbers_prints_pysols_layout() {
    deal_with_pysol_numbers_prints_pysols_layout("gypsy", &["gypsy"]);
}

/// Every number of PySol's reference file `game` with the first preset, game 1 with each of
/// the others: the printed piles with their face-down cards, the talon as the stock (top
/// card last), and an empty waste where the game has one.
fn deal_with_pysol_numbers_prints_pysols_layout(game: &str, presets: &[&str]) {
    use patience::games::tableau::pile_label;
    use patience::piles::Table;
    let bin = env!("CARGO_BIN_EXE_patience");
    for printed in read(game) {
        let n = printed.deal;
        for id in presets.iter().filter(|&&id| id == presets[0] || n == 1) {
            let o = std::process::Command::new(bin)
                .args(["deal", id, "--pysol", &n.to_string()])
                .output()
                .unwrap();
            assert!(
                o.status.success(),
                "{id} {n}: {}",
                String::from_utf8_lossy(&o.stderr)
            );
            let text = String::from_utf8(o.stdout).unwrap();
            let t = Table::parse(&text).unwrap_or_else(|e| panic!("{id} {n}: {e}\n{text}"));
            let pile = |label: &str| {
                &t.piles[t
                    .find(label)
                    .unwrap_or_else(|| panic!("{id} {n}: no {label}"))]
                .cards
            };
            // The printed file's piles, face-down cards marked as a layout marks them.
            let want = PysolLayout {
                piles: printed.piles.clone(),
                face_down: printed.face_down.clone(),
                cells: Vec::new(),
                foundations: Vec::new(),
                stock: printed.talon.clone(),
            };
            for p in 0..want.piles.len() {
                assert_eq!(
                    pile(&pile_label(p)),
                    &want.dealt_pile(p),
                    "{id} {n}: pile {}",
                    p + 1
                );
            }
            let stock = pile("stock");
            assert!(stock.iter().all(|c| c.is_face_down()), "{id} {n}: stock");
            let top_first: Vec<Card> = stock.iter().rev().map(|c| c.face_up()).collect();
            assert_eq!(top_first, printed.talon, "{id} {n}: stock order");
            if let Some(w) = t.find("waste") {
                assert!(t.piles[w].cards.is_empty(), "{id} {n}: waste");
            }
        }
    }
}

/// `patience deal GAME --pysol N --black-hole-solver` prints, byte for byte, what
/// `pysol_cards` printed for PySolFC's Golf, Black Hole and All in a Row (its text is
/// black-hole-solver's board format), for every number of the reference file.
#[test]
fn removal_games_deal_pysols_layouts_in_black_hole_solvers_format() {
    for (file, id) in [
        ("golf", "golf"),
        ("black_hole", "black-hole"),
        ("all_in_a_row", "all-in-a-row"),
    ] {
        let path = format!("{}/tests/data/pysol/{file}.txt", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let blocks: Vec<(u64, String)> = text
            .split("deal ")
            .filter(|b| !b.is_empty())
            .map(|b| {
                let (n, board) = b.split_once('\n').expect("a deal line");
                (
                    n.trim().parse().expect("a number"),
                    board.trim_end().to_string(),
                )
            })
            .collect();
        assert_eq!(
            blocks.iter().map(|b| b.0).collect::<Vec<_>>(),
            NUMBERS,
            "{path}"
        );
        for (n, want) in blocks {
            let got = crate::common::patience(&[
                "deal",
                id,
                "--pysol",
                &n.to_string(),
                "--black-hole-solver",
            ])
            .ok();
            assert_eq!(got.trim_end(), want, "{id} PySol deal {n}");
        }
    }
}
