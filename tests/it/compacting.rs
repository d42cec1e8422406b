//! The games of a line that closes up (Monte Carlo, Neighbor, Quatorze, Accordion:
//! `patience::games::compacting`, one engine) against their referee (`patience::verify`),
//! and their boards.
//!
//! - **Move by move**, on random walks through deals of each game: the layouts the engine's
//!   moves lead to are exactly the layouts the referee reaches by every move a player could
//!   try (every card alone, every ordered two cards of the line as a pair or a covering, the
//!   deal); each engine move, played by the referee, lands on the state the engine says (the
//!   referee's layout packed again); the referee's won / lost / playing agrees.
//! - **A plain search over the referee's layouts** (`common::referee::referee_layouts`), on
//!   small positions: near the end of the winning lines of the first deals, and random
//!   positions of the same rules on a short line (a grid of two rows of five, with a stock
//!   of up to four cards; a line of ten for Accordion). The engine's depth-first verdict must
//!   be the referee's, and the engine's count of reachable keys must equal the count of the
//!   referee's layouts (as they lie, but for the order of the removed cards' pile): the key
//!   leaves nothing out and the engine makes no reduction.
//! - **Constructed losses**, one a game, whose arguments are written beside them; and bad
//!   boards, each refused in one line.

use crate::common::patience;
use crate::common::referee::{
    assert_round_passed, engine_keys, referee_layouts, verdict_disagreement,
};
use patience::cards::{parse_card, Card, DeckSpec};
use patience::deals::Rng;
use patience::games::compacting::{Close, Compacting, Move, Rules, LABELS, REMOVED, STOCK};
use patience::games::{accordion, monte_carlo, neighbor, quatorze, Family, Game, GameId};
use patience::piles::{Mode, Table};
use patience::study::{solve, Algorithm, SolveConfig};
use patience::verify::{Referee, Status};
use solvers::{Limits, Space};
use std::collections::VecDeque;

const GAMES: [Compacting; 4] = [
    monte_carlo::GAME.game,
    neighbor::GAME.game,
    quatorze::GAME.game,
    accordion::GAME.game,
];

fn name(g: &Compacting) -> String {
    g.rules.id.to_string()
}

/// Every move a player could try: the deal, each card of the line alone, and each two
/// cards of the line in either order, as a pair and as a covering.
fn candidates(t: &Table) -> Vec<Move> {
    let cards: Vec<Card> = t
        .piles
        .iter()
        .filter(|p| p.label != REMOVED && p.label != STOCK)
        .filter_map(|p| p.top())
        .collect();
    let mut v = vec![Move::Deal];
    for &a in &cards {
        v.push(Move::Single { card: a });
        for &b in &cards {
            if a != b {
                v.push(Move::Pair {
                    first: a,
                    second: b,
                });
                v.push(Move::Onto {
                    card: a,
                    covered: b,
                });
            }
        }
    }
    v
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

#[test]
fn engine_and_referee_agree_move_by_move_on_random_walks() {
    let mut rng = Rng::new(18);
    for g in &GAMES {
        let (mut steps, mut won, mut lost) = (0, 0, 0);
        // Accordion's line is long and its walks too: fewer deals.
        let deals = if g.rules.slots == 52 { 6 } else { 25 };
        for deal in 1..=deals {
            let mut t = g.deal(deal);
            loop {
                let s = g.pack(&t).unwrap();
                let mut engine = Vec::new();
                g.expand_all(&s, &mut engine);
                let mut mine: Vec<String> = Vec::new();
                for x in &engine {
                    let mut after = t.clone();
                    g.referee_apply(&mut after, &x.mv).unwrap_or_else(|e| {
                        panic!("{} deal {deal}: {:?} refused: {e}", name(g), x.mv)
                    });
                    let packed = g.pack(&after).unwrap();
                    assert_eq!(g.position(&packed), g.position(&x.state), "{:?}", x.mv);
                    mine.push(layout_text(&after));
                }
                let mut theirs: Vec<String> = candidates(&t)
                    .into_iter()
                    .filter_map(|m| {
                        let mut after = t.clone();
                        g.referee_apply(&mut after, &m)
                            .ok()
                            .map(|_| layout_text(&after))
                    })
                    .collect();
                mine.sort();
                mine.dedup();
                theirs.sort();
                theirs.dedup();
                assert_eq!(mine, theirs, "{} deal {deal}\n{}", name(g), t.to_text());
                let status = g.referee_status(&t);
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
                let mv = engine[rng.below(engine.len() as u64) as usize].mv;
                g.referee_apply(&mut t, &mv).unwrap();
                steps += 1;
            }
        }
        assert!(steps >= 100 && lost > 0, "{}: {steps} steps", name(g));
        assert_eq!(won + lost, deals, "{}: every walk ends", name(g));
    }
}

/// The game's rules on a short line: a grid of two rows of five (or a line of ten).
fn short(g: &Compacting) -> &'static Rules {
    Box::leak(Box::new(Rules {
        slots: 10,
        cols: g.rules.cols.min(10),
        ..*g.rules
    }))
}

