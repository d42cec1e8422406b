//! Engine micro-benchmarks (criterion): move generation, packing, transposition keys and
//! table insertion, and whole-deal solves, for Montée-Descente (md), Clock and Relais des 7
//! (r7); move generation and keys for Spider (one and four suits: two decks, 132-byte keys).
//!
//! Every input (the states, layouts and keys) is built before the timed loops, and every
//! group reports a throughput in elements per second, so criterion prints states/s or
//! keys/s directly:
//!
//! - `expand/GAME`: [`solvers::Space::expand`] over a fixed set of states gathered by a
//!   depth-first walk (the same walk as [`solvers::dfs`], forced moves honoured) of the
//!   first deals; elements = states expanded.
//! - `pack/GAME`: [`Game::pack`] of the layouts of deals 1..=256; elements = layouts.
//! - `key/GAME`: [`solvers::Space::key`] of the gathered states; elements = keys.
//! - `tt_insert/GAME`: inserting those exact keys into a fresh [`VisitedSet`] (the
//!   searches' transposition table, an `FxHashSet` inside); elements = keys.
//! - `solve_dfs/GAME`: [`solvers::dfs`] without limits on a few whole deals; elements =
//!   states expanded by the searches (counted once before timing).
//!
//! Run with `cargo bench --bench engine` (about a minute and a half), or
//! `cargo bench --bench engine -- --test` to check that every benchmark runs once.

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{
    criterion_group, criterion_main, BenchmarkGroup, Criterion, SamplingMode, Throughput,
};
use patience::games::tableau::{Tableau, TwoDecks, COMPACT_KEY};
use patience::games::{clock::Clock, md::Md, r7::R7, Game, GameId};
use solvers::{dfs, successors, Limits, Outcome, Successor, VisitedSet};

/// States gathered per game for the expand, key and insertion benchmarks.
const STATES: usize = 4096;
/// At most this many states are taken from one deal, so the set mixes several deals.
const PER_DEAL: usize = 512;
/// Layouts packed per iteration of the pack benchmark.
const LAYOUTS: u64 = 256;

/// Short measurements: the whole run must stay within a couple of minutes on two cores.
fn configure<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(name);
    g.warm_up_time(Duration::from_millis(500));
    g.measurement_time(Duration::from_secs(3));
    g.sample_size(20);
    g
}

/// The states a depth-first search expands on `deal`, in its order (distinct by exact key,
/// forced moves honoured), at most `cap` of them.
fn walk<G: Game>(game: &G, deal: u64, cap: usize, into: &mut Vec<G::State>) {
    let start = game
        .pack(&game.deal(deal))
        .expect("a deal is a position of its game");
    let mut seen: VisitedSet<G::Key> = VisitedSet::new();
    let mut stack = vec![start];
    let mut buf: Vec<Successor<G::Move, G::State>> = Vec::new();
    let mut taken = 0;
    while let Some(s) = stack.pop() {
        if taken == cap {
            break;
        }
        if !seen.insert(game.key(&s)) || game.is_goal(&s) {
            continue;
        }
        successors(game, &s, &mut buf);
        into.push(s);
        taken += 1;
        // Reversed, so that the first successor is explored first, as in `dfs`.
        stack.extend(buf.drain(..).rev().map(|x| x.state));
    }
}

/// [`STATES`] states of `game`, from deals 1, 2, ... in turn.
fn gather<G: Game>(game: &G) -> Vec<G::State> {
    let mut states = Vec::with_capacity(STATES + PER_DEAL);
    let mut deal = 1;
    while states.len() < STATES {
        walk(game, deal, PER_DEAL.min(STATES - states.len()), &mut states);
        deal += 1;
    }
    eprintln!(
        "{}: {} states from deals 1..={}",
        game.id(),
        states.len(),
        deal - 1
    );
    states
}

