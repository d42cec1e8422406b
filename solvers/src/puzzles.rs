//! Test spaces: sliding-tile puzzles (any size up to 16 cells) and tiny explicit graphs,
//! with the tests of all the searches on them.

use std::cell::Cell;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use rustc_hash::FxHashSet;

use crate::{
    astar, beam, best_first, dfs, guided_dfs, idastar, shortcut, BestFirst, BestFirstMode,
    DepthFirst, Limits, Outcome, Report, Space, StopReason, Successor,
};

/// A sliding-puzzle position: 4 bits per cell (0 is the blank) and the blank's cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Board {
    pub(crate) tiles: u64,
    pub(crate) blank: u8,
}

/// The direction the blank moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dir {
    Up,
    Down,
    Left,
    Right,
}

const DIRS: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

/// A `w` x `h` sliding-tile puzzle; the goal is `1 2 .. n-1` row by row, blank last.
pub(crate) struct Sliding {
    w: usize,
    h: usize,
    goal: Board,
}

impl Sliding {
    pub(crate) fn new(w: usize, h: usize) -> Self {
        assert!(w * h <= 16 && w >= 2 && h >= 2);
        let n = w * h;
        let cells: Vec<u8> = (1..n as u8).chain([0]).collect();
        let mut s = Sliding {
            w,
            h,
            goal: Board { tiles: 0, blank: 0 },
        };
        s.goal = s.board(&cells);
        s
    }

    fn n(&self) -> usize {
        self.w * self.h
    }

    /// The board with these cells, row by row (0 is the blank).
    pub(crate) fn board(&self, cells: &[u8]) -> Board {
        assert_eq!(cells.len(), self.n());
        let mut seen = vec![false; self.n()];
        let mut tiles = 0u64;
        let mut blank = 0;
        for (pos, &t) in cells.iter().enumerate() {
            assert!(
                !std::mem::replace(&mut seen[t as usize], true),
                "tile {t} twice"
            );
            tiles |= u64::from(t) << (4 * pos);
            if t == 0 {
                blank = pos as u8;
            }
        }
        Board { tiles, blank }
    }

    fn cell(b: &Board, pos: usize) -> u8 {
        ((b.tiles >> (4 * pos)) & 15) as u8
    }

    /// The board after the blank moves in `d`, if it can.
    pub(crate) fn apply(&self, b: &Board, d: Dir) -> Option<Board> {
        let blank = b.blank as usize;
        let (r, c) = (blank / self.w, blank % self.w);
        let target = match d {
            Dir::Up if r > 0 => blank - self.w,
            Dir::Down if r + 1 < self.h => blank + self.w,
            Dir::Left if c > 0 => blank - 1,
            Dir::Right if c + 1 < self.w => blank + 1,
            _ => return None,
        };
        let tile = u64::from(Self::cell(b, target));
        let tiles = (b.tiles & !(15 << (4 * target))) | (tile << (4 * blank));
        Some(Board {
            tiles,
            blank: target as u8,
        })
    }

    /// Sum of the Manhattan distances of the tiles to their goal cells.
    pub(crate) fn manhattan(&self, b: &Board) -> u32 {
        let mut sum = 0;
        for pos in 0..self.n() {
            let t = Self::cell(b, pos) as usize;
            if t != 0 {
                let goal = t - 1;
                sum +=
                    (pos / self.w).abs_diff(goal / self.w) + (pos % self.w).abs_diff(goal % self.w);
            }
        }
        sum as u32
    }

    /// Whether the goal can be reached: each move is a transposition of the cells and
    /// moves the blank by one cell, so the permutation parity equals the parity of the
    /// blank's distance to its goal cell exactly on the solvable half.
    pub(crate) fn solvable(&self, b: &Board) -> bool {
        let n = self.n();
        // Cell contents as a permutation of 0..n with the blank as n - 1 (its goal cell).
        let perm: Vec<usize> = (0..n)
            .map(|p| match Self::cell(b, p) as usize {
                0 => n - 1,
                t => t - 1,
            })
            .collect();
        let inversions = (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .filter(|&(i, j)| perm[i] > perm[j])
            .count();
        let blank = b.blank as usize;
        let dist = (blank / self.w).abs_diff(self.h - 1) + (blank % self.w).abs_diff(self.w - 1);
        inversions % 2 == dist % 2
    }

    /// The board after playing `moves` from `start`, or `None` if one is illegal.
    pub(crate) fn replay(&self, start: Board, moves: &[Dir]) -> Option<Board> {
        moves.iter().try_fold(start, |b, &d| self.apply(&b, d))
    }

    /// A random walk of `k` legal moves from the goal (xorshift from `seed`).
    pub(crate) fn scramble(&self, k: usize, seed: u64) -> Board {
        let mut x = seed | 1;
        let mut b = self.goal;
        for _ in 0..k {
            loop {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if let Some(nb) = self.apply(&b, DIRS[(x % 4) as usize]) {
                    b = nb;
                    break;
                }
            }
        }
        b
    }

    /// The true distance to the goal by breadth-first search, with the number of states
    /// reached (all of them when the goal is unreachable).
    pub(crate) fn bfs(&self, start: Board) -> (Option<u32>, usize) {
        let mut seen = FxHashSet::default();
        let mut queue = VecDeque::new();
        seen.insert(start.tiles);
        queue.push_back((start, 0u32));
        while let Some((b, d)) = queue.pop_front() {
            if b == self.goal {
                return (Some(d), seen.len());
            }
            for dir in DIRS {
                if let Some(nb) = self.apply(&b, dir) {
                    if seen.insert(nb.tiles) {
                        queue.push_back((nb, d + 1));
                    }
                }
            }
        }
        (None, seen.len())
    }
}

impl Sliding {
    /// The first state found at the largest distance from the goal (moves are
    /// reversible), that distance, and the number of states of the solvable half.
    pub(crate) fn farthest_from_goal(&self) -> (Board, u32, usize) {
        let mut seen = FxHashSet::default();
        let mut queue = VecDeque::new();
        seen.insert(self.goal.tiles);
        queue.push_back((self.goal, 0u32));
        let mut far = (self.goal, 0);
        while let Some((b, d)) = queue.pop_front() {
            if d > far.1 {
                far = (b, d);
            }
            for dir in DIRS {
                if let Some(nb) = self.apply(&b, dir) {
                    if seen.insert(nb.tiles) {
                        queue.push_back((nb, d + 1));
                    }
                }
            }
        }
        (far.0, far.1, seen.len())
    }
}

impl Space for Sliding {
    type State = Board;
    type Key = u64;
    type Move = Dir;

