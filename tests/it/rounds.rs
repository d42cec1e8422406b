//! First Law (`patience::games::rounds`, a stock dealing one card onto each of four piles a
//! round) against its referee (`patience::verify`), and its boards.
//!
//! - **Move by move**, on random walks through deals: the moves the engine generates are
//!   exactly the moves the referee accepts among every click a player could make (the
//!   stock's deal or gathering, the four removed, each pile's top card onto each other
//!   pile), each lands on the state the engine says (the referee's layout packed again), and
//!   the referee's won / playing agrees with the engine's goal and moves.
//! - **A plain search over the referee's layouts**, on random small positions (two ranks
//!   in play, the rest removed; three make spaces too large for the referee's tables): every layout the referee reaches, kept exactly as it
//!   lies, nothing canonicalised. The engine's depth-first verdict must be the referee's,
//!   and the engine's count of reachable keys must equal the count of the referee's layouts
//!   once the removed cards' order is forgotten (the one thing the state leaves out).

use crate::common::patience;
use crate::common::referee::referee_layouts;
use patience::cards::{parse_card, Card};
use patience::deals::Rng;
use patience::games::rounds::{Move, Rounds, PILES, REMOVED, STOCK};
use patience::games::{first_law, Game};
use patience::piles::{Mode, Table};
use patience::study::{solve, Algorithm, SolveConfig, Verdict};
use patience::verify::{Referee, Status};
use solvers::{Limits, Space};
use std::collections::{HashSet, VecDeque};

const GAME: Rounds = first_law::GAME.game;

/// Every click a player could make: the stock (a deal, or gathering the piles), the four top
/// cards removed (named by the first pile's), each pile's top card onto each other pile.
fn candidates(t: &Table) -> Vec<Move> {
    let tops: Vec<Option<Card>> = PILES
        .iter()
        .map(|l| t.piles[t.find(l).unwrap()].top())
        .collect();
    let mut v = vec![Move::Deal, Move::Gather];
    if let Some(c) = tops[0] {
        v.push(Move::RemoveFour { card: c });
    }
    for from in 0..4u8 {
        for to in 0..4u8 {
            if let (true, Some(card)) = (from != to, tops[from as usize]) {
                v.push(Move::Shift { from, to, card });
            }
        }
    }
    v
}

fn engine_moves(t: &Table) -> Vec<(Move, patience::games::rounds::State)> {
    let mut out = Vec::new();
    GAME.expand(&GAME.pack(t).unwrap(), &mut out);
    out.into_iter().map(|x| (x.mv, x.state)).collect()
}

/// Checks the engine against the referee on `t`: the same moves, each landing on the same
/// state, the same won or playing. Returns the engine's moves.
fn check(t: &Table, what: &str) -> Vec<Move> {
    let g = &GAME;
    let engine = engine_moves(t);
    let mut a: Vec<Move> = engine.iter().map(|x| x.0).collect();
    let mut b: Vec<Move> = candidates(t)
        .into_iter()
        .filter(|m| g.referee_apply(&mut t.clone(), m).is_ok())
        .collect();
    a.sort_by_key(|m| format!("{m:?}"));
    b.sort_by_key(|m| format!("{m:?}"));
    assert_eq!(a, b, "{what}:\n{}", t.to_text());
    for (mv, state) in &engine {
        let mut after = t.clone();
        g.referee_apply(&mut after, mv).unwrap();
        assert_eq!(&g.pack(&after).unwrap(), state, "{what}: after {mv:?}");
    }
    let status = g.referee_status(t);
    assert_eq!(
        status == Status::Won,
        g.is_goal(&g.pack(t).unwrap()),
        "{what}"
    );
    // First Law is never lost by its rules: the stock deals or gathers.
    let want = if engine.is_empty() {
        Status::Won
    } else {
        Status::Playing
    };
    assert_eq!(status, want, "{what}");
    engine.into_iter().map(|x| x.0).collect()
}

