//! Golf, Black Hole, All in a Row, Triple Peaks, Elevator, Escalator and Thieves
//! (`patience::games::onto_waste`, one engine) against their referee (`patience::verify`),
//! and their boards.
//!
//! - **Move by move**, on random walks through deals of each game: the moves the engine
//!   generates are exactly the moves the referee accepts among every pile's top card (in a
//!   cover graph every place's card, covered or face down too) and the stock's, each lands
//!   on the state the engine says (the referee's layout packed again), and the referee's
//!   won / lost / playing agrees with the engine's goal and moves.
//! - **A plain search over the referee's layouts**, on random small positions (a few cards
//!   left in the layout, a few in the stock): every layout the referee reaches, kept
//!   exactly as it lies, nothing canonicalised. The engine's depth-first verdict must be
//!   the referee's, and the engine's count of reachable keys must equal the count of the
//!   referee's layouts once the played cards under the waste's top card are forgotten (the
//!   one thing the key leaves out, ARCHITECTURE.md "Reductions"; `canon` below).
//! - **Constructed losses**, one a game, whose arguments are written beside them.

use crate::common::patience;
use crate::common::referee::{
    assert_round_passed_with_more_than, engine_keys, referee_layouts, verdict_disagreement,
};
use patience::cards::Card;
use patience::deals::Rng;
use patience::games::onto_waste::{Move, OntoWaste, PILE_LABELS, STOCK};
use patience::games::{
    all_in_a_row, black_hole, elevator, escalator, golf, thieves, triple_peaks, Game,
};
use patience::piles::{Mode, Table};
use patience::study::{solve, Algorithm, SolveConfig};
use patience::verify::{Referee, Status};
use solvers::{Limits, Space};
use std::collections::HashSet;

const GAMES: [OntoWaste; 7] = [
    golf::GAME.game,
    black_hole::GAME.game,
    all_in_a_row::GAME.game,
    triple_peaks::GAME.game,
    elevator::GAME.game,
    escalator::GAME.game,
    thieves::GAME.game,
];

/// Every move a player could try: each layout pile's top card, and the stock's.
fn candidates(g: &OntoWaste, t: &Table) -> Vec<Move> {
    let mut v = Vec::new();
    for (p, l) in PILE_LABELS[..g.rules.piles as usize].iter().enumerate() {
        if let Some(c) = t.find(l).and_then(|i| t.piles[i].top()) {
            v.push(Move::Play {
                pile: p as u8,
                card: c.face_up(),
            });
        }
    }
    if let Some(c) = t.find(STOCK).and_then(|i| t.piles[i].top()) {
        v.push(Move::Turn { card: c.face_up() });
    }
    v
}

/// The layout without the cards under the waste's top and without its top's suit: what the
/// documentation says the key keeps (the layout piles, the stock, the rank of the waste's
/// top card).
fn canon(g: &OntoWaste, t: &Table) -> Vec<Vec<Card>> {
    let mut v: Vec<Vec<Card>> = PILE_LABELS[..g.rules.piles as usize]
        .iter()
        .map(|l| t.piles[t.find(l).unwrap()].cards.clone())
        .collect();
    v.push(
        t.find(STOCK)
            .map_or_else(Vec::new, |i| t.piles[i].cards.clone()),
    );
    let w = t.find(g.rules.waste).unwrap();
    // The top's rank, as the clubs card of that rank (a joker as the first joker: the two
    // play alike).
    let top = t.piles[w].top().map(|c| match c.rank() {
        Some(r) => Card::new(patience::cards::Suit::Clubs, r),
        None => Card::joker(0),
    });
    v.push(top.into_iter().collect());
    v
}

fn engine_moves(g: &OntoWaste, t: &Table) -> Vec<(Move, patience::games::onto_waste::State)> {
    let mut out = Vec::new();
    g.expand_all(&g.pack(t).unwrap(), &mut out);
    out.into_iter().map(|x| (x.mv, x.state)).collect()
}