/// A random position of the short rules `r`: `line` cards on the line and `stock` in the
/// stock (the stock only where the short game has one), the rest removed. Where the line
/// closes up at once its cards lie at its start, and it is full while the stock has cards;
/// Monte Carlo's lie anywhere. The cards: the deck shuffled, put in pairs that match, so
/// that many positions can be cleared, and shuffled again.
fn small_position(r: &'static Rules, rng: &mut Rng, line: usize, stock: usize) -> Table {
    let g = Compacting { rules: r };
    let mut deck = DeckSpec::FULL.cards();
    patience::deals::shuffle(&mut deck, rng);
    let mut rest = VecDeque::from(deck);
    let mut cards = Vec::new();
    while let Some(a) = rest.pop_front() {
        cards.push(a);
        if let Some(j) = rest.iter().position(|&b| r.cards_match(a.byte(), b.byte())) {
            cards.push(rest.remove(j).unwrap());
        }
    }
    let in_play = line + stock;
    patience::deals::shuffle(&mut cards[..in_play], rng);
    let mut places: Vec<usize> = (0..r.slots()).collect();
    if r.close == Close::OnDeal {
        patience::deals::shuffle(&mut places, rng);
    }
    let mut filled = places[..line].to_vec();
    filled.sort();
    let mut it = cards.into_iter();
    let mut t = Table::new();
    if r.stock() > 0 {
        let s = t.create_empty(STOCK, Mode::Stacked).unwrap();
        for c in it.by_ref().take(stock) {
            t.add_on_top(c.face_down(), s).unwrap();
        }
    }
    let piles: Vec<usize> = LABELS[..r.slots()]
        .iter()
        .map(|l| t.create_empty(l, Mode::Spread).unwrap())
        .collect();
    for i in filled {
        t.add_on_top(it.next().unwrap(), piles[i]).unwrap();
    }
    let removed = t.create_empty(REMOVED, Mode::Stacked).unwrap();
    for c in it {
        t.add_on_top(c, removed).unwrap();
    }
    g.pack(&t).expect("a position of the short game");
    t
}

/// The engine's verdict and count of reachable keys against the referee's layouts: whether
/// the position is won, or what they disagree on.
fn check_against_referee(g: &Compacting, start: &Table) -> Result<bool, String> {
    let cfg = SolveConfig {
        algorithm: Algorithm::Dfs,
        limits: Limits::default(),
    };
    let Some(layouts) = referee_layouts(g, start, candidates, layout_text, 2_000_000) else {
        return Err("more than 2,000,000 layouts: not a small position".to_string());
    };
    let winnable = layouts[0].1;
    let verdict = solve(g, start, &cfg).unwrap().verdict;
    if let Some(why) = verdict_disagreement(&verdict, winnable) {
        return Err(why);
    }
    let keys = engine_keys(g, g.pack(start).unwrap(), |s, out| g.expand(s, out));
    if keys.len() != layouts.len() {
        return Err(format!(
            "engine {} keys, referee {} layouts",
            keys.len(),
            layouts.len()
        ));
    }
    Ok(winnable)
}

