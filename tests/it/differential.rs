//! Differential tests of the tableau engine against the referee, the way chess engines check
//! their move generators with perft counts.
//!
//! For every preset and for random rules files of the engine's schema, random small
//! positions (a few cards in play, a stock where the rules have one) are explored by a plain
//! breadth-first search over the referee's own layouts (`common::referee`): every move the
//! reference piles accept, from every place to every place with every count, and layouts
//! kept exactly as they lie, nothing canonicalised. Then:
//! - **move by move**: at every layout explored, each move the engine generates is legal
//!   for the referee and lands on the engine's own successor, and every layout the referee
//!   reaches in one move is one the engine reaches too, up to the documented
//!   canonicalisation (`canon` below, written here from ARCHITECTURE.md, not from the
//!   engine), or is the layout itself up to it (a whole pile moved into an empty one where
//!   piles are interchangeable), or is a card back from a foundation that the autoplay sends
//!   straight back: in a layout without a forced move, the forced move after it lands back
//!   on the layout (in one with a forced move the searches ask for no other move);
//! - **keys**: two layouts get the same engine key exactly when `canon` makes them equal;
//! - **counts**: where the whole space fits, the engine's count of positions reachable by
//!   its moves (without forced moves) equals the count of the referee's layouts after
//!   `canon`, applied to them afterwards;
//! - **verdicts**: the engine's searches (depth-first, best-first, the portfolio, forced
//!   moves and all) decide the position as the referee's layouts do;
//! - **forced moves**: wherever the engine forces a move, the layout after it wins exactly
//!   when the layout before it does (winnability read off the referee's graph);
//! - **helper piles** (Mogelpat): the engine capped at `c` runs home wins exactly when the
//!   referee's layouts reach a win with at most `c` runs home.
//!
//! `cargo test` runs fixed seeds on slices sized to take seconds; each slice's full form is
//! an ignored test of the same name ending in `_in_full`, which `scripts/heavy-tests.sh`
//! runs in release mode. `scripts/soundness.sh --minutes N` runs the same checks on fresh
//! seeds for as long as asked and saves every failing position in
//! `tests/data/soundness/found/`, which `saved_failures_pass` replays.

use crate::common::referee::{engine_keys, layout_key, referee_moves, LayoutKey};
use patience::cards::{Card, Color, Rank, Suit};
use patience::deals::Rng;
use patience::games::tableau::rules::OnBaseRank;
use patience::games::tableau::{
    cell_label, pile_label, register, reserve_label, Build, Direction, FoundationBase,
    FoundationBuild, GroupMoves, Move, Place, Rules, State, StockRules, Tableau, Takes, Won, BASE,
    COVER, HOMES, REDEALS, STOCK, WASTE,
};
use patience::games::{Game, GameId};
use patience::piles::{Mode, Table};
use patience::study::{solve, Algorithm, SolveConfig, Verdict};
use patience::verify::{Referee, Status};
use solvers::{Limits, Space, Successor};
use std::collections::{HashMap, HashSet, VecDeque};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// A layout after the documented canonicalisation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Canon {
    piles: Vec<Vec<Card>>,
    cells: Vec<Vec<Card>>,
    /// The reserve's stacks and the pile across them, in order: never interchangeable.
    reserve: Vec<Vec<Card>>,
    homes: Vec<Vec<Card>>,
    stock: Vec<Card>,
    waste: Vec<Card>,
    redeals: Option<u32>,
    /// Where runs are keyed as sets: the run cards above each pile's lowest one, sorted
    /// (the piles then hold the cards up to it).
    runs: Vec<Card>,
}

/// Whether ARCHITECTURE.md ("Runs keyed as sets") says the rules key runs as sets: one
/// deck, building down without wrapping by suit, colour or any suit, built runs moving
/// in part or whole without limit, no cells, reserve or deal onto the piles, face-down
/// cards only under face-up ones, foundations by suit from the Ace taking single cards,
/// every card home to win, no rule on pile sizes, the base rank or who fills an empty
/// pile but the card itself, at most 10 piles (the compact key's bits).
fn runs_as_sets(r: &Rules) -> bool {
    let (t, f) = (&r.tableau, &r.foundations);
    r.decks == 1
        && r.suits == 4
        && r.piles() <= 10
        && matches!(
            t.build,
            Build::AlternateColor | Build::Suit | Build::AnySuit | Build::SameColor
        )
        && t.direction == Direction::Down
        && !t.wrap
        && t.moves == GroupMoves::AnySequence
        && !t.groups_onto_suit
        && t.face_down_rows.is_empty()
        && t.on_base_rank == OnBaseRank::Builds
        && t.max_cards == 0
        && !t.empty_from_waste
        && !t.waste_fills_last
        && !t.fill_from_talon
        && r.cells.count == 0
        && r.reserve.piles.is_empty()
        && matches!(r.stock, StockRules::None | StockRules::Waste { .. })
        && f.takes == Takes::Cards
        && f.base == FoundationBase::Ace
        && f.direction == Direction::Up
        && !f.wrap
        && f.build == FoundationBuild::Suit
        && f.suit.is_none()
        && !f.from_reserve
        && r.won == Won::AllHome
}

/// The engine's documented canonicalisation (ARCHITECTURE.md, "Reductions"), written on
/// layouts: the tableau piles are sorted unless a redeal gathers them in order or cards
/// wait in the stock (each pile gets its own card from each deal); the cells are sorted
/// (nothing tells one from another); everything else stays as it is, the reserve's piles
/// (each its own place) among it.
fn canon<const N: usize, const K: usize>(g: &Tableau<N, K>, t: &Table) -> Canon {
    canon_as(g, t, runs_as_sets(g.rules))
}

/// [`canon`], with runs keyed as sets when `sets` says so.
fn canon_as<const N: usize, const K: usize>(g: &Tableau<N, K>, t: &Table, sets: bool) -> Canon {
    let r = g.rules;
    let cards = |label: &str| {
        t.find(label)
            .map_or_else(Vec::new, |i| t.piles[i].cards.clone())
    };
    let stock = cards(STOCK);
    let mut piles: Vec<Vec<Card>> = (0..r.piles()).map(|p| cards(&pile_label(p))).collect();
    // Runs keyed as sets: each pile's built run of face-up cards on top, above its lowest
    // card, goes into one set for the whole tableau.
    let mut runs = Vec::new();
    if sets {
        for pile in &mut piles {
            let mut low = pile.len().saturating_sub(1);
            while low > 0
                && !pile[low - 1].is_face_down()
                && !pile[low].is_face_down()
                && r.builds_on(pile[low], pile[low - 1])
            {
                low -= 1;
            }
            runs.extend(pile.drain((low + 1).min(pile.len())..));
        }
        runs.sort();
    }
    let redeal = matches!(r.stock, StockRules::Redeal { .. });
    // Only a stock dealt onto the tableau piles (or a redeal) tells them apart: a stock
    // turned onto a waste, or dealt onto the reserve, gives no pile a card.
    let onto_piles = matches!(r.stock, StockRules::DealToPiles { .. }) && !stock.is_empty();
    if !redeal && !onto_piles {
        piles.sort();
    }
    let mut cells: Vec<Vec<Card>> = (0..r.cells.count as usize)
        .map(|c| cards(&cell_label(c)))
        .collect();
    cells.sort();
    let mut reserve: Vec<Vec<Card>> = (0..r.reserve.piles.len())
        .map(|i| cards(&reserve_label(i)))
        .collect();
    if r.reserve.cover > 0 {
        reserve.push(cards(COVER));
    }
    let (mut stock, mut waste) = (stock, cards(WASTE));
    // With unlimited redeals, a waste that a pass from the talon's start stops at (a whole
    // number of turns, or the whole stock turned) is keyed as the talon's start: those
    // layouts reach one another by turns and a redeal alone. The waste's cards come up
    // before the stock's, so the waste, turned over face down, goes on the stock's top.
    if let StockRules::Waste {
        draw,
        redeals: patience::games::tableau::UNLIMITED,
    } = r.stock
    {
        if waste.len() % usize::from(draw) == 0 || stock.is_empty() {
            stock.extend(waste.drain(..).rev().map(Card::face_down));
        }
    }
    // With two decks a suit's two foundations are interchangeable (a card goes onto
    // whichever it follows on).
    let mut homes: Vec<Vec<Card>> = HOMES
        .iter()
        .map(|h| {
            let mut pair = [cards(h), cards(&format!("{h}2"))];
            pair.sort();
            pair.concat()
        })
        .collect();
    // Foundations in alternate colours (Zebra): only the colours and ranks on them count,
    // not the suits, and not which foundation is which.
    if r.foundations.build == FoundationBuild::AlternateColor {
        let by_colour = |c: &Card| {
            let suit = match c.suit_unchecked().color() {
                Color::Black => Suit::Clubs,
                Color::Red => Suit::Diamonds,
            };
            Card::new(suit, c.rank_unchecked())
        };
        homes = HOMES
            .iter()
            .flat_map(|h| [cards(h), cards(&format!("{h}2"))])
            .map(|f| f.iter().map(by_colour).collect())
            .collect();
        homes.sort();
    }
    Canon {
        piles,
        cells,
        reserve,
        homes,
        stock,
        waste,
        redeals: t.counter(REDEALS),
        runs,
    }
}

/// The referee's layouts reachable from a start, explored breadth first.
struct Graph {
    layouts: Vec<Table>,
    /// The successors of each layout fully expanded (all of them when `complete`).
    next: Vec<Vec<usize>>,
    won: Vec<bool>,
    complete: bool,
}

fn explore<const N: usize, const K: usize>(
    g: &Tableau<N, K>,
    start: &Table,
    limit: usize,
) -> Graph {
    let mut index = HashMap::from([(layout_key(g, start), 0usize)]);
    let mut layouts = vec![start.clone()];
    let mut next = Vec::new();
    let mut won = Vec::new();
    let mut queue = VecDeque::from([0usize]);
    while let Some(i) = queue.pop_front() {
        let t = layouts[i].clone();
        won.push(g.referee_status(&t) == Status::Won);
        let mut succ = Vec::new();
        for after in referee_moves(g, &t) {
            let key = layout_key(g, &after);
            let j = match index.get(&key) {
                Some(&j) => j,
                None => {
                    if layouts.len() >= limit {
                        return Graph {
                            layouts,
                            next,
                            won,
                            complete: false,
                        };
                    }
                    layouts.push(after);
                    index.insert(key, layouts.len() - 1);
                    queue.push_back(layouts.len() - 1);
                    layouts.len() - 1
                }
            };
            succ.push(j);
        }
        next.push(succ);
    }
    Graph {
        layouts,
        next,
        won,
        complete: true,
    }
}

/// Which layouts of a complete graph reach a won one.
fn winnable(graph: &Graph, allowed: impl Fn(usize) -> bool) -> Vec<bool> {
    let n = graph.layouts.len();
    let mut back = vec![Vec::new(); n];
    for (i, succ) in graph.next.iter().enumerate() {
        for &j in succ {
            back[j].push(i);
        }
    }
    let mut good = vec![false; n];
    let mut queue: VecDeque<usize> = (0..n).filter(|&i| graph.won[i] && allowed(i)).collect();
    for &i in &queue {
        good[i] = true;
    }
    while let Some(j) = queue.pop_front() {
        for &i in &back[j] {
            if !good[i] && allowed(i) {
                good[i] = true;
                queue.push_back(i);
            }
        }
    }
    good
}

/// What the checks of one position found.
#[derive(Default)]
struct Tally {
    positions: usize,
    complete: usize,
    won: usize,
    lost: usize,
    layouts_checked: usize,
    forced_checked: usize,
    /// Of `forced_checked`, cards forced home from the talon other than the waste's top.
    forced_from_talon: usize,
    null_moves: usize,
    /// Turns of the stock onto the waste (no move of the engine's).
    turns: usize,
    /// Layouts the engine takes as lost (`Tableau::dead_end`), each lost for the plain search.
    stuck: usize,
    /// Layouts keyed as another one of different runs only because runs are keyed as sets.
    run_sets_merged: usize,
    /// Cards back from a foundation left out because the autoplay sends them straight back
    /// (`Tableau::comes_straight_back`), from a layout without a forced move: the forced
    /// move after each lands back on the layout.
    straight_back: usize,
    /// Cards back from a foundation left out in a layout with a forced move, whose other
    /// moves the searches never ask for.
    back_beside_forced: usize,
}

impl Tally {
    fn add(&mut self, o: &Tally) {
        self.positions += o.positions;
        self.complete += o.complete;
        self.won += o.won;
        self.lost += o.lost;
        self.layouts_checked += o.layouts_checked;
        self.turns += o.turns;
        self.forced_checked += o.forced_checked;
        self.forced_from_talon += o.forced_from_talon;
        self.null_moves += o.null_moves;
        self.stuck += o.stuck;
        self.run_sets_merged += o.run_sets_merged;
        self.straight_back += o.straight_back;
        self.back_beside_forced += o.back_beside_forced;
    }
}

