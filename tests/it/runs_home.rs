//! Why the games of runs force no move: sending a complete run home can lose a won game.
//!
//! The obvious forced move in Spider-like games, a complete King-to-Ace run of one suit going
//! home as soon as it forms, is not safe. Each board in tests/data/runs-home/ is a position
//! with a complete run on top of a pile that is won with the run kept in play, while the
//! position after sending it home is proven lost by the engine's exhaustive searches with
//! exact keys and again by a plain search over the referee's layouts. A
//! solver forcing that move would call the first position "unsolvable": these tests keep the
//! engine from ever doing so.

use crate::common;

use common::data_dir;
use common::referee::{layout_key, referee_moves, referee_solvable};
use patience::games::tableau::{register, Rules, Tableau};
use patience::games::{Game, GameId};
use patience::piles::Table;
use patience::study::{solve, Algorithm, SolveConfig, Verdict};
use patience::verify::{replay, verify, Status};
use solvers::Space;

/// Checks tests/data/runs-home/`file`: won as it is (the line replays on the reference
/// piles), lost after `run_home` (the notation of the move sending the run home), by the
/// engine's exhaustive searches and by a plain search over the referee's own layouts.
fn check<const N: usize, const K: usize>(g: &Tableau<N, K>, file: &str, run_home: &str) {
    let path = data_dir().join("runs-home").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let table = Table::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let cfg = SolveConfig {
        algorithm: Algorithm::Portfolio,
        ..SolveConfig::default()
    };
    let kept = solve(g, &table, &cfg).unwrap_or_else(|e| panic!("{file}: {e}"));
    assert_eq!(
        kept.verdict,
        Verdict::Solved,
        "{file}: the run kept in play wins"
    );
    verify(g, &table, &kept.moves, Status::Won, |m| g.notation(m))
        .unwrap_or_else(|e| panic!("{file}: the winning line does not replay: {e}"));
    // The referee's search below tries every move of the winning line (its deals too), so
    // its "no win" is not for want of a kind of move.
    let mut t = table.clone();
    for mv in &kept.moves {
        let next = replay(g, &t, std::slice::from_ref(mv), |m| g.notation(m)).expect("replays");
        let want = layout_key(g, &next);
        assert!(
            referee_moves(g, &t)
                .iter()
                .any(|x| layout_key(g, x) == want),
            "{file}: the referee's search misses {}",
            g.notation(mv)
        );
        t = next;
    }

    // The move sending the run home, as the engine lists it, played on the reference piles.
    let state = g.pack(&table).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut succ = Vec::new();
    g.expand(&state, &mut succ);
    let home = succ
        .iter()
        .find(|s| g.notation(&s.mv) == run_home)
        .unwrap_or_else(|| panic!("{file}: no move {run_home}"))
        .mv;
    let after = replay(g, &table, &[home], |m| g.notation(m))
        .unwrap_or_else(|e| panic!("{file}: {run_home} does not replay: {e}"));
    for algorithm in [Algorithm::Dfs, Algorithm::BestFirst] {
        let cfg = SolveConfig {
            algorithm,
            ..SolveConfig::default()
        };
        let sent = solve(g, &after, &cfg).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(
            sent.verdict,
            Verdict::Unsolvable,
            "{file}: after {run_home} ({algorithm:?}) the game must be proven lost"
        );
    }
    assert_eq!(
        referee_solvable(g, &after, 100_000),
        Some(false),
        "{file}: after {run_home} the referee's layouts must reach no win"
    );
}

/// Spider, with cards in the stock: the run's cards are what keeps every pile filled for the deal.
#[test]
fn spider_run_home_can_lose_with_cards_in_the_stock() {
    check(&spider(), "spider-4suits-stock.board", "1h");
}

/// With the stock empty: the run's cards, split, are bases the other suits need.
#[test]
fn spider_run_home_can_lose_with_the_stock_empty() {
    check(&spider(), "spider-4suits-no-stock.board", "5h");
}

/// One deck and no stock at all (Simple Simon's moves on six piles, from a rules file).
#[test]
fn simple_simon_run_home_can_lose_on_six_piles() {
    let path = data_dir()
        .join("runs-home")
        .join("simple-simon-6piles.toml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let rules = Rules::from_toml(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let GameId::Tableau(i) = register(rules).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    else {
        panic!("a rules file makes a tableau game");
    };
    check(
        &Tableau::<52, 80>::preset(i),
        "simple-simon-6piles.board",
        "6h",
    );
}

/// Spider (four suits): two decks, the engine's 104-card capacity.
fn spider() -> Tableau<104, 132> {
    let GameId::Tableau(i) = "spider-4suits".parse().expect("preset") else {
        panic!("spider-4suits is a tableau preset");
    };
    Tableau::<104, 132>::preset(i)
}