/// One round of the plain-search comparison, the games in turn drawing from one generator
/// seeded with `seed`: near the end of the winning lines of `deals` of the real game (and one
/// random move off them), and `random` random positions of the game's rules on a short line.
/// Per game [compared, won, lost], and a message per disagreement (the game, the seed and the
/// position's board in it). `scripts/soundness.sh` runs rounds on fresh seeds and deals
/// (`differential::soundness_long_run`).
pub(crate) fn plain_search_round(
    seed: u64,
    deals: std::ops::RangeInclusive<u64>,
    random: usize,
) -> (Vec<[usize; 3]>, Vec<String>) {
    let mut rng = Rng::new(seed);
    let cfg = SolveConfig {
        algorithm: Algorithm::Dfs,
        limits: Limits {
            max_nodes: Some(2_000_000),
            ..Limits::default()
        },
    };
    let (mut counts, mut failures) = (Vec::new(), Vec::new());
    for g in &GAMES {
        let mut count = [0; 3];
        let mut check = |g: &Compacting, t: &Table, what: String| {
            match check_against_referee(g, t) {
                Ok(won) => count[if won { 1 } else { 2 }] += 1,
                Err(why) => failures.push(format!(
                    "{} (seed {seed}) {what}:\n{}\n{why}",
                    name(g),
                    t.to_text()
                )),
            }
            count[0] += 1;
        };
        for deal in deals.clone() {
            let mut t = g.deal(deal);
            let report = solve(g, &t, &cfg).unwrap();
            if !report.verdict.is_win() {
                continue;
            }
            let left = 6 + rng.below(5) as u32;
            for mv in &report.moves {
                let s = g.pack(&t).unwrap();
                if g.cards_left(&s) <= left {
                    let mut succ = Vec::new();
                    g.expand_all(&s, &mut succ);
                    let mut off = t.clone();
                    if !succ.is_empty() {
                        let mv = succ[rng.below(succ.len() as u64) as usize].mv;
                        g.referee_apply(&mut off, &mv).unwrap();
                    }
                    check(g, &t, format!("deal {deal}"));
                    check(g, &off, format!("deal {deal}, a move off its line"));
                    break;
                }
                g.referee_apply(&mut t, mv).unwrap();
            }
        }
        // Random positions of the game's rules on a short line.
        let r = short(g);
        let small = Compacting { rules: r };
        for round in 0..random {
            let with_stock = r.stock() > 0 && r.slots() < 52 && g.rules.slots < 52;
            let stock = if with_stock { rng.below(5) as usize } else { 0 };
            let line = if stock > 0 && r.close != Close::OnDeal {
                10
            } else {
                2 + rng.below(if g.rules.slots == 52 { 9 } else { 7 }) as usize
            };
            let start = small_position(r, &mut rng, line, stock);
            check(&small, &start, format!("short position {round}"));
        }
        counts.push(count);
    }
    (counts, failures)
}

#[test]
fn engine_agrees_with_a_plain_search_over_the_referees_layouts() {
    let (counts, failures) = plain_search_round(13, 1..=10, 60);
    let games = GAMES.iter().zip(counts);
    assert_round_passed(&failures, games.map(|(g, [_, w, l])| (name(g), w, l)));
}

/// A board of `g`: the line's cards by slot (`-` for an empty slot), the stock (the next
/// card first), the other cards removed.
fn board(g: &Compacting, line: &str, stock: &str) -> String {
    let mut t = Table::new();
    if g.rules.stock() > 0 {
        let s = t.create_empty(STOCK, Mode::Stacked).unwrap();
        let cards: Vec<Card> = stock
            .split_whitespace()
            .map(|w| parse_card(w).unwrap())
            .collect();
        for c in cards.into_iter().rev() {
            t.add_on_top(c.face_down(), s).unwrap();
        }
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    for (i, l) in LABELS[..g.rules.slots()].iter().enumerate() {
        let p = t.create_empty(l, Mode::Spread).unwrap();
        if let Some(w) = words.get(i).filter(|w| **w != "-") {
            t.add_on_top(parse_card(w).unwrap(), p).unwrap();
        }
    }
    let r = t.create_empty(REMOVED, Mode::Stacked).unwrap();
    let named = t.card_counts();
    for c in DeckSpec::FULL.cards() {
        if named.count(c) == 0 {
            t.add_on_top(c, r).unwrap();
        }
    }
    t.to_text()
}

/// Writes `text` to a fresh file and solves it as `game`: the JSON verdict.
fn solve_board(game: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("patience-compacting-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{game}-loss.txt"));
    std::fs::write(&path, text).unwrap();
    let out = patience(&["solve", game, "--board", path.to_str().unwrap(), "--json"]).ok();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    v["verdict"].as_str().unwrap().to_string()
}

/// A constructed position: proven lost by the CLI, and lost for the plain search over the
/// referee's layouts too.
fn assert_constructed_loss(g: &Compacting, text: &str) {
    let game = name(g);
    assert_eq!(solve_board(&game, text), "unsolvable", "{game}:\n{text}");
    let t = Table::parse(text).unwrap();
    let layouts = referee_layouts(g, &t, candidates, layout_text, 1_000_000).unwrap();
    assert!(!layouts[0].1, "{game}: the referee's layouts say winnable");
}

/// Monte Carlo: 5C 7H 5D 7S on the first row, the stock 9C then 9D. No two of a rank touch;
/// the deal puts 9C at the row's end and 9D at the start of the next row, which do not
/// touch (and nothing else moved). Lost, though every rank is there twice.
#[test]
fn monte_carlo_constructed_loss_is_proven() {
    let g = &monte_carlo::GAME.game;
    assert_constructed_loss(g, &board(g, "5C 7H 5D 7S", "9C 9D"));
}

