//! Maze (`patience::games::maze`) against its referee (`patience::verify`), and its boards.
//!
//! - **Move by move**, on random walks through deals: the moves the engine generates are
//!   exactly the moves the referee accepts among every card into every gap; each lands on
//!   the state the engine says (the referee's layout packed again); no position is without a
//!   move (ARCHITECTURE.md: a gap always has a card or the edge on its left).
//! - **A plain search over the referee's layouts**, breadth-first to a fixed depth from deals
//!   and from near-finished lines: the layouts the referee reaches, exactly as they lie, are
//!   as many as the engine's keys at each depth, and a win lies within the depth for both or
//!   for neither. Maze's reachable sets are far too large to exhaust (any Ace may follow any
//!   Queen), so the comparison is depth-bounded; the engine has no reduction to check beyond
//!   its exact key.
//! - **Bad boards**, and a deal's line replayed.

use crate::common::patience;
use patience::cards::{Card, Rank, Suit};
use patience::deals::Rng;
use patience::games::maze::{self, slot_label, Move, KINGS, SLOTS};
use patience::games::Game;
use patience::piles::{Mode, Table};
use patience::verify::{Referee, Status};
use solvers::Space;
use std::collections::HashSet;

/// Every move a player could try: each card on the grid into each gap.
fn candidates(t: &Table) -> Vec<Move> {
    let cells: Vec<Option<Card>> = (0..SLOTS)
        .map(|i| t.piles[t.find(&slot_label(i)).unwrap()].top())
        .collect();
    let mut v = Vec::new();
    for to in (0..SLOTS).filter(|&i| cells[i].is_none()) {
        for c in cells.iter().flatten() {
            v.push(Move {
                card: *c,
                to: to as u8,
            });
        }
    }
    v
}

fn sorted(mut v: Vec<Move>) -> Vec<Move> {
    v.sort_by_key(|m| (m.to, m.card.index()));
    v
}

#[test]
fn engine_and_referee_agree_move_by_move_on_random_walks() {
    let g = &maze::GAME.game;
    let mut rng = Rng::new(11);
    let mut steps = 0;
    for deal in 1..=6 {
        let mut t = g.deal(deal);
        for _ in 0..60 {
            let s = g.pack(&t).unwrap();
            let mut out = Vec::new();
            g.expand(&s, &mut out);
            let legal: Vec<Move> = candidates(&t)
                .into_iter()
                .filter(|m| g.referee_apply(&mut t.clone(), m).is_ok())
                .collect();
            let engine: Vec<Move> = out.iter().map(|x| x.mv).collect();
            assert_eq!(sorted(engine), sorted(legal), "deal {deal}, step {steps}");
            for x in &out {
                let mut after = t.clone();
                g.referee_apply(&mut after, &x.mv).unwrap();
                assert_eq!(g.key(&g.pack(&after).unwrap()), g.key(&x.state));
            }
            let status = g.referee_status(&t);
            assert_eq!(status == Status::Won, g.is_goal(&s));
            assert!(!out.is_empty(), "deal {deal}: a position without a move");
            assert_eq!(status, Status::Playing);
            let x = &out[rng.below(out.len() as u64) as usize];
            g.referee_apply(&mut t, &x.mv).unwrap();
            steps += 1;
        }
    }
    assert_eq!(steps, 360);
}

/// A finished line (the suits in a random order, Ace to Queen each, the six gaps at random
/// places), then `k` random moves the referee accepts.
fn near_finished(rng: &mut Rng, k: usize) -> Table {
    let mut suits = Suit::ALL.to_vec();
    patience::deals::shuffle(&mut suits, rng);
    let mut cards: Vec<Option<Card>> = suits
        .iter()
        .flat_map(|&s| (1..=12).map(move |r| Some(Card::new(s, Rank::from_value(r)))))
        .collect();
    for _ in 0..6 {
        let at = rng.below(cards.len() as u64 + 1) as usize;
        cards.insert(at, None);
    }
    let mut t = Table::new();
    for (i, c) in cards.iter().enumerate() {
        let p = t.create_empty(&slot_label(i), Mode::Spread).unwrap();
        if let Some(c) = c {
            t.add_on_top(*c, p).unwrap();
        }
    }
    let kings = t.create_empty(KINGS, Mode::Stacked).unwrap();
    for s in Suit::ALL {
        t.add_on_top(Card::new(s, Rank::King), kings).unwrap();
    }
    let g = &maze::GAME.game;
    assert_eq!(g.referee_status(&t), Status::Won);
    for _ in 0..k {
        let legal: Vec<Move> = candidates(&t)
            .into_iter()
            .filter(|m| g.referee_apply(&mut t.clone(), m).is_ok())
            .collect();
        let mv = legal[rng.below(legal.len() as u64) as usize];
        g.referee_apply(&mut t, &mv).unwrap();
    }
    t
}

/// The referee's layouts within `depth` moves of `start`, exactly as they lie (by their
/// text), layer by layer, and whether a won layout is among them.
fn referee_layers(start: &Table, depth: usize) -> (Vec<usize>, bool) {
    let g = &maze::GAME.game;
    let mut seen = HashSet::from([start.to_text()]);
    let mut layer = vec![start.clone()];
    let mut sizes = vec![1];
    let mut won = g.referee_status(start) == Status::Won;
    for _ in 0..depth {
        let mut next = Vec::new();
        for t in &layer {
            for mv in candidates(t) {
                let mut after = t.clone();
                if g.referee_apply(&mut after, &mv).is_ok() && seen.insert(after.to_text()) {
                    won |= g.referee_status(&after) == Status::Won;
                    next.push(after);
                }
            }
        }
        sizes.push(seen.len());
        layer = next;
    }
    (sizes, won)
}

