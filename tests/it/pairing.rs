//! The pairing games (Thirteen, Treize, Fourteen, Gay Gordons, Isabel, Helsinki, Jamestown,
//! Block Ten, Cover: `patience::games::pairing`, one engine) against their referee
//! (`patience::verify`), and their boards.
//!
//! - **Move by move**, on random walks through deals of each game: the moves the engine
//!   generates are exactly the moves the referee accepts among every pair and every single
//!   card of the face-up cards a player could reach (each pile's top card, the card under
//!   the waste's top) and the turn of the stock; each lands on the state the engine says
//!   (the referee's layout packed again); the referee's won / lost / playing agrees.
//! - **A plain search over the referee's layouts**, on small positions (along winning lines
//!   of the first deals, one random move off them, and random positions with a few cards
//!   left): every layout the referee reaches, as it lies but for the order of the removed
//!   cards' pile (which holds every card the other piles do not). The engine's depth-first
//!   verdict must be the referee's, and the engine's count of reachable keys must equal the
//!   count of the referee's layouts: the key leaves nothing out, but in the games of spots
//!   which spot holds which card (`canon` below; ARCHITECTURE.md, "Reductions").
//! - **Constructed losses**, one a game, whose arguments are written beside them; and bad
//!   boards, each refused in one line.

use crate::common::patience;
use crate::common::referee::{
    assert_round_passed_with_more_than, engine_keys, referee_layouts, verdict_disagreement,
};
use patience::cards::{parse_card, Card, DeckSpec};
use patience::deals::Rng;
use patience::games::pairing::{
    Goal, Layout, Move, Pairing, Waste, FIRST, LABELS, REMOVED, STOCK, WASTE,
};
use patience::games::{
    block_ten, cover, fourteen, gay_gordons, helsinki, isabel, jamestown, thirteen, treize, Game,
};
use patience::piles::{Mode, Table};
use patience::study::{solve, Algorithm, SolveConfig};
use patience::verify::{Referee, Status};
use solvers::{Limits, Space};
use std::collections::{HashSet, VecDeque};

const GAMES: [Pairing; 9] = [
    thirteen::GAME.game,
    treize::GAME.game,
    fourteen::GAME.game,
    gay_gordons::GAME.game,
    isabel::GAME.game,
    helsinki::GAME.game,
    jamestown::GAME.game,
    block_ten::GAME.game,
    cover::GAME.game,
];

fn name(g: &Pairing) -> String {
    g.rules.id.to_string()
}

/// The layout piles' labels.
fn layout_labels(g: &Pairing) -> &'static [&'static str] {
    let n = match g.rules.layout {
        Layout::Pyramid { rows } => rows as usize * (rows as usize + 1) / 2,
        Layout::Piles(h) => h.len(),
        Layout::Slots(n) => n as usize,
    };
    &LABELS[..n]
}

/// Every move a player could try: each pair and each single card among the face-up top
/// cards of every pile but the removed cards' (and the card under the waste's top), and the
/// turn. A pair's cards in deck order.
fn candidates(t: &Table) -> Vec<Move> {
    let mut cards: Vec<Card> = Vec::new();
    for p in &t.piles {
        if p.label == REMOVED || p.label == STOCK {
            continue;
        }
        cards.extend(p.top().filter(|c| c.is_face_up()));
        if p.label == WASTE && p.cards.len() >= 2 {
            cards.push(p.cards[p.cards.len() - 2]);
        }
    }
    cards.sort_by_key(|c| c.index());
    let mut v: Vec<Move> = cards.iter().map(|&card| Move::Single { card }).collect();
    for (i, &a) in cards.iter().enumerate() {
        for &b in &cards[i + 1..] {
            v.push(Move::Pair {
                first: a,
                second: b,
            });
        }
    }
    v.push(Move::Turn);
    v
}

/// A move with a pair's cards in deck order.
fn normal(mv: Move) -> Move {
    match mv {
        Move::Pair { first, second } if second.index() < first.index() => Move::Pair {
            first: second,
            second: first,
        },
        m => m,
    }
}