#[test]
fn engine_and_referee_agree_move_by_move_on_random_walks() {
    let mut rng = Rng::new(11);
    for g in &GAMES {
        let (mut steps, mut won, mut lost) = (0, 0, 0);
        for deal in 1..=60 {
            let mut t = g.deal(deal);
            loop {
                let engine = engine_moves(g, &t);
                let legal: Vec<Move> = candidates(g, &t)
                    .into_iter()
                    .filter(|m| g.referee_apply(&mut t.clone(), m).is_ok())
                    .collect();
                let mut a: Vec<Move> = engine.iter().map(|x| x.0).collect();
                let mut b = legal.clone();
                a.sort_by_key(|m| format!("{m:?}"));
                b.sort_by_key(|m| format!("{m:?}"));
                assert_eq!(a, b, "{} deal {deal}, step {steps}", g.rules.waste);
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
                assert!(g.is_goal(&s) || status == Status::Playing);
                let (mv, _) = engine[rng.below(engine.len() as u64) as usize];
                g.referee_apply(&mut t, &mv).unwrap();
                steps += 1;
            }
        }
        assert!(steps > 200 && lost > 0, "{}: {steps} steps", g.rules.waste);
        assert_eq!(won + lost, 60, "{}: every walk ends", g.rules.waste);
    }
}

/// Which places of `g`'s cover graph hold a card once all but `left` have gone: free places
/// (no card on them) taken away at random from the full layout.
fn places_left(g: &OntoWaste, rng: &mut Rng, left: usize) -> Vec<bool> {
    let covers = g.rules.covers;
    let mut held = vec![true; covers.len()];
    while held.iter().filter(|&&h| h).count() > left {
        let free: Vec<usize> = (0..covers.len())
            .filter(|&p| held[p] && covers[p].iter().all(|&q| !held[q as usize]))
            .collect();
        held[free[rng.below(free.len() as u64) as usize]] = false;
    }
    held
}

/// A layout of `g` with `cards` on its places (None: empty), `stock` in the stock (the next
/// card turned first) and the rest of the deck on the waste, `top` last. In a cover graph a
/// card lies face down where the game deals face down and a card lies on it.
fn board(g: &OntoWaste, cards: &[Option<Card>], stock: &[Card], top: Option<Card>) -> Table {
    let mut t = Table::new();
    let s = (g.rules.stock > 0).then(|| t.create_empty(STOCK, Mode::Stacked).unwrap());
    let w = t.create_empty(g.rules.waste, Mode::Stacked).unwrap();
    let covered = |p: usize| {
        g.rules.face_down
            && g.rules.covers[p]
                .iter()
                .any(|&q| cards[q as usize].is_some())
    };
    for (p, l) in PILE_LABELS[..g.rules.piles as usize].iter().enumerate() {
        let i = t.create_empty(l, Mode::Spread).unwrap();
        if let Some(c) = cards[p] {
            t.add_on_top(if covered(p) { c.face_down() } else { c }, i)
                .unwrap();
        }
    }
    if let Some(s) = s {
        for c in stock.iter().rev() {
            t.add_on_top(c.face_down(), s).unwrap();
        }
    }
    let named: Vec<Card> = cards
        .iter()
        .flatten()
        .chain(stock)
        .chain(&top)
        .copied()
        .collect();
    for c in g.rules.deck.cards() {
        if !named.contains(&c) {
            t.add_on_top(c, w).unwrap();
        }
    }
    if let Some(c) = top {
        t.add_on_top(c, w).unwrap();
    }
    t
}