/// The engine's keys within `depth` moves of `start`, layer by layer, and whether a goal is
/// among them.
fn engine_layers(start: &Table, depth: usize) -> (Vec<usize>, bool) {
    let g = &maze::GAME.game;
    let s = g.pack(start).unwrap();
    let mut seen = HashSet::from([g.key(&s)]);
    let mut layer = vec![s];
    let mut sizes = vec![1];
    let mut won = g.is_goal(&s);
    for _ in 0..depth {
        let mut next = Vec::new();
        for s in &layer {
            // The engine lists no move from a won state; the referee's layouts go on, so the
            // comparison starts from positions that are not won and stops at the first win.
            let mut out = Vec::new();
            g.expand(s, &mut out);
            for x in out {
                if seen.insert(g.key(&x.state)) {
                    won |= g.is_goal(&x.state);
                    next.push(x.state);
                }
            }
        }
        sizes.push(seen.len());
        layer = next;
    }
    (sizes, won)
}

/// One round of the depth-two comparison, from `deals` and from positions a few random
/// moves short of a win drawn with `seed`: [compared, with a win within two moves, without],
/// and a message per disagreement (the seed and the position's board in it).
/// `scripts/soundness.sh` runs rounds on fresh seeds and deals
/// (`differential::soundness_long_run`).
pub(crate) fn plain_search_round(
    seed: u64,
    deals: std::ops::RangeInclusive<u64>,
) -> ([usize; 3], Vec<String>) {
    let g = &maze::GAME.game;
    let mut rng = Rng::new(seed);
    let mut counts = [0; 3];
    let mut failures = Vec::new();
    let mut starts: Vec<Table> = deals.map(|d| g.deal(d)).collect();
    for k in [1, 1, 2, 2, 3, 3, 5, 8, 12] {
        starts.push(near_finished(&mut rng, k));
    }
    for (i, t) in starts.iter().enumerate() {
        if g.referee_status(t) == Status::Won {
            continue;
        }
        let (r, rw) = referee_layers(t, 2);
        let (e, ew) = engine_layers(t, 2);
        // Layers are equal up to the first win (the engine does not expand won states).
        let agree = if rw { ew } else { r == e && !ew };
        if !agree {
            failures.push(format!(
                "maze (seed {seed}) start {i}: referee layers {r:?} (a win: {rw}), \
                 engine {e:?} (a win: {ew})\n{}",
                t.to_text()
            ));
        }
        counts[0] += 1;
        counts[if rw { 1 } else { 2 }] += 1;
    }
    (counts, failures)
}

#[test]
fn engine_layers_equal_a_plain_search_over_the_referees_layouts() {
    let ([_, won, not], failures) = plain_search_round(2026, 1..=3);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(won >= 2 && not >= 3, "{won} with a win near, {not} without");
}

#[test]
fn a_deal_is_won_by_a_line_the_referee_replays() {
    let v = crate::common::json(&patience(&["solve", "maze", "--deal", "4", "--json"]).ok());
    assert_eq!(v["verdict"], "solved");
    let g = &maze::GAME.game;
    let mut t = g.deal(4);
    let moves = v["moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        let text = m.as_str().unwrap();
        let (card, to) = text.split_once(" to ").unwrap();
        let card = patience::cards::parse_card(card).unwrap();
        let to = (0..SLOTS).find(|&i| slot_label(i) == to).unwrap();
        g.referee_apply(&mut t, &Move { card, to: to as u8 })
            .unwrap();
    }
    assert_eq!(g.referee_status(&t), Status::Won);
}

#[test]
fn bad_maze_boards_get_one_clear_error_line() {
    let dir = tempfile::tempdir().unwrap();
    let good = patience(&["deal", "maze", "--deal", "4"]).ok();
    let t = Table::parse(&good).unwrap();
    let king_slot = {
        let mut t = t.clone();
        let k = t.find(KINGS).unwrap();
        let gap = (0..SLOTS)
            .map(slot_label)
            .find(|l| t.piles[t.find(l).unwrap()].cards.is_empty())
            .unwrap();
        let g = t.find(&gap).unwrap();
        t.move_card(Suit::Clubs, Rank::King, k, g).unwrap();
        t.to_text()
    };
    let two_cards = {
        let mut t = t.clone();
        let (a, b) = (t.find("a1").unwrap(), t.find("b1").unwrap());
        t.move_top_to_top(b, a).unwrap();
        t.to_text()
    };
    let cases = [
        (king_slot, "the Kings are taken out"),
        (two_cards, "slot 'a1' holds 2 cards"),
        (
            good.replace("i6 (spread)", "j6 (spread)"),
            "unknown pile 'j6'",
        ),
        (
            good.replace("kings (stacked):", "kings (stacked): AS"),
            "duplicate card AS",
        ),
    ];
    for (i, (text, want)) in cases.iter().enumerate() {
        let path = dir.path().join(format!("bad{i}.txt"));
        std::fs::write(&path, text).unwrap();
        let err = patience(&["solve", "maze", "--board", path.to_str().unwrap()]).one_line_error();
        assert!(err.contains(want), "case {i}: {err}");
    }
}