fn bench_expand<G: Game>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    game: &G,
    states: &[G::State],
) {
    group.throughput(Throughput::Elements(states.len() as u64));
    group.bench_function(name, |b| {
        let mut out: Vec<Successor<G::Move, G::State>> = Vec::with_capacity(16);
        b.iter(|| {
            let mut n = 0;
            for s in states {
                out.clear();
                game.expand(black_box(s), &mut out);
                n += out.len();
            }
            black_box(n)
        })
    });
}

fn bench_pack<G: Game>(group: &mut BenchmarkGroup<'_, WallTime>, name: &str, game: &G) {
    let tables: Vec<_> = (1..=LAYOUTS).map(|n| game.deal(n)).collect();
    group.throughput(Throughput::Elements(tables.len() as u64));
    group.bench_function(name, |b| {
        b.iter(|| {
            for t in &tables {
                black_box(game.pack(black_box(t)).expect("a deal packs"));
            }
        })
    });
}

fn bench_key<G: Game>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    game: &G,
    states: &[G::State],
) {
    group.throughput(Throughput::Elements(states.len() as u64));
    group.bench_function(name, |b| {
        b.iter(|| {
            for s in states {
                black_box(game.key(black_box(s)));
            }
        })
    });
}

fn bench_insert<G: Game>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    game: &G,
    states: &[G::State],
) {
    let keys: Vec<G::Key> = states.iter().map(|s| game.key(s)).collect();
    group.throughput(Throughput::Elements(keys.len() as u64));
    group.bench_function(name, |b| {
        b.iter(|| {
            // A fresh table each time, growing as in a search.
            let mut set: VisitedSet<G::Key> = VisitedSet::new();
            for k in &keys {
                set.insert(k.clone());
            }
            black_box(set.len())
        })
    });
}

/// Solves `deals` with `dfs` once to count the states expanded (the throughput's
/// elements), then times solving them all.
fn bench_solve<G: Game>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    game: &G,
    deals: &[u64],
) {
    let starts: Vec<G::State> = deals
        .iter()
        .map(|&n| game.pack(&game.deal(n)).expect("a deal packs"))
        .collect();
    let mut expanded = 0;
    for s in &starts {
        let r = dfs(game, s.clone(), &Limits::none());
        assert!(
            !matches!(r.outcome, Outcome::Unknown(_)),
            "no limit, so a verdict"
        );
        expanded += r.stats.expanded;
    }
    eprintln!(
        "{}: {} deals, {expanded} states expanded by dfs",
        game.id(),
        deals.len()
    );
    group.throughput(Throughput::Elements(expanded));
    group.bench_function(name, |b| {
        b.iter(|| {
            for s in &starts {
                black_box(dfs(game, s.clone(), &Limits::none()).stats.expanded);
            }
        })
    });
}

/// Times a depth-first search of `nodes` expansions from each of `starts` over `space`:
/// Klondike over the engine and over its fast path (`Lean`), which expand the same states.
fn bench_dfs_nodes<S: solvers::Space>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    space: &S,
    starts: &[S::State],
    nodes: u64,
) {
    let limits = Limits::none().with_nodes(nodes);
    let expanded: u64 = starts
        .iter()
        .map(|s| dfs(space, s.clone(), &limits).stats.expanded)
        .sum();
    group.throughput(Throughput::Elements(expanded));
    group.bench_function(name, |b| {
        b.iter(|| {
            for s in starts {
                black_box(dfs(space, s.clone(), &limits).stats.expanded);
            }
        })
    });
}

/// A two-deck preset of the tableau engine (Spider, Forty Thieves, Backbone).
fn spider(id: &str) -> TwoDecks {
    match id.parse::<GameId>().expect("preset") {
        GameId::Tableau(i) => TwoDecks::preset(i),
        g => panic!("{id} is {g:?}"),
    }
}

