//! Camelot (`patience::games::camelot`) against its referee (`patience::verify`).
//!
//! - **Move by move**, on random walks through deals: every move the engine lists is one
//!   the referee accepts and lands where the engine says, and the engine's successors reach
//!   exactly the keys of all the moves the referee accepts (the engine lists a removal once
//!   per key: the same rank from a slot of the same kind).
//! - **A plain search over the referee's layouts**, on small positions (a short stock, some
//!   cards already placed or removed): every layout the referee reaches, exactly as it lies,
//!   canonicalising nothing; the engine's verdict must be the plain search's.
//! - **Constructed losses** proven by the CLI and the plain search, and **bad boards**.

use crate::common::patience;
use crate::common::referee::referee_layouts;
use patience::cards::{Card, Rank, Suit};
use patience::deals::Rng;
use patience::games::camelot::{self, slot_label, Move, REMOVED, REMOVING, STOCK, WASTE};
use patience::games::Game;
use patience::piles::{Mode, Table};
use patience::study::{solve, Algorithm, SolveConfig, Verdict};
use patience::verify::{Referee, Status};
use solvers::{Limits, Space};
use std::collections::BTreeSet;

/// Every move a player could try.
fn candidates(t: &Table) -> Vec<Move> {
    let cells: Vec<Option<Card>> = (0..16)
        .map(|i| t.piles[t.find(&slot_label(i)).unwrap()].top())
        .collect();
    let mut v = vec![Move::Turn];
    if let Some(w) = t.piles[t.find(WASTE).unwrap()].top() {
        for to in 0..16 {
            v.push(Move::Place { card: w, to });
        }
    }
    for (i, a) in cells.iter().enumerate() {
        let Some(a) = a else { continue };
        v.push(Move::Ten(*a));
        for b in cells[i + 1..].iter().flatten() {
            v.push(Move::Pair(*a, *b));
        }
    }
    v
}

#[test]
fn engine_and_referee_agree_move_by_move_on_random_walks() {
    let g = &camelot::GAME.game;
    let mut rng = Rng::new(17);
    let (mut steps, mut removals, mut ends) = (0, 0, 0);
    for deal in 1..=30 {
        let mut t = g.deal(deal);
        loop {
            let s = g.pack(&t).unwrap();
            let mut out = Vec::new();
            g.expand(&s, &mut out);
            let mut legal_keys = BTreeSet::new();
            for m in candidates(&t) {
                let mut after = t.clone();
                if g.referee_apply(&mut after, &m).is_ok() {
                    legal_keys.insert(g.key(&g.pack(&after).unwrap()));
                }
            }
            let mut engine_keys = BTreeSet::new();
            for x in &out {
                let mut after = t.clone();
                g.referee_apply(&mut after, &x.mv)
                    .unwrap_or_else(|e| panic!("deal {deal}: {:?}: {e}", x.mv));
                assert_eq!(g.key(&g.pack(&after).unwrap()), g.key(&x.state));
                engine_keys.insert(g.key(&x.state));
            }
            assert_eq!(engine_keys.len(), out.len(), "each key listed once");
            assert_eq!(engine_keys, legal_keys, "deal {deal}, step {steps}");
            let status = g.referee_status(&t);
            assert_eq!(status == Status::Won, g.is_goal(&s));
            if out.is_empty() {
                assert_ne!(status, Status::Playing);
                ends += 1;
                break;
            }
            let x = &out[rng.below(out.len() as u64) as usize];
            if matches!(x.mv, Move::Ten(_) | Move::Pair(..)) {
                removals += 1;
            }
            g.referee_apply(&mut t, &x.mv).unwrap();
            steps += 1;
        }
    }
    assert_eq!(ends, 30);
    assert!(
        steps > 1000 && removals > 50,
        "{steps} steps, {removals} removals"
    );
}