    fn is_goal(&self, state: &Board) -> bool {
        state.tiles == self.goal.tiles
    }

    fn key(&self, state: &Board) -> u64 {
        state.tiles
    }

    fn expand(&self, state: &Board, out: &mut Vec<Successor<Dir, Board>>) {
        for d in DIRS {
            if let Some(b) = self.apply(state, d) {
                out.push(Successor {
                    mv: d,
                    state: b,
                    cost: 1,
                });
            }
        }
    }

    fn heuristic(&self, state: &Board) -> u32 {
        self.manhattan(state)
    }

    fn successor_of(&self, state: &Board, mv: &Dir) -> Option<Board> {
        Some(self.apply(state, *mv).expect("a move of the position"))
    }
}

/// A space delegating to another one but without heuristic (A* becomes Dijkstra).
struct Blind<'a, S>(&'a S);

impl<S: Space> Space for Blind<'_, S> {
    type State = S::State;
    type Key = S::Key;
    type Move = S::Move;

    fn is_goal(&self, state: &S::State) -> bool {
        self.0.is_goal(state)
    }

    fn key(&self, state: &S::State) -> S::Key {
        self.0.key(state)
    }

    fn expand(&self, state: &S::State, out: &mut Vec<Successor<S::Move, S::State>>) {
        self.0.expand(state, out)
    }
}

/// A space that sets a cancel flag from inside its `expand` after a number of calls.
struct CancelAfter<'a> {
    inner: &'a Sliding,
    flag: Arc<AtomicBool>,
    after: u64,
    calls: Cell<u64>,
}

impl Space for CancelAfter<'_> {
    type State = Board;
    type Key = u64;
    type Move = Dir;

    fn is_goal(&self, state: &Board) -> bool {
        self.inner.is_goal(state)
    }

    fn key(&self, state: &Board) -> u64 {
        self.inner.key(state)
    }

    fn expand(&self, state: &Board, out: &mut Vec<Successor<Dir, Board>>) {
        self.calls.set(self.calls.get() + 1);
        if self.calls.get() == self.after {
            self.flag.store(true, Ordering::Relaxed);
        }
        self.inner.expand(state, out)
    }

    fn heuristic(&self, state: &Board) -> u32 {
        self.inner.heuristic(state)
    }
}

/// An explicit directed graph with costs; a move is the node it leads to.
pub(crate) struct Graph {
    edges: Vec<Vec<(usize, u32)>>,
    goal: usize,
    h: Vec<u32>,
    forced: Vec<Option<usize>>,
}

impl Graph {
    pub(crate) fn new(nodes: usize, goal: usize, edges: &[(usize, usize, u32)]) -> Self {
        let mut adj = vec![Vec::new(); nodes];
        for &(a, b, c) in edges {
            adj[a].push((b, c));
        }
        Graph {
            edges: adj,
            goal,
            h: vec![0; nodes],
            forced: vec![None; nodes],
        }
    }

    /// The cost of `moves` from `start` if they are edges and end on the goal.
    pub(crate) fn replay(&self, start: usize, moves: &[usize]) -> Option<u64> {
        let mut at = start;
        let mut cost = 0;
        for &m in moves {
            let &(_, c) = self.edges[at].iter().find(|&&(b, _)| b == m)?;
            cost += u64::from(c);
            at = m;
        }
        (at == self.goal).then_some(cost)
    }
}

impl Space for Graph {
    type State = usize;
    type Key = usize;
    type Move = usize;

    fn is_goal(&self, state: &usize) -> bool {
        *state == self.goal
    }

    fn key(&self, state: &usize) -> usize {
        *state
    }

    fn expand(&self, state: &usize, out: &mut Vec<Successor<usize, usize>>) {
        out.extend(self.edges[*state].iter().map(|&(b, c)| Successor {
            mv: b,
            state: b,
            cost: c,
        }));
    }

    fn heuristic(&self, state: &usize) -> u32 {
        self.h[*state]
    }