fn engine_moves(g: &Pairing, t: &Table) -> Vec<(Move, patience::games::pairing::State)> {
    let mut out = Vec::new();
    g.expand_all(&g.pack(t).unwrap(), &mut out);
    out.into_iter().map(|x| (x.mv, x.state)).collect()
}

#[test]
fn engine_and_referee_agree_move_by_move_on_random_walks() {
    let mut rng = Rng::new(18);
    for g in &GAMES {
        let (mut steps, mut won, mut lost) = (0, 0, 0);
        // At least 25 deals, and more while the walks have made fewer than 150 moves (Block
        // Ten's and Cover's end quickly).
        let mut deal = 0;
        while deal < 25 || steps < 150 {
            deal += 1;
            let mut t = g.deal(deal);
            loop {
                let engine = engine_moves(g, &t);
                let mut a: Vec<Move> = engine.iter().map(|x| normal(x.0)).collect();
                let mut b: Vec<Move> = candidates(&t)
                    .into_iter()
                    .filter(|m| g.referee_apply(&mut t.clone(), m).is_ok())
                    .collect();
                a.sort_by_key(|m| format!("{m:?}"));
                b.sort_by_key(|m| format!("{m:?}"));
                assert_eq!(
                    a,
                    b,
                    "{} deal {deal}, step {steps}\n{}",
                    name(g),
                    t.to_text()
                );
                for (mv, state) in &engine {
                    let mut after = t.clone();
                    g.referee_apply(&mut after, mv).unwrap();
                    let packed = g.pack(&after).unwrap();
                    assert_eq!(g.position(&packed), g.position(state), "after {mv:?}");
                }
                let status = g.referee_status(&t);
                let s = g.pack(&t).unwrap();
                assert_eq!(status == Status::Won, g.is_goal(&s));
                if engine.is_empty() {
                    assert_ne!(status, Status::Playing);
                    if status == Status::Won {
                        won += 1;
                    } else {
                        lost += 1;
                    }
                    break;
                }
                assert_eq!(status, Status::Playing);
                let (mv, _) = engine[rng.below(engine.len() as u64) as usize];
                g.referee_apply(&mut t, &mv).unwrap();
                steps += 1;
            }
        }
        assert!(steps >= 150 && lost > 0, "{}: {steps} steps", name(g));
        assert_eq!(won + lost, deal, "{}: every walk ends", name(g));
    }
}

