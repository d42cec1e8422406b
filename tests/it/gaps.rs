//! Gaps and its variants (`patience::games::gaps`, one engine) against their referee
//! (`patience::verify`), and their boards.
//!
//! - **Move by move**, on random walks through deals of each game: the moves the engine
//!   generates are exactly the moves the referee accepts among every card into every gap,
//!   and the redeal; each lands on the state the engine says (the referee's layout packed
//!   again), redeals included, which the referee deals on its own from the board's seed.
//! - **A plain search over the referee's layouts**, on small positions (the last columns of
//!   a finished grid shuffled, with gaps among them, redeals left or not): every layout the
//!   referee reaches, exactly as it lies. The engine's depth-first verdict must be the
//!   referee's, its keys reachable over every legal move as many as the referee's layouts,
//!   and in the games without redeals the keys its stubborn sets reach no more.
//! - **Stubborn sets against every move** on positions too large for the referee, and the
//!   one-deal game's restricted games (each assignment of suits to rows) against its moves.
//! - **Constructed losses** and **bad boards**, and the redeal's shuffle pinned.

use crate::common::referee::referee_layouts;
use crate::common::{data_dir, patience};
use patience::cards::{Card, Rank, Suit};
use patience::deals::Rng;
use patience::games::gaps::{self, slot_label, Gaps, Move, ACES, REDEALS, SEED};
use patience::games::Game;
use patience::piles::{Mode, Table};
use patience::study::{solve, Algorithm, SolveConfig, Verdict};
use patience::verify::{Referee, Status};
use solvers::{Limits, Space};
use std::collections::HashSet;

const GAMES: [Gaps; 4] = [
    gaps::GAME.game,
    gaps::RANDOM.game,
    gaps::ONE_DEAL.game,
    gaps::BASIC.game,
];

fn name(g: &Gaps) -> &'static str {
    g.rules.id.info().id
}

/// Every move a player could try: each card on the grid into each gap, and the redeal.
fn candidates(t: &Table) -> Vec<Move> {
    let cells: Vec<Option<Card>> = (0..52)
        .map(|i| t.piles[t.find(&slot_label(i)).unwrap()].top())
        .collect();
    let mut v = vec![Move::Redeal];
    for to in (0..52).filter(|&i| cells[i].is_none()) {
        for c in cells.iter().flatten() {
            v.push(Move::Place {
                card: *c,
                to: to as u8,
            });
        }
    }
    v
}

fn sorted(mut v: Vec<Move>) -> Vec<Move> {
    v.sort_by_key(|m| format!("{m:?}"));
    v
}

#[test]
fn engine_and_referee_agree_move_by_move_on_random_walks() {
    let mut rng = Rng::new(5);
    for g in &GAMES {
        let (mut steps, mut redeals, mut ends) = (0, 0, 0);
        for deal in 1..=5 {
            let mut t = g.deal(deal);
            loop {
                let s = g.pack(&t).unwrap();
                let mut out = Vec::new();
                g.expand_all(&s, &mut out);
                let mut reduced = Vec::new();
                g.expand(&s, &mut reduced);
                // The search's moves (a stubborn set in the games without redeals) are
                // some of the legal ones, and some as long as there is one, but in a position
                // the games without redeals prove lost (`dead_ends_are_lost` checks those).
                assert!(
                    reduced.iter().all(|x| out.iter().any(|y| y.mv == x.mv)),
                    "{} deal {deal}, step {steps}",
                    name(g)
                );
                if !g.reduces() {
                    assert_eq!(reduced.len(), out.len(), "{}", name(g));
                } else if out.is_empty() {
                    assert!(reduced.is_empty());
                }
                let legal: Vec<Move> = candidates(&t)
                    .into_iter()
                    .filter(|m| g.referee_apply(&mut t.clone(), m).is_ok())
                    .collect();
                let engine: Vec<Move> = out.iter().map(|x| x.mv).collect();
                assert_eq!(
                    sorted(engine),
                    sorted(legal),
                    "{} deal {deal}, step {steps}",
                    name(g)
                );
                for x in &out {
                    let mut after = t.clone();
                    g.referee_apply(&mut after, &x.mv).unwrap();
                    let s2 = g.pack(&after).unwrap();
                    assert_eq!(g.key(&s2), g.key(&x.state), "{} after {:?}", name(g), x.mv);
                }
                let status = g.referee_status(&t);
                assert_eq!(status == Status::Won, g.is_goal(&s), "{}", name(g));
                if out.is_empty() {
                    assert_ne!(status, Status::Playing, "{} deal {deal}", name(g));
                    ends += 1;
                    break;
                }
                assert_eq!(status, Status::Playing);
                let x = &out[rng.below(out.len() as u64) as usize];
                if x.mv == Move::Redeal {
                    redeals += 1;
                }
                g.referee_apply(&mut t, &x.mv).unwrap();
                steps += 1;
            }
        }
        assert!(steps > 50, "{}: {steps} steps", name(g));
        assert_eq!(ends, 5, "{}: every walk ends", name(g));
        if g.rules.redeals > 0 {
            assert!(redeals >= 5, "{}: {redeals} redeals", name(g));
        }
    }
}