    fn forced(&self, state: &usize) -> Option<Successor<usize, usize>> {
        let b = self.forced[*state]?;
        let &(_, c) = self.edges[*state].iter().find(|&&(x, _)| x == b)?;
        Some(Successor {
            mv: b,
            state: b,
            cost: c,
        })
    }
}

const GREEDY: BestFirstMode = BestFirstMode::Greedy;
const WEIGHTED: BestFirstMode = BestFirstMode::Weighted { weight: 2.0 };

/// Every search, by name, on `space` from `start`.
fn all_searches<S: Space>(
    space: &S,
    start: S::State,
    limits: &Limits,
) -> Vec<(&'static str, Report<S::Move>)> {
    vec![
        ("dfs", dfs(space, start.clone(), limits)),
        ("guided-dfs", guided_dfs(space, start.clone(), limits)),
        ("astar", astar(space, start.clone(), limits)),
        ("idastar", idastar(space, start.clone(), limits)),
        ("greedy", best_first(space, start.clone(), GREEDY, limits)),
        ("weighted", best_first(space, start, WEIGHTED, limits)),
    ]
}

fn solved<M: Clone>(name: &str, r: &Report<M>) -> Vec<M> {
    match &r.outcome {
        Outcome::Solved(p) => p.clone(),
        other => panic!("{name}: expected a solution, got {}", other.word()),
    }
}

/// Checks a sliding-puzzle report: solved, valid path to the goal, consistent stats.
fn check_sliding(p: &Sliding, start: Board, name: &str, r: &Report<Dir>) -> u64 {
    let path = solved(name, r);
    let end = p
        .replay(start, &path)
        .unwrap_or_else(|| panic!("{name}: illegal move"));
    assert!(p.is_goal(&end), "{name}: path does not reach the goal");
    assert_eq!(r.stats.solution_len, path.len() as u64, "{name}");
    assert_eq!(
        r.stats.solution_cost,
        path.len() as u64,
        "{name}: unit costs"
    );
    path.len() as u64
}

#[test]
fn sliding_puzzle_basics() {
    let p = Sliding::new(3, 3);
    assert!(p.is_goal(&p.goal));
    assert_eq!(p.manhattan(&p.goal), 0);
    assert!(p.solvable(&p.goal));
    let swapped = p.board(&[2, 1, 3, 4, 5, 6, 7, 8, 0]);
    assert!(!p.solvable(&swapped));
    assert_eq!(p.manhattan(&swapped), 2);
    let b = p.board(&[1, 2, 3, 4, 5, 6, 7, 0, 8]);
    assert_eq!(p.apply(&b, Dir::Down), None);
    assert_eq!(p.apply(&b, Dir::Right), Some(p.goal));
    assert_eq!(
        p.replay(b, &[Dir::Left, Dir::Right, Dir::Right]),
        Some(p.goal)
    );
    for k in 0..40 {
        let s = p.scramble(k, 99);
        assert!(p.solvable(&s));
        assert!(p.manhattan(&s) as usize <= k);
    }
}

#[test]
fn bfs_confirms_the_classic_hard_instances() {
    let p = Sliding::new(3, 3);
    for cells in [[8, 6, 7, 2, 5, 4, 3, 0, 1], [6, 4, 7, 8, 5, 0, 3, 2, 1]] {
        assert_eq!(p.bfs(p.board(&cells)), (Some(31), 181_440));
    }
}

#[test]
fn astar_and_idastar_find_the_optimum_31() {
    let p = Sliding::new(3, 3);
    for cells in [[8, 6, 7, 2, 5, 4, 3, 0, 1], [6, 4, 7, 8, 5, 0, 3, 2, 1]] {
        let start = p.board(&cells);
        let a = astar(&p, start, &Limits::none());
        let i = idastar(&p, start, &Limits::none());
        assert_eq!(check_sliding(&p, start, "astar", &a), 31);
        assert_eq!(check_sliding(&p, start, "idastar", &i), 31);
        for r in [&a, &i] {
            assert!(r.stats.expanded > 0 && r.stats.generated >= r.stats.expanded);
            assert!(r.stats.stored > 0 && r.stats.peak_memory > 0);
        }
    }
}

#[test]
fn scrambles_agree_with_bfs() {
    let p = Sliding::new(3, 3);
    let mut optima = Vec::new();
    for (k, seed) in [
        (0, 1),
        (1, 2),
        (2, 3),
        (5, 4),
        (8, 5),
        (12, 6),
        (20, 7),
        (30, 8),
        (60, 9),
        (200, 10),
    ] {
        let start = p.scramble(k, seed);
        let (best, _) = p.bfs(start);
        let best = u64::from(best.expect("scrambles are solvable"));
        optima.push(best);
        let reports = all_searches(&p, start, &Limits::none());
        for (name, r) in &reports {
            let len = check_sliding(&p, start, name, r);
            assert!(len >= best, "{name}: shorter than optimal");
            if matches!(*name, "astar" | "idastar") {
                assert_eq!(len, best, "{name}: not optimal for k = {k}");
            }
        }
        let dijkstra = astar(&Blind(&p), start, &Limits::none());
        assert_eq!(check_sliding(&p, start, "dijkstra", &dijkstra), best);
        if best <= 12 {
            let blind_ida = idastar(&Blind(&p), start, &Limits::none());
            assert_eq!(check_sliding(&p, start, "blind idastar", &blind_ida), best);
        }
    }
    // The instances are not all trivial.
    assert!(optima.iter().any(|&o| o >= 14), "{optima:?}");
    assert_eq!(optima[0], 0);
}