/// A position late in a game: a deal's winning line (found by the engine) played on the
/// referee until `left` cards are in the stock, then `detour` random moves the referee
/// accepts: some positions are still won, others not.
fn small_position(rng: &mut Rng, n: u64, left: usize, detour: usize) -> Option<Table> {
    let g = &camelot::GAME.game;
    let mut t = g.deal(n);
    let cfg = SolveConfig {
        algorithm: Algorithm::Dfs,
        limits: Limits {
            max_nodes: Some(200_000),
            ..Limits::default()
        },
    };
    let sol = solve(g, &t, &cfg).unwrap();
    if sol.verdict != Verdict::Solved {
        return None;
    }
    let stock = t.find(STOCK).unwrap();
    for mv in &sol.moves {
        if t.piles[stock].cards.len() <= left && t.piles[t.find(WASTE).unwrap()].cards.is_empty() {
            break;
        }
        g.referee_apply(&mut t, mv).unwrap();
    }
    for _ in 0..detour {
        let legal: Vec<Move> = candidates(&t)
            .into_iter()
            .filter(|m| g.referee_apply(&mut t.clone(), m).is_ok())
            .collect();
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.below(legal.len() as u64) as usize];
        g.referee_apply(&mut t, &mv).unwrap();
    }
    Some(t)
}

/// One round of the plain-search comparison on `positions` small positions drawn with
/// `seed`: [compared, won, lost], and a message per disagreement (the board in it).
/// `scripts/soundness.sh` runs rounds on fresh seeds (`differential::soundness_long_run`).
pub(crate) fn plain_search_round(seed: u64, positions: usize) -> ([usize; 3], Vec<String>) {
    let g = &camelot::GAME.game;
    let mut rng = Rng::new(seed);
    let cfg = SolveConfig {
        algorithm: Algorithm::Dfs,
        limits: Limits::default(),
    };
    let (mut compared, mut won, mut lost) = (0, 0, 0);
    let mut failures = Vec::new();
    for k in 0..positions {
        let Some(t) = small_position(&mut rng, 1 + k as u64 % 40, 4 + k % 5, k % 4) else {
            continue;
        };
        let Some(layouts) = referee_layouts(g, &t, candidates, Table::to_text, 50_000) else {
            continue;
        };
        let wins = layouts[0].1;
        let sol = solve(g, &t, &cfg).unwrap();
        let engine = match sol.verdict {
            Verdict::Solved => Some(true),
            Verdict::Unsolvable => Some(false),
            _ => None,
        };
        if engine != Some(wins) {
            failures.push(format!(
                "camelot (seed {seed}): engine {:?}, referee {wins} ({} layouts)\n{}",
                sol.verdict,
                layouts.len(),
                t.to_text()
            ));
        }
        compared += 1;
        if wins {
            won += 1;
        } else {
            lost += 1;
        }
    }
    ([compared, won, lost], failures)
}

#[test]
fn engine_verdicts_equal_a_plain_search_over_the_referees_layouts() {
    plain_search_on(60, [20, 2, 2]);
}

/// [`engine_verdicts_equal_a_plain_search_over_the_referees_layouts`] on 120 positions
/// instead of 60.
#[test]
#[ignore = "heavy: scripts/heavy-tests.sh runs it in release mode"]
fn engine_verdicts_equal_a_plain_search_over_the_referees_layouts_in_full() {
    plain_search_on(120, [40, 5, 5]);
}

/// [`plain_search_round`] on seed 2026 with `positions`: no disagreement, and at least
/// `least` positions compared, won and lost.
fn plain_search_on(positions: usize, least: [usize; 3]) {
    let ([compared, won, lost], failures) = plain_search_round(2026, positions);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(
        compared >= least[0] && won >= least[1] && lost >= least[2],
        "{compared} compared, {won} won, {lost} lost"
    );
}