/// A finished grid (each row Two to King of one suit, the gap last) whose last `columns`
/// columns are shuffled together with their gaps: a position with few moves left.
/// The cells of a finished grid (rows in `g`'s suits, Two to King, a gap last) with the last
/// `columns` columns' cards shuffled among them.
fn small_cells(g: &Gaps, rng: &mut Rng, columns: usize) -> Vec<Option<Card>> {
    let suits =
        g.rules
            .row_suits
            .unwrap_or([Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades]);
    let mut cells: Vec<Option<Card>> = Vec::new();
    for s in suits {
        for r in 2..=13 {
            cells.push(Some(Card::new(s, Rank::from_value(r))));
        }
        cells.push(None);
    }
    let places: Vec<usize> = (0..52).filter(|i| i % 13 >= 13 - columns).collect();
    let mut moved: Vec<Option<Card>> = places.iter().map(|&i| cells[i]).collect();
    patience::deals::shuffle(&mut moved, rng);
    for (&i, c) in places.iter().zip(moved) {
        cells[i] = c;
    }
    cells
}

/// A board of the 52 slots' cards (None: a gap), the Aces set aside.
fn rebuilt(cells: &[Option<Card>]) -> Table {
    let mut t = Table::new();
    for (i, c) in cells.iter().enumerate() {
        let p = t.create_empty(&slot_label(i), Mode::Spread).unwrap();
        if let Some(c) = c {
            t.add_on_top(*c, p).unwrap();
        }
    }
    let a = t.create_empty(ACES, Mode::Stacked).unwrap();
    for s in Suit::ALL {
        t.add_on_top(Card::new(s, Rank::Ace), a).unwrap();
    }
    t
}

fn small_position(g: &Gaps, rng: &mut Rng, columns: usize, redeals: u32) -> Table {
    let mut t = rebuilt(&small_cells(g, rng, columns));
    if g.rules.redeals > 0 {
        t.set_counter(SEED, rng.below(1000) as u32);
        t.set_counter(REDEALS, redeals);
    }
    t
}

/// How many layouts the referee reaches from `start`, exactly as they lie (at most `cap`;
/// None beyond), and whether a won layout is among them (`common::referee::referee_layouts`).
fn referee_search(g: &Gaps, start: &Table, cap: usize) -> Option<(usize, bool)> {
    referee_layouts(g, start, candidates, Table::to_text, cap).map(|v| (v.len(), v[0].1))
}