#[test]
fn start_at_goal_gives_empty_path() {
    let p = Sliding::new(3, 3);
    // Even a zero node limit does not matter: the start is tested first.
    for limits in [Limits::none(), Limits::none().with_nodes(0)] {
        for (name, r) in all_searches(&p, p.goal, &limits) {
            assert_eq!(r.outcome, Outcome::Solved(vec![]), "{name}");
            assert_eq!(
                (r.stats.solution_len, r.stats.solution_cost),
                (0, 0),
                "{name}"
            );
        }
    }
}

#[test]
fn wrong_parity_8_puzzle_is_proved_unsolvable() {
    let p = Sliding::new(3, 3);
    let start = p.board(&[6, 8, 7, 2, 5, 4, 3, 0, 1]);
    assert!(!p.solvable(&start));
    assert_eq!(p.bfs(start), (None, 181_440));
    // IDA* is left out: its iterations re-expand states reached first at a larger g, and
    // proving this instance takes it hundreds of millions of expansions (the 2x3 test
    // below covers its unsolvability proof).
    let none = Limits::none();
    let reports = [
        ("dfs", dfs(&p, start, &none)),
        ("guided-dfs", guided_dfs(&p, start, &none)),
        ("astar", astar(&p, start, &none)),
        ("greedy", best_first(&p, start, GREEDY, &none)),
        ("weighted", best_first(&p, start, WEIGHTED, &none)),
    ];
    for (name, r) in reports {
        assert_eq!(r.outcome, Outcome::Unsolvable, "{name}");
        // Exhaustive: every state of the odd half was stored.
        assert_eq!(r.stats.stored, 181_440, "{name}");
        assert_eq!(
            (r.stats.solution_len, r.stats.solution_cost),
            (0, 0),
            "{name}"
        );
    }
}

#[test]
fn wrong_parity_2x3_puzzle_is_proved_unsolvable() {
    let p = Sliding::new(3, 2);
    let start = p.board(&[2, 1, 3, 4, 5, 0]);
    assert!(!p.solvable(&start));
    assert_eq!(p.bfs(start), (None, 360));
    for (name, r) in all_searches(&p, start, &Limits::none()) {
        assert_eq!(r.outcome, Outcome::Unsolvable, "{name}");
        assert_eq!(r.stats.stored, 360, "{name}");
        assert!(r.stats.expanded >= 360, "{name}");
    }
    let r = idastar(&Blind(&p), start, &Limits::none());
    assert_eq!(r.outcome, Outcome::Unsolvable);
    // The solvable half of the 2x3 puzzle: its hardest state is 21 moves away.
    let (solvable_start, dist, reached) = p.farthest_from_goal();
    assert_eq!((dist, reached), (21, 360));
    let (best, _) = p.bfs(solvable_start);
    assert_eq!(best, Some(21));
    let best = 21;
    for (name, r) in all_searches(&p, solvable_start, &Limits::none()) {
        let len = check_sliding(&p, solvable_start, name, &r);
        if matches!(name, "astar" | "idastar") {
            assert_eq!(len, best, "{name}");
        }
    }
}

#[test]
fn limits_give_unknown_with_the_right_reason() {
    let p = Sliding::new(3, 3);
    let start = p.board(&[6, 8, 7, 2, 5, 4, 3, 0, 1]); // unsolvable: would run to the end
    let flag = Arc::new(AtomicBool::new(true));
    let cases = [
        (Limits::none().with_nodes(10), StopReason::Nodes),
        (Limits::none().with_nodes(0), StopReason::Nodes),
        (Limits::none().with_memory(1), StopReason::Memory),
        (Limits::none().with_memory(100_000), StopReason::Memory),
        (Limits::none().with_time(Duration::ZERO), StopReason::Time),
        (Limits::none().with_cancel(flag), StopReason::Cancelled),
    ];
    for (limits, reason) in cases {
        for (name, r) in all_searches(&p, start, &limits) {
            assert_eq!(r.outcome, Outcome::Unknown(reason), "{name} {reason}");
            assert_eq!((r.stats.solution_len, r.stats.solution_cost), (0, 0));
            if let Some(n) = limits.max_nodes {
                assert_eq!(r.stats.expanded, n, "{name}: node limit is exact");
            }
            if reason == StopReason::Cancelled || limits.max_time == Some(Duration::ZERO) {
                assert_eq!(r.stats.expanded, 0, "{name}: stopped before any expansion");
            }
            if let Some(m) = limits.max_memory {
                assert!(
                    r.stats.peak_memory <= m,
                    "{name}: peak memory within the budget"
                );
                if r.stats.expanded > 0 {
                    // The memory held before the stop is counted.
                    assert!(r.stats.peak_memory > 0, "{name}: peak memory recorded");
                }
                assert!(r.stats.expanded < 181_440, "{name}");
            }
        }
    }
    // Generous limits do not get in the way.
    let generous = Limits::none()
        .with_nodes(10_000_000)
        .with_time(Duration::from_secs(3600))
        .with_memory(1 << 40)
        .with_cancel(Arc::new(AtomicBool::new(false)));
    let small = Sliding::new(3, 2);
    for (name, r) in all_searches(&small, small.board(&[2, 1, 3, 4, 5, 0]), &generous) {
        assert_eq!(r.outcome, Outcome::Unsolvable, "{name}");
    }
}