/// A random position of `g` with about `left` cards in the layout and, in the games with a
/// stock, `waste` cards turned and `stock` cards to come; the removed pile holds the rest.
/// A pyramid keeps `left` places drawn from its first five rows, and every place lying under a kept one (a card goes only once the cards over
/// it are gone); Thirteen's overlapped cards lie face down.
fn small_position(g: &Pairing, rng: &mut Rng, left: usize, waste: usize, stock: usize) -> Table {
    let labels = layout_labels(g);
    // The height of each layout pile.
    let mut heights = vec![0usize; labels.len()];
    match g.rules.layout {
        Layout::Pyramid { rows } => {
            let rows = rows as usize;
            let mut keep = vec![false; labels.len()];
            let index = |r: usize, c: usize| r * (r + 1) / 2 + c;
            // Places of the first five rows only: a kept place keeps all above it.
            for _ in 0..left {
                let k = rng.below(15) as usize;
                keep[k] = true;
            }
            // A kept place keeps the two places above it (the cards it overlaps lie under
            // it and can only go after it): close upwards, row by row from the bottom.
            for r in (1..rows).rev() {
                for c in 0..=r {
                    if keep[index(r, c)] {
                        if c < r {
                            keep[index(r - 1, c)] = true;
                        }
                        if c > 0 {
                            keep[index(r - 1, c - 1)] = true;
                        }
                    }
                }
            }
            for (h, k) in heights.iter_mut().zip(keep) {
                *h = usize::from(k);
            }
        }
        Layout::Slots(n) => {
            // Every spot holds a card while the stock has any.
            let full = if stock > 0 {
                n as usize
            } else {
                left.min(n as usize)
            };
            for _ in 0..full {
                let empty: Vec<usize> = (0..n as usize).filter(|&p| heights[p] == 0).collect();
                heights[empty[rng.below(empty.len() as u64) as usize]] = 1;
            }
        }
        Layout::Piles(depths) => {
            let mut placed = 0;
            while placed < left {
                let p = rng.below(depths.len() as u64) as usize;
                if heights[p] < depths[p] as usize {
                    heights[p] += 1;
                    placed += 1;
                }
            }
        }
    }
    // The cards in play: the first ones of the deck put in pairs (so that most positions
    // could be cleared but for the order), shuffled again; the rest are removed.
    let in_play = heights.iter().sum::<usize>() + waste + stock;
    let mut cards = paired_deck(g, rng);
    patience::deals::shuffle(&mut cards[..in_play], rng);
    let mut it = cards.into_iter();
    let mut t = Table::new();
    if g.rules.refills() {
        let s = t.create_empty(STOCK, Mode::Stacked).unwrap();
        for c in it.by_ref().take(stock) {
            t.add_on_top(c.face_down(), s).unwrap();
        }
    } else if g.rules.waste != Waste::None {
        let s = t.create_empty(STOCK, Mode::Stacked).unwrap();
        for c in it.by_ref().take(stock) {
            t.add_on_top(c.face_down(), s).unwrap();
        }
        let mut turned: Vec<Card> = it.by_ref().take(waste).collect();
        if g.rules.waste == Waste::BothEnds {
            let f = t.create_empty(FIRST, Mode::Stacked).unwrap();
            if !turned.is_empty() {
                t.add_on_top(turned.remove(0), f).unwrap();
            }
        }
        let w = t.create_empty(WASTE, Mode::Stacked).unwrap();
        for c in turned {
            t.add_on_top(c, w).unwrap();
        }
    }
    let piles: Vec<usize> = labels
        .iter()
        .map(|l| t.create_empty(l, Mode::Spread).unwrap())
        .collect();
    for (&p, &h) in piles.iter().zip(&heights) {
        for c in it.by_ref().take(h) {
            t.add_on_top(c, p).unwrap();
        }
    }
    let r = t.create_empty(REMOVED, Mode::Stacked).unwrap();
    for c in it {
        t.add_on_top(c, r).unwrap();
    }
    if g.rules.hidden_until_free {
        face_down_where_overlapped(g, &mut t);
    }
    t
}

/// The deck shuffled, then put in pairs: each card followed by the first later card it pairs
/// with (a card removed alone stands alone).
fn paired_deck(g: &Pairing, rng: &mut Rng) -> Vec<Card> {
    let mut cards = DeckSpec::FULL.cards();
    patience::deals::shuffle(&mut cards, rng);
    let rank = |c: Card| c.rank_unchecked().value();
    let mut rest = VecDeque::from(cards);
    let mut out = Vec::with_capacity(52);
    while let Some(a) = rest.pop_front() {
        out.push(a);
        if g.rules.alone == Some(rank(a)) {
            continue;
        }
        if let Some(j) = rest
            .iter()
            .position(|&b| g.rules.cards_pair(a.byte(), b.byte()))
        {
            out.push(rest.remove(j).unwrap());
        }
    }
    out
}

/// Turns face down every layout card with a card on it: in a pyramid, a card of the next row
/// overlapping it (Thirteen); in a pile, a card above it (Isabel).
fn face_down_where_overlapped(g: &Pairing, t: &mut Table) {
    let labels = layout_labels(g);
    if let Layout::Piles(_) = g.rules.layout {
        for l in labels {
            let p = t.find(l).unwrap();
            let n = t.piles[p].cards.len();
            for c in t.piles[p].cards.iter_mut().take(n.saturating_sub(1)) {
                *c = c.face_down();
            }
        }
        return;
    }
    let rows = 7;
    let index = |r: usize, c: usize| r * (r + 1) / 2 + c;
    for r in 0..rows - 1 {
        for c in 0..=r {
            let below = [index(r + 1, c), index(r + 1, c + 1)];
            let covered = below
                .iter()
                .any(|&k| !t.piles[t.find(labels[k]).unwrap()].is_empty());
            let p = t.find(labels[index(r, c)]).unwrap();
            if covered && t.piles[p].top().is_some_and(|c| c.is_face_up()) {
                t.flip_top(p).unwrap();
            }
        }
    }
}

