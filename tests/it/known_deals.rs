//! Known deals, kept as data: tests/data/known_deals.csv (outcome, line length, golden node
//! counts) and tests/data/layouts/ (the exact `patience deal` text of a few deals, which pins
//! the portable generator and shuffle forever).
//!
//! Each game's deals are checked three ways: through `patience solve --json`, through the
//! library (`patience::study::solve`, with the line replayed again by
//! `patience::verify::verify`), and through the batch path (`patience stats --out` then
//! `patience dataset export`).

use crate::common;

use common::{arg, data_dir, export_records, json, patience};
use patience::games::{Family, Game, GameId};
use patience::study::{self, SolveConfig, Verdict};
use patience::verify::{verify, Referee, Status};
use std::collections::BTreeMap;

/// One row of tests/data/known_deals.csv.
#[derive(Clone, Debug)]
struct Known {
    game: String,
    deal: u64,
    verdict: String,
    moves: u64,
    /// States expanded by the default DFS (md only).
    states: Option<u64>,
    /// The pass of the win (r7 wins only).
    pass: Option<u64>,
}

fn known_deals() -> Vec<Known> {
    let path = data_dir().join("known_deals.csv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    assert_eq!(lines.next(), Some("game,deal,verdict,moves,states,pass"));
    let opt = |s: &str| {
        if s.is_empty() {
            None
        } else {
            Some(
                s.parse::<u64>()
                    .unwrap_or_else(|_| panic!("bad number '{s}'")),
            )
        }
    };
    lines
        .map(|l| {
            let c: Vec<&str> = l.split(',').collect();
            assert_eq!(c.len(), 6, "bad row: {l}");
            Known {
                game: c[0].to_string(),
                deal: c[1].parse().expect("deal"),
                verdict: c[2].to_string(),
                moves: c[3].parse().expect("moves"),
                states: opt(c[4]),
                pass: opt(c[5]),
            }
        })
        .collect()
}

fn rows_of(game: &str) -> Vec<Known> {
    let rows: Vec<Known> = known_deals()
        .into_iter()
        .filter(|r| r.game == game)
        .collect();
    assert!(
        rows.len() >= 4,
        "{game}: expected at least four known deals"
    );
    rows
}

/// The library's verdict for a deal, with the line replayed once more by the public verifier.
/// The search is the game's default, as the command line's.
fn library_check<G: Game + Referee>(g: &G, row: &Known) {
    let table = g.deal(row.deal);
    let cfg = SolveConfig {
        algorithm: study::default_algorithm(g.id()),
        ..SolveConfig::default()
    };
    let sol = study::solve(g, &table, &cfg).expect("solve");
    assert_eq!(
        sol.verdict.word(),
        row.verdict,
        "{} deal {}: library verdict",
        row.game,
        row.deal
    );
    assert_eq!(
        sol.moves.len() as u64,
        row.moves,
        "{} deal {}: library line length",
        row.game,
        row.deal
    );
    assert_eq!(
        sol.pass.map(u64::from),
        row.pass,
        "{} deal {}: library pass",
        row.game,
        row.deal
    );
    if let Some(states) = row.states {
        assert_eq!(
            sol.stats.expanded, states,
            "{} deal {}: library DFS states expanded",
            row.game, row.deal
        );
    }
    match sol.verdict {
        Verdict::Won | Verdict::Solved => {
            verify(g, &table, &sol.moves, Status::Won, |m| g.notation(m))
                .expect("a winning line replays to a won layout");
        }
        Verdict::Lost => {
            verify(g, &table, &sol.moves, Status::Lost, |m| g.notation(m))
                .expect("a lost line replays to a lost layout");
        }
        Verdict::Unsolvable => assert!(sol.moves.is_empty()),
        Verdict::Unknown => panic!(
            "{} deal {}: no limit was set, yet the verdict is unknown",
            row.game, row.deal
        ),
    }
}

/// Checks every known deal of `game` through the CLI, the library and the batch path;
/// returns each deal's line as printed by `patience solve --json` for game-specific checks.
fn check_known(game: &str) -> BTreeMap<u64, (Known, Vec<String>)> {
    let id: GameId = game.parse().expect("a known game id");
    let rows = rows_of(game);
    let mut lines = BTreeMap::new();
    for row in &rows {
        let n = row.deal.to_string();
        let v = json(&patience(&["solve", game, "--deal", &n, "--json"]).ok());
        let what = format!("{game} deal {n}");
        assert_eq!(v["game"], game, "{what}");
        assert_eq!(v["position"], format!("deal {n}"), "{what}");
        assert_eq!(v["verdict"], row.verdict.as_str(), "{what}: verdict");
        assert_eq!(
            v["stats"]["solution_length"], row.moves,
            "{what}: line length"
        );
        let moves: Vec<String> = v["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| m.as_str().expect("move text").to_string())
            .collect();
        assert_eq!(moves.len() as u64, row.moves, "{what}: moves listed");
        match row.pass {
            Some(p) => assert_eq!(v["pass"], p, "{what}: pass"),
            None => assert!(
                v.get("pass").is_none(),
                "{what}: no pass expected, got {}",
                v["pass"]
            ),
        }
        if let Some(states) = row.states {
            assert_eq!(
                v["stats"]["expanded"], states,
                "{what}: DFS states expanded (golden count)"
            );
        }
        patience::with_game!(id, g => library_check(g, row));
        lines.insert(row.deal, (row.clone(), moves));
    }

    // The batch path must agree: one `stats` run over the span of the known deals.
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("known.bin");
    let first = rows.iter().map(|r| r.deal).min().expect("rows");
    let last = rows.iter().map(|r| r.deal).max().expect("rows");
    let range = format!("{first}..{last}");
    patience(&["stats", game, "--deals", &range, "--out", arg(&out)]).ok();
    let records = export_records(&out);
    assert_eq!(records.len() as u64, last - first + 1);
    for row in &rows {
        let rec = records
            .iter()
            .find(|r| r.deal == row.deal)
            .unwrap_or_else(|| panic!("{game} deal {} missing from the dataset", row.deal));
        // Columns without micros: game, rules_version, deal, outcome, moves, states, pass,
        // first_fit, settings.
        let f = &rec.fields;
        assert_eq!(f[0], game);
        assert_eq!(
            f[3], row.verdict,
            "{game} deal {}: dataset outcome",
            row.deal
        );
        let want_moves = if row.verdict == "unsolvable" {
            0
        } else {
            row.moves
        };
        assert_eq!(
            f[4],
            want_moves.to_string(),
            "{game} deal {}: dataset moves",
            row.deal
        );
        if let Some(states) = row.states {
            assert_eq!(
                f[5],
                states.to_string(),
                "{game} deal {}: dataset states",
                row.deal
            );
        }
        assert_eq!(
            f[6],
            row.pass.map(|p| p.to_string()).unwrap_or_default(),
            "{game} deal {}: dataset pass",
            row.deal
        );
    }
    lines
}

fn wins_and_losses(rows: &BTreeMap<u64, (Known, Vec<String>)>, win: &str, loss: &str) {
    assert!(
        rows.values().any(|(r, _)| r.verdict == win),
        "the data should hold a {win} deal"
    );
    assert!(
        rows.values().any(|(r, _)| r.verdict == loss),
        "the data should hold a {loss} deal"
    );
    assert!(rows
        .values()
        .all(|(r, _)| r.verdict == win || r.verdict == loss));
}

#[test]
fn known_deals_r7() {
    let rows = check_known("r7");
    wins_and_losses(&rows, "won", "lost");
    for (n, (row, moves)) in &rows {
        // 48 cards leave the stock; each reaches the line exactly once.
        let on_line = moves
            .iter()
            .filter(|m| m.contains(" onto ") || m.contains(" under "))
            .count();
        let redeals = moves.iter().filter(|m| m.starts_with("redeal")).count() as u64;
        assert!(redeals <= 2, "deal {n}: three passes at most");
        if row.verdict == "won" {
            assert_eq!(
                on_line, 48,
                "deal {n}: every card but the 7s goes onto the line"
            );
            assert_eq!(
                row.pass,
                Some(1 + redeals),
                "deal {n}: the pass of the win counts the redeals"
            );
        } else {
            assert!(on_line < 48);
            assert_eq!(redeals, 2, "deal {n}: a lost game uses all three passes");
        }
    }
    assert!(
        rows.values().any(|(r, _)| r.pass == Some(2))
            && rows.values().any(|(r, _)| r.pass == Some(3))
    );
}

#[test]
fn known_deals_qll() {
    let rows = check_known("qll");
    wins_and_losses(&rows, "won", "lost");
    for (n, (row, moves)) in &rows {
        let deals = moves.iter().filter(|m| m.starts_with("deal ")).count();
        let gathers = moves.iter().filter(|m| m.starts_with("gather ")).count();
        assert_eq!(
            deals, 50,
            "deal {n}: the 50 cards left after the first two are all dealt"
        );
        if row.verdict == "won" {
            // From two piles back to two piles: one gather per dealt card.
            assert_eq!((row.moves, gathers), (100, 50), "deal {n}");
        } else {
            assert!(gathers < 50);
        }
    }
}

#[test]
fn known_deals_qll_32() {
    let rows = check_known("qll-32");
    wins_and_losses(&rows, "won", "lost");
    for (n, (row, moves)) in &rows {
        let deals = moves.iter().filter(|m| m.starts_with("deal ")).count();
        assert_eq!(deals, 30, "deal {n}");
        if row.verdict == "won" {
            assert_eq!(row.moves, 60, "deal {n}: 30 cards dealt, 30 gathers");
        }
    }
}

#[test]
fn known_deals_c4() {
    let rows = check_known("c4");
    wins_and_losses(&rows, "won", "lost");
    for (n, (row, moves)) in &rows {
        // Each of the 32 cards is turned at most once, then the rest are revealed.
        assert!(row.moves <= 33, "deal {n}");
        assert_eq!(
            moves.last().map(String::as_str),
            Some("reveal the face-down cards"),
            "deal {n}"
        );
        // The game always stops in the starting pile, after its eighth club was turned.
        let clubs = moves
            .iter()
            .filter(|m| m.starts_with("turn ") && m.contains("C from "))
            .count();
        assert_eq!(clubs, 8, "deal {n}: every club is turned");
    }
}

#[test]
fn known_deals_md() {
    let rows = check_known("md");
    wins_and_losses(&rows, "solved", "unsolvable");
    for (n, (row, moves)) in &rows {
        assert!(
            row.states.is_some(),
            "deal {n}: md rows carry a golden node count"
        );
        if row.verdict == "solved" {
            // Every card reaches its series once (up from the stock, or raised from storage);
            // each card parked on storage costs one more move.
            let to_series = moves
                .iter()
                .filter(|m| m.contains(" up to ") || m.contains(" raised from "))
                .count();
            let downs = moves.iter().filter(|m| m.contains(" down to ")).count();
            let raises = moves.iter().filter(|m| m.contains(" raised from ")).count();
            assert_eq!(to_series, 32, "deal {n}");
            assert_eq!(downs, raises, "deal {n}: every parked card is raised again");
        }
    }
}

#[test]
fn known_deals_clock() {
    let rows = check_known("clock");
    wins_and_losses(&rows, "won", "lost");
    for (n, (row, moves)) in &rows {
        // One card is face up at the start and each move turns exactly one more.
        if row.verdict == "won" {
            assert_eq!(row.moves, 51, "deal {n}");
        } else {
            assert!(row.moves < 51, "deal {n}");
        }
        // Kings pile up in the centre: after the third King move the centre's bottom card
        // is the first King, face up, so the fourth King ends the game without a move.
        assert_eq!(
            moves.iter().filter(|m| m.contains("stays")).count(),
            3,
            "deal {n}"
        );
    }
}

#[test]
fn known_deals_grosse_napoleon() {
    let rows = check_known("grosse-napoleon");
    for (n, (row, moves)) in &rows {
        assert_eq!(row.verdict, "solved", "deal {n}");
        // Every card goes up exactly once; the talon is dealt out once per layout.
        let ups = moves.iter().filter(|m| m.contains(" up to ")).count();
        let deals = moves.iter().filter(|m| m.starts_with("deal ")).count();
        let relayouts = moves.iter().filter(|m| m.starts_with("re-layout ")).count();
        assert_eq!(ups, 104, "deal {n}");
        assert!(relayouts <= 2, "deal {n}: two re-layouts at most");
        assert!(deals >= 104 && (relayouts > 0 || deals == 104), "deal {n}");
    }
}

/// The games played onto a single waste (one engine): every row decided, wins and proven
/// losses both present.
#[test]
fn known_deals_onto_waste() {
    for id in GameId::of_family(Family::OntoWaste) {
        let rows = check_known(&id.to_string());
        wins_and_losses(&rows, "solved", "unsolvable");
    }
}

/// First Law: every row won, each winning line removing the thirteen ranks four at a time.
#[test]
fn known_deals_first_law() {
    let rows = check_known("first-law");
    for (n, (row, moves)) in &rows {
        assert_eq!(row.verdict, "solved", "deal {n}");
        let removals = moves
            .iter()
            .filter(|m| m.starts_with("remove the four"))
            .count();
        assert_eq!(removals, 13, "deal {n}");
    }
}

/// Fortunes: every row won, each winning line ending on the four Aces alone (every other
/// card removed one at a time, 48 removals).
#[test]
fn known_deals_fortunes() {
    let rows = check_known("fortunes");
    for (n, (row, moves)) in &rows {
        assert_eq!(row.verdict, "solved", "deal {n}");
        let removals = moves.iter().filter(|m| m.starts_with("remove ")).count();
        assert_eq!(removals, 48, "deal {n}");
        assert_eq!(
            moves.iter().filter(|m| *m == "deal").count(),
            13,
            "deal {n}"
        );
    }
}

/// Gaps and its variants (one engine): every row decided, AisleRiot's two redeals never
/// exceeded, a redeal only where the games have one; the basic variant with wins and losses.
#[test]
fn known_deals_gaps() {
    // gaps-one-deal's quick deals are not four in a row (the batch check runs every deal
    // between the first and last rows): its known deals are in tests/it/gaps.rs.
    for game in ["gaps", "gaps-random", "gaps-basic"] {
        let rows = check_known(game);
        for (n, (row, moves)) in &rows {
            assert!(
                row.verdict == "solved" || row.verdict == "unsolvable",
                "{game} {n}"
            );
            let redeals = moves.iter().filter(|m| *m == "redeal").count();
            let most = if game == "gaps-basic" { 0 } else { 2 };
            assert!(redeals <= most, "{game} {n}: {redeals} redeals");
        }
        if game == "gaps-basic" {
            wins_and_losses(&rows, "solved", "unsolvable");
        }
    }
}

/// Maze: every known deal won, by single placements (`5H to f2`), with golden state counts.
#[test]
fn known_deals_maze() {
    let rows = check_known("maze");
    for (n, (row, moves)) in &rows {
        assert_eq!(row.verdict, "solved", "maze {n}");
        assert!(moves.iter().all(|m| m.contains(" to ")), "maze {n}");
    }
}

/// Camelot: wins and a proven loss; a win turns and places all 52 cards and removes the
/// 40 others than the court cards (four Tens alone, the rest in 18 pairs).
#[test]
fn known_deals_camelot() {
    let rows = check_known("camelot");
    for (n, (row, moves)) in &rows {
        if row.verdict == "solved" {
            assert_eq!(moves.iter().filter(|m| *m == "turn").count(), 52, "{n}");
            assert_eq!(
                moves.iter().filter(|m| m.contains(" to ")).count(),
                52,
                "{n}"
            );
            assert_eq!(moves.iter().filter(|m| m.contains('+')).count(), 18, "{n}");
            assert_eq!(
                moves.iter().filter(|m| m.ends_with(" out")).count(),
                4,
                "{n}"
            );
        }
    }
    wins_and_losses(&rows, "solved", "unsolvable");
}

/// The games of a line that closes up (one engine): a won line removes all 52 cards in
/// pairs (`5D+8C`), Neighbor's four Kings alone, between Monte Carlo's deals; Accordion's
/// covers 51 cards one at a time (`7H>7C`).
#[test]
fn known_deals_compacting() {
    for id in GameId::of_family(Family::Compacting) {
        let game = id.to_string();
        let game = game.as_str();
        let rows = check_known(game);
        for (n, (row, moves)) in &rows {
            if row.verdict != "solved" {
                continue;
            }
            let what = format!("{game} deal {n}");
            let pairs = moves.iter().filter(|m| m.contains('+')).count();
            let onto = moves.iter().filter(|m| m.contains('>')).count();
            let deals = moves.iter().filter(|m| *m == "deal").count();
            let alone = moves.len() - pairs - onto - deals;
            if game == "accordion" {
                assert_eq!((onto, moves.len()), (51, 51), "{what}");
                continue;
            }
            assert_eq!(2 * pairs + alone, 52, "{what}");
            assert_eq!(alone, if game == "neighbor" { 4 } else { 0 }, "{what}");
            // Monte Carlo's 27 stock cards come in by the player's deals, at least two of
            // them (each fills at most the gaps of the pairs removed since).
            if game == "monte-carlo" {
                assert!(deals >= 2, "{what}");
            } else {
                assert_eq!(deals, 0, "{what}");
            }
        }
        if matches!(game, "monte-carlo" | "neighbor") {
            // Quatorze's and Accordion's first deals are all won; these have both.
            wins_and_losses(&rows, "solved", "unsolvable");
        }
    }
}

/// The pairing games (one engine): a won line removes all 52 cards,
/// in pairs (`5D+8C`) and, where the total is 13, Kings alone, between the stock's turns.
#[test]
fn known_deals_pairing() {
    for id in GameId::of_family(Family::Pairing) {
        let game = id.to_string();
        let game = game.as_str();
        let kings_alone = ["thirteen", "treize", "helsinki"].contains(&game);
        let rows = check_known(game);
        for (n, (row, moves)) in &rows {
            if row.verdict != "solved" {
                continue;
            }
            let pairs = moves.iter().filter(|m| m.contains('+')).count();
            let turns = moves.iter().filter(|m| *m == "turn").count();
            let alone = moves.len() - pairs - turns;
            // Block Ten's Tens stay, and Cover is won when its stock is out: 48 cards go.
            let removed = if matches!(game, "block-ten" | "cover") {
                48
            } else {
                52
            };
            assert_eq!(2 * pairs + alone, removed, "{game} deal {n}");
            assert_eq!(alone, if kings_alone { 4 } else { 0 }, "{game} deal {n}");
            // Thirteen and Treize turn their 24 stock cards; Helsinki's deal themselves.
            let turned = matches!(game, "thirteen" | "treize");
            assert_eq!(turns, if turned { 24 } else { 0 }, "{game} deal {n}");
        }
        if game != "gay-gordons" {
            // Gay Gordons' deals are built winnable; the others have both.
            wins_and_losses(&rows, "solved", "unsolvable");
        }
    }
}

// ---- Layouts: the portable generator and shuffle, pinned. ----

fn layout_file(game: &str, deal: u64) -> String {
    let p = data_dir()
        .join("layouts")
        .join(format!("{game}-{deal}.txt"));
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn deal_layouts_are_byte_identical_to_the_pinned_files() {
    let pinned = [
        ("r7", 1),
        ("clock", 1),
        ("qll", 1),
        ("md", 1),
        ("c4", 1),
        ("qll-32", 1),
        ("grosse-napoleon", 1),
        ("backbone", 1),
        ("golf", 1),
        ("black-hole", 1),
        ("all-in-a-row", 1),
        ("triple-peaks", 1),
        ("elevator", 1),
        ("escalator", 1),
        ("thieves", 1),
        ("first-law", 1),
        ("fortunes", 1),
        ("gaps", 1),
        ("gaps-one-deal", 1),
        ("maze", 1),
        ("camelot", 1),
        ("thirteen", 1),
        ("treize", 1),
        ("fourteen", 1),
        ("gay-gordons", 1),
        ("isabel", 1),
        ("helsinki", 1),
        ("jamestown", 1),
        ("block-ten", 1),
        ("cover", 1),
        ("monte-carlo", 1),
        ("neighbor", 1),
        ("quatorze", 1),
        ("accordion", 1),
    ];
    for (game, deal) in pinned {
        let want = layout_file(game, deal);
        let got = patience(&["deal", game, "--deal", &deal.to_string()]).ok();
        assert_eq!(
            got, want,
            "patience deal {game} --deal {deal} changed: deals must stay portable forever"
        );
    }
}

/// SplitMix64 and Fisher–Yates written again from the documentation of `patience::deals`.
fn independent_shuffle(mut cards: Vec<String>, seed: u64) -> Vec<String> {
    let mut state = seed;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    for i in (1..cards.len()).rev() {
        let n = i as u64 + 1;
        let zone = u64::MAX - (u64::MAX % n + 1) % n;
        let j = loop {
            let v = next();
            if v <= zone {
                break v % n;
            }
        };
        cards.swap(i, j as usize);
    }
    cards
}

/// A new deck in the seed's order: clubs, diamonds, hearts, spades; lowest rank first, Ace last.
fn new_deck(ranks: &str) -> Vec<String> {
    "CDHS"
        .chars()
        .flat_map(|s| ranks.chars().map(move |r| format!("{r}{s}")))
        .collect()
}

/// The cards of pile `label` in a board text, without the face-down marks.
fn pile_cards(board: &str, label: &str) -> Vec<String> {
    let line = board
        .lines()
        .find(|l| l.starts_with(&format!("{label} (")))
        .unwrap_or_else(|| panic!("no pile {label}"));
    line.split_once(':')
        .expect("a pile line")
        .1
        .split_whitespace()
        .map(|c| c.trim_start_matches('#').to_string())
        .collect()
}

#[test]
fn pinned_layouts_follow_the_documented_generator_and_shuffle() {
    // md deal 1: the whole shuffled 32-card deck is the stock, last card on top.
    let md = layout_file("md", 1);
    assert_eq!(
        pile_cards(&md, "stock"),
        independent_shuffle(new_deck("789TJQKA"), 1)
    );

    // r7 deal 1: the shuffled 52 cards with the four 7s taken out onto the runs.
    let r7 = layout_file("r7", 1);
    let mut stock = independent_shuffle(new_deck("23456789TJQKA"), 1);
    stock.retain(|c| !c.starts_with('7'));
    assert_eq!(pile_cards(&r7, "stock"), stock);
    for s in ["clubs", "diamonds", "hearts", "spades"] {
        assert_eq!(
            pile_cards(&r7, s),
            vec![format!("7{}", s[..1].to_uppercase())]
        );
    }

    // backbone deal 1: from the top of the shuffled two decks (the second deck after the
    // first), one card face up to each of the eight piles, then nine to each reserve stack
    // (bottom card first) and one across both; the other 77 are the stock, face down.
    let bb = layout_file("backbone", 1);
    let one = new_deck("23456789TJQKA");
    let mut deck = independent_shuffle([one.clone(), one].concat(), 1);
    let mut deal =
        |n: usize| -> Vec<String> { (0..n).map(|_| deck.pop().expect("104 cards")).collect() };
    for p in 1..=8 {
        assert_eq!(pile_cards(&bb, &p.to_string()), deal(1), "pile {p}");
    }
    assert_eq!(pile_cards(&bb, "reserve1"), deal(9));
    assert_eq!(pile_cards(&bb, "reserve2"), deal(9));
    assert_eq!(pile_cards(&bb, "cover"), deal(1));
    assert_eq!(pile_cards(&bb, "stock"), deck);
    let face_down: usize = bb
        .lines()
        .filter(|l| !l.starts_with(';'))
        .map(|l| l.matches('#').count())
        .sum();
    assert_eq!(face_down, 77);

    // clock deal 1: 48 cards dealt from the top round the twelve hours, four in the centre.
    let clock = layout_file("clock", 1);
    let mut deck = independent_shuffle(new_deck("23456789TJQKA"), 1);
    let mut hours = vec![Vec::new(); 12];
    for k in 0..48 {
        hours[k % 12].push(deck.pop().expect("52 cards"));
    }
    for (h, cards) in hours.iter().enumerate() {
        assert_eq!(
            &pile_cards(&clock, &(h + 1).to_string()),
            cards,
            "hour {}",
            h + 1
        );
    }
    assert_eq!(pile_cards(&clock, "centre"), deck);
    // Only the centre's top card is face up.
    let face_down: usize = clock
        .lines()
        .filter(|l| !l.starts_with(';'))
        .map(|l| l.matches('#').count())
        .sum();
    assert_eq!(face_down, 51);

    // triple-peaks, elevator, escalator deal 1: one card from the top onto each of the 28
    // places in order (Triple Peaks then one onto the waste), the rest the stock; face down:
    // the 18 cards of the peaks, the pyramids' 21 covered cards (Elevator), none (Escalator),
    // and the stock.
    for (game, waste, covered_down) in [
        ("triple-peaks", 1, 18),
        ("elevator", 0, 21),
        ("escalator", 0, 0),
    ] {
        let board = layout_file(game, 1);
        let mut deck = independent_shuffle(new_deck("23456789TJQKA"), 1);
        for p in 1..=28 {
            let want = vec![deck.pop().expect("52 cards")];
            assert_eq!(pile_cards(&board, &p.to_string()), want, "{game} place {p}");
        }
        let waste: Vec<String> = (0..waste).map(|_| deck.pop().expect("a card")).collect();
        assert_eq!(pile_cards(&board, "waste"), waste, "{game}");
        assert_eq!(pile_cards(&board, "stock"), deck, "{game}");
        let face_down: usize = board
            .lines()
            .filter(|l| !l.starts_with(';') && !l.starts_with("stock"))
            .map(|l| l.matches('#').count())
            .sum();
        assert_eq!(face_down, covered_down, "{game}");
    }

    // thieves deal 1: the 52 cards and the two jokers (RJ, BJ) after them, shuffled; five
    // rounds from the top over the seven piles, one card onto the waste, the rest the stock.
    let board = layout_file("thieves", 1);
    let mut cards = new_deck("23456789TJQKA");
    cards.extend(["RJ".to_string(), "BJ".to_string()]);
    let mut deck = independent_shuffle(cards, 1);
    let mut piles = vec![Vec::new(); 7];
    for _ in 0..5 {
        for pile in piles.iter_mut() {
            pile.push(deck.pop().expect("54 cards"));
        }
    }
    for (p, cards) in piles.iter().enumerate() {
        assert_eq!(
            &pile_cards(&board, &(p + 1).to_string()),
            cards,
            "pile {}",
            p + 1
        );
    }
    assert_eq!(
        pile_cards(&board, "waste"),
        vec![deck.pop().expect("a card")]
    );
    assert_eq!(pile_cards(&board, "stock"), deck);

    // first-law and fortunes deal 1: the shuffled deck is the stock, face down, the piles
    // empty.
    for id in GameId::of_family(Family::Rounds) {
        let game = id.to_string();
        let game = game.as_str();
        let board = layout_file(game, 1);
        assert_eq!(
            pile_cards(&board, "stock"),
            independent_shuffle(new_deck("23456789TJQKA"), 1),
            "{game}"
        );
        for p in ["1", "2", "3", "4", "removed"] {
            assert!(pile_cards(&board, p).is_empty(), "{game}: pile {p}");
        }
    }
}