#[test]
fn cancel_during_search_stops_it() {
    let p = Sliding::new(3, 3);
    let start = p.board(&[6, 8, 7, 2, 5, 4, 3, 0, 1]);
    let run = |f: &dyn Fn(&CancelAfter, &Limits) -> Report<Dir>| {
        let flag = Arc::new(AtomicBool::new(false));
        let space = CancelAfter {
            inner: &p,
            flag: flag.clone(),
            after: 500,
            calls: Cell::new(0),
        };
        let r = f(&space, &Limits::none().with_cancel(flag));
        assert_eq!(r.outcome, Outcome::Unknown(StopReason::Cancelled));
        // Seen at the next look at the flag, at most CLOCK_EVERY expansions later.
        assert!(r.stats.expanded >= 500);
        assert!(r.stats.expanded <= 500 + u64::from(Limits::CLOCK_EVERY));
    };
    run(&|s, l| dfs(s, start, l));
    run(&|s, l| guided_dfs(s, start, l));
    run(&|s, l| astar(s, start, l));
    run(&|s, l| idastar(s, start, l));
    run(&|s, l| best_first(s, start, GREEDY, l));
}

/// 0 -> 10 directly (cost 1), or 0 -> 1 -> 2 -> ... -> 10 (cost 1 each); 11 is a dead end.
fn chain_graph() -> Graph {
    let mut edges = vec![(0, 10, 1), (0, 11, 1)];
    edges.extend((0..10).map(|i| (i, i + 1, 1)));
    Graph::new(12, 10, &edges)
}

#[test]
fn forced_moves_are_honoured() {
    let mut g = chain_graph();
    for (name, r) in all_searches(&g, 0, &Limits::none()) {
        assert_eq!(
            r.outcome,
            Outcome::Solved(vec![10]),
            "{name}: no dominance yet"
        );
    }
    g.forced[0] = Some(1);
    let long: Vec<usize> = (1..=10).collect();
    for (name, r) in all_searches(&g, 0, &Limits::none()) {
        assert_eq!(
            r.outcome,
            Outcome::Solved(long.clone()),
            "{name}: forced move ignored"
        );
        assert_eq!(r.stats.solution_cost, 10, "{name}");
    }
    // A forced move into a dead end: relative to the dominance, no win.
    g.forced[0] = Some(11);
    for (name, r) in all_searches(&g, 0, &Limits::none()) {
        assert_eq!(r.outcome, Outcome::Unsolvable, "{name}");
        assert_eq!(r.stats.stored, 2, "{name}: only the forced successor");
    }
}

#[test]
fn costs_and_inconsistent_heuristics() {
    // Nodes S=0, A=1, B=2, C=3, G=4. Best S-A-C-G costs 5, S-B-C-G costs 6. h(A) = 4 is
    // admissible but inconsistent, so A* first closes C through B and must reopen it.
    let mut g = Graph::new(
        5,
        4,
        &[(0, 1, 1), (0, 2, 2), (1, 3, 1), (2, 3, 1), (3, 4, 3)],
    );
    g.h[1] = 4;
    let a = astar(&g, 0, &Limits::none());
    assert_eq!(a.outcome, Outcome::Solved(vec![1, 3, 4]));
    assert_eq!(a.stats.solution_cost, 5);
    assert_eq!(a.stats.expanded, 5, "C was expanded twice");
    let i = idastar(&g, 0, &Limits::none());
    assert_eq!(i.outcome, Outcome::Solved(vec![1, 3, 4]));
    assert_eq!(i.stats.solution_cost, 5);
    for (name, r) in all_searches(&g, 0, &Limits::none()) {
        let path = solved(name, &r);
        assert_eq!(g.replay(0, &path), Some(r.stats.solution_cost), "{name}");
    }

    // More moves but cheaper: 0-1-2-3 (3) beats 0-3 (10).
    let g = Graph::new(4, 3, &[(0, 3, 10), (0, 1, 1), (1, 2, 1), (2, 3, 1)]);
    for (name, r) in [
        ("astar", astar(&g, 0, &Limits::none())),
        ("idastar", idastar(&g, 0, &Limits::none())),
    ] {
        assert_eq!(r.outcome, Outcome::Solved(vec![1, 2, 3]), "{name}");
        assert_eq!(
            (r.stats.solution_cost, r.stats.solution_len),
            (3, 3),
            "{name}"
        );
    }

    // IDA* must re-expand X when it reaches it again more cheaply in the same iteration:
    // S=0, A=1, X=2, G=3, B=4; depth-first order meets X through A first (g = 2), but only
    // S-X-B-G (cost 3) fits under the threshold 3.
    let g = Graph::new(
        5,
        3,
        &[(0, 1, 1), (1, 2, 1), (0, 2, 1), (2, 4, 1), (4, 3, 1)],
    );
    for (name, r) in all_searches(&g, 0, &Limits::none()) {
        let path = solved(name, &r);
        assert_eq!(g.replay(0, &path), Some(r.stats.solution_cost), "{name}");
        if matches!(name, "astar" | "idastar") {
            assert_eq!(path, vec![2, 4, 3], "{name}");
        }
    }

    // A cycle without goal: proved unsolvable by all, despite the cycle.
    let g = Graph::new(4, 3, &[(0, 1, 1), (1, 2, 1), (2, 0, 1), (1, 0, 1)]);
    for (name, r) in all_searches(&g, 0, &Limits::none()) {
        assert_eq!(r.outcome, Outcome::Unsolvable, "{name}");
        assert_eq!(r.stats.stored, 3, "{name}");
    }
}