/// The engine's keys reachable from `start`: over every legal move (`all`), or over the
/// search's moves (a stubborn set in the games without redeals).
fn engine_keys(g: &Gaps, start: &Table, all: bool) -> usize {
    let s = g.pack(start).unwrap();
    let mut seen = HashSet::from([g.key(&s)]);
    let mut todo = vec![s];
    while let Some(s) = todo.pop() {
        let mut out = Vec::new();
        if all {
            g.expand_all(&s, &mut out);
        } else {
            g.expand(&s, &mut out);
        }
        for x in out {
            if seen.insert(g.key(&x.state)) {
                todo.push(x.state);
            }
        }
    }
    seen.len()
}

/// One round of the plain-search comparison on `positions` small positions of each game
/// drawn with `seed`: per game, (compared, won, lost, positions where the stubborn sets
/// searched fewer keys than there are), and a message per disagreement (the board in it).
/// The depth-first verdict (over stubborn sets in the games without redeals) and the default
/// search's must be the referee's, the keys reachable over every legal move as many as the
/// referee's layouts, and the keys the search reaches no more. `scripts/soundness.sh` runs
/// rounds on fresh seeds (`differential::soundness_long_run`). (Here every Two starts in its
/// row, so the portfolio's wins are restricted wins:
/// `one_deal_portfolio_agrees_with_every_move_where_twos_change_rows` covers the rest.)
pub(crate) fn plain_search_round(seed: u64, positions: usize) -> (Vec<[usize; 4]>, Vec<String>) {
    let mut rng = Rng::new(seed);
    let cfg = SolveConfig {
        algorithm: Algorithm::Dfs,
        limits: Limits::default(),
    };
    let portfolio_cfg = SolveConfig {
        algorithm: Algorithm::Portfolio,
        limits: Limits::default(),
    };
    let (mut counts, mut failures) = (Vec::new(), Vec::new());
    for g in &GAMES {
        let (mut compared, mut won, mut lost, mut reduced) = (0, 0, 0, 0);
        for k in 0..positions {
            let columns = 2 + k % 3;
            let redeals = (k % 3) as u32;
            let t = small_position(
                g,
                &mut rng,
                columns,
                redeals.min(u32::from(g.rules.redeals)),
            );
            let Some((layouts, wins)) = referee_search(g, &t, 3000) else {
                continue;
            };
            let sol = solve(g, &t, &cfg).unwrap();
            let verdict = |v: &Verdict| match v {
                Verdict::Solved => Some(true),
                Verdict::Unsolvable => Some(false),
                _ => None,
            };
            // The default search too: one-deal Gaps' portfolio takes a loss from whichever of
            // its complete searches (depth-first, weighted A*) ends first.
            let portfolio = solve(g, &t, &portfolio_cfg).unwrap();
            let keys = engine_keys(g, &t, true);
            let searched = engine_keys(g, &t, false);
            if verdict(&sol.verdict) != Some(wins)
                || verdict(&portfolio.verdict) != Some(wins)
                || keys != layouts
                || searched > keys
            {
                failures.push(format!(
                    "{} (seed {seed}): engine {:?} (portfolio {:?}) with {keys} keys ({searched} searched), referee {wins} with {layouts} layouts\n{}",
                    name(g),
                    sol.verdict,
                    portfolio.verdict,
                    t.to_text()
                ));
            }
            if searched < keys {
                reduced += 1;
            }
            compared += 1;
            if wins {
                won += 1;
            } else {
                lost += 1;
            }
        }
        counts.push([compared, won, lost, reduced]);
    }
    (counts, failures)
}

#[test]
fn engine_verdicts_equal_a_plain_search_over_the_referees_layouts() {
    let (counts, failures) = plain_search_round(2026, 40);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    for (g, [compared, won, lost, reduced]) in GAMES.iter().zip(counts) {
        assert!(
            compared >= 25 && won >= 3 && lost >= 3,
            "{}: {compared} compared, {won} won, {lost} lost",
            name(g)
        );
        // The stubborn sets left states out in some of the positions (and so were tested).
        assert_eq!(reduced > 0, g.reduces(), "{}: {reduced} reduced", name(g));
    }
}

