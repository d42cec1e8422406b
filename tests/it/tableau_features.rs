//! The tableau engine's features beyond the FreeCell family (foundation returns, a chosen
//! foundation base, the redeal) against the referee.
//!
//! Two checks for each preset that uses them: a random walk, where every move the engine
//! generates must be legal on the reference piles and land on the same packed position; and
//! small random endgames, where the engine's verdict (exact keys, forced moves home) must
//! equal that of a plain breadth-first search over the referee's own layouts, which tries
//! every move from every place and shares nothing with the engine but the move type. The
//! second is what keeps the autoplay rule for games with returns honest.

use crate::common;

use common::referee::referee_solvable;
use patience::cards::{Card, Rank, Suit};
use patience::deals::Rng;
use patience::games::tableau::{
    cell_label, pile_label, FoundationBase, Move, Place, StockRules, Tableau, HOMES,
};
use patience::games::{Game, GameId};
use patience::piles::{Mode, Table};
use patience::study::{solve, Algorithm, SolveConfig, Verdict};
use patience::verify::replay;
use solvers::{Limits, Space};

fn game(id: &str) -> Tableau {
    match id.parse::<GameId>().unwrap() {
        GameId::Tableau(i) => Tableau::<52, 80>::preset(i),
        g => panic!("{id} is {g:?}"),
    }
}

const FEATURED: [&str; 5] = [
    "bakers-dozen",
    "beleaguered-castle",
    "streets-and-alleys",
    "chessboard",
    "cruel",
];

#[test]
fn every_generated_move_is_legal_and_lands_on_the_same_position() {
    for id in FEATURED {
        let g = game(id);
        let mut rng = Rng::new(7);
        let mut buf = Vec::new();
        let (mut checked, mut returns, mut redeals) = (0, 0, 0);
        for deal in 1..=20 {
            let mut table = g.deal(deal);
            let mut state = g.pack(&table).unwrap();
            for _ in 0..150 {
                buf.clear();
                g.expand(&state, &mut buf);
                if buf.is_empty() {
                    break;
                }
                for succ in &buf {
                    let after = replay(&g, &table, std::slice::from_ref(&succ.mv), |m| {
                        g.notation(m)
                    })
                    .unwrap_or_else(|e| panic!("{id} deal {deal}: engine move rejected: {e}"));
                    let packed = g.pack(&after).unwrap();
                    assert_eq!(g.key(&packed), g.key(&succ.state), "{id} deal {deal}");
                    assert_eq!(
                        packed,
                        succ.state,
                        "{id} deal {deal}: {}",
                        g.notation(&succ.mv)
                    );
                    checked += 1;
                    returns += usize::from(succ.mv.from == Place::Home);
                    redeals += usize::from(succ.mv.is_redeal());
                }
                let pick = rng.below(buf.len() as u64) as usize;
                table = replay(&g, &table, std::slice::from_ref(&buf[pick].mv), |m| {
                    g.notation(m)
                })
                .unwrap();
                state = buf[pick].state;
            }
        }
        // Chessboard deals often end early: few moves fit a suit up or down.
        assert!(checked > 400, "{id}: only {checked} moves checked");
        if g.rules.foundations.may_return {
            assert!(
                returns > 0,
                "{id}: no return from the foundations generated"
            );
        }
        if matches!(g.rules.stock, StockRules::Redeal { .. }) {
            assert!(redeals > 0, "{id}: no redeal generated");
        }
    }
}