#[test]
fn weighted_priority_is_monotone_in_weight() {
    let p = Sliding::new(3, 3);
    let start = p.board(&[8, 6, 7, 2, 5, 4, 3, 0, 1]);
    // Weight 1 orders like A* (without reopening, fine with a consistent heuristic).
    let w1 = best_first(
        &p,
        start,
        BestFirstMode::Weighted { weight: 1.0 },
        &Limits::none(),
    );
    assert_eq!(check_sliding(&p, start, "w1", &w1), 31);
    // Weight 0 is uniform cost: optimal too.
    let w0 = best_first(
        &p,
        start,
        BestFirstMode::Weighted { weight: 0.0 },
        &Limits::none(),
    );
    assert_eq!(check_sliding(&p, start, "w0", &w0), 31);
    let w5 = best_first(
        &p,
        start,
        BestFirstMode::Weighted { weight: 5.0 },
        &Limits::none(),
    );
    assert!(check_sliding(&p, start, "w5", &w5) >= 31);
    assert!(w5.stats.expanded < w0.stats.expanded);
}

#[test]
fn dfs_handles_deep_paths() {
    // A chain of 100 000 nodes: recursion would overflow the stack.
    let n = 100_000;
    let edges: Vec<(usize, usize, u32)> = (0..n - 1).map(|i| (i, i + 1, 1)).collect();
    let mut g = Graph::new(n, n - 1, &edges);
    g.h = (0..n).map(|i| (n - 1 - i) as u32).collect();
    let r = dfs(&g, 0, &Limits::none());
    assert_eq!(r.stats.solution_len, (n - 1) as u64);
    assert_eq!(g.replay(0, &solved("dfs", &r)), Some((n - 1) as u64));
    let r = idastar(&g, 0, &Limits::none());
    assert_eq!(r.stats.solution_cost, (n - 1) as u64);
}

/// Checks that a search run in slices of 37 expansions (`slice`) expands the same states in
/// all as the search run whole (`whole`), finds the same line or the same proof, and after
/// the verdict repeats it; `what` names the search in the messages.
fn same_in_slices(whole: &Report<Dir>, mut slice: impl FnMut(&Limits) -> Report<Dir>, what: &str) {
    let (mut expanded, mut slices) = (0, 0);
    let outcome = loop {
        let r = slice(&Limits::none().with_nodes(37));
        expanded += r.stats.expanded;
        slices += 1;
        if !matches!(r.outcome, Outcome::Unknown(_)) {
            break r.outcome;
        }
        assert_eq!(r.stats.expanded, 37, "{what}");
    };
    assert_eq!(outcome, whole.outcome, "{what}");
    assert_eq!(expanded, whole.stats.expanded, "{what}");
    assert!(slices > 1, "{what}");
    assert_eq!(slice(&Limits::none()).outcome, whole.outcome, "{what}");
}

/// Checks that a first slice with no states to spend expands nothing and loses nothing:
/// the next, without limits, reaches `whole`'s verdict.
fn nothing_lost_in_an_empty_slice(
    whole: &Report<Dir>,
    mut slice: impl FnMut(&Limits) -> Report<Dir>,
) {
    let r = slice(&Limits::none().with_nodes(0));
    assert_eq!(
        (r.outcome, r.stats.expanded),
        (Outcome::Unknown(StopReason::Nodes), 0)
    );
    assert_eq!(slice(&Limits::none()).outcome, whole.outcome);
}

#[test]
fn searches_in_slices_are_the_same_searches_as_in_one_run() {
    // A solvable and an unsolvable 8-puzzle; depth-first search plain and guided, and
    // best-first search greedy and weighted, each resumed slice after slice.
    let p = Sliding::new(3, 3);
    let (won, _, _) = p.farthest_from_goal();
    let lost = p.board(&[2, 1, 3, 4, 5, 6, 7, 8, 0]);
    for start in [won, lost] {
        for guided in [false, true] {
            let whole = if guided {
                guided_dfs(&p, start, &Limits::none())
            } else {
                dfs(&p, start, &Limits::none())
            };
            let mut search = DepthFirst::new(&p, start, guided);
            same_in_slices(&whole, |l| search.run(l), &format!("guided {guided}"));
        }
        for mode in [
            BestFirstMode::Greedy,
            BestFirstMode::Weighted { weight: 3.0 },
        ] {
            let whole = best_first(&p, start, mode, &Limits::none());
            let mut search = BestFirst::new(&p, start, mode);
            same_in_slices(&whole, |l| search.run(l), &format!("{mode:?}"));
            assert!(search.memory_bytes() > 0);
        }
    }
    let mut search = DepthFirst::new(&p, won, false);
    nothing_lost_in_an_empty_slice(&dfs(&p, won, &Limits::none()), |l| search.run(l));
    let mode = BestFirstMode::Greedy;
    let mut search = BestFirst::new(&p, won, mode);
    let whole = best_first(&p, won, mode, &Limits::none());
    nothing_lost_in_an_empty_slice(&whole, |l| search.run(l));
}