/// The summary line of a run's checks.
impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} positions, {} explored in full ({} won, {} lost), {} layouts checked move by move, {} forced moves checked ({} from the talon), {} layouts taken as lost checked, {} layouts keyed as others of other runs, {} cards back from home left out as coming straight back ({} more beside a forced move)",
            self.positions, self.complete, self.won, self.lost, self.layouts_checked, self.forced_checked, self.forced_from_talon, self.stuck, self.run_sets_merged, self.straight_back, self.back_beside_forced
        )
    }
}

/// The layout after `x`, a successor of `s` (the engine's state of `t`), played on the
/// referee as the player's moves (`write_out`: turns first for a card from deep in the
/// talon); an error, naming the move as `what`, when a move is illegal there or the layout
/// reached is not the engine's successor.
fn replay_on_referee<const N: usize, const K: usize>(
    g: &Tableau<N, K>,
    t: &Table,
    s: &State<N>,
    x: &Successor<Move, State<N>>,
    what: &str,
) -> Result<Table, String> {
    let mut after = t.clone();
    for mv in Tableau::write_out(g, s, &[x.mv]) {
        g.referee_apply(&mut after, &mv).map_err(|e| {
            format!(
                "{what} {} is illegal for the referee ({e}) in\n{}",
                g.notation(&x.mv),
                t.to_text()
            )
        })?;
    }
    let reached = g.pack(&after).map_err(|e| {
        format!(
            "the referee's layout does not pack: {e}\n{}",
            after.to_text()
        )
    })?;
    if reached != x.state {
        return Err(format!(
            "{what} {} lands elsewhere than the referee's in\n{}",
            g.notation(&x.mv),
            t.to_text()
        ));
    }
    Ok(after)
}

/// Runs every check on `start`; returns a description of the first failure.
fn check_position<const N: usize, const K: usize>(
    g: &Tableau<N, K>,
    start: &Table,
    limit: usize,
    per_state: usize,
    tally: &mut Tally,
) -> Result<(), String> {
    let graph = explore(g, start, limit);
    tally.positions += 1;
    let pack = |t: &Table| {
        g.pack(t)
            .map_err(|e| format!("the referee's layout does not pack: {e}\n{}", t.to_text()))
    };
    // Keys: equal exactly when the canonical layouts are equal.
    let mut by_canon: HashMap<Canon, Vec<u8>> = HashMap::new();
    let mut by_key: HashMap<Vec<u8>, Canon> = HashMap::new();
    // Per canonical layout, the first layout's canonical form with runs as they lie.
    let mut as_they_lie: HashMap<Canon, Canon> = HashMap::new();
    let sets = runs_as_sets(g.rules);
    for t in &graph.layouts {
        let c = canon(g, t);
        if sets {
            let lying = canon_as(g, t, false);
            if as_they_lie
                .entry(c.clone())
                .or_insert_with(|| lying.clone())
                != &lying
            {
                tally.run_sets_merged += 1;
            }
        }
        let k = g.key(&pack(t)?).to_vec();
        if let Some(old) = by_canon.insert(c.clone(), k.clone()) {
            if old != k {
                return Err(format!(
                    "two layouts equal after canonicalisation have different keys:\n{}",
                    t.to_text()
                ));
            }
        }
        if let Some(old) = by_key.insert(k, c.clone()) {
            if old != c {
                return Err(format!(
                    "the engine's key makes two layouts one that the documented canonicalisation keeps apart:\n{}",
                    t.to_text()
                ));
            }
        }
    }
    // Move by move: every layout when the whole space was explored (the counts below lean
    // on it), else the first `per_state`.
    let per_state = if graph.complete {
        usize::MAX
    } else {
        per_state
    };
    let mut succ = Vec::new();
    // Moves of the referee's the engine leaves out as coming straight back (below).
    let mut straight_back = HashSet::new();
    for (i, t) in graph
        .layouts
        .iter()
        .enumerate()
        .take(per_state.min(graph.next.len()))
    {
        let s = pack(t)?;
        // A layout the engine knows lost (`dead_end`) gets no moves: checked against the
        // plain search's verdict below instead.
        if g.dead_end(&s) {
            continue;
        }
        succ.clear();
        g.expand(&s, &mut succ);
        let forced_here = g.forced(&s).is_some();
        let mut engine = HashSet::new();
        // Cards from deep in the talon: replayed as the player's moves (turns first).
        let mut deep = HashSet::new();
        for x in &succ {
            let after = replay_on_referee(g, t, &s, x, "the engine's move")?;
            // Cards from deep in the talon, and with runs keyed as sets a run card home
            // from under others (its cards onto their shelf first): two steps or more.
            if matches!(x.mv.from, Place::Talon(_)) || Tableau::write_out(g, &s, &[x.mv]).len() > 1
            {
                deep.insert(canon(g, &after));
            } else {
                engine.insert(canon(g, &after));
            }
        }
        let here = canon(g, t);
        let referee: HashSet<Canon> = graph.next[i]
            .iter()
            .map(|&j| canon(g, &graph.layouts[j]))
            .collect();
        if let Some(extra) = engine.iter().find(|c| !referee.contains(c)) {
            // The referee accepted the move when it was played, so its search missed it.
            return Err(format!(
                "the plain search misses a move the engine plays (an oracle defect) from\n{}to {extra:?}",
                t.to_text()
            ));
        }
        for &j in &graph.next[i] {
            let c = canon(g, &graph.layouts[j]);
            if !engine.contains(&c) {
                if c == here {
                    tally.null_moves += 1;
                    continue;
                }
                // A turn of the stock (or the waste turned back) is no move of the engine's:
                // it changes only the talon, and the engine plays the cards turns reach
                // directly (the verdicts below check that nothing is lost).
                let untalon = |c: &Canon| Canon {
                    stock: Vec::new(),
                    waste: Vec::new(),
                    redeals: None,
                    ..c.clone()
                };
                if c.stock.len() + c.waste.len() == here.stock.len() + here.waste.len()
                    && untalon(&c) == untalon(&here)
                {
                    tally.turns += 1;
                    continue;
                }
                // A card back from a foundation, left out as coming straight back
                // (ARCHITECTURE.md, "Reductions"). Where this layout has no forced move, the
                // layout after the card's move has one, which lands back here: the searches,
                // which give a layout with a forced move no other successor, would find only
                // this layout there. Where this layout has a forced move, the searches play
                // that one only and never ask for the others. The verdicts below check that
                // nothing is lost either way.
                let home_cards = |c: &Canon| c.homes.iter().map(Vec::len).sum::<usize>();
                if home_cards(&c) + 1 == home_cards(&here) {
                    // The card back is safe home where it lands, so that layout has a forced
                    // move in either case.
                    let back = pack(&graph.layouts[j])?;
                    let forced_back = g.forced(&back);
                    if forced_here && forced_back.is_some() {
                        tally.back_beside_forced += 1;
                        straight_back.insert((i, j));
                        continue;
                    }
                    if let Some(f) = forced_back {
                        let after =
                            replay_on_referee(g, &graph.layouts[j], &back, &f, "the forced move")?;
                        if f.mv.to == Place::Home && canon(g, &after) == here {
                            tally.straight_back += 1;
                            straight_back.insert((i, j));
                            continue;
                        }
                    }
                }
                return Err(format!(
                    "a legal move is neither generated nor dominated: from\n{}to\n{}",
                    t.to_text(),
                    graph.layouts[j].to_text()
                ));
            }
        }
        tally.layouts_checked += 1;
    }
    if !graph.complete {
        return Ok(());
    }
    tally.complete += 1;
    // Counts: the engine's reachable keys against the canonical layouts. Not with a waste:
    // the engine never stops between turns, so it reaches only the layouts after a card is
    // played (checked move by move above); the verdicts below check it loses nothing.
    let talon = matches!(g.rules.stock, StockRules::Waste { .. });
    let seen = engine_keys(g, pack(start)?, |s, out| g.expand(s, out));
    // Verdicts of the plain search, which prunes nothing.
    let good = winnable(&graph, |_| true);
    // Each layout the engine takes as lost is lost, and the engine reaches the layouts
    // the plain search reaches without passing through one.
    let stuck = cut_layouts(g, &graph, &good)?;
    tally.stuck += stuck.iter().filter(|&&c| c).count();
    let mut reached = HashSet::from([canon(g, &graph.layouts[0])]);
    let mut queue = VecDeque::from([0usize]);
    let mut visited = vec![false; graph.layouts.len()];
    visited[0] = true;
    while let Some(i) = queue.pop_front() {
        if stuck[i] {
            continue;
        }
        for &j in &graph.next[i] {
            if !visited[j] && !straight_back.contains(&(i, j)) {
                visited[j] = true;
                reached.insert(canon(g, &graph.layouts[j]));
                queue.push_back(j);
            }
        }
    }
    if !talon && seen.len() != reached.len() {
        return Err(format!(
            "the engine reaches {} positions, the referee {} after canonicalisation, from\n{}",
            seen.len(),
            reached.len(),
            start.to_text()
        ));
    }
    let want = if good[0] {
        Verdict::Solved
    } else {
        Verdict::Unsolvable
    };
    tally.won += usize::from(good[0]);
    tally.lost += usize::from(!good[0]);
    for algorithm in [Algorithm::Dfs, Algorithm::BestFirst, Algorithm::Portfolio] {
        let cfg = SolveConfig {
            algorithm,
            limits: Limits::default(),
        };
        let got = solve(g, start, &cfg)
            .map_err(|e| format!("solve: {e}"))?
            .verdict;
        if got != want {
            return Err(format!(
                "{algorithm:?} says {got:?}, the referee's layouts say {want:?}, from\n{}",
                start.to_text()
            ));
        }
    }
    // Forced moves keep the verdict of the layout they are played in.
    let index: HashMap<LayoutKey, usize> = graph
        .layouts
        .iter()
        .enumerate()
        .map(|(i, t)| (layout_key(g, t), i))
        .collect();
    for (i, t) in graph.layouts.iter().enumerate() {
        let s = pack(t)?;
        if let Some(f) = g.forced(&s) {
            // A card forced home from the talon: replayed as the player's moves
            // (the turns, then the card home).
            let after = replay_on_referee(g, t, &s, &f, "the forced move")?;
            let j = index[&layout_key(g, &after)];
            if good[i] != good[j] {
                return Err(format!(
                    "the forced move {} turns a {} layout into a {} one:\n{}",
                    g.notation(&f.mv),
                    if good[i] { "won" } else { "lost" },
                    if good[j] { "won" } else { "lost" },
                    t.to_text()
                ));
            }
            tally.forced_checked += 1;
            if matches!(f.mv.from, Place::Talon(_)) {
                tally.forced_from_talon += 1;
            }
        }
    }
    // Helper piles: a win with at most `cap` runs home.
    if g.counts_helpers() {
        let runs_home = |t: &Table| -> usize {
            HOMES
                .iter()
                .filter_map(|h| t.find(h))
                .map(|i| t.piles[i].height() / 13)
                .sum()
        };
        let most = graph.layouts.iter().map(runs_home).max().unwrap_or(0);
        for cap in 0..=most {
            let good = winnable(&graph, |i| runs_home(&graph.layouts[i]) <= cap);
            let capped = (*g).with_run_cap(cap as u8);
            let r = solvers::dfs(&capped, pack(start)?, &Limits::default());
            let got = matches!(r.outcome, solvers::Outcome::Solved(_));
            if !matches!(
                r.outcome,
                solvers::Outcome::Solved(_) | solvers::Outcome::Unsolvable
            ) || got != good[0]
            {
                return Err(format!(
                    "with at most {cap} runs home the engine says {got}, the referee's layouts {}, from\n{}",
                    good[0],
                    start.to_text()
                ));
            }
        }
    }
    Ok(())
}

/// Which layouts of a complete graph the engine takes as lost (`Tableau::dead_end`, which
/// gives them no moves); an error naming the first of them that the plain search wins
/// (`good`, read off the graph).
fn cut_layouts<const N: usize, const K: usize>(
    g: &Tableau<N, K>,
    graph: &Graph,
    good: &[bool],
) -> Result<Vec<bool>, String> {
    let mut stuck = vec![false; graph.layouts.len()];
    for (i, t) in graph.layouts.iter().enumerate() {
        let s = g
            .pack(t)
            .map_err(|e| format!("the referee's layout does not pack: {e}\n{}", t.to_text()))?;
        if g.dead_end(&s) {
            if good[i] {
                return Err(format!(
                    "the engine takes as lost a layout the plain search wins:\n{}",
                    t.to_text()
                ));
            }
            stuck[i] = true;
        }
    }
    Ok(stuck)
}