/// A random endgame of `g`: diamonds and hearts home, a few clubs and spades home and the
/// other `in_play` clubs and spades spread over the piles at random (with `every_pile`, one
/// card on each pile first).
fn endgame(g: &Tableau, rng: &mut Rng, in_play: usize, every_pile: bool) -> Table {
    let r = g.rules;
    let chosen = r.foundations.base == FoundationBase::Chosen;
    let base = if chosen { 1 + rng.below(13) as u8 } else { 1 };
    let rank = |i: u8| Rank::from_value((base - 1 + i) % 13 + 1);
    // Heights of the clubs and spades foundations, in_play cards left between them.
    let least = u8::from(r.tableau.aces_home);
    let mut h = [13u8, 13, 13, 13];
    loop {
        h[0] = least + rng.below(u64::from(14 - least)) as u8;
        h[3] = least + rng.below(u64::from(14 - least)) as u8;
        if 26 - h[0] as usize - h[3] as usize == in_play {
            break;
        }
    }
    let mut cards: Vec<Card> = [0usize, 3]
        .iter()
        .flat_map(|&s| (h[s]..13).map(move |i| Card::new(Suit::ALL[s], rank(i))))
        .collect();
    let mut t = Table::new();
    let piles: Vec<usize> = (0..r.piles())
        .map(|p| t.create_empty(&pile_label(p), Mode::Spread).unwrap())
        .collect();
    for c in 0..r.cells.count as usize {
        t.create_empty(&cell_label(c), Mode::Stacked).unwrap();
    }
    for (s, label) in HOMES.iter().enumerate() {
        let id = t.create_empty(label, Mode::Stacked).unwrap();
        t.piles[id].cards = (0..h[s])
            .map(|i| Card::new(Suit::ALL[s], rank(i)))
            .collect();
    }
    // Shuffle, then drop the cards on a few piles.
    for i in (1..cards.len()).rev() {
        cards.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let used = if every_pile {
        r.piles()
    } else {
        2 + rng.below((r.piles() - 1).min(4) as u64) as usize
    };
    for (i, c) in cards.into_iter().enumerate() {
        let p = if every_pile && i < used {
            piles[i]
        } else {
            piles[rng.below(used as u64) as usize]
        };
        t.piles[p].cards.push(c);
    }
    t
}

fn engine_verdict(g: &Tableau, t: &Table, algorithm: Algorithm) -> Verdict {
    let cfg = SolveConfig {
        algorithm,
        limits: Limits::default(),
    };
    solve(g, t, &cfg).unwrap().verdict
}

/// `ENDGAMES=N` (default 30) endgames of `CARDS=K` cards in play (default 6) per preset.
#[test]
fn verdicts_on_small_endgames_equal_a_plain_search_on_the_referee() {
    let var = |name: &str, default: usize| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let (count, cards) = (var("ENDGAMES", 30), var("CARDS", 6));
    // With returns and empty piles that take any card, every card home can come back, so a
    // plain search over layouts does not end in time; `autoplay_keeps_every_win` covers
    // those two. Chessboard's endgames are nearly all won (wrapping, empty piles): its base
    // choice is checked on a whole deal below.
    for id in ["bakers-dozen", "cruel"] {
        let g = game(id);
        let mut rng = Rng::new(2024);
        let (mut won, mut lost) = (0, 0);
        for n in 0..count {
            let t = endgame(&g, &mut rng, cards, false);
            let Some(want) = referee_solvable(&g, &t, 100_000) else {
                continue;
            };
            let want = if want {
                won += 1;
                Verdict::Solved
            } else {
                lost += 1;
                Verdict::Unsolvable
            };
            for algorithm in [Algorithm::Dfs, Algorithm::BestFirst] {
                assert_eq!(
                    engine_verdict(&g, &t, algorithm),
                    want,
                    "{id} endgame {n} ({algorithm:?}):\n{}",
                    t.to_text()
                );
            }
        }
        eprintln!("{id}: {won} endgames won, {lost} lost");
        assert!(won > 0 && lost > 0, "{id}: {won} won, {lost} lost");
    }
}

/// The engine without its forced moves: every move it generates is a successor.
struct Unforced<'a>(&'a Tableau);

impl Space for Unforced<'_> {
    type State = <Tableau as Space>::State;
    type Key = <Tableau as Space>::Key;
    type Move = Move;
    fn is_goal(&self, s: &Self::State) -> bool {
        self.0.is_goal(s)
    }
    fn key(&self, s: &Self::State) -> Self::Key {
        self.0.key(s)
    }
    fn expand(&self, s: &Self::State, out: &mut Vec<solvers::Successor<Move, Self::State>>) {
        self.0.expand(s, out)
    }
}

/// The forced moves home keep every win: on random endgames, an exhaustive search with them
/// and one without reach the same verdict (the moves and keys themselves are checked against
/// the referee, tests/it/common/referee.rs). `ENDGAMES=N` (default 6) endgames per preset.
#[test]
fn autoplay_keeps_every_win() {
    autoplay_keeps_every_win_on(6);
}

/// [`autoplay_keeps_every_win`] on 40 endgames per preset (`ENDGAMES=N` for another count).
#[test]
#[ignore = "heavy: scripts/heavy-tests.sh runs it in release mode"]
fn autoplay_keeps_every_win_in_full() {
    autoplay_keeps_every_win_on(40);
}