/// Every gap right of a King, and the Kings of clubs and hearts swapped: no card can move.
/// Lost at once without redeals; with redeals the board says both are done.
fn blocked_board(redeals: bool) -> String {
    let mut t = Table::new();
    let rows = [Suit::Clubs, Suit::Hearts, Suit::Spades, Suit::Diamonds];
    for (row, s) in rows.iter().enumerate() {
        for col in 0..13 {
            let p = t
                .create_empty(&slot_label(row * 13 + col), Mode::Spread)
                .unwrap();
            let king = match row {
                0 => Suit::Hearts,
                1 => Suit::Clubs,
                _ => *s,
            };
            let card = match col {
                0..=10 => Some(Card::new(*s, Rank::from_value(col as u8 + 2))),
                11 => Some(Card::new(king, Rank::King)),
                _ => None,
            };
            if let Some(c) = card {
                t.add_on_top(c, p).unwrap();
            }
        }
    }
    let a = t.create_empty(ACES, Mode::Stacked).unwrap();
    for s in Suit::ALL {
        t.add_on_top(Card::new(s, Rank::Ace), a).unwrap();
    }
    if redeals {
        t.set_counter(SEED, 1);
        t.set_counter(REDEALS, 2);
    }
    t.to_text()
}

#[test]
fn constructed_losses_are_proven_by_the_cli_and_the_plain_search() {
    let dir = tempfile::tempdir().unwrap();
    for g in &GAMES {
        let text = blocked_board(g.rules.redeals > 0);
        let path = dir.path().join(format!("{}.txt", name(g)));
        std::fs::write(&path, &text).unwrap();
        let out = patience(&["solve", name(g), "--board", path.to_str().unwrap()]).ok();
        assert!(out.contains("unsolvable"), "{}: {out}", name(g));
        let t = Table::parse(&text).unwrap();
        assert_eq!(referee_search(g, &t, 10), Some((1, false)), "{}", name(g));
    }
    // With a redeal left, AisleRiot's Gaps deals the two Kings again: the gaps come right
    // after the Queens (the runs), each King can reach its row, and the deal is won.
    let won = blocked_board(true).replace("redeals = 2", "redeals = 1");
    let path = dir.path().join("one-left.txt");
    std::fs::write(&path, won).unwrap();
    let out = patience(&["solve", "gaps", "--board", path.to_str().unwrap()]).ok();
    assert!(out.contains("solved"), "{out}");
}

#[test]
fn bad_gaps_boards_get_one_clear_error_line() {
    let dir = tempfile::tempdir().unwrap();
    let good = patience(&["deal", "gaps", "--deal", "4"]).ok();
    let t = Table::parse(&good).unwrap();
    let ace_slot = {
        // The Ace of clubs into a gap, out of the aces pile.
        let mut t = t.clone();
        let a = t.find(ACES).unwrap();
        let gap = (0..52)
            .map(slot_label)
            .find(|l| t.piles[t.find(l).unwrap()].cards.is_empty())
            .unwrap();
        let g = t.find(&gap).unwrap();
        t.move_card(Suit::Clubs, Rank::Ace, a, g).unwrap();
        t.to_text()
    };
    let two_cards = {
        let mut t = t.clone();
        let (a, b) = (t.find("a1").unwrap(), t.find("b1").unwrap());
        t.move_top_to_top(b, a).unwrap();
        t.to_text()
    };
    let cases = [
        (ace_slot, "the Aces are taken out"),
        (two_cards, "slot 'a1' holds 2 cards"),
        (good.replace("redeals = 0", "redeals = 3"), "redeals = 3"),
        (
            good.replace("m4 (spread)", "z9 (spread)"),
            "unknown pile 'z9'",
        ),
    ];
    for (i, (text, want)) in cases.iter().enumerate() {
        let path = dir.path().join(format!("bad{i}.txt"));
        std::fs::write(&path, text).unwrap();
        let err = patience(&["solve", "gaps", "--board", path.to_str().unwrap()]).one_line_error();
        assert!(err.contains(want), "case {i}: {err}");
    }
    let err = patience(&["solve", "gaps", "--deal", "4294967296"]).one_line_error();
    assert!(err.contains("out of range"), "{err}");
}

