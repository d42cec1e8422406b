//! Fortunes and First Law (`patience::games::rounds`, a stock dealing one card onto each of
//! four piles a round) against their referee (`patience::verify`), and their boards.
//!
//! - **Move by move**, on random walks through deals: the moves the engine generates are
//!   exactly the moves the referee accepts among every click a player could make (the
//!   stock's deal or gathering, a top card removed, the four removed, every group of a pile
//!   onto each other pile), each lands on the state the engine says (the referee's layout packed again), and
//!   the referee's won / playing agrees with the engine's goal and moves.
//! - **A plain search over the referee's layouts**, on random small positions (two ranks
//!   in play, the rest removed; three make spaces too large for the referee's tables): every layout the referee reaches, kept exactly as it
//!   lies, nothing canonicalised. The engine's depth-first verdict must be the referee's,
//!   and the engine's count of reachable keys must equal the count of the referee's layouts
//!   once the removed cards' order is forgotten (the one thing the state leaves out) and, in
//!   Fortunes once the stock is out, the piles' order (the key sorts them there).

use crate::common::patience;
use crate::common::referee::{engine_keys, referee_layouts, verdict_disagreement};
use patience::cards::{parse_card, Card};
use patience::deals::Rng;
use patience::games::rounds::{Move, Rounds, PILES, REMOVED, STOCK};
use patience::games::{first_law, fortunes, Game};
use patience::piles::{Mode, Table};
use patience::study::{solve, Algorithm, SolveConfig, Verdict};
use patience::verify::{Referee, Status};
use solvers::{Limits, Space};
use std::collections::HashSet;

const GAME: Rounds = first_law::GAME.game;
const FORTUNES: Rounds = fortunes::GAME.game;

/// Every click or drag a player could make: the stock (a deal, or gathering the piles), a
/// top card removed, the four top cards removed (named by the first pile's), every group of
/// a pile (a card and the cards on it) onto each other pile.
fn candidates(t: &Table) -> Vec<Move> {
    let piles: Vec<Vec<Card>> = PILES
        .iter()
        .map(|l| t.piles[t.find(l).unwrap()].cards.clone())
        .collect();
    let mut v = vec![Move::Deal, Move::Gather];
    if let Some(&c) = piles[0].last() {
        v.push(Move::RemoveFour { card: c });
    }
    for (pile, cards) in piles.iter().enumerate() {
        if let Some(&card) = cards.last() {
            v.push(Move::Remove {
                pile: pile as u8,
                card,
            });
        }
    }
    for from in 0..4u8 {
        for to in 0..4u8 {
            let cards = &piles[from as usize];
            for count in 1..=cards.len() {
                if from != to {
                    let card = cards[cards.len() - count];
                    let count = count as u8;
                    v.push(Move::Shift {
                        from,
                        to,
                        card,
                        count,
                    });
                }
            }
        }
    }
    v
}

fn engine_moves(g: &Rounds, t: &Table) -> Vec<(Move, patience::games::rounds::State)> {
    let mut out = Vec::new();
    g.expand(&g.pack(t).unwrap(), &mut out);
    out.into_iter().map(|x| (x.mv, x.state)).collect()
}

/// Checks the engine against the referee on `t`: the same moves, each landing on the same
/// state, the same won or playing. Returns the engine's moves.
fn check(g: &Rounds, t: &Table, what: &str) -> Vec<Move> {
    let engine = engine_moves(g, t);
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
    // Won by the goal; otherwise lost exactly when no move is left (First Law never is: its
    // stock deals or gathers).
    let want = if g.is_goal(&g.pack(t).unwrap()) {
        Status::Won
    } else if engine.is_empty() {
        Status::Lost
    } else {
        Status::Playing
    };
    assert_eq!(g.referee_status(t), want, "{what}");
    engine.into_iter().map(|x| x.0).collect()
}

/// Counts of the moves played, by kind.
type Tally = std::collections::HashMap<std::mem::Discriminant<Move>, usize>;

/// Checks `g` against the referee along the solver's winning lines of `won` (every move of a
/// won game) and on random walks through `walks` (up to 600 moves each); the moves played,
/// counted by kind.
fn agree_along(g: &Rounds, won: &[u64], walks: std::ops::RangeInclusive<u64>) -> Tally {
    let cfg = SolveConfig {
        algorithm: Algorithm::Dfs,
        limits: Limits::default(),
    };
    let mut count = Tally::new();
    let mut tally = |mv: &Move| {
        *count.entry(std::mem::discriminant(mv)).or_insert(0usize) += 1;
    };
    for &deal in won {
        let mut t = g.deal(deal);
        let line = solve(g, &t, &cfg).unwrap().moves;
        assert!(!line.is_empty(), "deal {deal}");
        for (i, mv) in line.iter().enumerate() {
            let moves = check(g, &t, &format!("deal {deal}, move {}", i + 1));
            assert!(moves.contains(mv), "deal {deal}: {mv:?}");
            tally(mv);
            g.referee_apply(&mut t, mv).unwrap();
        }
        assert!(check(g, &t, "the end").is_empty());
        assert_eq!(g.referee_status(&t), Status::Won, "deal {deal}");
    }
    let mut rng = Rng::new(5);
    for deal in walks {
        let mut t = g.deal(deal);
        for step in 0..600 {
            let moves = check(g, &t, &format!("deal {deal}, step {step}"));
            let Some(&mv) = moves.get(rng.below(moves.len().max(1) as u64) as usize) else {
                break;
            };
            tally(&mv);
            g.referee_apply(&mut t, &mv).unwrap();
        }
    }
    count
}