/// The layout as the referee has it, but for the order of the removed cards' pile (its
/// cards are all those the other piles do not hold).
fn layout_text(t: &Table) -> String {
    t.to_text()
        .lines()
        .filter(|l| !l.starts_with(REMOVED))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The referee's layouts reachable from `start`, each with whether a won layout is
/// reachable from it (`common::referee::referee_layouts`).
fn referee_search(g: &Pairing, start: &Table) -> Vec<(Table, bool)> {
    referee_search_counted(g, start).0
}

/// What the engine's key keeps of a layout: all of it but the removed pile's order, and where
/// spots are refilled (Helsinki, Jamestown, Block Ten, Cover), which spot holds which card (the cards in play
/// are sorted); ARCHITECTURE.md, "Reductions".
fn canon(g: &Pairing, t: &Table) -> String {
    if !g.rules.refills() {
        return layout_text(t);
    }
    let mut spots: Vec<Card> = layout_labels(g)
        .iter()
        .filter_map(|l| t.piles[t.find(l).unwrap()].top())
        .collect();
    spots.sort_by_key(|c| c.index());
    let stock = &t.piles[t.find(STOCK).unwrap()].cards;
    format!("{spots:?} {stock:?}")
}

/// [`referee_search`], with the count of the layouts after [`canon`].
fn referee_search_counted(g: &Pairing, start: &Table) -> (Vec<(Table, bool)>, usize) {
    let layouts = referee_layouts(g, start, candidates, layout_text, usize::MAX).expect("no cap");
    let canons: HashSet<_> = layouts.iter().map(|(t, _)| canon(g, t)).collect();
    (layouts, canons.len())
}

/// Positions of `g` with few cards left: along the winning lines of `deals` (where at most 14
/// cards are left in play), one random move off each line, and `random` random small
/// positions.
fn small_positions(
    g: &Pairing,
    rng: &mut Rng,
    deals: std::ops::RangeInclusive<u64>,
    random: usize,
) -> Vec<Table> {
    let cfg = SolveConfig {
        algorithm: Algorithm::Dfs,
        limits: Limits {
            max_nodes: Some(2_000_000),
            ..Limits::default()
        },
    };
    let mut out = Vec::new();
    for deal in deals {
        let mut t = g.deal(deal);
        let line = solve(g, &t, &cfg).unwrap().moves;
        let left = 8 + rng.below(7) as u32;
        for mv in &line {
            let s = g.pack(&t).unwrap();
            if g.cards_left(&s) <= left {
                let mut off = t.clone();
                let succ = engine_moves(g, &t);
                let (mv, _) = succ[rng.below(succ.len() as u64) as usize];
                g.referee_apply(&mut off, &mv).unwrap();
                out.push(t);
                out.push(off);
                break;
            }
            g.referee_apply(&mut t, mv).unwrap();
        }
    }
    for _ in 0..random {
        let left = 2 + rng.below(9) as usize;
        let (waste, stock) = if g.rules.goal == Goal::StockOut {
            // Cover is won once its stock is out: a longer stock.
            (0, 3 + rng.below(10) as usize)
        } else if g.rules.refills() {
            (0, rng.below(5) as usize)
        } else if g.rules.waste != Waste::None {
            (rng.below(4) as usize, rng.below(4) as usize)
        } else {
            (0, 0)
        };
        out.push(small_position(g, rng, left, waste, stock));
    }
    out
}

/// One round of the plain-search comparison, the games in turn drawing from one generator
/// seeded with `seed` ([`small_positions`] of `deals` and `random`): per game [compared,
/// won, lost], and a message per disagreement (the game, the seed and the position's board
/// in it). `scripts/soundness.sh` runs rounds on fresh seeds and deals
/// (`differential::soundness_long_run`).
pub(crate) fn plain_search_round(
    seed: u64,
    deals: std::ops::RangeInclusive<u64>,
    random: usize,
) -> (Vec<[usize; 3]>, Vec<String>) {
    let mut rng = Rng::new(seed);
    let cfg = SolveConfig {
        algorithm: Algorithm::Dfs,
        limits: Limits::default(),
    };
    let (mut counts, mut failures) = (Vec::new(), Vec::new());
    for g in &GAMES {
        let mut count = [0; 3];
        for (round, start) in small_positions(g, &mut rng, deals.clone(), random)
            .into_iter()
            .enumerate()
        {
            let what = format!(
                "{} (seed {seed}) position {round}:\n{}",
                name(g),
                start.to_text()
            );
            let (layouts, canons) = referee_search_counted(g, &start);
            let winnable = layouts[0].1;
            let verdict = solve(g, &start, &cfg).unwrap().verdict;
            if let Some(why) = verdict_disagreement(&verdict, winnable) {
                failures.push(format!("{what}\n{why}"));
            }
            // The engine's reachable keys, one for each of the referee's layouts (up to where
            // the same cards lie in the spots of the games that refill them).
            let keys = engine_keys(g, g.pack(&start).unwrap(), |s, out| g.expand(s, out));
            if keys.len() != canons || (!g.rules.refills() && canons != layouts.len()) {
                failures.push(format!(
                    "{what}\nengine {} keys, referee {} layouts, {canons} after canon",
                    keys.len(),
                    layouts.len()
                ));
            }
            count[0] += 1;
            count[if winnable { 1 } else { 2 }] += 1;
        }
        counts.push(count);
    }
    (counts, failures)
}

#[test]
fn engine_agrees_with_a_plain_search_over_the_referees_layouts() {
    plain_search_on(1..=8, 24, 0);
}

/// [`engine_agrees_with_a_plain_search_over_the_referees_layouts`] on positions from deals 1
/// to 20 and 60 random ones per game instead of deals 1 to 8 and 24.
#[test]
#[ignore = "heavy: scripts/heavy-tests.sh runs it in release mode"]
fn engine_agrees_with_a_plain_search_over_the_referees_layouts_in_full() {
    plain_search_on(1..=20, 60, 5);
}

/// [`plain_search_round`] on seed 13 with `deals` and `random`: no disagreement, more than
/// `least` wins and losses for every game.
fn plain_search_on(deals: std::ops::RangeInclusive<u64>, random: usize, least: usize) {
    let (counts, failures) = plain_search_round(13, deals, random);
    let games = GAMES.iter().zip(counts);
    let games = games.map(|(g, [_, w, l])| (name(g), w, l));
    assert_round_passed_with_more_than(&failures, games, least);
}

/// A board of `g`: the layout piles as given (bottom card first; a pyramid's place by place),
/// Treize's first spot, the waste (bottom first) and the stock (the next card first), the
/// other cards removed; Thirteen's overlapped cards face down.
fn board(g: &Pairing, layout: &[(&str, &str)], first: &str, waste: &str, stock: &str) -> String {
    let cards = |s: &str| -> Vec<Card> {
        s.split_whitespace()
            .map(|w| parse_card(w).unwrap())
            .collect()
    };
    let mut t = Table::new();
    if g.rules.refills() {
        let s = t.create_empty(STOCK, Mode::Stacked).unwrap();
        for c in cards(stock).into_iter().rev() {
            t.add_on_top(c.face_down(), s).unwrap();
        }
    } else if g.rules.waste != Waste::None {
        let s = t.create_empty(STOCK, Mode::Stacked).unwrap();
        for c in cards(stock).into_iter().rev() {
            t.add_on_top(c.face_down(), s).unwrap();
        }
        if g.rules.waste == Waste::BothEnds {
            let f = t.create_empty(FIRST, Mode::Stacked).unwrap();
            for c in cards(first) {
                t.add_on_top(c, f).unwrap();
            }
        }
        let w = t.create_empty(WASTE, Mode::Stacked).unwrap();
        for c in cards(waste) {
            t.add_on_top(c, w).unwrap();
        }
    }
    for l in layout_labels(g) {
        let p = t.create_empty(l, Mode::Spread).unwrap();
        if let Some((_, cs)) = layout.iter().find(|(k, _)| k == l) {
            for c in cards(cs) {
                t.add_on_top(c, p).unwrap();
            }
        }
    }
    let r = t.create_empty(REMOVED, Mode::Stacked).unwrap();
    let named = t.card_counts();
    for c in DeckSpec::FULL.cards() {
        if named.count(c) == 0 {
            t.add_on_top(c, r).unwrap();
        }
    }
    if g.rules.hidden_until_free {
        face_down_where_overlapped(g, &mut t);
    }
    t.to_text()
}

/// Writes `text` to a fresh file and solves it as `game`: the JSON verdict.
fn solve_board(game: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("patience-pairing-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{game}-loss.txt"));
    std::fs::write(&path, text).unwrap();
    let out = patience(&["solve", game, "--board", path.to_str().unwrap(), "--json"]).ok();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    v["verdict"].as_str().unwrap().to_string()
}