/// The redeal's shuffle is part of what a deal number means: the first redeal of deal 1,
/// reached by always playing the last move the engine lists, is pinned.
#[test]
fn the_first_redeal_of_deal_1_is_pinned() {
    let g = &gaps::GAME.game;
    let mut t = g.deal(1);
    loop {
        let mut out = Vec::new();
        g.expand(&g.pack(&t).unwrap(), &mut out);
        let mv = out.last().expect("a redeal comes before the end").mv;
        g.referee_apply(&mut t, &mv).unwrap();
        if mv == Move::Redeal {
            break;
        }
    }
    let path = data_dir().join("layouts/gaps-1-first-redeal.txt");
    let want = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(t.to_text(), want, "the redeal's shuffle changed");
}

/// Each sample redeals otherwise, so the segments end at a redeal: played on, a segment's
/// moves would be illegal in another sample, which the scoring now refuses with an error
/// (until 2026-12-04 it counted that sample as lost, silently).
#[test]
fn the_fair_hint_draws_the_redeals_shuffles() {
    let out = patience(&["hint", "gaps", "--deal", "3", "--fair", "--samples", "3"]).ok();
    assert!(
        out.contains("3 samples of the 0 unseen cards and of the redeals' shuffles"),
        "{out}"
    );
    assert!(out.contains("hint: "), "{out}");
    // Without redeals there is nothing to draw: one sample, the deal itself.
    let out = patience(&["hint", "gaps-basic", "--deal", "2", "--fair"]).ok();
    assert!(out.contains("1 samples of the 0 unseen cards,"), "{out}");
}

/// `gaps-one-deal`'s known deals, through `solve --json` (its quick deals are not four in a
/// row, as tests/data/known_deals.csv's batch check needs): the outcome, the length of the
/// line found, the states of the default search (the portfolio: the 24 restricted games,
/// weighted A*, then the complete depth-first search over stubborn sets; a loss is proven by
/// whichever of the last two exhausts the states first, both expanding the same). Deal 76
/// is a win where every restricted game is lost: the complete search alone needs 43 million
/// states, weighted A* alone about 95,000 (the count below sums every search the portfolio
/// ran; 765,219 while weighted A* started over each round, 80,000 of them its first try's
/// states again).
#[test]
fn known_one_deal_deals() {
    for (n, verdict, moves, states) in [
        (1, "solved", 117, 17962),
        (5, "solved", 105, 27625),
        (39, "unsolvable", 0, 6300),
        (49, "solved", 92, 5428),
        (61, "unsolvable", 0, 20088),
        (76, "solved", 114, 685219),
    ] {
        let v = crate::common::json(
            &patience(&["solve", "gaps-one-deal", "--deal", &n.to_string(), "--json"]).ok(),
        );
        assert_eq!(v["verdict"], verdict, "deal {n}");
        assert_eq!(v["stats"]["solution_length"], moves, "deal {n}");
        assert_eq!(v["stats"]["expanded"], states, "deal {n}");
    }
}

/// The games without redeals over every legal move, with no stubborn set: the unreduced
/// engine (itself checked move by move against the referee above), for positions too large
/// for the referee's layouts.
struct EveryMove(Gaps);

impl Space for EveryMove {
    type State = gaps::State;
    type Key = gaps::Key;
    type Move = Move;
    fn is_goal(&self, s: &gaps::State) -> bool {
        self.0.is_goal(s)
    }
    fn key(&self, s: &gaps::State) -> gaps::Key {
        self.0.key(s)
    }
    fn expand(&self, s: &gaps::State, out: &mut Vec<solvers::Successor<Move, gaps::State>>) {
        self.0.expand_all(s, out);
    }
}