/// How many moves of `mv`'s kind `count` holds.
fn kind(count: &Tally, mv: Move) -> usize {
    count
        .get(&std::mem::discriminant(&mv))
        .copied()
        .unwrap_or(0)
}

/// First Law along the winning lines of deals 1 to 8 (every removal, gathering and move of a
/// won game), and on random walks through deals 9 to 30.
#[test]
fn engine_and_referee_agree_move_by_move_on_winning_lines_and_random_walks() {
    let count = agree_along(&GAME, &[1, 2, 3, 4, 5, 6, 7, 8], 9..=30);
    let card = card("7C");
    assert!(kind(&count, Move::RemoveFour { card }) >= 8 * 13);
    assert!(kind(&count, Move::Gather) > 100 && kind(&count, Move::Deal) > 1000);
    let shift = Move::Shift {
        from: 1,
        to: 0,
        card,
        count: 1,
    };
    assert!(kind(&count, shift) > 1000);
    assert_eq!(kind(&count, Move::Remove { pile: 0, card }), 0);
}

/// Fortunes along the winning lines of deals 1, 5, 9 and 16 (each wins in under 20,000
/// states), and on random walks through deals 2 to 40.
#[test]
fn fortunes_engine_and_referee_agree_move_by_move_on_winning_lines_and_random_walks() {
    let count = agree_along(&FORTUNES, &[1, 5, 9, 16], 2..=40);
    let card = card("7C");
    assert!(kind(&count, Move::Remove { pile: 0, card }) > 500);
    assert!(kind(&count, Move::Deal) > 400);
    let shift = Move::Shift {
        from: 1,
        to: 0,
        card,
        count: 1,
    };
    assert!(kind(&count, shift) > 50);
    assert_eq!(kind(&count, Move::Gather), 0);
    assert_eq!(kind(&count, Move::RemoveFour { card }), 0);
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

/// A random small position: `ranks` whole ranks in play (the rest removed; the Aces among
/// them when `aces`), a multiple of four of them in the stock, the others spread at random
/// over the piles.
fn small_position(rng: &mut Rng, ranks: usize, aces: bool) -> Table {
    let mut all = patience::cards::DeckSpec::FULL.cards();
    patience::deals::shuffle(&mut all, rng);
    // Fortunes never removes an Ace: its positions keep the four.
    let mut chosen: Vec<u8> = if aces { vec![1] } else { Vec::new() };
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

/// The layout with the removed cards' order forgotten: what First Law's state keeps.
fn canon(t: &Table) -> String {
    let mut t = t.clone();
    let r = t.find(REMOVED).unwrap();
    t.piles[r].cards.sort();
    t.to_text()
}

/// What Fortunes' key keeps of a layout: the removed cards' order forgotten and, once the
/// stock is out, the piles' order too (sorted by their bottom cards, empty piles last).
fn canon_fortunes(t: &Table) -> String {
    let cards = |l: &str| t.piles[t.find(l).unwrap()].cards.clone();
    let mut piles: Vec<Vec<Card>> = PILES.iter().map(|l| cards(l)).collect();
    let stock = cards(STOCK);
    if stock.is_empty() {
        piles.sort_by_key(|p| p.first().map_or(u8::MAX, |c| c.byte()));
    }
    let mut removed = cards(REMOVED);
    removed.sort();
    format!("{stock:?} {piles:?} {removed:?}")
}

/// `positions` random small positions of `g` drawn with `seed` (`ranks` ranks in play, the
/// Aces among them when `aces`): the engine's depth-first verdict equals the plain search's
/// over the referee's layouts, and the engine's reachable keys are as many as the referee's
/// layouts once `canon` merges them. Returns [compared, won, lost, keys counted in all], and
/// a message per disagreement (the game, the seed and the position's board in it).
fn differential(
    g: &Rounds,
    seed: u64,
    positions: usize,
    ranks: usize,
    aces: bool,
    canon: fn(&Table) -> String,
) -> ([usize; 4], Vec<String>) {
    let mut rng = Rng::new(seed);
    let cfg = SolveConfig {
        algorithm: Algorithm::Dfs,
        limits: Limits::default(),
    };
    let mut counts = [0; 4];
    let mut failures = Vec::new();
    for round in 0..positions {
        let start = small_position(&mut rng, ranks, aces);
        let layouts =
            referee_layouts(g, &start, candidates, Table::to_text, usize::MAX).expect("no cap");
        let canons: HashSet<String> = layouts.iter().map(|(t, _)| canon(t)).collect();
        let what = format!(
            "{} (seed {seed}) position {round}:\n{}",
            g.id(),
            start.to_text()
        );
        let verdict = solve(g, &start, &cfg).unwrap().verdict;
        let winnable = layouts[0].1;
        if let Some(why) = verdict_disagreement(&verdict, winnable) {
            failures.push(format!("{what}\n{why}"));
        }
        // The engine's reachable keys.
        let keys = engine_keys(g, g.pack(&start).unwrap(), |s, out| g.expand(s, out));
        if keys.len() != canons.len() {
            failures.push(format!(
                "{what}\nengine {} keys, referee {} layouts after canon",
                keys.len(),
                canons.len()
            ));
        }
        counts[0] += 1;
        counts[if winnable { 1 } else { 2 }] += 1;
        counts[3] += keys.len();
    }
    (counts, failures)
}

/// First Law's round of the plain-search comparison: `positions` positions, two ranks in
/// play. `scripts/soundness.sh` runs rounds on fresh seeds
/// (`differential::soundness_long_run`).
pub(crate) fn first_law_round(seed: u64, positions: usize) -> ([usize; 4], Vec<String>) {
    differential(&GAME, seed, positions, 2, false, canon)
}

/// Fortunes' round: the Aces and `ranks - 1` more ranks in play.
pub(crate) fn fortunes_round(
    seed: u64,
    positions: usize,
    ranks: usize,
) -> ([usize; 4], Vec<String>) {
    differential(&FORTUNES, seed, positions, ranks, true, canon_fortunes)
}

#[test]
fn engine_agrees_with_a_plain_search_over_the_referees_layouts() {
    first_law_on(2, 20);
}

/// [`engine_agrees_with_a_plain_search_over_the_referees_layouts`] on 15 positions instead
/// of the first 2.
#[test]
#[ignore = "heavy: scripts/heavy-tests.sh runs it in release mode"]
fn engine_agrees_with_a_plain_search_over_the_referees_layouts_in_full() {
    first_law_on(15, 200);
}

/// First Law's comparison on the first `positions` positions of seed 3: no disagreement,
/// and more than `keys_min` engine states in all.
fn first_law_on(positions: usize, keys_min: usize) {
    let ([_, _, _, keys], failures) = first_law_round(3, positions);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(keys > keys_min, "{keys} states in all");
}

/// Fortunes: the Aces and one or two more ranks in play; the key's sorting of the piles once
/// the stock is out is the one reduction, and the referee's layouts are merged only by it.
#[test]
fn fortunes_engine_agrees_with_a_plain_search_over_the_referees_layouts() {
    fortunes_on(&[(7, 10, 2), (8, 3, 3)], 200);
}

/// [`fortunes_engine_agrees_with_a_plain_search_over_the_referees_layouts`] on 40 positions
/// with two ranks in play and 12 with three instead of 10 and 3.
#[test]
#[ignore = "heavy: scripts/heavy-tests.sh runs it in release mode"]
fn fortunes_engine_agrees_with_a_plain_search_over_the_referees_layouts_in_full() {
    fortunes_on(&[(7, 40, 2), (8, 12, 3)], 2000);
}

/// Fortunes' comparison on each (seed, positions, ranks in play) of `rounds`: no
/// disagreement, both verdicts in each, and more than `keys_min` engine states in all.
fn fortunes_on(rounds: &[(u64, usize, usize)], keys_min: usize) {
    let mut keys = 0;
    for &(seed, positions, ranks) in rounds {
        let ([_, won, lost, n], failures) = fortunes_round(seed, positions, ranks);
        assert!(failures.is_empty(), "{}", failures.join("\n\n"));
        // Both verdicts occur.
        assert!(won > 0 && lost > 0, "seed {seed}: {won} won, {lost} lost");
        keys += n;
    }
    assert!(keys > keys_min, "{keys} states in all");
}

fn card(s: &str) -> Card {
    parse_card(s).unwrap()
}

/// Writes `text` to a fresh file; the CLI's answer to `solve GAME --board`.
fn solve_game_board(game: &str, name: &str, text: &str) -> crate::common::Run {
    let dir = std::env::temp_dir().join(format!("patience-rounds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    patience(&["solve", game, "--board", path.to_str().unwrap(), "--json"])
}

/// The CLI's answer to `solve first-law --board`.
fn solve_board(name: &str, text: &str) -> crate::common::Run {
    solve_game_board("first-law", name, text)
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

/// A Fortunes position proven lost, by the CLI and by the plain search over the referee's
/// layouts: the stock out, no pile empty; the Three of Clubs leaves under the Four, and then
/// the Four of Clubs lies on its Ace and the Two under the Ace of Spades, with every top card
/// of another suit and no empty pile to move a group onto.
#[test]
fn fortunes_constructed_position_is_lost() {
    let t = board(
        &[],
        &[
            vec![card("2C"), card("AS")],
            vec![card("AH"), card("3C")],
            vec![card("AD")],
            vec![card("AC"), card("4C")],
        ],
    );
    let v: serde_json::Value =
        serde_json::from_str(&solve_game_board("fortunes", "lost.txt", &t.to_text()).ok()).unwrap();
    assert_eq!(v["verdict"], "unsolvable", "{v}");
    let layouts =
        referee_layouts(&FORTUNES, &t, candidates, Table::to_text, usize::MAX).expect("no cap");
    assert!(!layouts[0].1);
    assert_eq!(layouts.len(), 2, "the removal of the Three is the one move");
    // With the Two of Clubs on the Ace of Spades and the Four on the Ace of Diamonds, the
    // same cards are won.
    let won = board(
        &[],
        &[
            vec![card("AS"), card("2C")],
            vec![card("AH"), card("3C")],
            vec![card("AD"), card("4C")],
            vec![card("AC")],
        ],
    );
    let v: serde_json::Value =
        serde_json::from_str(&solve_game_board("fortunes", "won.txt", &won.to_text()).ok())
            .unwrap();
    assert_eq!(v["verdict"], "solved", "{v}");
}

/// Fortunes' deal 409, proven lost by the engine in about 4,000 states, is lost for the plain
/// search over the referee's layouts too (every layout it reaches, nothing merged).
#[test]
fn fortunes_deal_409_is_lost_for_the_plain_search_too() {
    let g = &FORTUNES;
    let t = g.deal(409);
    let cfg = SolveConfig {
        algorithm: Algorithm::Dfs,
        limits: Limits::default(),
    };
    assert!(matches!(
        solve(g, &t, &cfg).unwrap().verdict,
        Verdict::Unsolvable
    ));
    let layouts = referee_layouts(g, &t, candidates, Table::to_text, 2_000_000).expect("cap");
    assert!(!layouts[0].1);
    assert!(layouts.len() > 4_000, "{}", layouts.len());
}

#[test]
fn fortunes_bad_boards_get_one_error_line() {
    let good = board(
        &[card("7C"), card("7D"), card("7H"), card("7S")],
        &[
            vec![card("AC")],
            vec![card("AD")],
            vec![card("AH")],
            vec![card("AS")],
        ],
    )
    .to_text();
    let v: serde_json::Value =
        serde_json::from_str(&solve_game_board("fortunes", "good.txt", &good).ok()).unwrap();
    assert_eq!(v["verdict"], "unsolvable", "{v}");
    let with = |from: &str, to: &str| good.replacen(from, to, 1);
    for (name, text, want) in [
        // An Ace removed: no card of its suit is higher.
        (
            "ace.txt",
            with("1 (spread): AC", "1 (spread):")
                .replace("removed (stacked):", "removed (stacked): AC"),
            "an Ace never leaves",
        ),
        // A stock of three cards: it is dealt four at a time.
        (
            "stock.txt",
            with(" #7C", "").replace("removed (stacked):", "removed (stacked): 7C"),
            "multiple of four",
        ),
        // A pile card face down.
        (
            "down.txt",
            with("2 (spread): AD", "2 (spread): #AD"),
            "should lie face up",
        ),
        // A stock card face up.
        ("up.txt", with("#7C", "7C"), "should lie face down"),
    ] {
        let line = solve_game_board("fortunes", name, &text).one_line_error();
        assert!(line.contains(want), "{name}: {line}\n{text}");
    }
}

/// `hint --fair` on Fortunes' deal 2: the whole deck face down in the stock, so the one
/// move is the stock's deal (ten sampled worlds at 300,000 states each: some are won within
/// that, as about half of the deals are).
#[test]
fn fortunes_fair_hint_deals() {
    let args = [
        "hint",
        "fortunes",
        "--deal",
        "2",
        "--fair",
        "--samples",
        "10",
        "--max-nodes",
        "300000",
        "--json",
    ];
    let v: serde_json::Value = serde_json::from_str(&patience(&args).ok()).unwrap();
    assert_eq!(v["knowledge"], "fair");
    assert_eq!(v["unseen_cards"].as_u64().unwrap(), 52);
    let tally = v["tally"].as_array().unwrap();
    assert_eq!(tally[0][0], "deal", "{v}");
}