fn engine(c: &mut Criterion) {
    let md = gather(&Md);
    let clock = gather(&Clock);
    let r7 = gather(&R7);
    let (spider1, spider4) = (spider("spider-1suit"), spider("spider-4suits"));
    let spider1_states = gather(&spider1);
    let spider4_states = gather(&spider4);
    // A stock turned onto a waste and two decks built card by card (issue 15): Forty Thieves
    // (one card a turn, no redeal) and Little Forty (three a turn, redeals, sequences).
    let (forty, little) = (spider("forty-thieves"), spider("little-forty"));
    let forty_states = gather(&forty);
    let little_states = gather(&little);
    // A reserve: Backbone's two stacks and the card across them.
    let backbone = spider("backbone");
    let backbone_states = gather(&backbone);

    let mut g = configure(c, "expand");
    bench_expand(&mut g, "md", &Md, &md);
    bench_expand(&mut g, "clock", &Clock, &clock);
    bench_expand(&mut g, "r7", &R7, &r7);
    bench_expand(&mut g, "spider-1suit", &spider1, &spider1_states);
    bench_expand(&mut g, "spider-4suits", &spider4, &spider4_states);
    bench_expand(&mut g, "forty-thieves", &forty, &forty_states);
    bench_expand(&mut g, "little-forty", &little, &little_states);
    bench_expand(&mut g, "backbone", &backbone, &backbone_states);
    g.finish();

    let mut g = configure(c, "pack");
    bench_pack(&mut g, "md", &Md);
    bench_pack(&mut g, "clock", &Clock);
    bench_pack(&mut g, "r7", &R7);
    g.finish();

    let mut g = configure(c, "key");
    bench_key(&mut g, "md", &Md, &md);
    bench_key(&mut g, "clock", &Clock, &clock);
    bench_key(&mut g, "r7", &R7, &r7);
    bench_key(&mut g, "spider-4suits", &spider4, &spider4_states);
    bench_key(&mut g, "forty-thieves", &forty, &forty_states);
    g.finish();

    let mut g = configure(c, "tt_insert");
    bench_insert(&mut g, "md", &Md, &md);
    bench_insert(&mut g, "clock", &Clock, &clock);
    bench_insert(&mut g, "r7", &R7, &r7);
    g.finish();

    // md: 20 deals with a mix of wins and proofs of unsolvability; clock and r7 have no
    // choices, so a solve is one line of play per deal.
    let md_deals: Vec<u64> = (1..=20).collect();
    let line_deals: Vec<u64> = (1..=200).collect();
    let mut g = configure(c, "solve_dfs");
    // An iteration solves many deals (milliseconds): flat sampling fits 20 samples in.
    g.sampling_mode(SamplingMode::Flat);
    bench_solve(&mut g, "md", &Md, &md_deals);
    bench_solve(&mut g, "clock", &Clock, &line_deals);
    bench_solve(&mut g, "r7", &R7, &line_deals);
    g.finish();

    // Klondike (three cards a turn): deals 33 (open at this budget) and 273 (lost), 50,000
    // expansions each, over the engine and over the fast path.
    let klondike = match "klondike".parse::<GameId>().expect("preset") {
        GameId::Tableau(i) => Tableau::<52, COMPACT_KEY>::preset(i),
        g => panic!("klondike is {g:?}"),
    };
    let lean = klondike.lean().expect("Klondike has the fast path");
    let starts: Vec<_> = [33, 273]
        .iter()
        .map(|&n| klondike.pack(&klondike.deal(n)).expect("a deal packs"))
        .collect();
    let lean_starts: Vec<_> = starts
        .iter()
        .map(|s| lean.lean_state(s).expect("fits the fast path"))
        .collect();
    let mut g = configure(c, "klondike_dfs");
    g.sampling_mode(SamplingMode::Flat);
    bench_dfs_nodes(&mut g, "engine", &klondike, &starts, 50_000);
    bench_dfs_nodes(&mut g, "lean", &lean, &lean_starts, 50_000);
    g.finish();
}

/// No plots and fewer bootstrap resamples: the analysis would otherwise take longer than
/// the measurements.
fn config() -> Criterion {
    Criterion::default().without_plots().nresamples(10_000)
}

criterion_group! {
    name = benches;
    config = config();
    targets = engine
}
criterion_main!(benches);