/// A random small position of `g`: most cards home (or, without foundations, in complete
/// runs alone on piles), a few in play spread over the piles, the cells and the stock,
/// some face down where the rules deal face down.
fn position<const N: usize, const K: usize>(
    g: &Tableau<N, K>,
    rng: &mut Rng,
    in_play: usize,
) -> Table {
    let r = g.rules;
    let deck = r.deck();
    let suits = deck.suit_list();
    let copies = usize::from(deck.copies);
    let mut t = Table::new();
    let piles: Vec<usize> = (0..r.piles())
        .map(|p| t.create_empty(&pile_label(p), Mode::Spread).unwrap())
        .collect();
    let cells: Vec<usize> = (0..r.cells.count as usize)
        .map(|c| t.create_empty(&cell_label(c), Mode::Stacked).unwrap())
        .collect();
    // The reserve's stacks, then the pile across them.
    let mut reserve: Vec<usize> = (0..r.reserve.piles.len())
        .map(|i| t.create_empty(&reserve_label(i), Mode::Spread).unwrap())
        .collect();
    if r.reserve.cover > 0 {
        reserve.push(t.create_empty(COVER, Mode::Spread).unwrap());
    }
    let homes: Vec<(Suit, usize)> = g
        .home_suits()
        .into_iter()
        .map(|s| (s, t.create_empty(s.name(), Mode::Stacked).unwrap()))
        .collect();
    // Second foundations (two decks built card by card), after the first ones.
    let seconds: Vec<usize> = g.home_labels()[homes.len()..]
        .iter()
        .map(|l| t.create_empty(l, Mode::Stacked).unwrap())
        .collect();
    let talon = matches!(r.stock, StockRules::Waste { .. });
    let stock = matches!(
        r.stock,
        StockRules::DealToPiles { .. } | StockRules::Waste { .. } | StockRules::DealToReserve
    )
    .then(|| t.create_empty(STOCK, Mode::Stacked).unwrap());
    let waste = talon.then(|| t.create_empty(WASTE, Mode::Stacked).unwrap());
    if let StockRules::Waste { redeals, .. } = r.stock {
        if redeals != patience::games::tableau::rules::UNLIMITED {
            t.set_counter(REDEALS, rng.below(u64::from(redeals) + 1) as u32);
        }
    }
    if let StockRules::Redeal { redeals, .. } = r.stock {
        if redeals != patience::games::tableau::rules::UNLIMITED {
            t.set_counter(REDEALS, rng.below(u64::from(redeals) + 1) as u32);
        }
    }
    let home_of = |s: Suit| homes.iter().find(|h| h.0 == s).map(|h| h.1);
    // The loose cards, and the piles already holding a run.
    let mut loose: Vec<Card> = Vec::new();
    let mut busy: Vec<usize> = Vec::new();
    if let Some(only) = r.foundations.suit {
        // One suit's foundation (Diamond Mine): it from its base, up to three of its cards
        // above in play; the other suits but one complete, alone on a pile (the game is won
        // with them so); the last one a run from its King on one pile and its lowest cards
        // loose.
        // A chosen base with nothing home is not chosen yet: keep one card there.
        let out = (rng.below(in_play.min(3) as u64 + 1) as u8).min(12);
        let low = (in_play - usize::from(out)).clamp(1, 12) as u8;
        // A chosen base: any, or half the time one that puts the first loose card of the
        // suit one rank above a loose card of the open suit, so that a card could be built
        // on it (the rule that nothing is).
        let base = match r.foundations.base {
            FoundationBase::Chosen if out > 0 && rng.below(2) == 0 => {
                let first = 2 + rng.below(u64::from(low)) as u8;
                (first + 12 - (13 - out) % 13) % 13 + 1
            }
            FoundationBase::Chosen => 1 + rng.below(13) as u8,
            _ => 1,
        };
        let rank = |i: u8| Rank::from_value((base - 1 + i) % 13 + 1);
        let home = home_of(only).expect("its foundation");
        t.piles[home].cards = (0..13 - out).map(|i| Card::new(only, rank(i))).collect();
        loose.extend((13 - out..13).map(|i| Card::new(only, rank(i))));
        let mut others: Vec<Suit> = Suit::ALL.into_iter().filter(|&x| x != only).collect();
        let open = others.remove(rng.below(others.len() as u64) as usize);
        let mut free: Vec<usize> = piles.clone();
        for x in others {
            let p = free.remove(rng.below(free.len() as u64) as usize);
            t.piles[p]
                .cards
                .extend((1..=13).rev().map(|v| Card::new(x, Rank::from_value(v))));
            busy.push(p);
        }
        let p = free[rng.below(free.len() as u64) as usize];
        t.piles[p].cards.extend(
            (low + 1..=13)
                .rev()
                .map(|v| Card::new(open, Rank::from_value(v))),
        );
        loose.extend((1..=low).map(|v| Card::new(open, Rank::from_value(v))));
    } else if r.foundations.build == FoundationBuild::AlternateColor {
        // Zebra: eight foundations from their Aces (the four first ones, then the second
        // ones), each rank in the colour the one below is not, drawn from that colour's four
        // copies of the rank; `in_play` cards above them in play.
        let mut ids: Vec<(Suit, usize)> = Suit::ALL
            .iter()
            .map(|&suit| (suit, home_of(suit).expect("a foundation per suit")))
            .collect();
        ids.extend(Suit::ALL.iter().copied().zip(seconds.iter().copied()));
        let mut h = vec![13u8; ids.len()];
        let mut left = in_play;
        while left > 0 {
            let f = rng.below(h.len() as u64) as usize;
            if h[f] > 1 {
                h[f] -= 1;
                left -= 1;
            }
        }
        let mut pool: Vec<Card> = (2..=13u8)
            .flat_map(|v| Suit::ALL.map(|s| Card::new(s, Rank::from_value(v))))
            .flat_map(|c| [c, c])
            .collect();
        for (f, &(ace, id)) in ids.iter().enumerate() {
            let mut below = Card::new(ace, Rank::Ace);
            t.piles[id].cards.push(below);
            for v in 2..=h[f] {
                let fits: Vec<usize> = (0..pool.len())
                    .filter(|&i| {
                        pool[i].rank_unchecked().value() == v
                            && pool[i].suit_unchecked().color() != below.suit_unchecked().color()
                    })
                    .collect();
                let c = pool.remove(fits[rng.below(fits.len() as u64) as usize]);
                t.piles[id].cards.push(c);
                below = c;
            }
        }
        loose.extend(pool);
    } else if r.foundations.takes == Takes::Cards {
        // One deck: each suit's foundation from its base, the cards above in play. A base
        // dealt onto the foundations stays on the first one (`base_stays`, or no returns).
        let chosen = r.foundations.base == FoundationBase::Chosen;
        let dealt_base = r.foundations.base == FoundationBase::FirstDealt;
        let base = if chosen || dealt_base {
            1 + rng.below(13) as u8
        } else {
            1
        };
        let rank = |i: u8| Rank::from_value((base - 1 + i) % 13 + 1);
        // Where the base card may come back, the board keeps its rank, as the deal does.
        if dealt_base && r.foundations.may_return && !r.foundations.base_stays {
            t.set_counter(BASE, u32::from(base));
        }
        let least = u8::from(r.tableau.aces_home);
        // Each foundation (the four first ones, then any second ones) from its base.
        let mut ids: Vec<(Suit, usize)> = Suit::ALL
            .iter()
            .map(|&suit| (suit, home_of(suit).expect("a foundation per suit")))
            .collect();
        ids.extend(Suit::ALL.iter().copied().zip(seconds.iter().copied()));
        let mut h = vec![13u8; ids.len()];
        let mut left = in_play;
        while left > 0 {
            let s = rng.below(h.len() as u64) as usize;
            if h[s] > least.max(u8::from(chosen || (dealt_base && s == 0))) {
                h[s] -= 1;
                left -= 1;
            }
        }
        // Where runs are keyed as sets, half the positions have both suits of a colour at
        // one height (black at a Jack or Queen, red at a Ten to a Queen): two cards of each
        // rank and colour in play with the two each may lie on, the positions whose keys
        // the reduction merges.
        if runs_as_sets(r) && ids.len() == 4 && rng.below(2) == 0 {
            let (black, red) = (11 + rng.below(2) as u8, 10 + rng.below(3) as u8);
            for (x, &(suit, _)) in h.iter_mut().zip(&ids) {
                *x = if suit.color() == Color::Black {
                    black
                } else {
                    red
                };
            }
        }
        for (s, &(suit, id)) in ids.iter().enumerate() {
            t.piles[id].cards = (0..h[s]).map(|i| Card::new(suit, rank(i))).collect();
            loose.extend((h[s]..13).map(|i| Card::new(suit, rank(i))));
        }
    } else {
        // Runs: every suit copy but one complete, home or alone on a pile; the last one a
        // run from its King on one pile and its `in_play` lowest cards loose.
        let mut runs: Vec<Suit> = suits
            .iter()
            .flat_map(|&s| std::iter::repeat_n(s, copies))
            .collect();
        let open = runs.remove(rng.below(runs.len() as u64) as usize);
        let run = |s: Suit, from: u8, to: u8| {
            (from..=to)
                .rev()
                .map(move |v| Card::new(s, Rank::from_value(v)))
        };
        let mut free: Vec<usize> = piles.clone();
        for s in runs {
            let home = home_of(s);
            // Complete runs on piles keep the space small: their top is an Ace, on which
            // nothing builds, so only a few piles are open.
            let on_pile = home.is_none() || free.len() > 2;
            if on_pile {
                let p = free.remove(rng.below(free.len() as u64) as usize);
                t.piles[p].cards.extend(run(s, 1, 13));
                busy.push(p);
            } else {
                t.piles[home.unwrap()].cards.extend(run(s, 1, 13));
            }
        }
        let low = in_play.min(12) as u8;
        let p = free[rng.below(free.len() as u64) as usize];
        t.piles[p].cards.extend(run(open, low + 1, 13));
        loose.extend(run(open, 1, low));
    }
    for i in (1..loose.len()).rev() {
        loose.swap(i, rng.below(i as u64 + 1) as usize);
    }
    // Some to the stock (face down), at most two deals' worth.
    if let (Some(id), StockRules::DealToPiles { piles: to, .. }) = (stock, &r.stock) {
        let per = if *to == 0 {
            r.piles()
        } else {
            usize::from(*to)
        };
        let n = rng.below((2 * per).min(loose.len()) as u64 + 1) as usize;
        for c in loose.drain(..n) {
            t.piles[id].cards.push(c.face_down());
        }
    }
    // Lady Jane's stock: a whole deal onto the reserve and the last cards, the last cards
    // alone, or nothing (the cells may then hold cards, below).
    if let (Some(id), StockRules::DealToReserve) = (stock, &r.stock) {
        let (stacks, left) = (r.reserve.piles.len(), usize::from(r.cells.count));
        let n = match rng.below(3) {
            0 if loose.len() >= stacks + left => stacks + left,
            1 if loose.len() >= left && left > 0 => left,
            _ => 0,
        };
        for c in loose.drain(..n) {
            t.piles[id].cards.push(c.face_down());
        }
    }
    // Some to the talon: face down in the stock, face up in the waste.
    if let (Some(id), Some(w)) = (stock, waste) {
        let n = rng.below(loose.len().min(5) as u64 + 1) as usize;
        for c in loose.drain(..n) {
            if rng.below(3) == 0 {
                t.piles[w].cards.push(c);
            } else {
                t.piles[id].cards.push(c.face_down());
            }
        }
    }
    // Some to the reserve, face up: a stack may get two (three when it fills emptied piles,
    // which takes cards from it), the pile across them one; a stack's cards under its top
    // one face down where the rules deal them so.
    for (i, &p) in reserve.iter().enumerate() {
        let most = match (i < r.reserve.piles.len(), r.reserve.fills_empty) {
            (true, true) => 3,
            (true, false) => 2,
            (false, _) => 1,
        };
        for _ in 0..rng.below(most + 1) {
            if let Some(c) = loose.pop() {
                if r.reserve.face_down {
                    if let Some(under) = t.piles[p].cards.last_mut() {
                        *under = under.face_down();
                    }
                }
                t.piles[p].cards.push(c);
            }
        }
    }
    // Some to the cells (where they hold the stock's last cards, only once it is empty).
    let cells_open =
        r.stock != StockRules::DealToReserve || stock.is_none_or(|id| t.piles[id].is_empty());
    for &c in &cells {
        if cells_open && !loose.is_empty() && rng.below(3) == 0 {
            t.piles[c].cards.push(loose.pop().unwrap());
        }
    }
    // The rest on a few piles, some face down under a face-up card where the rules deal so.
    let may_hide = r.tableau.face_down.iter().any(|&d| d > 0)
        || matches!(r.stock, StockRules::DealToPiles { .. });
    let open_piles: Vec<usize> = piles
        .iter()
        .copied()
        .filter(|p| !busy.contains(p))
        .collect();
    let used = 1 + rng.below(open_piles.len().min(4) as u64) as usize;
    let runs = r.foundations.takes != Takes::Cards;
    // A reserve that fills emptied piles at once leaves none empty while it holds cards.
    let fill_all = r.reserve.fills_empty && reserve.iter().any(|&p| !t.piles[p].is_empty());
    for (i, c) in loose.into_iter().enumerate() {
        // In games of runs an empty pile takes any piece of any run: one card on each open
        // pile first keeps the space small enough to explore.
        let mut p = if (runs || fill_all) && i < open_piles.len() {
            open_piles[i]
        } else {
            open_piles[rng.below(used as u64) as usize]
        };
        // A pile holds at most `max_cards`: the next one with room, else the talon's stock
        // or the first reserve stack.
        let most = usize::from(r.tableau.max_cards);
        if most > 0 && t.piles[p].cards.len() >= most {
            match open_piles.iter().find(|&&q| t.piles[q].cards.len() < most) {
                Some(&q) => p = q,
                None => {
                    let spare = stock.or(reserve.first().copied()).expect("a place for it");
                    t.piles[spare].cards.push(c.face_down());
                    continue;
                }
            }
        }
        let pile = &mut t.piles[p].cards;
        // Face down under face-up cards only, or only in the rows the rules deal so.
        let row_hidden = if r.tableau.face_down_rows.is_empty() {
            pile.iter().all(|c| c.is_face_down())
        } else {
            r.tableau.face_down_rows.contains(&(pile.len() as u8))
        };
        if may_hide && rng.below(4) == 0 && row_hidden {
            pile.push(c.face_down());
        } else {
            pile.push(c);
        }
    }
    if r.reserve.fills_empty {
        for &p in &piles {
            if t.piles[p].is_empty() && !t.piles[reserve[0]].is_empty() {
                t.move_top_to_top(reserve[0], p).expect("a card");
                if t.piles[reserve[0]].top().is_some_and(|c| c.is_face_down()) {
                    t.flip_top(reserve[0]).expect("a card");
                }
            }
        }
    }
    // Zebra: the talon fills an emptied pile at once, so none is empty while it holds
    // cards: the waste's top card, else the stock's, goes there.
    if r.tableau.fill_from_talon {
        if let (Some(st), Some(w)) = (stock, waste) {
            for &p in &piles {
                if t.piles[p].is_empty() {
                    let from = if t.piles[w].is_empty() { st } else { w };
                    if !t.piles[from].is_empty() {
                        t.move_top_to_top(from, p).expect("a card");
                    }
                }
            }
        }
    }
    // The top card of a pile is face up.
    for &p in &piles {
        if let Some(top) = t.piles[p].cards.last_mut() {
            *top = top.face_up();
        }
    }
    t
}