/// Neighbor: KS 6C 3H 7D TS on the first row, the stock out. The King goes and the row
/// closes up to 6C 3H 7D TS: 6C and 7D make 13 but lie two apart, and so do 3H and TS.
/// Lost.
#[test]
fn neighbor_constructed_loss_is_proven() {
    let g = &neighbor::GAME.game;
    assert_constructed_loss(g, &board(g, "KS 6C 3H 7D TS", ""));
}

/// Quatorze: 2C 3C 4C 5C 6C on the first row, 9D at the start of the second, the stock out.
/// The Clubs make at most 11 two by two; 9D makes 14 only with 5C, in another row and
/// column. Lost.
#[test]
fn quatorze_constructed_loss_is_proven() {
    let g = &quatorze::GAME.game;
    assert_constructed_loss(g, &board(g, "2C 3C 4C 5C 6C 9D", ""));
}

/// Accordion: AC 2D 3H AS. AS covers AC three slots left (one rank); then AS 2D 3H share
/// nothing next door. No other card matches the card one or three left of it. Lost.
#[test]
fn accordion_constructed_loss_is_proven() {
    let g = &accordion::GAME.game;
    assert_constructed_loss(g, &board(g, "AC 2D 3H AS", ""));
}

/// A Monte Carlo board with a removed card put on slot 2, over 7H.
fn two_on_a_slot() -> String {
    let mut t = Table::parse(&board(&monte_carlo::GAME.game, "5C 7H", "")).unwrap();
    let (r, p) = (t.find(REMOVED).unwrap(), t.find("2").unwrap());
    t.move_top_to_top(r, p).unwrap();
    t.to_text()
}

/// Boards that are no position of the game: one line each, naming what is wrong.
#[test]
fn bad_boards_get_one_error_line() {
    let dir = std::env::temp_dir().join(format!("patience-compacting-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let neighbor = &neighbor::GAME.game;
    let quatorze = &quatorze::GAME.game;
    let accordion = &accordion::GAME.game;
    let cases: Vec<(&str, String, &str)> = vec![
        // Two cards on one slot.
        ("monte-carlo", two_on_a_slot(), "holds 2 cards"),
        // An empty slot while the stock has cards.
        (
            "neighbor",
            board(neighbor, "5C - 7H", "9C"),
            "filled at once",
        ),
        // A gap before a card once the stock is out.
        (
            "quatorze",
            board(quatorze, "5C - 7H", ""),
            "closes up at once",
        ),
        // A pile the game does not have.
        (
            "accordion",
            board(accordion, "5C 7H", "")
                .replace("removed (stacked):", "stock (stacked):\nremoved (stacked):"),
            "unknown pile 'stock'",
        ),
    ];
    for (k, (game, text, want)) in cases.into_iter().enumerate() {
        let path = dir.join(format!("bad-{k}.txt"));
        std::fs::write(&path, &text).unwrap();
        let line = patience(&["solve", game, "--board", path.to_str().unwrap()]).one_line_error();
        assert!(line.contains(want), "{game} case {k}: {line}\n{text}");
    }
}

/// `hint --fair` plays from what a player sees: the samples deal the stock again, and every
/// move tallied names only cards on the line (or is Monte Carlo's deal).
#[test]
fn fair_hints_name_no_hidden_card() {
    // The family but Accordion, which deals every card face up.
    let games = GameId::of_family(Family::Compacting);
    for id in games.iter().filter(|g| g.to_string() != "accordion") {
        let game = id.to_string();
        let game = game.as_str();
        let board = patience(&["deal", game, "--deal", "3"]).ok();
        let hidden: Vec<&str> = board
            .split_whitespace()
            .filter_map(|w| w.strip_prefix('#').filter(|c| !c.is_empty()))
            .collect();
        assert_eq!(hidden.len(), 27, "{game}");
        let args = [
            "hint",
            game,
            "--deal",
            "3",
            "--fair",
            "--samples",
            "5",
            "--json",
        ];
        let out = patience(&args).ok();
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["knowledge"], "fair", "{game}");
        assert_eq!(v["unseen_cards"].as_u64().unwrap(), 27, "{game}");
        let tally = v["tally"].as_array().unwrap();
        assert!(!tally.is_empty(), "{game}: no sampled win: {out}");
        for mv in tally.iter().map(|x| x[0].as_str().unwrap()) {
            for card in mv.split(['+', '>']).filter(|c| *c != "deal") {
                assert!(!hidden.contains(&card), "{game}: {mv} names a hidden card");
                assert!(board.contains(&format!(" {card}\n")), "{game}: {mv}");
            }
        }
    }
}