/// The grid full of cards no two of which make ten and no Ten, the stock not out: lost.
fn stuck_board() -> String {
    let mut t = Table::new();
    let stock = t.create_empty(STOCK, Mode::Stacked).unwrap();
    t.create_empty(WASTE, Mode::Stacked).unwrap();
    let ranks_in = |i: usize| -> Rank {
        match camelot::KINDS[i] {
            camelot::Kind::Corner => Rank::King,
            camelot::Kind::TopBottom => Rank::Queen,
            camelot::Kind::LeftRight => Rank::Jack,
            camelot::Kind::Centre => Rank::from_value(6),
        }
    };
    let mut used = Vec::new();
    let mut count = [0usize; 14];
    for i in 0..16 {
        let p = t.create_empty(&slot_label(i), Mode::Stacked).unwrap();
        let r = ranks_in(i);
        let c = Card::new(Suit::ALL[count[r.value() as usize]], r);
        count[r.value() as usize] += 1;
        t.add_on_top(c, p).unwrap();
        used.push(c);
    }
    let removed = t.create_empty(REMOVED, Mode::Stacked).unwrap();
    for s in Suit::ALL {
        for v in 1..=13u8 {
            let c = Card::new(s, Rank::from_value(v));
            if used.contains(&c) {
                continue;
            }
            // Keep a few number cards in the stock; remove the rest in pairs' worth.
            if v <= 10 && v != 6 && v != 4 {
                t.add_on_top(c, removed).unwrap();
            } else {
                t.add_on_top(c.face_down(), stock).unwrap();
            }
        }
    }
    t.set_counter(REMOVING, 1);
    t.to_text()
}

#[test]
fn a_constructed_loss_is_proven_by_the_cli_and_the_plain_search() {
    let dir = tempfile::tempdir().unwrap();
    let text = stuck_board();
    let path = dir.path().join("stuck.txt");
    std::fs::write(&path, &text).unwrap();
    let out = patience(&["solve", "camelot", "--board", path.to_str().unwrap()]).ok();
    assert!(out.contains("unsolvable"), "{out}");
    let t = Table::parse(&text).unwrap();
    let g = &camelot::GAME.game;
    let layouts = referee_layouts(g, &t, candidates, Table::to_text, 10).unwrap();
    assert_eq!(layouts.len(), 1);
    assert!(!layouts[0].1);
    assert_eq!(g.referee_status(&t), Status::Lost);
}

#[test]
fn bad_camelot_boards_get_one_clear_error_line() {
    let dir = tempfile::tempdir().unwrap();
    let stuck = stuck_board();
    let t = Table::parse(&stuck).unwrap();
    // A King out of its corner: swap the clubs King (a1) with a centre Six (b2).
    let misplaced = {
        let mut t = t.clone();
        let (a, b) = (t.find("a1").unwrap(), t.find("b2").unwrap());
        let (x, y) = (t.piles[a].cards[0], t.piles[b].cards[0]);
        t.piles[a].cards[0] = y;
        t.piles[b].cards[0] = x;
        t.to_text()
    };
    let court_removed = {
        let mut t = t.clone();
        let (a, r) = (t.find("a1").unwrap(), t.find(REMOVED).unwrap());
        t.move_top_to_top(a, r).unwrap();
        t.to_text()
    };
    // One card of the removed pile back into the stock: a Nine without its Ace, an odd Five.
    let unpaired = |value: u8| {
        let mut t = t.clone();
        let (r, stock) = (t.find(REMOVED).unwrap(), t.find(STOCK).unwrap());
        let at = t.piles[r]
            .cards
            .iter()
            .position(|c| c.rank_unchecked().value() == value)
            .unwrap();
        let c = t.piles[r].cards.remove(at);
        t.piles[stock].cards.insert(0, c.face_down());
        t.to_text()
    };
    let cases = [
        (misplaced, "may not lie in slot 'b2'"),
        (court_removed, "court cards never leave"),
        (
            unpaired(9),
            "'removed' holds 4 cards of rank 1 and 3 of rank 9",
        ),
        (unpaired(5), "'removed' holds 3 Fives"),
        (
            stuck.replace("removing = 1", "removing = 2"),
            "removing = 2",
        ),
        (
            stuck.replace("d4 (stacked)", "e4 (stacked)"),
            "unknown pile 'e4'",
        ),
    ];
    for (i, (text, want)) in cases.iter().enumerate() {
        let path = dir.path().join(format!("bad{i}.txt"));
        std::fs::write(&path, text).unwrap();
        let err =
            patience(&["solve", "camelot", "--board", path.to_str().unwrap()]).one_line_error();
        assert!(err.contains(want), "case {i}: {err}");
    }
}

#[test]
fn the_fair_hint_deals_the_stock_again() {
    let out = patience(&["hint", "camelot", "--deal", "3", "--fair", "--samples", "3"]).ok();
    assert!(out.contains("3 samples of the 52 unseen cards"), "{out}");
    assert!(out.contains("hint: "), "{out}");
}