/// A constructed position: proven lost by the CLI, and lost for the plain search over the
/// referee's layouts too.
fn assert_constructed_loss(g: &Pairing, text: &str) {
    let game = name(g);
    assert_eq!(solve_board(&game, text), "unsolvable", "{game}:\n{text}");
    let t = Table::parse(text).unwrap();
    assert!(
        !referee_search(g, &t)[0].1,
        "{game}: the referee's layouts say winnable"
    );
}

/// Thirteen: the stock out, the pyramid down to 5C on the last row, the waste 6H 5D 7C 8S 8D
/// (top last). The counts match (two 5s and two 8s, a 6 and a 7), but only the waste's top
/// pairs, with the card under it or with 5C: 8D goes with 5C (8S under it makes 16), leaving
/// 8S on 7C, which make 15, and nothing else in play. Lost.
#[test]
fn thirteen_constructed_loss_is_proven() {
    let g = &thirteen::GAME.game;
    assert_constructed_loss(g, &board(g, &[("28", "5C")], "", "6H 5D 7C 8S 8D", ""));
}

/// Treize: the pyramid and stock out, 6H on the first spot, the waste 5D 7C 8S (top last).
/// In play: 6H and 8S, and 8S with 7C under it: 14, 15. Lost, though 6H + 7C and 5D + 8S
/// would make 13 each.
#[test]
fn treize_constructed_loss_is_proven() {
    let g = &treize::GAME.game;
    assert_constructed_loss(g, &board(g, &[], "6H", "5D 7C 8S", ""));
}