/// Along the solver's winning lines of deals 1 to 8 (every removal, gathering and move of a
/// won game), and on random walks through deals 9 to 30 (600 moves each).
#[test]
fn engine_and_referee_agree_move_by_move_on_winning_lines_and_random_walks() {
    let g = &GAME;
    let cfg = SolveConfig {
        algorithm: Algorithm::Dfs,
        limits: Limits::default(),
    };
    let mut count = std::collections::HashMap::new();
    let mut tally = |mv: &Move| {
        *count.entry(std::mem::discriminant(mv)).or_insert(0usize) += 1;
    };
    for deal in 1..=8 {
        let mut t = g.deal(deal);
        let line = solve(g, &t, &cfg).unwrap().moves;
        for (i, mv) in line.iter().enumerate() {
            let moves = check(&t, &format!("deal {deal}, move {}", i + 1));
            assert!(moves.contains(mv), "deal {deal}: {mv:?}");
            tally(mv);
            g.referee_apply(&mut t, mv).unwrap();
        }
        assert!(check(&t, "the end").is_empty());
    }
    let mut rng = Rng::new(5);
    for deal in 9..=30 {
        let mut t = g.deal(deal);
        for step in 0..600 {
            let moves = check(&t, &format!("deal {deal}, step {step}"));
            let Some(&mv) = moves.get(rng.below(moves.len().max(1) as u64) as usize) else {
                break;
            };
            tally(&mv);
            g.referee_apply(&mut t, &mv).unwrap();
        }
    }
    let n = |mv: Move| {
        count
            .get(&std::mem::discriminant(&mv))
            .copied()
            .unwrap_or(0)
    };
    let card = card("7C");
    assert!(n(Move::RemoveFour { card }) >= 8 * 13);
    assert!(n(Move::Gather) > 100 && n(Move::Deal) > 1000);
    assert!(
        n(Move::Shift {
            from: 1,
            to: 0,
            card
        }) > 1000
    );
}

/// A board: `stock` (the next card dealt first), the four piles (bottom card first), and the
/// cards of the ranks not in play removed.
fn board(stock: &[Card], piles: &[Vec<Card>; 4]) -> Table {
    let mut t = Table::new();
    let s = t.create_empty(STOCK, Mode::Stacked).unwrap();
    for c in stock.iter().rev() {
        t.add_on_top(c.face_down(), s).unwrap();
    }
    let mut named: Vec<Card> = stock.to_vec();
    for (l, cards) in PILES.iter().zip(piles) {
        let p = t.create_empty(l, Mode::Spread).unwrap();
        for &c in cards {
            t.add_on_top(c, p).unwrap();
            named.push(c);
        }
    }
    let r = t.create_empty(REMOVED, Mode::Stacked).unwrap();
    for c in patience::cards::DeckSpec::FULL.cards() {
        if !named.contains(&c) {
            t.add_on_top(c, r).unwrap();
        }
    }
    t
}

/// A random small position: `ranks` whole ranks in play (the rest removed), a multiple of
/// four of them in the stock, the others spread at random over the piles.
fn small_position(rng: &mut Rng, ranks: usize) -> Table {
    let mut all = patience::cards::DeckSpec::FULL.cards();
    patience::deals::shuffle(&mut all, rng);
    let mut chosen: Vec<u8> = Vec::new();
    for c in &all {
        let r = c.rank().unwrap().value();
        if chosen.len() < ranks && !chosen.contains(&r) {
            chosen.push(r);
        }
    }
    let cards: Vec<Card> = all
        .into_iter()
        .filter(|c| chosen.contains(&c.rank().unwrap().value()))
        .collect();
    let in_stock = 4 * rng.below(ranks as u64 + 1) as usize;
    let mut piles: [Vec<Card>; 4] = Default::default();
    for &c in &cards[in_stock..] {
        piles[rng.below(4) as usize].push(c);
    }
    board(&cards[..in_stock], &piles)
}

/// The layout with the removed cards' order forgotten: what the state keeps.
fn canon(t: &Table) -> String {
    let mut t = t.clone();
    let r = t.find(REMOVED).unwrap();
    t.piles[r].cards.sort();
    t.to_text()
}