/// The checks of [`autoplay_keeps_every_win`] on `ENDGAMES` endgames per preset, else
/// `default`.
fn autoplay_keeps_every_win_on(default: usize) {
    let count = std::env::var("ENDGAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default);
    let limits = Limits {
        max_nodes: Some(200_000),
        ..Limits::default()
    };
    for id in FEATURED {
        let g = game(id);
        let mut rng = Rng::new(99);
        let (mut won, mut lost, mut forced) = (0, 0, 0);
        for n in 0..count {
            let t = endgame(&g, &mut rng, 9, false);
            let start = g.pack(&t).unwrap();
            let verdict = |r: solvers::Report<Move>| match r.outcome {
                solvers::Outcome::Solved(_) => Some(true),
                solvers::Outcome::Unsolvable => Some(false),
                solvers::Outcome::Unknown(_) => None,
            };
            let Some(want) = verdict(solvers::dfs(&Unforced(&g), start, &limits)) else {
                continue;
            };
            let got = verdict(solvers::dfs(&g, start, &Limits::default()));
            assert_eq!(got, Some(want), "{id} endgame {n}:\n{}", t.to_text());
            won += usize::from(want);
            lost += usize::from(!want);
            forced += usize::from(g.forced(&start).is_some());
        }
        eprintln!(
            "{id}: {won} endgames won, {lost} lost, {forced} with a forced move at the start"
        );
        assert!(won + lost > count / 4, "{id}: too few endgames decided");
    }
}

/// Deals the engine proves unsolvable in few states, proven again by the plain search over
/// the referee's layouts: Chessboard's every choice of base, and two games with returns
/// (where the engine's proof leans on its autoplay rule).
#[test]
fn small_unsolvable_deals_are_confirmed_by_the_referee() {
    for (id, deal) in [
        ("chessboard", 2),
        ("streets-and-alleys", 3),
        ("beleaguered-castle", 3),
    ] {
        let g = game(id);
        let t = g.deal(deal);
        assert_eq!(
            engine_verdict(&g, &t, Algorithm::Dfs),
            Verdict::Unsolvable,
            "{id} deal {deal}"
        );
        assert_eq!(
            referee_solvable(&g, &t, 50_000),
            Some(false),
            "{id} deal {deal}"
        );
    }
}

/// The tableau engine's `blocked` heuristic is admissible where the engine offers it: on
/// small endgames of games of single moves and of groups, A* with it finds lines exactly as
/// short as A* with `h` (both then optimal), and it never counts more than that length at
/// the start; on some of them it counts more than `h`, so the extra term is exercised.
#[test]
fn the_blocked_heuristic_never_overestimates_on_small_endgames() {
    use patience::study::bench::{heuristics, run};
    let mut rng = Rng::new(77);
    let (mut above_h, mut solved) = (0, 0);
    for id in [
        "freecell",
        "bakers-game",
        "streets-and-alleys-classic",
        "beleaguered-castle-classic",
        "king-albert-classic",
    ] {
        let g = game(id);
        let own = g.own_heuristics();
        let i = own.iter().position(|h| h.name == "blocked").expect(id);
        assert!(own[i].admissible);
        let hs = heuristics(&g);
        let by = |name: &str| hs.iter().find(|h| h.name == name).expect(name);
        let limits = Limits::none().with_nodes(200_000);
        for n in 0..12 {
            let t = endgame(&g, &mut rng, 9, false);
            let a = run(&g, &t, Algorithm::Astar, by("h"), &limits).unwrap();
            let b = run(&g, &t, Algorithm::Astar, by("blocked"), &limits).unwrap();
            if a.outcome != Verdict::Solved || b.outcome != Verdict::Solved {
                assert_eq!(a.outcome, b.outcome, "{id} endgame {n}:\n{}", t.to_text());
                continue;
            }
            assert_eq!(a.moves, b.moves, "{id} endgame {n}:\n{}", t.to_text());
            solved += 1;
            let s = g.pack(&t).unwrap();
            let bound = g.own_heuristic(i, &s);
            assert!(bound <= a.moves, "{id} endgame {n}: {bound} > {}", a.moves);
            above_h += u32::from(bound > g.heuristic(&s));
        }
    }
    assert!(
        above_h > 5 && solved > 30,
        "blocked counted more than h on {above_h} of {solved} won endgames"
    );
}