/// Fourteen: 7C under 7D in one pile, 3S and JH on two others. 3S + JH go, and the two
/// Sevens, the only pair left, lie one on the other. Lost.
#[test]
fn fourteen_constructed_loss_is_proven() {
    let g = &fourteen::GAME.game;
    assert_constructed_loss(
        g,
        &board(g, &[("1", "7C 7D"), ("5", "3S"), ("9", "JH")], "", "", ""),
    );
}

/// Gay Gordons: QS on KD in one pile, 5C and 6D on two others. 5C + 6D go, and the Queen lies
/// on the only King left. Lost.
#[test]
fn gay_gordons_constructed_loss_is_proven() {
    let g = &gay_gordons::GAME.game;
    assert_constructed_loss(
        g,
        &board(g, &[("1", "KD QS"), ("2", "5C"), ("3", "6D")], "", "", ""),
    );
}

/// Isabel: 5H on 9C in one pile, 9D on 5S in another, 2C on 2D in a third, KS and KH alone.
/// The Kings go; then the tops are 5H, 9D and 2C, each one's partner lying under another top
/// or under itself, and nothing moves. Lost, though every rank is there twice.
#[test]
fn isabel_constructed_loss_is_proven() {
    let g = &isabel::GAME.game;
    assert_constructed_loss(
        g,
        &board(
            g,
            &[
                ("1", "9C 5H"),
                ("2", "5S 9D"),
                ("3", "2D 2C"),
                ("4", "KS"),
                ("5", "KH"),
            ],
            "",
            "",
            "",
        ),
    );
}

/// Helsinki: KS and nine cards from Ace to Six in the spots (no two make 13), 4C then 9S in
/// the stock. KS goes and 4C fills its spot; 4C wants a Nine, and the only one is still in
/// the stock, behind it. Nothing else moves. Lost.
#[test]
fn helsinki_constructed_loss_is_proven() {
    let g = &helsinki::GAME.game;
    let spots = ["KS", "AS", "2C", "3D", "4H", "5S", "6C", "AH", "2D", "3H"];
    let layout: Vec<(&str, &str)> = LABELS.iter().copied().zip(spots).collect();
    assert_constructed_loss(g, &board(g, &layout, "", "", "4C 9S"));
}