/// On larger positions (five to eight columns shuffled), exhaustive depth-first searches over
/// the stubborn sets and over every legal move agree on every verdict, and the stubborn sets
/// search fewer states.
#[test]
fn stubborn_sets_keep_every_win_of_larger_positions() {
    let mut rng = Rng::new(77);
    let limits = Limits::none().with_nodes(3_000_000);
    for g in [gaps::ONE_DEAL.game, gaps::BASIC.game] {
        let (mut won, mut lost, mut fewer) = (0, 0, 0);
        for k in 0..24 {
            let t = small_position(&g, &mut rng, 5 + k % 4, 0);
            let s = g.pack(&t).unwrap();
            let plain = solvers::dfs(&EveryMove(g), s, &limits);
            let stubborn = solvers::dfs(&g, s, &limits);
            let verdict = |o: &solvers::Outcome<Move>| match o {
                solvers::Outcome::Solved(_) => Some(true),
                solvers::Outcome::Unsolvable => Some(false),
                solvers::Outcome::Unknown(_) => None,
            };
            let (a, b) = (verdict(&plain.outcome), verdict(&stubborn.outcome));
            assert!(
                a.is_some(),
                "{} position {k}: the plain search stopped",
                name(&g)
            );
            assert_eq!(a, b, "{} position {k}\n{}", name(&g), t.to_text());
            match a {
                Some(true) => won += 1,
                _ => {
                    lost += 1;
                    if stubborn.stats.expanded < plain.stats.expanded {
                        fewer += 1;
                    }
                }
            }
        }
        assert!(
            won >= 3 && lost >= 3,
            "{}: {won} won, {lost} lost",
            name(&g)
        );
        assert!(
            fewer * 2 >= lost,
            "{}: {fewer} of {lost} proofs smaller",
            name(&g)
        );
    }
}

/// Every position the games without redeals cut off as a dead end (no move searched while
/// some are legal) is lost: the plain search over every legal move finds no win from it. The
/// positions are all those reachable over every move from small positions (four to seven
/// columns shuffled), and dead ends must be among them.
#[test]
fn dead_ends_are_lost() {
    let mut rng = Rng::new(31);
    let limits = Limits::none().with_nodes(2_000_000);
    for g in [gaps::ONE_DEAL.game, gaps::BASIC.game] {
        let (mut dead_ends, mut positions) = (0, 0);
        for k in 0..12 {
            let t = small_position(&g, &mut rng, 4 + k % 4, 0);
            let s = g.pack(&t).unwrap();
            let mut seen = HashSet::from([g.key(&s)]);
            let mut todo = vec![s];
            while let Some(s) = todo.pop() {
                positions += 1;
                let (mut all, mut searched) = (Vec::new(), Vec::new());
                g.expand_all(&s, &mut all);
                g.expand(&s, &mut searched);
                if searched.is_empty() && !all.is_empty() {
                    dead_ends += 1;
                    let plain = solvers::dfs(&EveryMove(g), s, &limits);
                    assert!(
                        matches!(plain.outcome, solvers::Outcome::Unsolvable),
                        "{} position {k}: a dead end the plain search calls {:?}",
                        name(&g),
                        plain.outcome
                    );
                }
                for x in all {
                    if seen.insert(g.key(&x.state)) {
                        todo.push(x.state);
                    }
                }
            }
        }
        assert!(
            dead_ends >= 500,
            "{}: {dead_ends} dead ends in {positions} positions",
            name(&g)
        );
    }
}