/// Sizes of the checks: layouts explored per position, layouts checked move by move, cards
/// in play.
#[derive(Clone, Copy)]
struct Sizes {
    limit: usize,
    per_state: usize,
    positions: usize,
}

/// Runs the checks on `positions` random positions of the game; failures are returned with
/// the position's text.
fn check_game<const N: usize, const K: usize>(
    g: &Tableau<N, K>,
    rng: &mut Rng,
    sizes: Sizes,
    tally: &mut Tally,
) -> Vec<(String, Table)> {
    let mut failures = Vec::new();
    for _ in 0..sizes.positions {
        let in_play = 2 + rng.below(4) as usize;
        let t = position(g, rng, in_play);
        if let Err(e) = g.pack(&t) {
            failures.push((
                format!("the generator made a position the engine refuses: {e}"),
                t,
            ));
            continue;
        }
        if let Err(e) = check_position(g, &t, sizes.limit, sizes.per_state, tally) {
            failures.push((e, t));
        }
    }
    failures
}

/// Random rules of the engine's schema: few piles and cells, any building, group moves,
/// empty-pile rule, foundations, stock and reserve the engine plays. Returned as TOML text (refused
/// combinations are drawn again).
fn random_rules(rng: &mut Rng, id: &str) -> (String, Rules) {
    loop {
        let pick = |rng: &mut Rng, xs: &[&'static str]| xs[rng.below(xs.len() as u64) as usize];
        let runs = rng.below(3) == 0;
        let (decks, suits) = if runs {
            (
                [1u8, 2][rng.below(2) as usize],
                [1u8, 2, 4][rng.below(3) as usize],
            )
        } else {
            ([1u8, 1, 2][rng.below(3) as usize], 4)
        };
        let cards = 52 * usize::from(decks);
        let piles = 3 + rng.below(4) as usize;
        let stock_kind = pick(rng, &["none", "none", "deal-to-piles", "redeal", "waste"]);
        let in_stock = match stock_kind {
            "deal-to-piles" => piles * (1 + rng.below(2) as usize),
            "waste" => cards / 2,
            _ => 0,
        };
        // A reserve (not with runs, a redeal or cells, which the engine refuses): one or
        // two stacks of one to three cards, a card across them or not, its cards allowed
        // into an empty pile or not.
        let reserve: Option<(Vec<usize>, usize, bool)> =
            (!runs && stock_kind != "redeal" && rng.below(3) == 0).then(|| {
                let stacks = (0..1 + rng.below(2))
                    .map(|_| 1 + rng.below(3) as usize)
                    .collect();
                (stacks, rng.below(2) as usize, rng.below(2) == 0)
            });
        // One stack and no cover may fill emptied piles at once, and hide its cards.
        let reserve_fills = reserve
            .as_ref()
            .is_some_and(|(stacks, cover, _)| stacks.len() == 1 && *cover == 0)
            && rng.below(2) == 0;
        // Lady Jane's stock: dealt onto the reserve's stacks, its last cards into cells.
        let to_reserve = stock_kind == "deal-to-piles"
            && !reserve_fills
            && reserve.as_ref().is_some_and(|(_, cover, _)| *cover == 0)
            && rng.below(2) == 0;
        let in_reserve = reserve
            .as_ref()
            .map_or(0, |(stacks, cover, _)| stacks.iter().sum::<usize>() + cover);
        // The foundations: from the Ace, cards coming back, a chosen base, or a base dealt
        // onto them (one card fewer for the tableau).
        let foundations = if runs { 3 } else { rng.below(5) };
        let in_home = usize::from(foundations == 2);
        let mut deal = vec![0usize; piles];
        let per_pile = 4 + rng.below(6) as usize;
        if stock_kind == "redeal" {
            for (p, d) in deal.iter_mut().enumerate() {
                *d = (cards - in_stock)
                    .saturating_sub(p * per_pile)
                    .min(per_pile);
            }
            // The redeal lays out whole piles from the first: the deal must cover every card.
            if deal.iter().sum::<usize>() != cards {
                continue;
            }
        } else {
            for i in 0..cards - in_stock - in_reserve - in_home {
                deal[i % piles] += 1;
            }
        }
        let face_down: Vec<usize> = deal
            .iter()
            .map(|&d| {
                if rng.below(3) == 0 {
                    rng.below(d as u64) as usize
                } else {
                    0
                }
            })
            .collect();
        // Sometimes row 1 of every pile face down instead, over a face-up card (Athena's
        // kind of deal), where every pile has three cards or more.
        let rows = deal.iter().all(|&d| d >= 3) && rng.below(4) == 0;
        let face_down = if rows { Vec::new() } else { face_down };
        let mut text = format!(
            "id = \"{id}\"\nname = \"{id}\"\nsummary = \"random\"\nsource = \"tests/it/differential.rs\"\n\
             decks = {decks}\nsuits = {suits}\n"
        );
        if runs && rng.below(2) == 0 {
            text += "won = \"all-in-runs\"\n";
        }
        let _ = write!(
            text,
            "[tableau]\ndeal = {deal:?}\nface_down = {face_down:?}\nbuild = \"{}\"\nmoves = \"{}\"\nempty = \"{}\"\n",
            pick(rng, &["alternate-color", "suit", "any-suit", "same-color", "not-own-suit"]),
            pick(
                rng,
                &[
                    "single",
                    "freecell-sequences",
                    "any-sequence",
                    "suit-sequences",
                    "face-up-groups",
                    "single-or-all-face-up",
                    "whole-pile",
                ]
            ),
            pick(rng, &["any", "kings", "none"]),
        );
        if rows {
            text += "face_down_rows = [1]\n";
        }
        if text.contains("moves = \"suit-sequences\"") && rng.below(2) == 0 {
            text += "groups_onto_suit = true\n";
        }
        // Glenwood's and Zebra's rules now and then: the waste fills an empty pile only once
        // the reserve is empty; an emptied pile takes the waste's (else the stock's) card.
        let reserve_to_empty = reserve.as_ref().is_some_and(|(_, _, to_empty)| *to_empty);
        if stock_kind == "waste" && reserve_to_empty && rng.below(3) == 0 {
            text += "waste_fills_last = true\n";
        } else if stock_kind == "waste" && !reserve_fills && rng.below(4) == 0 {
            text += "fill_from_talon = true\n";
        }
        // Agnes's rule: runs end at a card of the base rank (foundations from a dealt card).
        if !runs && foundations == 2 && rng.below(2) == 0 {
            let _ = writeln!(
                text,
                "on_base_rank = \"{}\"",
                pick(rng, &["ends-runs", "takes-nothing"])
            );
        }
        if rng.below(2) == 0 {
            let _ = write!(
                text,
                "wrap = {}\ndirection = \"{}\"\n",
                rng.below(4) == 0,
                pick(rng, &["down", "down", "up", "up-or-down"])
            );
        }
        let cells = if reserve.is_some() { 0 } else { rng.below(3) };
        if cells > 0 {
            let _ = write!(text, "[cells]\ncount = {cells}\n");
        }
        if let (true, Some((stacks, _, _))) = (to_reserve, &reserve) {
            let left = in_stock % stacks.len();
            if left > 0 {
                let _ = write!(text, "[cells]\ncount = {left}\naccept = false\n");
            }
        }
        if let Some((stacks, cover, to_empty)) = &reserve {
            let _ = write!(
                text,
                "[reserve]\npiles = {stacks:?}\ncover = {cover}\nto_empty = {to_empty}\n"
            );
            if reserve_fills {
                text += "fills_empty = true\nface_down = true\n";
            }
        }
        text += "[foundations]\n";
        if runs {
            text += if text.contains("all-in-runs") && rng.below(2) == 0 {
                "takes = \"nothing\"\n"
            } else {
                "takes = \"runs\"\n"
            };
        } else {
            match foundations {
                0 => text += "may_return = true\n",
                1 => {
                    text += "base = \"chosen\"\nwrap = true\n";
                    // Glenwood's base, chosen from the reserve before any other move.
                    if reserve.as_ref().is_some_and(|(_, cover, _)| *cover == 0)
                        && !reserve_fills
                        && rng.below(2) == 0
                    {
                        text += "from_reserve = true\n";
                    }
                }
                2 => {
                    text += "base = \"first-dealt\"\nwrap = true\n";
                    // Cards may come back, the base card with them or not (Agnes, Canfield).
                    match rng.below(3) {
                        0 => text += "may_return = true\nbase_stays = true\n",
                        1 => text += "may_return = true\n",
                        _ => {}
                    }
                }
                _ => {}
            }
        }
        match stock_kind {
            "deal-to-piles" if to_reserve => text += "[stock]\nkind = \"deal-to-reserve\"\n",
            "deal-to-piles" => {
                let _ = write!(
                    text,
                    "[stock]\nkind = \"deal-to-piles\"\nno_empty = {}\n",
                    rng.below(2) == 0
                );
                // Easthaven's rule: the stock waits while an empty pile can be filled.
                if text.contains("moves = \"any-sequence\"") && rng.below(2) == 0 {
                    text += "fill_first = true\n";
                }
            }
            "redeal" => {
                let _ = write!(
                    text,
                    "[stock]\nkind = \"redeal\"\nper_pile = {per_pile}\nredeals = {}\n",
                    [1, 2, 255][rng.below(3) as usize]
                );
            }
            "waste" => {
                let _ = write!(
                    text,
                    "[stock]\nkind = \"waste\"\ndraw = {}\nredeals = {}\n",
                    1 + rng.below(3),
                    [0, 1, 2, 255][rng.below(4) as usize]
                );
            }
            _ => {}
        }
        if let Ok(r) = Rules::from_toml(&text) {
            return (text, r);
        }
    }
}

/// Runs `$body` with `$g` the tableau engine of `$id`, of whatever capacity.
macro_rules! with_tableau {
    ($id:expr, $g:ident => $body:expr) => {{
        let GameId::Tableau(i) = $id else {
            panic!("{} is not a tableau game", $id)
        };
        match patience::games::tableau::capacity(patience::games::tableau::preset(i)) {
            52 => {
                let $g = &Tableau::<52, 80>::preset(i);
                $body
            }
            104 => {
                let $g = &patience::games::tableau::TwoDecks::preset(i);
                $body
            }
            _ => {
                let $g = &patience::games::tableau::ThreeDecks::preset(i);
                $body
            }
        }
    }};
}

/// Registers `rules` and runs `f` on its engine, of whatever capacity.
fn with_rules(rules: Rules, f: impl FnOnce(GameId)) {
    let id = register(rules).expect("register");
    f(id);
}

/// Every preset, named in the output, and random rules.
fn run_all(
    seed: u64,
    presets: Sizes,
    random: usize,
    save: Option<&Path>,
    deadline: Option<std::time::Instant>,
) -> (usize, Vec<String>) {
    let late = || deadline.is_some_and(|d| std::time::Instant::now() >= d);
    let mut failures = Vec::new();
    let mut report = |what: &str, found: Vec<(String, Table)>, rules: Option<&str>| {
        for (why, t) in found {
            let mut text = String::new();
            if let Some(dir) = save {
                let n = failures.len();
                let stem = format!("{seed}-{what}-{n}");
                std::fs::create_dir_all(dir).expect("create the folder for failures");
                if let Some(rules) = rules {
                    std::fs::write(dir.join(format!("{stem}.toml")), rules).expect("save rules");
                }
                let board = format!(
                    "; game: {what}\n; {}\n{}",
                    why.lines().next().unwrap_or(""),
                    t.to_text()
                );
                std::fs::write(dir.join(format!("{stem}.board")), board).expect("save board");
                let _ = write!(text, " (saved as {stem})");
            }
            failures.push(format!("{what}: {why}{text}"));
        }
    };
    let mut total = 0;
    let count = patience::games::tableau::embedded_count();
    for i in 0..count {
        if late() {
            break;
        }
        let id = GameId::Tableau(i as u16);
        let mut rng = Rng::new(seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut tally = Tally::default();
        let found = with_tableau!(id, g => check_game(g, &mut rng, presets, &mut tally));
        eprintln!("{id}: {tally}");
        total += tally.positions;
        report(&id.to_string(), found, None);
    }
    let mut rng = Rng::new(seed);
    let mut random_tally = Tally::default();
    let mut reserve_tally = Tally::default();
    let mut with_reserve = 0;
    for n in 0..random {
        if late() {
            break;
        }
        let name = format!("random-{seed}-{n}");
        let (text, rules) = random_rules(&mut rng, &name);
        let reserve = !rules.reserve.piles.is_empty();
        let mut tally = Tally::default();
        let mut found = Vec::new();
        with_rules(rules, |id| {
            found = with_tableau!(id, g => check_game(g, &mut rng, Sizes { positions: 2, ..presets }, &mut tally));
        });
        total += tally.positions;
        random_tally.add(&tally);
        if reserve {
            with_reserve += 1;
            reserve_tally.add(&tally);
        }
        report(&name, found, Some(&text));
    }
    for (what, t) in [
        (format!("{random} random rules files"), &random_tally),
        (
            format!("of which {with_reserve} with a reserve"),
            &reserve_tally,
        ),
    ] {
        eprintln!("{what}: {t}");
    }
    (total, failures)
}

/// Registers the rules file `text` (`rules`, named `name`) and runs the checks on its
/// positions, each failure kept with the rules and the position.
fn check_rules_file(
    (name, text, rules): (&str, &str, Rules),
    rng: &mut Rng,
    sizes: Sizes,
    tally: &mut Tally,
    failures: &mut Vec<String>,
) {
    with_rules(rules, |id| {
        for (why, t) in with_tableau!(id, g => check_game(g, rng, sizes, tally)) {
            failures.push(format!("{name}: {why}\n{text}\n{}", t.to_text()));
        }
    });
}

/// [`check_rules_file`] on the rules `body` (the TOML after the descriptive fields), named
/// `name`.
fn check_rules_body(
    name: &str,
    body: &str,
    rng: &mut Rng,
    sizes: Sizes,
    tally: &mut Tally,
    failures: &mut Vec<String>,
) {
    let text = format!(
        "id = \"{name}\"\nname = \"{name}\"\nsummary = \"test\"\n\
         source = \"tests/it/differential.rs\"\n{body}"
    );
    let rules = Rules::from_toml(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    check_rules_file((name, &text, rules), rng, sizes, tally, failures);
}

/// Prints what the checks of `what` found and fails with every failure.
fn report_checks(what: &str, tally: &Tally, failures: &[String]) {
    eprintln!("{what}: {tally}");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// [`check_rules_body`] on each (name, body) of `bodies` in turn from one seed, then
/// [`report_checks`] under `what`; returns the tally for the caller's own assertions.
fn check_bodies(what: &str, seed: u64, sizes: Sizes, bodies: &[(String, String)]) -> Tally {
    let mut rng = Rng::new(seed);
    let (mut tally, mut failures) = (Tally::default(), Vec::new());
    for (name, body) in bodies {
        check_rules_body(name, body, &mut rng, sizes, &mut tally, &mut failures);
    }
    report_checks(what, &tally, &failures);
    tally
}

/// Fixed seeds, random rules with a reserve only (the stacks, the pile across them, a
/// reserve card into an empty pile or not), so that the reserve is always checked whatever
/// the draws of the test above: each explored in full where it fits, both verdicts seen.
#[test]
fn random_rules_with_a_reserve_agree_with_the_referee() {
    let sizes = Sizes {
        limit: 2_000,
        per_state: 150,
        positions: 3,
    };
    let mut rng = Rng::new(41);
    let (mut rules_checked, mut tally, mut failures) = (0, Tally::default(), Vec::new());
    let mut n = 0;
    while rules_checked < 10 {
        let name = format!("reserve-41-{n}");
        n += 1;
        let (text, rules) = random_rules(&mut rng, &name);
        if rules.reserve.piles.is_empty() {
            continue;
        }
        rules_checked += 1;
        let file = (name.as_str(), text.as_str(), rules);
        check_rules_file(file, &mut rng, sizes, &mut tally, &mut failures);
    }
    report_checks("10 random rules files with a reserve", &tally, &failures);
    assert!(tally.won > 0 && tally.lost > 0, "both verdicts");
}

/// Agnes's and Lady Jane's rules on few piles (runs that end at the base rank, nothing built
/// on a card of it, empty piles for the rank below it, a base card that comes back, a
/// stock dealt onto the piles or onto the reserve with its last cards into cells): each
/// move, key, count and verdict against the referee's plain search, whatever the random
/// rules of the tests above happen to draw.
#[test]
fn base_rank_rules_on_few_piles_agree_with_the_referee() {
    let sizes = Sizes {
        limit: 25_000,
        per_state: 20,
        positions: 8,
    };
    let foundations = "[foundations]\nbase = \"first-dealt\"\nwrap = true\nmay_return = true\n";
    let bodies = [
        // Agnes: 3 cards on the piles, the base, 48 in the stock.
        format!(
            "[tableau]\ndeal = [1, 2]\nface_down = [0, 1]\nbuild = \"same-color\"\nwrap = true\n\
             moves = \"any-sequence\"\nempty = \"none\"\non_base_rank = \"ends-runs\"\n\
             {foundations}[stock]\nkind = \"deal-to-piles\"\n"
        ),
        // Lady Jane: 2 on the piles, 2 on the reserve, the base, 47 in the stock: the last
        // card into the one cell.
        format!(
            "[tableau]\ndeal = [1, 1]\nbuild = \"alternate-color\"\nwrap = true\n\
             moves = \"any-sequence\"\nempty = \"below-base\"\n\
             on_base_rank = \"takes-nothing\"\n[cells]\ncount = 1\naccept = false\n\
             [reserve]\npiles = [1, 1]\n{foundations}[stock]\nkind = \"deal-to-reserve\"\n"
        ),
        // The same with Kings into empty piles and the base's card kept home.
        format!(
            "[tableau]\ndeal = [1, 1]\nbuild = \"alternate-color\"\nwrap = true\n\
             moves = \"any-sequence\"\nempty = \"kings\"\non_base_rank = \"ends-runs\"\n\
             [cells]\ncount = 1\naccept = false\n[reserve]\npiles = [1, 1]\n\
             {}base_stays = true\n[stock]\nkind = \"deal-to-reserve\"\n",
            foundations
        ),
        // Stricter, so that small positions can be lost: building in suit, nothing into an
        // empty pile, nothing coming back.
        "[tableau]\ndeal = [2, 2]\nbuild = \"suit\"\nwrap = true\nmoves = \"any-sequence\"\n\
         empty = \"none\"\non_base_rank = \"takes-nothing\"\n[cells]\ncount = 1\n\
         accept = false\n[reserve]\npiles = [1, 1]\n[foundations]\nbase = \"first-dealt\"\n\
         wrap = true\n[stock]\nkind = \"deal-to-reserve\"\n"
            .to_string(),
    ];
    let bodies: Vec<(String, String)> = bodies
        .into_iter()
        .enumerate()
        .map(|(i, body)| (format!("base-rank-{i}"), body))
        .collect();
    let tally = check_bodies(
        "Agnes's and Lady Jane's rules on few piles",
        7,
        sizes,
        &bodies,
    );
    assert!(tally.complete >= 3, "too few explored in full: {tally}");
    assert!(tally.won > 0 && tally.lost > 0, "both verdicts: {tally}");
}

/// One suit's foundation (Diamond Mine's rule: that suit plays only there, the others are
/// won in runs on the tableau) on five and six piles, with a chosen or an Ace base, face-down
/// cards and several ways of building and moving: each move, key, count and verdict against
/// the referee's plain search, and every layout the engine takes as lost because that
/// suit's cards lie out of the foundation's order (`home_suit_stuck`) lost for the plain
/// search too, both verdicts and such layouts seen.
#[test]
fn one_suits_foundation_on_few_piles_agrees_with_the_referee() {
    one_suits_foundation_on_few_piles(3, 5);
}

/// [`one_suits_foundation_on_few_piles_agrees_with_the_referee`] on 6 positions of each rules
/// instead of 3.
#[test]
#[ignore = "heavy: scripts/heavy-tests.sh runs it in release mode"]
fn one_suits_foundation_on_few_piles_agrees_with_the_referee_in_full() {
    one_suits_foundation_on_few_piles(6, 10);
}

/// The checks of [`one_suits_foundation_on_few_piles_agrees_with_the_referee`] on
/// `positions` positions of each rules, at least `complete` of them explored in full.
fn one_suits_foundation_on_few_piles(positions: usize, complete: usize) {
    let sizes = Sizes {
        limit: 25_000,
        per_state: 20,
        positions,
    };
    let rules = [
        ("any-suit", "any-sequence", "any", "chosen", 5, true),
        ("any-suit", "face-up-groups", "kings", "chosen", 6, true),
        ("suit", "single", "any", "ace", 5, false),
        ("same-color", "any-sequence", "none", "chosen", 6, false),
        ("any-suit", "single", "none", "chosen", 5, true),
    ];
    let mut bodies = Vec::new();
    for (i, (build, moves, empty, base, piles, hide)) in rules.iter().enumerate() {
        // Every card dealt (the rules ask it; the positions are drawn apart from the deal),
        // three of each pile face down where cards hide.
        let deal = if *piles == 5 {
            "11, 11, 10, 10, 10"
        } else {
            "9, 9, 9, 9, 8, 8"
        };
        let down = vec![if *hide { "3" } else { "0" }; *piles].join(", ");
        let wrap = if *base == "chosen" {
            "wrap = true\n"
        } else {
            ""
        };
        let body = format!(
            "won = \"all-in-runs\"\n[tableau]\ndeal = [{deal}]\nface_down = [{down}]\n\
             build = \"{build}\"\nmoves = \"{moves}\"\nempty = \"{empty}\"\n\
             [foundations]\nbase = \"{base}\"\n{wrap}suit = \"diamonds\"\n"
        );
        bodies.push((format!("one-suit-{i}"), body));
    }
    let tally = check_bodies("one suit's foundation on few piles", 23, sizes, &bodies);
    assert!(
        tally.complete >= complete,
        "too few explored in full: {tally}"
    );
    assert!(tally.won > 0 && tally.lost > 0, "both verdicts: {tally}");
    assert!(tally.stuck > 0, "no layout taken as lost: {tally}");
}

/// Glenwood's rules on three piles (only whole piles move between piles, the waste fills an
/// empty pile only once the reserve is empty, the base chosen from the reserve before any
/// other move): each move, key, count and verdict against the referee's plain search. The
/// random positions have their base chosen, so the preset's first moves are checked too,
/// move by move from the start of its first deals.
#[test]
fn glenwood_rules_on_few_piles_agree_with_the_referee() {
    let sizes = Sizes {
        limit: 25_000,
        per_state: 20,
        positions: 4,
    };
    let bodies: Vec<(String, String)> = [
        ("alternate-color", "any", "[1, 2]", 1, 1, true),
        ("suit", "any", "[2, 1]", 1, 0, true),
        ("alternate-color", "kings", "[1, 1]", 3, 255, false),
        ("any-suit", "none", "[2]", 1, 1, true),
    ]
    .iter()
    .enumerate()
    .map(|(i, (build, empty, reserve, draw, redeals, from_reserve))| {
        let fills_last = if *empty == "none" {
            ""
        } else {
            "waste_fills_last = true\n"
        };
        let body = format!(
            "[tableau]\ndeal = [1, 1, 1]\nbuild = \"{build}\"\nwrap = true\nmoves = \"whole-pile\"\n\
             empty = \"{empty}\"\n{fills_last}[reserve]\npiles = {reserve}\n\
             [foundations]\nbase = \"chosen\"\nwrap = true\nfrom_reserve = {from_reserve}\n\
             [stock]\nkind = \"waste\"\ndraw = {draw}\nredeals = {redeals}\n"
        );
        (format!("glenwood-{i}"), body)
    })
    .collect();
    let tally = check_bodies("Glenwood's rules on few piles", 29, sizes, &bodies);
    assert!(tally.complete >= 4, "too few explored in full: {tally}");
    assert!(tally.won > 0 && tally.lost > 0, "both verdicts: {tally}");
    // The preset from its deals: the base's choice and what follows, move by move.
    check_first_deals("glenwood");
}

/// The preset `id` from the start of its deals 1 to 3, move by move over the first layouts
/// the referee's plain search reaches (too many to explore in full).
fn check_first_deals(id: &str) {
    let game: GameId = id.parse().expect("preset");
    let mut tally = Tally::default();
    let mut failures = Vec::new();
    with_tableau!(game, g => {
        for deal in 1..=3 {
            if let Err(e) = check_position(g, &g.deal(deal), 3_000, 400, &mut tally) {
                failures.push(format!("{id} deal {deal}: {e}"));
            }
        }
    });
    report_checks(&format!("{id} from its deals"), &tally, &failures);
    assert!(tally.layouts_checked >= 1_000, "{tally}");
}

/// Zebra's rules on few piles (two decks, foundations in alternate colours from the eight
/// Aces, a pile a move empties filled at once from the waste or else the stock): each move,
/// key, count and verdict against the referee's plain search, whose layouts keep every
/// card's suit on the foundations (the engine keeps only colours and heights); then the
/// preset move by move from the start of its first deals.
#[test]
fn zebra_rules_on_few_piles_agree_with_the_referee() {
    let sizes = Sizes {
        limit: 25_000,
        per_state: 20,
        positions: 8,
    };
    let bodies: Vec<(String, String)> = [
        ("[1, 1, 1]", "alternate-color", "none", true, 1, 1),
        ("[1, 1]", "suit", "none", true, 1, 0),
        ("[1, 1, 1, 1]", "alternate-color", "any", false, 1, 0),
        ("[1, 1, 1]", "alternate-color", "none", true, 3, 1),
    ]
    .iter()
    .enumerate()
    .map(|(i, (deal, build, empty, fills, draw, redeals))| {
        let body = format!(
            "decks = 2\n[tableau]\ndeal = {deal}\nbuild = \"{build}\"\nmoves = \"single\"\n\
             empty = \"{empty}\"\naces_home = true\nfill_from_talon = {fills}\n\
             [foundations]\nbuild = \"alternate-color\"\n\
             [stock]\nkind = \"waste\"\ndraw = {draw}\nredeals = {redeals}\n"
        );
        (format!("zebra-{i}"), body)
    })
    .collect();
    let tally = check_bodies("Zebra's rules on few piles", 31, sizes, &bodies);
    assert!(tally.complete >= 8, "too few explored in full: {tally}");
    assert!(tally.won > 0 && tally.lost > 0, "both verdicts: {tally}");
    check_first_deals("zebra");
}

/// Klondike's rules (foundation returns with a stock turned onto a waste, face-down cards,
/// Kings or any card into empty piles, the four stock options) on three piles: the presets'
/// own positions are too open to be explored in full (with returns every King home can come
/// back into an empty pile, and the cards after it), so these small ones check what the
/// presets rest on: each move, key, count and verdict, and every forced move home, with
/// returns and with the waste's ends keyed as the talon's start when redeals are unlimited.
#[test]
fn klondike_rules_on_three_piles_agree_with_the_referee() {
    let sizes = Sizes {
        limit: 25_000,
        per_state: 20,
        positions: 2,
    };
    let mut bodies = Vec::new();
    for (i, (draw, redeals)) in [(3, 255), (1, 255), (1, 2), (1, 0), (3, 2)]
        .iter()
        .enumerate()
    {
        for (j, empty) in ["kings", "any"].iter().enumerate() {
            let body = format!(
                "[tableau]\ndeal = [1, 2, 3]\nface_down = [0, 1, 2]\nbuild = \"alternate-color\"\n\
                 moves = \"any-sequence\"\nempty = \"{empty}\"\n[foundations]\nmay_return = true\n\
                 [stock]\nkind = \"waste\"\ndraw = {draw}\nredeals = {redeals}\n"
            );
            bodies.push((format!("klondike-3piles-{i}-{j}"), body));
        }
    }
    let tally = check_bodies("Klondike's rules on three piles", 17, sizes, &bodies);
    assert!(tally.complete >= 5, "too few explored in full: {tally}");
    assert!(
        tally.won > 0
            && tally.forced_checked > 0
            && tally.forced_from_talon > 0
            && tally.straight_back > 0,
        "{tally}"
    );
}

/// Cards that never go home (ARCHITECTURE.md, "Reductions": "cards that never go home"):
/// rules of one deck that the cut applies to (building by colour, suit, any suit or any
/// but its own; single cards, built runs or any face-up group moving; empty piles taken by
/// Kings or by none; cards coming back from the foundations or not; face-down cards
/// under face-up ones or in rows between them, as Athena deals; a waste or no stock), on
/// random positions with six to nine cards in play, many of them face down, enough for a card to lie above every
/// way out of its place. Every layout of the referee's complete graphs that the engine
/// takes as lost is lost for the plain search over every legal move, and the engine's
/// depth-first search decides each start as that search does; many such layouts must be
/// seen. (Move by move, keys and counts are the other tests' work: with the cut, the
/// engine's moves are those of the layouts it does not take as lost.)
#[test]
fn cards_that_never_go_home_are_lost_for_the_referee() {
    cards_that_never_go_home(8, 40, 50);
}

/// [`cards_that_never_go_home_are_lost_for_the_referee`] on 80 positions of each rules
/// instead of 8.
#[test]
#[ignore = "heavy: scripts/heavy-tests.sh runs it in release mode"]
fn cards_that_never_go_home_are_lost_for_the_referee_in_full() {
    cards_that_never_go_home(80, 200, 1000);
}

/// The checks of [`cards_that_never_go_home_are_lost_for_the_referee`] on `per_rules`
/// positions of each rules: at least `complete` explored in full and `cut` layouts taken as
/// lost.
fn cards_that_never_go_home(per_rules: usize, complete_min: usize, cut_min: usize) {
    let rules = [
        (
            "alternate-color",
            "any-sequence",
            "kings",
            true,
            "face_down = [1, 1, 1, 1]",
            "[stock]\nkind = \"waste\"\ndraw = 1\nredeals = 255\n",
        ),
        (
            "alternate-color",
            "single",
            "none",
            false,
            "face_down = [1, 1, 1, 1]",
            "",
        ),
        (
            "suit",
            "any-sequence",
            "kings",
            false,
            "face_down = [1, 1, 1, 1]",
            "[stock]\nkind = \"waste\"\ndraw = 3\nredeals = 255\n",
        ),
        (
            "any-suit",
            "face-up-groups",
            "kings",
            true,
            "face_down = [1, 1, 1, 1]",
            "",
        ),
        (
            "same-color",
            "any-sequence",
            "none",
            false,
            "face_down = [1, 1, 1, 1]",
            "",
        ),
        (
            "alternate-color",
            "any-sequence",
            "kings",
            false,
            "face_down_rows = [0, 2]",
            "[stock]\nkind = \"waste\"\ndraw = 1\nredeals = 255\n",
        ),
        (
            "not-own-suit",
            "single",
            "kings",
            true,
            "face_down = [1, 1, 1, 1]",
            "",
        ),
        (
            "alternate-color",
            "any-sequence",
            "kings",
            false,
            "face_down = [1, 1, 1, 1]",
            "",
        ),
        // Any card into an empty pile (Streets and Alleys, with face-down cards too).
        (
            "any-suit",
            "single",
            "any",
            false,
            "face_down = [1, 1, 1]",
            "",
        ),
        // A reserve that takes no card (King Albert's).
        (
            "alternate-color",
            "single",
            "any",
            false,
            "face_down = [1, 1, 1, 1]",
            "[cells]\ncount = 2\ndealt = 2\naccept = false\n",
        ),
        // A stock dealt onto every pile (Easthaven's).
        (
            "alternate-color",
            "any-sequence",
            "kings",
            false,
            "face_down = [1, 1, 1, 1]",
            "[stock]\nkind = \"deal-to-piles\"\nfill_first = true\n",
        ),
        // A pile a move empties filled at once from the waste.
        (
            "alternate-color",
            "any-sequence",
            "kings",
            false,
            "face_down = [1, 1, 1, 1]\nfill_from_talon = true",
            "[stock]\nkind = \"waste\"\ndraw = 1\nredeals = 0\n",
        ),
    ];
    let mut rng = Rng::new(41);
    let (mut starts, mut complete, mut won, mut lost) = (0, 0, 0, 0);
    let mut cut_by_rules = vec![0; rules.len()];
    let mut failures = Vec::new();
    for (i, (build, moves, empty, back, down, sections)) in rules.iter().enumerate() {
        let deal = if down.starts_with("face_down_rows") {
            "4, 4, 4, 4"
        } else if sections.contains("[cells]") {
            "12, 13, 13, 12"
        } else if sections.contains("deal-to-piles") {
            "10, 10, 10, 10"
        } else if *empty == "any" && sections.is_empty() {
            // Three piles: with four, a few cards in play leave one empty too often, and an
            // empty pile lets every card out where any card fills it.
            "17, 17, 18"
        } else {
            "13, 13, 13, 13"
        };
        let name = format!("never-home-{i}");
        let text = format!(
            "id = \"{name}\"\nname = \"{name}\"\nsummary = \"test\"\n\
             source = \"tests/it/differential.rs\"\n[tableau]\ndeal = [{deal}]\n{down}\n\
             build = \"{build}\"\nmoves = \"{moves}\"\nempty = \"{empty}\"\n\
             [foundations]\nmay_return = {back}\n{sections}"
        );
        let r = Rules::from_toml(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        with_rules(r, |id| {
            with_tableau!(id, g => {
                assert!(g.finds_dead_ends(), "{name}: the cut should apply");
                for _ in 0..per_rules {
                    let in_play = 6 + rng.below(4) as usize;
                    let mut t = position(g, &mut rng, in_play);
                    // More cards face down (under the face-up ones), which cannot be carried
                    // off: the blocks this cut finds.
                    if !down.starts_with("face_down_rows") {
                        for p in 0..g.rules.piles() {
                            let pile = &mut t.piles[p].cards;
                            let hidden = rng.below(pile.len().max(1) as u64) as usize;
                            for c in &mut pile[..hidden] {
                                *c = c.face_down();
                            }
                        }
                    }
                    starts += 1;
                    let graph = explore(g, &t, 3_000);
                    if !graph.complete {
                        continue;
                    }
                    complete += 1;
                    let good = winnable(&graph, |_| true);
                    match cut_layouts(g, &graph, &good) {
                        Ok(stuck) => cut_by_rules[i] += stuck.iter().filter(|&&c| c).count(),
                        Err(e) => failures.push(format!("{name}: {e}")),
                    }
                    let got = solvers::dfs(g, g.pack(&t).expect("packs"), &Limits::default());
                    let engine_won = matches!(got.outcome, solvers::Outcome::Solved(_));
                    if engine_won != good[0]
                        || !matches!(got.outcome, solvers::Outcome::Solved(_) | solvers::Outcome::Unsolvable)
                    {
                        failures.push(format!(
                            "{name}: the engine's depth-first search says won {engine_won}, the plain search {}:\n{}",
                            good[0], t.to_text()
                        ));
                    }
                    won += usize::from(good[0]);
                    lost += usize::from(!good[0]);
                }
            })
        });
    }
    let cut: usize = cut_by_rules.iter().sum();
    let summary = format!(
        "{starts} positions, {complete} explored in full ({won} won, {lost} lost), {cut} layouts \
         taken as lost ({cut_by_rules:?} by rules)"
    );
    eprintln!("cards that never go home: {summary}");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    assert!(
        complete >= complete_min,
        "too few explored in full: {summary}"
    );
    assert!(won > 0 && lost > 0, "both verdicts: {summary}");
    assert!(cut >= cut_min, "too few layouts taken as lost: {summary}");
}

/// Cards forced home from the stock (ARCHITECTURE.md, "Reductions": "talon cards forced
/// home"), Klondike's rules on three piles with no card coming back (so that the referee's
/// graphs stay small; the bodies above check it with returns), against the referee's plain
/// search: each move, key, verdict and forced move (a forced move that turned a won layout
/// into a lost one fails). One card a turn: JH is safe (both black Tens are home) and turned
/// fourth, last, the three before it not safe (JS, forced home from its pile first, leaves
/// the same). With no limit on redeals JH goes home from there (every card stays playable);
/// with none, turning past three cards would bury them in the waste, and the position after
/// that (KD on top of QS QD, the stock empty) is lost where this one is won, so it must not
/// be forced. Three cards a turn: JD is safe and the third card the next turn brings up, but
/// that turn would bury KS and QH on the waste's QD, and the position after it is lost where
/// this one is won (QD first onto KC or KS), so it must not be forced either.
#[test]
fn a_card_goes_home_from_the_stock_by_force_only_where_no_other_card_is_buried() {
    let one_a_turn = "1 (spread): KH\n2 (spread): #KC JS\n3 (spread): #QC #QH KS\n\
         clubs (stacked): AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC\n\
         diamonds (stacked): AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD\n\
         hearts (stacked): AH 2H 3H 4H 5H 6H 7H 8H 9H TH\n\
         spades (stacked): AS 2S 3S 4S 5S 6S 7S 8S 9S TS\n\
         stock (stacked): #JH #KD #QS #QD\nwaste (stacked):\n";
    let three_a_turn = "1 (spread): #JH KD\n2 (spread): #QC QS KC\n3 (spread): KH\n\
         clubs (stacked): AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC\n\
         diamonds (stacked): AD 2D 3D 4D 5D 6D 7D 8D 9D TD\n\
         hearts (stacked): AH 2H 3H 4H 5H 6H 7H 8H 9H TH\n\
         spades (stacked): AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS\n\
         stock (stacked): #JD #QH #KS\nwaste (stacked): QD\n";
    // (draw, redeals, position, the start's forced move, a card forced from the stock seen)
    let cases = [
        (1, 255, one_a_turn, Some(Place::Pile(1)), true),
        (1, 0, one_a_turn, Some(Place::Pile(1)), true),
        (3, 0, three_a_turn, None, false),
    ];
    for (draw, redeals, start, first, from_talon) in cases {
        let t = Table::parse(start).expect("board");
        let text = format!(
            "id = \"stock-forced-{draw}-{redeals}\"\nname = \"test\"\nsummary = \"test\"\n\
             source = \"tests/it/differential.rs\"\n\
             [tableau]\ndeal = [1, 2, 3]\nface_down = [0, 1, 2]\nbuild = \"alternate-color\"\n\
             moves = \"any-sequence\"\nempty = \"kings\"\n[foundations]\nmay_return = false\n\
             [stock]\nkind = \"waste\"\ndraw = {draw}\nredeals = {redeals}\n"
        );
        let rules = Rules::from_toml(&text).expect("rules");
        let what = format!("draw {draw}, redeals {redeals}");
        let mut tally = Tally::default();
        with_rules(rules, |id| {
            with_tableau!(id, g => {
                let forced = g.forced(&g.pack(&t).expect("position")).map(|f| f.mv.from);
                assert_eq!(forced, first, "{what}");
                let r = check_position(g, &t, 200_000, usize::MAX, &mut tally);
                assert!(r.is_ok(), "{what}: {}", r.unwrap_err());
            });
        });
        assert_eq!((tally.complete, tally.won), (1, 1), "{what}: {tally}");
        assert_eq!(tally.forced_from_talon > 0, from_talon, "{what}: {tally}");
    }
}

/// Runs keyed as sets (ARCHITECTURE.md, "Runs keyed as sets"): Klondike's rules and
/// stricter ones (building in suit or any suit or the same colour, nothing into an empty
/// pile, nothing coming back, no redeal, no stock: then the counts are checked too) on
/// three and four piles, half the positions with two
/// cards of each rank and colour in play beside the two they may lie on: each move (a run
/// card home from under others as its two moves), key, count and verdict against the
/// referee's plain search, which keys nothing as a set; layouts merged by the reduction seen,
/// and both verdicts.
#[test]
fn runs_keyed_as_sets_agree_with_the_referee() {
    runs_keyed_as_sets(5_000, 1);
}

/// [`runs_keyed_as_sets_agree_with_the_referee`] with the positions explored up to 25,000
/// layouts instead of 5,000.
#[test]
#[ignore = "heavy: scripts/heavy-tests.sh runs it in release mode"]
fn runs_keyed_as_sets_agree_with_the_referee_in_full() {
    runs_keyed_as_sets(25_000, 6);
}

/// The checks of [`runs_keyed_as_sets_agree_with_the_referee`], the positions explored up to
/// `limit` layouts, at least `complete` of them in full.
fn runs_keyed_as_sets(limit: usize, complete: usize) {
    let sizes = Sizes {
        limit,
        per_state: 40,
        positions: 4,
    };
    let bodies: Vec<(String, String)> = [
        (
            "[1, 2, 3]",
            "[0, 1, 2]",
            "alternate-color",
            "kings",
            true,
            "waste",
            1,
            255,
        ),
        (
            "[1, 2, 3]",
            "[0, 1, 2]",
            "alternate-color",
            "any",
            true,
            "waste",
            3,
            2,
        ),
        (
            "[1, 1, 2, 2]",
            "[0, 0, 1, 1]",
            "alternate-color",
            "none",
            false,
            "waste",
            1,
            0,
        ),
        (
            "[2, 2, 2]",
            "[1, 1, 1]",
            "same-color",
            "kings",
            false,
            "waste",
            1,
            0,
        ),
        (
            "[17, 17, 18]",
            "[]",
            "any-suit",
            "none",
            false,
            "none",
            0,
            0,
        ),
        (
            "[13, 13, 13, 13]",
            "[12, 12, 12, 12]",
            "suit",
            "none",
            false,
            "none",
            0,
            0,
        ),
        (
            "[13, 13, 13, 13]",
            "[12, 12, 12, 12]",
            "alternate-color",
            "kings",
            true,
            "none",
            0,
            0,
        ),
    ]
    .iter()
    .enumerate()
    .map(
        |(i, (deal, down, build, empty, back, stock, draw, redeals))| {
            let stock = if *stock == "none" {
                String::new()
            } else {
                format!("[stock]\nkind = \"{stock}\"\ndraw = {draw}\nredeals = {redeals}\n")
            };
            let body = format!(
                "[tableau]\ndeal = {deal}\nface_down = {down}\nbuild = \"{build}\"\n\
             moves = \"any-sequence\"\nempty = \"{empty}\"\n[foundations]\n\
             may_return = {back}\n{stock}"
            );
            (format!("run-sets-{i}"), body)
        },
    )
    .collect();
    let tally = check_bodies("runs keyed as sets", 53, sizes, &bodies);
    assert!(
        tally.complete >= complete,
        "too few explored in full: {tally}"
    );
    assert!(tally.run_sets_merged > 0, "no layouts merged: {tally}");
    assert!(tally.won > 0 && tally.lost > 0, "both verdicts: {tally}");
}

/// Runs keyed as sets, on a position won only by a run card going home from under the card
/// above it: QS lies under JH in the run KH QS JH, the spades are home up to the Jack, and
/// JH goes onto QC first. The engine never moves part of a run onto another card (that
/// stays in the class), so it must play the run card home from under others; without that
/// move it calls the position lost. Every move, key, count and the verdict against the
/// referee's layouts, and the win.
#[test]
fn a_run_card_going_home_from_under_others_is_searched() {
    let text = "id = \"run-sets-home-from-under\"\nname = \"run-sets-home-from-under\"\n\
                summary = \"test\"\nsource = \"tests/it/differential.rs\"\n\
                [tableau]\ndeal = [13, 13, 13, 13]\nbuild = \"alternate-color\"\n\
                moves = \"any-sequence\"\nempty = \"kings\"\n";
    let rules = Rules::from_toml(text).expect("rules");
    assert!(runs_as_sets(&rules), "the rules key runs as sets");
    let home = |suit: &str, top: usize| {
        let ranks = [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K",
        ];
        let cards: Vec<String> = ranks[..top].iter().map(|r| format!("{r}{suit}")).collect();
        cards.join(" ")
    };
    let board = format!(
        "1 (spread): JC KH QS JH\n2 (spread): TH QC\n3 (spread): KC QH\n4 (spread): KS\n\
         clubs (stacked): {}\ndiamonds (stacked): {}\nhearts (stacked): {}\n\
         spades (stacked): {}\n",
        home("C", 10),
        home("D", 13),
        home("H", 9),
        home("S", 11)
    );
    let t = Table::parse(&board).expect("board");
    let mut tally = Tally::default();
    with_rules(rules, |id| {
        let r = with_tableau!(id, g => check_position(g, &t, 100_000, usize::MAX, &mut tally));
        assert!(r.is_ok(), "{}", r.unwrap_err());
        let verdict =
            with_tableau!(id, g => solve(g, &t, &SolveConfig::default()).expect("solve").verdict);
        assert_eq!(verdict, Verdict::Solved);
    });
    assert_eq!((tally.complete, tally.won), (1, 1), "{tally}");
    assert!(tally.run_sets_merged > 0, "{tally}");
}

/// Canfield's, Kansas's and Eagle Wing's rules on two piles: a base dealt onto the
/// foundations (cards coming back or not, never the base), a face-down reserve that fills
/// an emptied pile at once as part of the move that empties it (its last card alone
/// playable, or its top card), only the waste's card into an empty pile or any, piles
/// holding at most two cards or any number, a waste turned one or three cards at a time,
/// building that wraps King on Ace; each move, key, count and verdict checked as above.
#[test]
fn reserve_games_rules_on_two_piles_agree_with_the_referee() {
    let sizes = Sizes {
        limit: 25_000,
        per_state: 20,
        positions: 3,
    };
    let mut bodies = Vec::new();
    for (i, (draw, redeals)) in [(3, 255), (1, 0), (1, 2)].iter().enumerate() {
        // Canfield's own rules; stricter ones (no returns, building in suit, no card into an
        // empty pile) under which small positions can be lost; Kansas's (any suit, only the
        // waste's card into an empty pile); Eagle Wing's (single cards, piles of two at most
        // here, only the reserve's last card plays).
        let variants = [
            (true, "alternate-color", "any", "", ""),
            (false, "suit", "none", "", ""),
            (false, "any-suit", "any", "empty_from_waste = true\n", ""),
            (
                false,
                "suit",
                "any",
                "moves = \"single\"\nmax_cards = 2\n",
                "last_card_plays = true\n",
            ),
        ];
        for (j, (returns, build, empty, tableau, reserve)) in variants.iter().enumerate() {
            let moves = if tableau.contains("moves") {
                ""
            } else {
                "moves = \"any-sequence\"\n"
            };
            let body = format!(
                "[tableau]\ndeal = [1, 1]\nbuild = \"{build}\"\nwrap = true\n\
                 {moves}empty = \"{empty}\"\n{tableau}\
                 [reserve]\npiles = [4]\nfills_empty = true\nface_down = true\n{reserve}\
                 [foundations]\nbase = \"first-dealt\"\nwrap = true\nmay_return = {returns}\n\
                 base_stays = {returns}\n\
                 [stock]\nkind = \"waste\"\ndraw = {draw}\nredeals = {redeals}\n"
            );
            bodies.push((format!("reserve-2piles-{i}-{j}"), body));
        }
    }
    let tally = check_bodies(
        "Canfield's, Kansas's and Eagle Wing's rules on two piles",
        23,
        sizes,
        &bodies,
    );
    assert!(tally.complete >= 5, "too few explored in full: {tally}");
    assert!(tally.won > 0 && tally.lost > 0, "{tally}");
}

/// Fixed seeds: every preset, a position each, and random rules files.
#[test]
fn the_engine_agrees_with_the_referee_on_every_preset_and_random_rules() {
    let sizes = Sizes {
        limit: 1_000,
        per_state: 60,
        positions: 1,
    };
    every_preset_and_random_rules(sizes, 100);
}

/// [`the_engine_agrees_with_the_referee_on_every_preset_and_random_rules`] with three
/// positions of each preset explored up to 2,000 layouts, 150 of them checked move by move.
#[test]
#[ignore = "heavy: scripts/heavy-tests.sh runs it in release mode"]
fn the_engine_agrees_with_the_referee_on_every_preset_and_random_rules_in_full() {
    let sizes = Sizes {
        limit: 2_000,
        per_state: 150,
        positions: 3,
    };
    every_preset_and_random_rules(sizes, 100);
}

/// [`run_all`] on seed 14 with `sizes` and 12 random rules files: no failure, and more than
/// `least` positions checked.
fn every_preset_and_random_rules(sizes: Sizes, least: usize) {
    let (checked, failures) = run_all(14, sizes, 12, None, None);
    assert!(checked > least, "only {checked} positions checked");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// The long run of `scripts/soundness.sh`: fresh seeds until `SOUNDNESS_MINUTES` have
/// passed, failures saved to `SOUNDNESS_SAVE` (default tests/data/soundness/found). Each
/// round also runs the own-rules engines' comparisons ([`own_rules_round`]: Gaps, Camelot,
/// the onto-waste games, First Law, Fortunes, the compacting games, the pairing games, Maze),
/// whose failures are reported, not saved.
#[test]
#[ignore = "long: run by scripts/soundness.sh"]
fn soundness_long_run() {
    let minutes: f64 = std::env::var("SOUNDNESS_MINUTES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1.0);
    let save = std::env::var("SOUNDNESS_SAVE")
        .map(PathBuf::from)
        .unwrap_or_else(|_| found_dir());
    let start = std::time::Instant::now();
    let deadline = start + std::time::Duration::from_secs_f64(minutes * 60.0);
    let first: u64 = std::env::var("SOUNDNESS_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_secs())
        });
    let sizes = Sizes {
        limit: 20_000,
        per_state: 2_000,
        positions: 4,
    };
    let (mut rounds, mut checked, mut all) = (0u64, 0usize, Vec::new());
    while start.elapsed().as_secs_f64() < minutes * 60.0 {
        let (n, failures) = run_all(first + rounds, sizes, 20, Some(&save), Some(deadline));
        checked += n;
        all.extend(failures);
        let (n, own, failures) = own_rules_round(first + rounds);
        checked += n;
        all.extend(failures);
        rounds += 1;
        eprintln!(
            "round {rounds} (seed {}, {:.0} s in all): {checked} positions so far, {} failures (own-rules engines: {})",
            first + rounds - 1,
            start.elapsed().as_secs_f64(),
            all.len(),
            own.join(", ")
        );
    }
    eprintln!(
        "{rounds} rounds from seed {first}, {checked} positions, {} failures",
        all.len()
    );
    assert!(
        all.is_empty(),
        "{} failures (saved in {}):\n{}",
        all.len(),
        save.display(),
        all.join("\n\n")
    );
}

/// One round of the own-rules engines against the plain searches over their referees'
/// layouts (`plain_search_round` of each engine's module), on `seed` and, where positions
/// come from winning lines, on deals that no fixed-seed test plays: the positions compared,
/// a note per engine (its positions and seconds), and a message per disagreement (its board
/// is in it; it is not saved to found/).
/// The sizes keep a round of them all near a minute on a shared machine.
fn own_rules_round(seed: u64) -> (usize, Vec<String>, Vec<String>) {
    // Per game the first count is the positions compared.
    fn compared<const N: usize>(counts: &[[usize; N]]) -> usize {
        counts.iter().map(|c| c[0]).sum()
    }
    // `n` consecutive deals, a different run of them for each seed.
    let deals = |n: u64| {
        let d = 1 + seed % 1_000_000_000 * n;
        d..=d + n - 1
    };
    let (mut checked, mut own, mut all) = (0, Vec::new(), Vec::new());
    // Each engine's positions and seconds, the time it took being what sizes a round.
    let mut since = std::time::Instant::now();
    let mut add = |engine: &'static str, n: usize, failures: Vec<String>| {
        own.push(format!(
            "{engine} {n} ({:.0} s)",
            since.elapsed().as_secs_f64()
        ));
        since = std::time::Instant::now();
        checked += n;
        all.extend(failures);
    };
    let (c, f) = crate::gaps::plain_search_round(seed, 12);
    add("gaps", compared(&c), f);
    let (c, f) = crate::camelot::plain_search_round(seed, 40);
    add("camelot", compared(&[c]), f);
    let (c, f) = crate::onto_waste::plain_search_round(seed, deals(10), 40);
    add("onto-waste", compared(&c), f);
    // First Law's referee spaces are the slowest to explore: two positions a round.
    let (c, f) = crate::rounds::first_law_round(seed, 2);
    add("first-law", compared(&[c]), f);
    // Fortunes with three ranks in play every other round (larger spaces).
    let (c, f) = crate::rounds::fortunes_round(seed, 12, 2 + seed as usize % 2);
    add("fortunes", compared(&[c]), f);
    let (c, f) = crate::compacting::plain_search_round(seed, deals(10), 40);
    add("compacting", compared(&c), f);
    let (c, f) = crate::pairing::plain_search_round(seed, deals(10), 40);
    add("pairing", compared(&c), f);
    let (c, f) = crate::maze::plain_search_round(seed, deals(6));
    add("maze", compared(&[c]), f);
    (checked, own, all)
}

fn found_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/soundness/found")
}

/// Every position the long run ever saved, and those written there by hand to hit a
/// reduction's boundary (`handmade-*`), passes the checks now (the saved board names its
/// game on its first line; a random or hand-made game's rules file lies beside it).
#[test]
fn saved_failures_pass() {
    saved_failures_pass_at(Sizes {
        limit: 5_000,
        per_state: 500,
        positions: 1,
    });
}

/// [`saved_failures_pass`] at the long run's sizes: each position explored up to 20,000
/// layouts instead of 5,000, and 2,000 of them checked move by move instead of 500.
#[test]
#[ignore = "heavy: scripts/heavy-tests.sh runs it in release mode"]
fn saved_failures_pass_in_full() {
    saved_failures_pass_at(Sizes {
        limit: 20_000,
        per_state: 2_000,
        positions: 1,
    });
}

/// The checks of [`saved_failures_pass`] with `sizes`.
fn saved_failures_pass_at(sizes: Sizes) {
    let Ok(dir) = std::fs::read_dir(found_dir()) else {
        return;
    };
    for entry in dir {
        let path = entry.expect("entry").path();
        if path.extension().is_none_or(|e| e != "board") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("read");
        let game = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("; game: "))
            .expect("a '; game:' line")
            .trim()
            .to_string();
        let t = Table::parse(&text).expect("board");
        let id = match game.parse::<GameId>() {
            Ok(id) => id,
            Err(_) => {
                let rules = std::fs::read_to_string(path.with_extension("toml"))
                    .expect("rules beside the board");
                register(Rules::from_toml(&rules).expect("rules")).expect("register")
            }
        };
        let mut tally = Tally::default();
        let since = std::time::Instant::now();
        let r =
            with_tableau!(id, g => check_position(g, &t, sizes.limit, sizes.per_state, &mut tally));
        eprintln!(
            "{}: {tally} ({:.1} s)",
            path.display(),
            since.elapsed().as_secs_f64()
        );
        assert!(r.is_ok(), "{}: {}", path.display(), r.unwrap_err());
    }
}

/// Montée-Descente against its referee: for each deal, a plain breadth-first search over the
/// referee's exact layouts (every up, down and raise move tried) gives the verdict, which
/// the engine's depth-first search with its forced moves (`Md::forced`'s two dominances) must
/// equal; and the engine's positions reachable without forced moves, counted by their keys
/// (storage piles sorted), must equal the referee's layouts with their storage piles sorted
/// afterwards.
#[test]
fn montee_descente_agrees_with_a_plain_search_over_its_referee() {
    use patience::games::md::{Md, Move as MdMove, SERIES, STORES};
    let g = Md;
    let canon = |t: &Table| -> Vec<Vec<Card>> {
        let mut stores: Vec<Vec<Card>> = STORES
            .iter()
            .map(|s| t.piles[t.find(s).unwrap()].cards.clone())
            .collect();
        stores.sort();
        let mut rest: Vec<Vec<Card>> = t
            .piles
            .iter()
            .filter(|p| !STORES.contains(&p.label.as_str()))
            .map(|p| p.cards.clone())
            .collect();
        rest.push(vec![]);
        rest.extend(stores);
        rest.push(
            t.counter("raise")
                .map_or_else(Vec::new, |r| vec![Card::from_index(r as u8)]),
        );
        rest
    };
    let (mut won, mut lost) = (0, 0);
    let mut rng = Rng::new(5);
    for deal in 1..=40u64 {
        // A random way into the game, until 12 cards are left in the stock: the whole deal's
        // exact layouts run to millions.
        let mut start = g.deal(deal);
        let mut state = g.pack(&start).unwrap();
        // Along the engine's winning line where there is one, so that both verdicts come up.
        let cfg = SolveConfig {
            algorithm: Algorithm::Dfs,
            limits: Limits::default(),
        };
        let line = solve(&g, &start, &cfg).unwrap().moves;
        let mut succ = Vec::new();
        let mut step = 0;
        while start.find("stock").map_or(0, |i| start.piles[i].height()) > 12 {
            succ.clear();
            g.expand(&state, &mut succ);
            if succ.is_empty() {
                break;
            }
            let pick = match line.get(step) {
                Some(mv) => succ
                    .iter()
                    .position(|x| x.mv == *mv)
                    .expect("the line's move is listed"),
                None => rng.below(succ.len() as u64) as usize,
            };
            step += 1;
            let x = &succ[pick];
            g.referee_apply(&mut start, &x.mv)
                .expect("an engine move is legal");
            state = x.state;
        }
        // The referee's layouts, exactly as they lie (their text is the whole layout).
        let mut seen = HashSet::from([start.to_text()]);
        let mut canons = HashSet::from([canon(&start)]);
        let mut queue = VecDeque::from([start.clone()]);
        let mut wins = false;
        while let Some(t) = queue.pop_front() {
            if g.referee_status(&t) == Status::Won {
                wins = true;
            }
            let top = |label: &str| t.find(label).and_then(|i| t.piles[i].top());
            let mut tries = Vec::new();
            if let Some(c) = top("stock") {
                tries.push(MdMove::Up { card: c.face_up() });
                tries.extend((0..4).map(|s| MdMove::Down {
                    card: c.face_up(),
                    store: s,
                }));
            }
            for (s, label) in STORES.iter().enumerate() {
                if let Some(c) = top(label) {
                    tries.push(MdMove::Raise {
                        card: c,
                        store: s as u8,
                    });
                }
            }
            for mv in tries {
                let mut after = t.clone();
                if g.referee_apply(&mut after, &mv).is_ok() && seen.insert(after.to_text()) {
                    canons.insert(canon(&after));
                    queue.push_back(after);
                }
            }
            assert!(seen.len() < 500_000, "deal {deal}: too many layouts");
        }
        let _ = SERIES;
        let keys = engine_keys(&g, g.pack(&start).unwrap(), |s, out| g.expand(s, out));
        assert_eq!(
            keys.len(),
            canons.len(),
            "deal {deal}: engine positions against the referee's"
        );
        let cfg = SolveConfig {
            algorithm: Algorithm::Dfs,
            limits: Limits::default(),
        };
        let got = solve(&g, &start, &cfg).unwrap().verdict;
        let want = if wins {
            Verdict::Solved
        } else {
            Verdict::Unsolvable
        };
        assert_eq!(got, want, "deal {deal}");
        won += usize::from(wins);
        lost += usize::from(!wins);
    }
    eprintln!(
        "md: 40 deals, {won} won and {lost} lost by the referee's layouts and the engine alike"
    );
    assert!(won > 0 && lost > 0);
}

/// A card the rules put onto a pile whatever lies there is a top (a stock dealt onto every
/// pile, a pile a move empties filled at once from the waste): the cut of cards that never
/// go home must count it as one. Two piles, the referee's plain search against the engine.
/// Dealt (Easthaven's rules): QH lies on JH and may leave only onto a black King; KS is
/// home and KC in the stock, which no card of the piles lets land by building (a King
/// builds on nothing) and no pile empties for (KH never leaves before QH); the deal puts KD
/// on QH and KC on KH, KD goes home, QH onto KC, and every card home. Filled from the
/// waste (single cards move, so KH under TH stays): JH lies on TH and may leave only onto
/// a black Queen, QS is home and QC on the waste, where no red King lets it land; KS goes
/// home, QC fills its pile at once, JH goes onto it and every card home.
#[test]
fn a_card_put_onto_a_pile_by_the_rules_is_a_top_for_the_dead_end_cut() {
    let dealt = "1 (spread): JH QH\n2 (spread): KH\n\
         clubs (stacked): AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC\n\
         diamonds (stacked): AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD\n\
         hearts (stacked): AH 2H 3H 4H 5H 6H 7H 8H 9H TH\n\
         spades (stacked): AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS\n\
         stock (stacked): #KC #KD\n";
    let filled = "1 (spread): KH TH JH\n2 (spread): KS\n\
         clubs (stacked): AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC\n\
         diamonds (stacked): AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD\n\
         hearts (stacked): AH 2H 3H 4H 5H 6H 7H 8H 9H\n\
         spades (stacked): AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS\n\
         stock (stacked): #KC #QH\nwaste (stacked): QC\n";
    let cases = [
        (
            "dealt",
            dealt,
            "deal = [2, 1]\nmoves = \"any-sequence\"\nempty = \"kings\"\n\
             [stock]\nkind = \"deal-to-piles\"\nfill_first = true\n",
        ),
        (
            "filled",
            filled,
            "deal = [2, 1]\nmoves = \"single\"\nempty = \"kings\"\nfill_from_talon = true\n\
             [stock]\nkind = \"waste\"\ndraw = 1\nredeals = 0\n",
        ),
    ];
    for (what, board, rules) in cases {
        let t = Table::parse(board).expect("board");
        let rules = Rules::from_toml(&format!(
            "id = \"put-tops-{what}\"\nname = \"test\"\nsummary = \"test\"\n\
             source = \"tests/it/differential.rs\"\n\
             [tableau]\nbuild = \"alternate-color\"\n{rules}"
        ))
        .expect("rules");
        let mut tally = Tally::default();
        with_rules(rules, |id| {
            with_tableau!(id, g => {
                assert!(g.finds_dead_ends(), "{what}: the cut applies to these rules");
                let r = check_position(g, &t, 10_000, usize::MAX, &mut tally);
                assert!(r.is_ok(), "{what}: {}", r.unwrap_err());
            });
        });
        assert_eq!((tally.complete, tally.won), (1, 1), "{what}: {tally}");
    }
}