/// Jamestown: 2C and 2D among nine spots of otherwise different ranks, then JH and QS in the
/// stock, JS and QH after them. The Twos go and JH and QS fill their spots; no two cards in
/// play share a rank and nothing else moves, though the Jack's and the Queen's partners are
/// next in the stock. Lost.
#[test]
fn jamestown_constructed_loss_is_proven() {
    let g = &jamestown::GAME.game;
    let spots = ["2C", "2D", "3H", "4S", "5C", "6D", "7H", "8S", "9C"];
    let layout: Vec<(&str, &str)> = LABELS.iter().copied().zip(spots).collect();
    assert_constructed_loss(g, &board(g, &layout, "", "", "JH QS JS QH"));
}

/// Block Ten: the four Tens, AS 2S 3S 5C 5D in the spots, JH then 9C in the stock. Only the
/// Fives pair; JH and 9C fill their spots, the Ace takes the Nine, and 2S, 3S and JH are
/// left with the stock out and no Eight, Seven or Jack to come. Lost.
#[test]
fn block_ten_constructed_loss_is_proven() {
    let g = &block_ten::GAME.game;
    let spots = ["TC", "TD", "TH", "TS", "AS", "2S", "3S", "5C", "5D"];
    let layout: Vec<(&str, &str)> = LABELS.iter().copied().zip(spots).collect();
    assert_constructed_loss(g, &board(g, &layout, "", "", "JH 9C"));
}

/// Cover: 2C 3C 4H 5S in the spots, 6D 7S 8C 9S TS in the stock. Only the clubs pair, and
/// 6D and 7S fill their spots; then only the spades, and 8C and 9S fill theirs: four suits in
/// the spots with TS still in the stock. Lost.
#[test]
fn cover_constructed_loss_is_proven() {
    let g = &cover::GAME.game;
    let spots = ["2C", "3C", "4H", "5S"];
    let layout: Vec<(&str, &str)> = LABELS.iter().copied().zip(spots).collect();
    assert_constructed_loss(g, &board(g, &layout, "", "", "6D 7S 8C 9S TS"));
}

/// Boards that are no position of the game: one line each, naming what is wrong.
#[test]
fn bad_boards_get_one_error_line() {
    let dir = std::env::temp_dir().join(format!("patience-pairing-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let thirteen_deal = patience(&["deal", "thirteen", "--deal", "1"]).ok();
    let treize = &treize::GAME.game;
    let fourteen = &fourteen::GAME.game;
    let cases: Vec<(&str, String, &str)> = vec![
        // The apex face up while cards overlap it.
        (
            "thirteen",
            thirteen_deal.replacen("1 (spread): #8S", "1 (spread): 8S", 1),
            "should lie face down",
        ),
        // A card on the waste but none on the first spot.
        (
            "treize",
            board(treize, &[("28", "5C")], "", "6H 7D", ""),
            "pile 'first' is empty",
        ),
        // Five cards on a pile dealt four.
        (
            "fourteen",
            board(fourteen, &[("5", "AS 2S 3S 4S 5S")], "", "", ""),
            "holds 5 cards",
        ),
        // An empty spot while the stock has cards.
        (
            "jamestown",
            board(&jamestown::GAME.game, &[("1", "2C")], "", "", "3C"),
            "filled at once",
        ),
        // A pile the game does not have.
        (
            "fourteen",
            board(fourteen, &[], "", "", "")
                .replace("removed (stacked):", "waste (stacked):\nremoved (stacked):"),
            "unknown pile 'waste'",
        ),
    ];
    for (k, (game, text, want)) in cases.into_iter().enumerate() {
        let path = dir.join(format!("bad-{k}.txt"));
        std::fs::write(&path, &text).unwrap();
        let line = patience(&["solve", game, "--board", path.to_str().unwrap()]).one_line_error();
        assert!(line.contains(want), "{game} case {k}: {line}\n{text}");
    }
}