#[test]
fn engine_agrees_with_a_plain_search_over_the_referees_layouts() {
    let g = &GAME;
    let mut rng = Rng::new(3);
    let cfg = SolveConfig {
        algorithm: Algorithm::Dfs,
        limits: Limits::default(),
    };
    let mut sizes = 0;
    for round in 0..15 {
        let start = small_position(&mut rng, 2);
        let layouts =
            referee_layouts(g, &start, candidates, Table::to_text, usize::MAX).expect("no cap");
        let canons: HashSet<String> = layouts.iter().map(|(t, _)| canon(t)).collect();
        let what = format!("position {round}:\n{}", start.to_text());
        let verdict = solve(g, &start, &cfg).unwrap().verdict;
        assert!(
            matches!(verdict, Verdict::Solved | Verdict::Unsolvable),
            "{what}"
        );
        assert_eq!(verdict.is_win(), layouts[0].1, "{what}");
        // The engine's reachable keys.
        let s0 = g.pack(&start).unwrap();
        let mut keys = HashSet::from([g.key(&s0)]);
        let mut queue = VecDeque::from([s0]);
        let mut succ = Vec::new();
        while let Some(s) = queue.pop_front() {
            succ.clear();
            g.expand(&s, &mut succ);
            for x in &succ {
                if keys.insert(g.key(&x.state)) {
                    queue.push_back(x.state);
                }
            }
        }
        assert_eq!(keys.len(), canons.len(), "{what}");
        sizes += keys.len();
    }
    assert!(sizes > 200, "{sizes} states in all");
}

fn card(s: &str) -> Card {
    parse_card(s).unwrap()
}

/// Writes `text` to a fresh file; the CLI's one-line answer to `solve first-law --board`.
fn solve_board(name: &str, text: &str) -> crate::common::Run {
    let dir = std::env::temp_dir().join(format!("patience-rounds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    patience(&[
        "solve",
        "first-law",
        "--board",
        path.to_str().unwrap(),
        "--json",
    ])
}

#[test]
fn bad_boards_get_one_error_line() {
    let good = board(
        &[],
        &[
            vec![card("7C"), card("7D")],
            vec![card("7H")],
            vec![card("7S")],
            vec![],
        ],
    )
    .to_text();
    let v: serde_json::Value = serde_json::from_str(&solve_board("good.txt", &good).ok()).unwrap();
    assert_eq!(v["verdict"], "solved");
    let with = |from: &str, to: &str| good.replacen(from, to, 1);
    for (name, text, want) in [
        // Three Sevens removed, one in play: cards leave four of a rank at a time.
        (
            "three.txt",
            with("1 (spread): 7C 7D", "1 (spread): 7C")
                .replace("removed (stacked):", "removed (stacked): 7D"),
            "cards leave four of a rank at a time",
        ),
        // A stock of one card: it is dealt four at a time.
        (
            "stock.txt",
            with("1 (spread): 7C 7D", "1 (spread): 7C")
                .replace("stock (stacked):", "stock (stacked): #7D"),
            "multiple of four",
        ),
        // A pile card face down.
        (
            "down.txt",
            with("2 (spread): 7H", "2 (spread): #7H"),
            "should lie face up",
        ),
        (
            "pile.txt",
            good.replace("4 (spread):", "5 (spread):"),
            "pile '5'",
        ),
    ] {
        let line = solve_board(name, &text).one_line_error();
        assert!(line.contains(want), "{name}: {line}");
    }
}

/// `hint --fair` from deal 1 (the whole deck face down in the stock) and from a position
/// after a few moves: the hint names a card in sight or the stock's click.
#[test]
fn fair_hints_name_no_hidden_card() {
    let args = [
        "hint",
        "first-law",
        "--deal",
        "2",
        "--fair",
        "--samples",
        "5",
        "--json",
    ];
    let v: serde_json::Value = serde_json::from_str(&patience(&args).ok()).unwrap();
    assert_eq!(v["knowledge"], "fair");
    assert_eq!(v["unseen_cards"].as_u64().unwrap(), 52);
    let tally = v["tally"].as_array().unwrap();
    assert_eq!(tally[0][0], "deal", "{v}");
}