#[test]
fn shortcut_lines_replay_to_the_goal_and_are_no_longer() {
    // Plain depth-first lines on the 8-puzzle wander (tens of thousands of moves where 31
    // do): shortened, they still replay to the goal, and come out far shorter; a line that
    // is already shortest (A*'s) keeps its length; a move that is not a successor gives None.
    let p = Sliding::new(3, 3);
    for seed in 1..=5 {
        let start = p.scramble(40, seed);
        let line = solved("dfs", &dfs(&p, start, &Limits::none()));
        let short = shortcut(&p, &start, &line).expect("a line of the space");
        let end = p.replay(start, &short).expect("legal moves");
        assert!(p.is_goal(&end), "seed {seed}");
        assert!(short.len() <= line.len());
        assert!(
            short.len() * 10 < line.len(),
            "seed {seed}: {} of {}",
            short.len(),
            line.len()
        );
        let optimal = solved("astar", &astar(&p, start, &Limits::none()));
        assert_eq!(
            shortcut(&p, &start, &optimal).map(|l| l.len()),
            Some(optimal.len())
        );
    }
    // The goal has its blank in a corner: two of the four moves are not moves there.
    let illegal: Vec<Dir> = DIRS
        .into_iter()
        .filter(|&d| p.apply(&p.goal, d).is_none())
        .collect();
    assert_eq!(illegal.len(), 2);
    assert_eq!(shortcut(&p, &p.goal, &illegal[..1]), None);
}

#[test]
fn guided_dfs_follows_the_guide() {
    // On a solvable 8-puzzle, trying the lowest Manhattan distance first reaches the goal
    // after far fewer expansions than plain DFS in generation order, and the path replays.
    let p = Sliding::new(3, 3);
    let start = p.scramble(40, 7);
    let plain = dfs(&p, start, &Limits::none());
    let guided = guided_dfs(&p, start, &Limits::none());
    check_sliding(&p, start, "dfs", &plain);
    check_sliding(&p, start, "guided-dfs", &guided);
    assert!(
        guided.stats.expanded * 10 < plain.stats.expanded,
        "guided {} vs plain {}",
        guided.stats.expanded,
        plain.stats.expanded
    );
}

#[test]
fn beam_wins_replay_and_only_a_search_that_left_nothing_out_proves_a_loss() {
    let p = Sliding::new(3, 3);
    let start = p.scramble(40, 7);
    check_sliding(&p, start, "beam", &beam(&p, start, 1000, &Limits::none()));
    // The 8-puzzle's widest breadth-first layer holds fewer than 100,000 states: a beam that
    // wide is a complete breadth-first search, and an odd permutation is proven lost.
    let swapped = p.board(&[2, 1, 3, 4, 5, 6, 7, 8, 0]);
    let r = beam(&p, swapped, 100_000, &Limits::none());
    assert_eq!(r.outcome, Outcome::Unsolvable);
    assert_eq!(r.stats.stored, 181_440, "every reachable board");
    // A narrow beam runs dry having left states out: that proves nothing.
    let r = beam(&p, swapped, 10, &Limits::none());
    assert_eq!(r.outcome, Outcome::Unknown(StopReason::Pruned));
    // A node limit stops it like any search.
    let limits = Limits {
        max_nodes: Some(50),
        ..Limits::none()
    };
    let r = beam(&p, swapped, 100_000, &limits);
    assert_eq!(r.outcome, Outcome::Unknown(StopReason::Nodes));
}

#[test]
fn a_beam_keeps_the_best_guided_states_of_each_layer() {
    // 0 leads to a dead end that looks best (1, guide 0) and to the way to the goal (2, then
    // 3). A beam one state wide keeps only the dead end; two wide finds the goal.
    let mut g = Graph::new(4, 3, &[(0, 1, 1), (0, 2, 1), (2, 3, 1)]);
    g.h = vec![2, 0, 5, 0];
    let r = beam(&g, 0, 1, &Limits::none());
    assert_eq!(r.outcome, Outcome::Unknown(StopReason::Pruned));
    let r = beam(&g, 0, 2, &Limits::none());
    assert_eq!(g.replay(0, &solved("beam", &r)), Some(2));
}

#[test]
fn a_pruned_beam_layer_is_expanded_best_guided_first() {
    // 0 has 100 children with guides in a scrambled order; a beam 50 wide keeps the 50 best
    // guided, and each child reaches the goal 101. The first one expanded finds it, so the
    // line names which came first: the best guided (child 100, guide 0), whatever order the
    // selection left the kept ones in.
    let mut edges: Vec<(usize, usize, u32)> = (1..=100).map(|c| (0, c, 1)).collect();
    edges.extend((1..=100).map(|c| (c, 101, 1)));
    let mut g = Graph::new(102, 101, &edges);
    g.h = (0..102).map(|c| (c as u32 * 37) % 100).collect();
    g.h[101] = 0;
    let r = beam(&g, 0, 50, &Limits::none());
    assert_eq!(solved("beam", &r), vec![100, 101]);
}