/// One-deal Gaps' restricted games (each assignment of suits to rows) are the 24
/// assignments, and along random walks each one's moves are legal one-deal moves: a Two only
/// into its own row's leftmost slot, every other move the same.
#[test]
fn one_deal_restrictions_are_the_suit_assignments() {
    let g = gaps::ONE_DEAL.game;
    let start = g.pack(&g.deal(3)).unwrap();
    let restricted = g.restrictions(&start);
    let orders: HashSet<_> = restricted.iter().map(|r| r.rules.row_suits).collect();
    assert_eq!(restricted.len(), 24);
    assert_eq!(orders.len(), 24);
    assert!(orders.iter().all(|o| o.is_some()));
    assert!(gaps::BASIC.game.restrictions(&start).is_empty());
    assert!(gaps::GAME.game.restrictions(&start).is_empty());
    let mut rng = Rng::new(9);
    for r in restricted.iter().step_by(5) {
        let mut s = start;
        for _ in 0..200 {
            let (mut all, mut mine) = (Vec::new(), Vec::new());
            g.expand_all(&s, &mut all);
            r.expand_all(&s, &mut mine);
            for x in &mine {
                assert!(all.iter().any(|y| y.mv == x.mv), "{:?}", x.mv);
            }
            if let Some(Move::Place { card, to }) = all.iter().map(|x| x.mv).find(
                |m| matches!(m, Move::Place { card, .. } if card.rank_unchecked() == Rank::Two),
            ) {
                let row_suit = r.rules.row_suits.unwrap()[to as usize / 13];
                let listed = mine.iter().any(|y| y.mv == Move::Place { card, to });
                assert_eq!(listed, card.suit_unchecked() == row_suit, "{card} to {to}");
            }
            if mine.is_empty() {
                break;
            }
            s = mine[rng.below(mine.len() as u64) as usize].state;
        }
    }
}

/// One-deal Gaps' default search (the portfolio: restricted games, weighted A*, the complete
/// search) against the exhaustive search over every legal move, on positions whose leftmost
/// column's Twos are shuffled with the last columns' cards, so that a Two may start in
/// another suit's row or in the middle of one. Among
/// them are wins where every restricted game is lost (a Two must stop in a row and leave it
/// again): there only weighted A* and the complete search can win, and a loss the portfolio
/// reported would come from one of them, so their verdicts are checked where they decide.
#[test]
fn one_deal_portfolio_agrees_with_every_move_where_twos_change_rows() {
    let g = gaps::ONE_DEAL.game;
    let mut rng = Rng::new(5);
    let limits = Limits::none().with_nodes(3_000_000);
    let portfolio = SolveConfig {
        algorithm: Algorithm::Portfolio,
        limits: Limits::default(),
    };
    let (mut won, mut lost, mut across) = (0, 0, 0);
    for k in 0..40 {
        let columns = 2 + k % 3;
        let mut cells = small_cells(&g, &mut rng, columns);
        // The leftmost column's Twos shuffled with the last columns' cards.
        let places: Vec<usize> = (0..52)
            .filter(|i| i % 13 == 0 || i % 13 >= 13 - columns)
            .collect();
        let mut moved: Vec<Option<Card>> = places.iter().map(|&i| cells[i]).collect();
        patience::deals::shuffle(&mut moved, &mut rng);
        for (&i, c) in places.iter().zip(moved) {
            cells[i] = c;
        }
        let t = rebuilt(&cells);
        let s = g.pack(&t).unwrap();
        let verdict = |o: &solvers::Outcome<Move>| match o {
            solvers::Outcome::Solved(_) => Some(true),
            solvers::Outcome::Unsolvable => Some(false),
            solvers::Outcome::Unknown(_) => None,
        };
        let plain = verdict(&solvers::dfs(&EveryMove(g), s, &limits).outcome);
        let Some(wins) = plain else {
            continue;
        };
        let sol = solve(&g, &t, &portfolio).unwrap();
        let ours = match sol.verdict {
            Verdict::Solved => Some(true),
            Verdict::Unsolvable => Some(false),
            _ => None,
        };
        assert_eq!(ours, Some(wins), "position {k}\n{}", t.to_text());
        if wins {
            won += 1;
            let restricted_lost = g
                .restrictions(&s)
                .iter()
                .all(|r| verdict(&solvers::dfs(r, s, &limits).outcome) == Some(false));
            if restricted_lost {
                across += 1;
            }
        } else {
            lost += 1;
        }
    }
    assert!(
        won >= 3 && lost >= 3 && across >= 1,
        "{won} won ({across} only across rows), {lost} lost"
    );
}