/// A random position of `g` with `left` cards in the layout (spread over the piles, at most
/// the deal's depth each; in a cover graph, on places a play could leave) and, where the
/// game has a stock, `stock` cards in it; the waste holds the rest, a random card on top.
fn small_position(g: &OntoWaste, rng: &mut Rng, left: usize, stock: usize) -> Table {
    let mut cards = g.rules.deck.cards();
    patience::deals::shuffle(&mut cards, rng);
    if !g.rules.covers.is_empty() {
        let held = places_left(g, rng, left);
        let mut it = cards.into_iter();
        let layout: Vec<Option<Card>> = held
            .iter()
            .map(|&h| h.then(|| it.next().unwrap()))
            .collect();
        let stock: Vec<Card> = it.by_ref().take(stock).collect();
        return board(g, &layout, &stock, it.next());
    }
    let mut t = Table::new();
    let s = (g.rules.stock > 0).then(|| t.create_empty(STOCK, Mode::Stacked).unwrap());
    let w = t.create_empty(g.rules.waste, Mode::Stacked).unwrap();
    let piles: Vec<usize> = PILE_LABELS[..g.rules.piles as usize]
        .iter()
        .map(|l| t.create_empty(l, Mode::Spread).unwrap())
        .collect();
    let mut it = cards.into_iter();
    let mut placed = 0;
    while placed < left {
        let p = piles[rng.below(piles.len() as u64) as usize];
        if t.piles[p].height() < g.rules.depth as usize {
            t.add_on_top(it.next().unwrap(), p).unwrap();
            placed += 1;
        }
    }
    if let Some(s) = s {
        for c in it.by_ref().take(stock) {
            t.add_on_top(c.face_down(), s).unwrap();
        }
    }
    for c in it {
        t.add_on_top(c, w).unwrap();
    }
    t
}

/// The referee's layouts reachable from `start`, exactly as they lie, each with whether a
/// won layout is reachable from it (`common::referee::referee_layouts`); and how many there
/// are after `canon`.
fn referee_search(g: &OntoWaste, start: &Table) -> (Vec<(Table, bool)>, usize) {
    let layouts = referee_layouts(g, start, |t| candidates(g, t), Table::to_text, usize::MAX)
        .expect("no cap");
    let canons: HashSet<_> = layouts.iter().map(|(t, _)| canon(g, t)).collect();
    (layouts, canons.len())
}