/// The beam as it was first written: exact keys for every state seen, each in a parent
/// table, ties broken by the table's index. Returns the line found (if any), and the
/// states expanded, generated and stored.
fn exact_key_beam<S: Space>(
    space: &S,
    start: S::State,
    width: usize,
) -> (Option<Vec<S::Move>>, u64, u64, u64) {
    use crate::table::ParentTable;
    let mut table: ParentTable<S::Key, S::Move> = ParentTable::new();
    let root = table.insert_root(space.key(&start));
    let mut layer = vec![(root, start)];
    let (mut expanded, mut generated) = (0, 0);
    let mut buf = Vec::new();
    while !layer.is_empty() {
        let mut next = Vec::new();
        for (idx, state) in layer.drain(..) {
            crate::guided_successors(space, &state, &mut buf);
            expanded += 1;
            generated += buf.len() as u64;
            let g = table.entry(idx).g;
            for (s, h) in buf.drain(..) {
                let key = space.key(&s.state);
                let Some(i) = table.insert_new(key, idx, s.mv, s.cost, g + u64::from(s.cost))
                else {
                    continue;
                };
                if space.is_goal(&s.state) {
                    let line = table.path(i).0;
                    return (Some(line), expanded, generated, table.len() as u64);
                }
                next.push((h, i, s.state));
            }
        }
        // A layer that fits is expanded in the order it was made; one that does not, best
        // guided first.
        if next.len() > width {
            next.sort_by_key(|&(h, i, _)| (h, i));
            next.truncate(width);
        }
        layer = next.into_iter().map(|(_, i, s)| (i, s)).collect();
    }
    (None, expanded, generated, table.len() as u64)
}

#[test]
fn a_beam_that_keeps_fingerprints_searches_the_states_the_exact_keys_would() {
    // Once a layer leaves states out, the beam remembers fingerprints of the keys and the
    // links of the kept states only: the same layers, lines and counts as exact keys
    // throughout, on scrambles wide and narrow enough to prune, to win and to run dry.
    let p = Sliding::new(3, 3);
    let mut pruned = 0;
    for (k, seed) in [(30, 3), (60, 11), (90, 5), (200, 8)] {
        let start = p.scramble(k, seed);
        for width in [1, 3, 20, 300] {
            let r = beam(&p, start, width, &Limits::none());
            let (line, expanded, generated, stored) = exact_key_beam(&p, start, width);
            let lean = match &r.outcome {
                Outcome::Solved(l) => Some(l.clone()),
                Outcome::Unknown(StopReason::Pruned) => {
                    pruned += 1;
                    None
                }
                other => panic!("width {width}: {other:?}"),
            };
            assert_eq!(lean, line, "scramble {k}/{seed}, width {width}");
            if let Some(l) = &line {
                // Every slide costs one.
                assert_eq!(r.stats.solution_cost, l.len() as u64);
            }
            assert_eq!(
                (r.stats.expanded, r.stats.generated, r.stats.stored),
                (expanded, generated, stored),
                "scramble {k}/{seed}, width {width}"
            );
        }
    }
    assert!(pruned > 0, "some beam ran dry having left states out");
}

#[test]
fn depth_first_with_its_path_as_moves_is_the_same_search() {
    // The 8-puzzle's farthest and an unsolvable start, plain and guided, in one run and in
    // slices of 41 expansions: with the path kept as moves from the first level on, or
    // whole throughout, or by a space that cannot make successors from moves (`Blind`),
    // the same states are expanded and the same line or proof found.
    let p = Sliding::new(3, 3);
    let (won, _, _) = p.farthest_from_goal();
    let lost = p.board(&[2, 1, 3, 4, 5, 6, 7, 8, 0]);
    let run = |mut search: DepthFirst<'_, Sliding>, sliced: bool| {
        let (mut expanded, mut generated) = (0, 0);
        loop {
            let limits = if sliced {
                Limits::none().with_nodes(41)
            } else {
                Limits::none()
            };
            let r = search.run(&limits);
            expanded += r.stats.expanded;
            generated += r.stats.generated;
            if !matches!(r.outcome, Outcome::Unknown(_)) {
                return (r.outcome, expanded, generated, r.stats.solution_cost);
            }
        }
    };
    for start in [won, lost] {
        for guided in [false, true] {
            for sliced in [false, true] {
                let whole = run(DepthFirst::new(&p, start, guided), sliced);
                let moves = run(
                    DepthFirst::new(&p, start, guided).with_moves_past(0),
                    sliced,
                );
                assert_eq!(moves, whole, "guided {guided}, sliced {sliced}");
                let blind = Blind(&p);
                let mut search = DepthFirst::new(&blind, start, guided).with_moves_past(0);
                let r = search.run(&Limits::none());
                if !guided {
                    assert_eq!(
                        (r.outcome, r.stats.expanded, r.stats.generated),
                        (whole.0.clone(), whole.1, whole.2)
                    );
                }
            }
            let whole = run(DepthFirst::new(&p, start, guided), false);
            assert!(whole.1 > 100, "a search of many levels");
            // The path was kept as moves, and is not when the space cannot make them.
            let mut search = DepthFirst::new(&p, start, guided).with_moves_past(0);
            search.run(&Limits::none().with_nodes(100));
            assert!(search.path_is_moves());
            let blind = Blind(&p);
            let mut search = DepthFirst::new(&blind, start, guided).with_moves_past(0);
            search.run(&Limits::none().with_nodes(100));
            assert!(!search.path_is_moves());
            if let Outcome::Solved(line) = &whole.0 {
                assert_eq!(p.replay(start, line), Some(p.goal));
            }
        }
    }
}