/// Positions of `g` with few cards left: along the winning lines of `deals` (where at most
/// 12 layout cards and 8 stock cards are left), one random move off each line, and `random`
/// random small positions (mostly lost).
fn small_positions(
    g: &OntoWaste,
    rng: &mut Rng,
    deals: std::ops::RangeInclusive<u64>,
    random: usize,
) -> Vec<Table> {
    let cfg = SolveConfig {
        algorithm: Algorithm::Dfs,
        limits: Limits {
            max_nodes: Some(3_000_000),
            ..Limits::default()
        },
    };
    let mut out = Vec::new();
    for deal in deals {
        let mut t = g.deal(deal);
        let line = solve(g, &t, &cfg).unwrap().moves;
        let left = 6 + rng.below(7) as u32;
        for mv in &line {
            let s = g.pack(&t).unwrap();
            if g.layout_left(&s) <= left && s.stock_left() <= 8 {
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
        let left = 6 + rng.below(9) as usize;
        let stock = if g.rules.stock > 0 {
            rng.below(7) as usize
        } else {
            0
        };
        out.push(small_position(g, rng, left, stock));
    }
    out
}

/// One round of the plain-search comparison, the games in turn drawing from one generator
/// seeded with `seed`: per game, [compared, won, lost, layouts the dead-end cut fired on], and
/// a message per disagreement (the game, the seed and the position's board in it).
/// `scripts/soundness.sh` runs rounds on fresh seeds and deals
/// (`differential::soundness_long_run`).
pub(crate) fn plain_search_round(
    seed: u64,
    deals: std::ops::RangeInclusive<u64>,
    random: usize,
) -> (Vec<[usize; 4]>, Vec<String>) {
    let mut rng = Rng::new(seed);
    let cfg = SolveConfig {
        algorithm: Algorithm::Dfs,
        limits: Limits::default(),
    };
    let (mut counts, mut failures) = (Vec::new(), Vec::new());
    for g in &GAMES {
        let [mut compared, mut wins, mut losses, mut dead] = [0; 4];
        for (round, start) in small_positions(g, &mut rng, deals.clone(), random)
            .into_iter()
            .enumerate()
        {
            let what = format!(
                "{} (seed {seed}) position {round}:\n{}",
                g.rules.waste,
                start.to_text()
            );
            let mut fail = |why: String| failures.push(format!("{what}\n{why}"));
            let (layouts, canons) = referee_search(g, &start);
            let winnable = layouts[0].1;
            // The dead-end cut never cuts a layout with a win ahead.
            for (t, win) in &layouts {
                if g.is_dead(&g.pack(t).unwrap()) {
                    if *win {
                        fail(format!(
                            "the cut fired on a winnable layout:\n{}",
                            t.to_text()
                        ));
                    }
                    dead += 1;
                }
            }
            let verdict = solve(g, &start, &cfg).unwrap().verdict;
            if let Some(why) = verdict_disagreement(&verdict, winnable) {
                fail(why);
            }
            // The engine's reachable keys, counted over every legal move (no dead-end cut).
            let keys = engine_keys(g, g.pack(&start).unwrap(), |s, out| g.expand_all(s, out));
            if keys.len() != canons {
                fail(format!(
                    "engine {} keys, referee {canons} layouts after canon",
                    keys.len()
                ));
            }
            compared += 1;
            if winnable {
                wins += 1;
            } else {
                losses += 1;
            }
        }
        counts.push([compared, wins, losses, dead]);
    }
    (counts, failures)
}

#[test]
fn engine_agrees_with_a_plain_search_over_the_referees_layouts() {
    plain_search_on(1..=10, 15, 0, 0);
}

/// [`engine_agrees_with_a_plain_search_over_the_referees_layouts`] on positions from deals 1
/// to 40 and 60 random ones per game instead of deals 1 to 10 and 15.
#[test]
#[ignore = "heavy: scripts/heavy-tests.sh runs it in release mode"]
fn engine_agrees_with_a_plain_search_over_the_referees_layouts_in_full() {
    plain_search_on(1..=40, 60, 5, 100);
}

/// [`plain_search_round`] on seed 7 with `deals` and `random`: no disagreement, more than
/// `least` wins and losses for every game, and the dead-end cut fired more than `cut` times
/// in each.
fn plain_search_on(deals: std::ops::RangeInclusive<u64>, random: usize, least: usize, cut: usize) {
    let (counts, failures) = plain_search_round(7, deals, random);
    let games = || GAMES.iter().zip(&counts);
    assert_round_passed_with_more_than(
        &failures,
        games().map(|(g, &[_, w, l, _])| (g.rules.waste.to_string(), w, l)),
        least,
    );
    for (g, &[.., dead]) in games() {
        assert!(dead > cut, "{}: the cut fired {dead} times", g.rules.waste);
    }
}

/// Writes `text` to a fresh file and solves it as `game`; the JSON verdict and states.
fn solve_board(game: &str, name: &str, text: &str) -> (String, u64) {
    let dir = std::env::temp_dir().join(format!("patience-onto-waste-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    let out = patience(&["solve", game, "--board", path.to_str().unwrap(), "--json"]).ok();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    (
        v["verdict"].as_str().unwrap().to_string(),
        v["stats"]["expanded"].as_u64().unwrap(),
    )
}

/// A constructed position, in black-hole-solver's format: proven lost by the CLI, and lost
/// for the plain search over the referee's layouts too.
fn assert_constructed_loss(g: &OntoWaste, game: &str, board: &str) {
    let (verdict, _) = solve_board(game, &format!("{game}-loss.txt"), board);
    assert_eq!(verdict, "unsolvable", "{game}:\n{board}");
    let t = g.read_board(board).unwrap().unwrap();
    assert!(
        !referee_search(g, &t).0[0].1,
        "{game}: the referee's layouts say winnable"
    );
}

/// Black Hole: 7C 9D 8C and 7D 9C 8D are left (top cards last), the hole shows 9H. Each 7
/// needs a 6 or an 8 on top of the hole and every 6 is gone, so each 7 must follow an 8 at
/// once. Each pile's 8 is played before its own 9 and that 9 before its 7; so when the
/// second 8 is played, the 9 of its own pile still covers its 7, and that 7 can follow
/// neither 8. Lost, though the search must try the orders.
#[test]
fn black_hole_constructed_loss_is_proven() {
    let g = &black_hole::GAME.game;
    assert_constructed_loss(g, "black-hole", "Foundations: 9H\n7C 9D 8C\n7D 9C 8D\n");
}

/// All in a Row in mid-game, the same cards as Black Hole's loss on two of its thirteen piles
/// and 3H under JS on a third: the same argument strands a 7, and nothing left bridges to
/// the Three or the Jack either.
#[test]
fn all_in_a_row_constructed_loss_is_proven() {
    let g = &all_in_a_row::GAME.game;
    assert_constructed_loss(
        g,
        "all-in-a-row",
        "Foundations: 9H\n7C 9D 8C\n7D 9C 8D\n3H JS\n",
    );
}

/// Golf, the stock out and the waste showing TC: piles KH QC JD and KS QD JS. In Golf nothing
/// goes onto a King, so with the stock out the first King played ends the game, and two
/// Kings are left in two piles. Lost; with one card in the stock (4H, which nothing left
/// follows) still lost.
///
/// Then from a 4 on the waste, three Fives and a 6 in the stock: each Five goes onto a Four
/// or a Six of its own and only two are left (the top and the stock's 6), so lost, the
/// predecessors count's case (every rank is within reach and no King is left). One Five
/// fewer, on the count's boundary, is won, as the referee's plain search says too.
#[test]
fn golf_constructed_loss_is_proven() {
    let g = &golf::GAME.game;
    assert_constructed_loss(g, "golf", "Talon:\nFoundations: TC\nKH QC JD\nKS QD JS\n");
    assert_constructed_loss(
        g,
        "golf",
        "Talon: 4H\nFoundations: TC\nKH QC JD\nKS QD JS\n",
    );
    assert_constructed_loss(g, "golf", "Talon: 6H\nFoundations: 4H\n5C\n5D\n5S\n");
    let won = "Talon: 6H\nFoundations: 4H\n5C\n5D\n";
    let (verdict, _) = solve_board("golf", "golf-won.txt", won);
    assert_eq!(verdict, "solved");
    let t = g.read_board(won).unwrap().unwrap();
    assert!(
        referee_search(g, &t).0[0].1,
        "the referee's layouts say lost"
    );
}

/// A board in black-hole-solver's format reads back to the position `deal --black-hole-solver`
/// wrote, and is solved alike.
#[test]
fn black_hole_solver_boards_solve_as_the_deal_does() {
    for (game, n) in [("black-hole", 2), ("golf", 2), ("all-in-a-row", 3)] {
        let text = patience(&[
            "deal",
            game,
            "--pysol",
            &n.to_string(),
            "--black-hole-solver",
        ])
        .ok();
        let (verdict, _) = solve_board(game, &format!("{game}-{n}.txt"), &text);
        let direct = patience(&["solve", game, "--pysol", &n.to_string(), "--json"]).ok();
        let v: serde_json::Value = serde_json::from_str(&direct).unwrap();
        assert_eq!(verdict, v["verdict"].as_str().unwrap(), "{game} {n}");
    }
}

#[test]
fn bad_black_hole_solver_boards_get_one_error_line() {
    let dir = std::env::temp_dir().join(format!("patience-onto-waste-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, text, want) in [
        ("empty.txt", "\n\n", "missing pile"),
        (
            "piles.txt",
            &format!("Foundations: AS\n{}", "2C\n".repeat(18)),
            "18 piles",
        ),
        ("card.txt", "Foundations: AS\n2C XX\n", "line 2"),
        ("two.txt", "Foundations: AS 2C\n", "one card"),
        ("talon.txt", "Talon: 2C\nFoundations: AS\n", "no talon"),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let line =
            patience(&["solve", "black-hole", "--board", path.to_str().unwrap()]).one_line_error();
        assert!(line.contains(want), "{name}: {line}");
    }
    // A board with one card twice: the partition check names it.
    let dup = dir.join("dup.txt");
    std::fs::write(&dup, "Foundations: AS\nAS 2C\n").unwrap();
    let line =
        patience(&["solve", "black-hole", "--board", dup.to_str().unwrap()]).one_line_error();
    assert!(line.contains("AS"), "{line}");
    // An empty foundation with cards missing: no card was ever played, so the partition
    // check names a missing one.
    let row = dir.join("row.txt");
    std::fs::write(&row, "Foundations: -\nAS 2C\n").unwrap();
    let line =
        patience(&["solve", "all-in-a-row", "--board", row.to_str().unwrap()]).one_line_error();
    assert!(line.contains("missing card"), "{line}");
}

/// Writes `t` as a board file and checks the constructed loss: proven lost by the CLI, and
/// lost for the plain search over the referee's layouts.
fn assert_constructed_board_loss(g: &OntoWaste, game: &str, t: &Table) {
    let text = t.to_text();
    let (verdict, expanded) = solve_board(game, &format!("{game}-loss.txt"), &text);
    assert_eq!(verdict, "unsolvable", "{game}:\n{text}");
    assert!(expanded > 1, "{game}: the search had orders to try");
    assert!(
        !referee_search(g, t).0[0].1,
        "{game}: the referee's layouts say winnable"
    );
}

fn card(s: &str) -> Card {
    patience::cards::parse_card(s).unwrap()
}

/// `cards` on the given places (from 0) of `g`'s cover graph, the rest empty.
fn on_places(g: &OntoWaste, cards: &[(usize, &str)]) -> Vec<Option<Card>> {
    let mut v = vec![None; g.rules.piles as usize];
    for &(p, c) in cards {
        v[p] = Some(card(c));
    }
    v
}

/// Escalator and Elevator: the apex 7C under 8D and 8C (places 2 and 3), the waste showing
/// 9H, the stock holding 3S. The 7 is freed only once both 8s have gone, and after either
/// 8 the other cannot follow (same rank), nor can the stock's 3S lead back to an 8 or a 7:
/// lost, though the search must try both 8s. In Elevator the apex lies face down; the
/// solver reads it as dealt, so the verdict is the same.
#[test]
fn pyramid_constructed_losses_are_proven() {
    for (game, g) in [
        ("escalator", &escalator::GAME.game),
        ("elevator", &elevator::GAME.game),
    ] {
        let layout = on_places(g, &[(0, "7C"), (1, "8D"), (2, "8C")]);
        let t = board(g, &layout, &[card("3S")], Some(card("9H")));
        assert_eq!(
            t.piles[t.find("1").unwrap()].cards[0].is_face_down(),
            game == "elevator"
        );
        assert_constructed_board_loss(g, game, &t);
    }
}

/// Triple Peaks: the first peak holds 7C under 9D under 8C (places 1, 4 and 10), the second
/// 7D under 9C under 8D (places 2, 5 and 13), the waste shows 9H and the stock holds TS and
/// TH. Black Hole's argument: each 7 needs an 8 on the waste (no 6 is left), each peak's 8
/// goes before its 9 and that 9 before its 7, so when the second 8 is played the 9 of its
/// own peak still lies on its 7, and that 7 can follow neither 8; the Tens take the 9s and
/// lead to no 8. (Without the Tens the predecessors count proves it lost at once: two 8s
/// for two 7s and two 9s; with them the search must try the orders.)
#[test]
fn triple_peaks_constructed_loss_is_proven() {
    let g = &triple_peaks::GAME.game;
    let layout = on_places(
        g,
        &[
            (0, "7C"),
            (3, "9D"),
            (9, "8C"),
            (1, "7D"),
            (5, "9C"),
            (12, "8D"),
        ],
    );
    let t = board(g, &layout, &[card("TS"), card("TH")], Some(card("9H")));
    assert_constructed_board_loss(g, "triple-peaks", &t);
}

/// A board of a game of piles: `piles` (top cards last; piles not named are empty), the
/// waste showing `top` over the rest of the deck, `stock` (the next card turned first).
fn piles_board(g: &OntoWaste, piles: &[&str], stock: &[&str], top: &str) -> Table {
    let mut t = Table::new();
    let s = t.create_empty(STOCK, Mode::Stacked).unwrap();
    let w = t.create_empty(g.rules.waste, Mode::Stacked).unwrap();
    let mut named = vec![card(top)];
    for (p, l) in PILE_LABELS[..g.rules.piles as usize].iter().enumerate() {
        let i = t.create_empty(l, Mode::Spread).unwrap();
        for c in piles.get(p).map_or("", |x| x).split_whitespace() {
            t.add_on_top(card(c), i).unwrap();
            named.push(card(c));
        }
    }
    for c in stock.iter().rev() {
        t.add_on_top(card(c).face_down(), s).unwrap();
        named.push(card(c));
    }
    for c in g.rules.deck.cards() {
        if !named.contains(&c) {
            t.add_on_top(c, w).unwrap();
        }
    }
    t.add_on_top(card(top), w).unwrap();
    t
}

/// Thieves, the jokers both played (under the waste's top 9H), the stock holding TS and TH:
/// piles 7C 9D 8C and 7D 9C 8D (top cards last). Black Hole's argument without the wrap:
/// each 7 needs an 8 on the waste (no 6 is left), each pile's 8 goes before its 9 and that 9
/// before its 7, so when the second 8 is played the 9 of its own pile still covers its 7,
/// which can follow neither 8; the Tens take the 9s and lead to no 8 (without them the
/// predecessors count proves it lost at once, where the search should have orders to try).
#[test]
fn thieves_constructed_loss_is_proven() {
    let g = &thieves::GAME.game;
    let t = piles_board(g, &["7C 9D 8C", "7D 9C 8D"], &["TS", "TH"], "9H");
    assert_constructed_board_loss(g, "thieves", &t);
    // The two jokers on a third pile win it: 8C, 9D, 8D, 7C, then RJ onto 7C, 9C onto the
    // joker, BJ onto 9C and 7D onto BJ.
    let jokers = piles_board(g, &["7C 9D 8C", "7D 9C 8D", "RJ BJ"], &["3S"], "9H");
    let (verdict, _) = solve_board("thieves", "thieves-jokers.txt", &jokers.to_text());
    assert_eq!(verdict, "solved");
    assert!(referee_search(g, &jokers).0[0].1);
}

#[test]
fn bad_thieves_boards_get_one_error_line() {
    let dir = std::env::temp_dir().join(format!("patience-thieves-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let board = patience(&["deal", "thieves", "--deal", "1"]).ok();
    let stock = line_cards(&board, "stock (");
    let pile1 = line_cards(&board, "1 (").join(" ");
    let waste = line_cards(&board, "waste (").join(" ");
    // A joker taken off the board, a sixth card on a pile, a face-down layout card.
    let jokerless: String = board
        .lines()
        .map(|l| {
            l.split(' ')
                .filter(|w| !matches!(w.trim_start_matches('#'), "RJ" | "BJ"))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n");
    let cases = [
        ("jokerless.txt", jokerless, "missing card"),
        (
            "six.txt",
            with_line(
                &with_line(
                    &board,
                    "stock (",
                    &format!("stock (stacked): {}", stock[1..].join(" ")),
                ),
                "1 (",
                &format!("1 (spread): {pile1} {}", &stock[0][1..]),
            ),
            "pile '1' holds 6 cards",
        ),
        (
            "down.txt",
            with_line(&board, "waste (", &format!("waste (stacked): #{waste}")),
            "should lie face up",
        ),
    ];
    for (name, text, want) in cases {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let line =
            patience(&["solve", "thieves", "--board", path.to_str().unwrap()]).one_line_error();
        assert!(line.contains(want), "{name}: {line}");
    }
    // black-hole-solver's format has no jokers.
    let line =
        patience(&["deal", "thieves", "--deal", "1", "--black-hole-solver"]).one_line_error();
    assert!(line.contains("no black-hole-solver board format"), "{line}");
}

/// `text` with the line starting `prefix` replaced by `line`.
fn with_line(text: &str, prefix: &str, line: &str) -> String {
    let mut found = false;
    let out: Vec<&str> = text
        .lines()
        .map(|l| {
            if l.starts_with(prefix) {
                found = true;
                line
            } else {
                l
            }
        })
        .collect();
    assert!(found, "no line {prefix:?}");
    out.join("\n") + "\n"
}

/// The cards of the line starting `prefix`.
fn line_cards<'a>(text: &'a str, prefix: &str) -> Vec<&'a str> {
    let l = text.lines().find(|l| l.starts_with(prefix)).unwrap();
    l.split_once(':').unwrap().1.split_whitespace().collect()
}

#[test]
fn bad_cover_graph_boards_get_one_error_line() {
    let dir = std::env::temp_dir().join(format!("patience-cover-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let deal = |game: &str| patience(&["deal", game, "--deal", "1"]).ok();
    let elevator = deal("elevator");
    let escalator = deal("escalator");
    let peaks = deal("triple-peaks");
    let apex = line_cards(&elevator, "1 (")[0];
    let peak = line_cards(&peaks, "1 (")[0];
    let bottom = line_cards(&peaks, "19 (")[0];
    let waste = line_cards(&peaks, "waste (").join(" ");
    let stock = line_cards(&peaks, "stock (");
    let cases = [
        (
            "elevator",
            "up.txt",
            with_line(&elevator, "1 (", &format!("1 (spread): {}", &apex[1..])),
            "should lie face down: pile '2' lies on it",
        ),
        (
            "escalator",
            "down.txt",
            with_line(
                &escalator,
                "1 (",
                &format!("1 (spread): #{}", apex.trim_start_matches('#')),
            ),
            "should lie face up: escalator deals every card face up",
        ),
        (
            "triple-peaks",
            "bottom.txt",
            with_line(&peaks, "19 (", &format!("19 (spread): #{bottom}")),
            "should lie face up: nothing lies on it",
        ),
        (
            "triple-peaks",
            "hole.txt",
            with_line(
                &with_line(&peaks, "1 (", "1 (spread):"),
                "waste (",
                &format!("waste (stacked): {} {waste}", &peak[1..]),
            ),
            "pile '1' is empty while pile '4' lies on it",
        ),
        (
            "triple-peaks",
            "two.txt",
            with_line(
                &with_line(
                    &peaks,
                    "stock (",
                    &format!("stock (stacked): {}", stock[1..].join(" ")),
                ),
                "19 (",
                &format!("19 (spread): {} {bottom}", &stock[0][1..]),
            ),
            "pile '19' holds 2 cards",
        ),
    ];
    for (game, name, text, want) in cases {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let line = patience(&["solve", game, "--board", path.to_str().unwrap()]).one_line_error();
        assert!(line.contains(want), "{game} {name}: {line}");
    }
    // black-hole-solver's format holds piles, not a cover graph.
    let line =
        patience(&["deal", "triple-peaks", "--deal", "1", "--black-hole-solver"]).one_line_error();
    assert!(line.contains("no black-hole-solver board format"), "{line}");
}

/// `hint --fair` plays from what a player sees: the samples deal the face-down cards (the
/// stock and the covered places) again, and the hint names a face-up free card or `turn`.
#[test]
fn fair_hints_name_no_hidden_card() {
    for game in ["triple-peaks", "elevator", "thieves"] {
        let board = patience(&["deal", game, "--deal", "3"]).ok();
        let hidden: Vec<&str> = board
            .split_whitespace()
            .filter_map(|w| w.strip_prefix('#').filter(|c| !c.is_empty()))
            .collect();
        let args = [
            "hint",
            game,
            "--deal",
            "3",
            "--fair",
            "--samples",
            "10",
            "--json",
        ];
        let out = patience(&args).ok();
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["knowledge"], "fair", "{game}");
        assert_eq!(v["unseen_cards"].as_u64().unwrap() as usize, hidden.len());
        let tally = v["tally"].as_array().unwrap();
        assert!(!tally.is_empty(), "{game}: no sampled win: {out}");
        for mv in tally.iter().map(|x| x[0].as_str().unwrap()) {
            let named = mv.split_once(" from ").map(|(c, _)| c);
            assert!(mv == "turn" || named.is_some(), "{game}: {mv}");
            assert!(
                !named.is_some_and(|c| hidden.contains(&c)),
                "{game}: {mv} names a hidden card"
            );
        }
    }
}
