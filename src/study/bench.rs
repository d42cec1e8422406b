//! Heuristic benchmarks: a matrix of searches × heuristics run on the same deals with the
//! same limits, one record per (deal, search, heuristic), and the table a planning
//! researcher reads (coverage, wrong answers, expansions, time, solution length, PAR-2,
//! agile score).
//!
//! Heuristics are named. Every game has `h` (its admissible [`solvers::Space::heuristic`]),
//! `guide` (its [`solvers::Space::guide`], not admissible) and `blind` (0: A* becomes
//! uniform-cost search), and may name its own ([`Game::own_heuristics`]). A library user adds their own with [`Heuristic::new`]; the searches
//! see it through [`solvers::Scored`], so the game is untouched. Every win is written out
//! and replayed by the referee before it counts, and every "unsolvable" is checked against
//! the other configurations of the same run: a configuration that calls a deal unsolvable
//! which another solved has given a wrong answer.

use super::config::{Algorithm, StudyError, Verdict};
pub use super::portfolio::offers;
use super::portfolio::{run_search, single_search, DfsOrder};
use super::solve::verified_win;
use crate::games::Game;
use crate::piles::Table;
use crate::verify::Referee;
use solvers::{Limits, Outcome, Report, Scored};
use std::fmt::Write as _;
use std::time::Instant;

/// A heuristic's function: the game and a state to an estimate of the moves left.
type Score<G> = Box<dyn Fn(&G, &<G as solvers::Space>::State) -> u32 + Send + Sync>;

/// What a heuristic computes.
enum Kind<G: Game> {
    /// The game's own [`solvers::Space::heuristic`].
    Own,
    /// The game's own [`solvers::Space::guide`].
    Guide,
    /// Zero everywhere.
    Blind,
    /// The game's own heuristic of this index ([`Game::own_heuristics`]).
    GameOwn(usize),
    /// A user's function.
    Custom(Score<G>),
}

/// A named heuristic of a game.
pub struct Heuristic<G: Game> {
    /// Its name, as the command line selects it.
    pub name: String,
    /// Whether it never overestimates the moves left (A* and IDA* take only these).
    pub admissible: bool,
    kind: Kind<G>,
}

impl<G: Game> Heuristic<G> {
    /// A heuristic of your own: `score` estimates the moves left from a state.
    ///
    /// ```
    /// use patience::games::Game;
    /// use patience::games::md::Md;
    /// use patience::study::bench::{self, Heuristic};
    /// use patience::study::Algorithm;
    /// use solvers::Limits;
    /// // Count nothing: the same as `blind`.
    /// let zero = Heuristic::<Md>::new("zero", true, |_game, _state| 0);
    /// let table = Md.deal(4);
    /// let r = bench::run(&Md, &table, Algorithm::Astar, &zero, &Limits::none().with_nodes(100_000)).unwrap();
    /// assert_eq!(r.outcome.word(), "solved");
    /// ```
    pub fn new(
        name: &str,
        admissible: bool,
        score: impl Fn(&G, &G::State) -> u32 + Send + Sync + 'static,
    ) -> Heuristic<G> {
        Heuristic {
            name: name.to_string(),
            admissible,
            kind: Kind::Custom(Box::new(score)),
        }
    }
}

/// Every game's named heuristics: `h` (its admissible heuristic), `guide` (its guide), those
/// the game names itself ([`Game::own_heuristics`]: the tableau engine's `blocked` and
/// `compound`) and `blind`. `h` and `guide` run the game's own searches as they are (with
/// its cheaper guided expansion, where it has one), so `best-first/guide` is `solve
/// --algorithm best-first`; the searches see any other through [`solvers::Scored`].
pub fn heuristics<G: Game>(game: &G) -> Vec<Heuristic<G>> {
    let named = |name: &str, admissible, kind| Heuristic {
        name: name.to_string(),
        admissible,
        kind,
    };
    let mut out = vec![
        named("h", true, Kind::Own),
        named("guide", false, Kind::Guide),
    ];
    for (i, h) in game.own_heuristics().iter().enumerate() {
        out.push(named(h.name, h.admissible, Kind::GameOwn(i)));
    }
    out.push(named("blind", true, Kind::Blind));
    out
}

/// One cell of the matrix: a search and the heuristic it uses ("-" for plain depth-first
/// search, "own" for the portfolio, which uses the game's guides as they are).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    /// The search.
    pub algorithm: Algorithm,
    /// The heuristic's name.
    pub heuristic: String,
}

impl std::fmt::Display for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.algorithm.name(), self.heuristic)
    }
}

/// The configurations of `algorithms` × `heuristics` that make sense: A* and IDA* with the
/// admissible heuristics only; guided depth-first and best-first searches with every
/// heuristic but `blind` (which would order nothing); depth-first search and the portfolio
/// once each, with no heuristic of their own.
pub fn matrix<G: Game>(algorithms: &[Algorithm], heuristics: &[Heuristic<G>]) -> Vec<Config> {
    let mut out = Vec::new();
    for &a in algorithms {
        let cell = |h: &str| Config {
            algorithm: a,
            heuristic: h.to_string(),
        };
        match a {
            Algorithm::Dfs => out.push(cell("-")),
            Algorithm::Astar | Algorithm::Idastar => out.extend(
                heuristics
                    .iter()
                    .filter(|h| h.admissible)
                    .map(|h| cell(&h.name)),
            ),
            Algorithm::GuidedDfs | Algorithm::BestFirst | Algorithm::Weighted => out.extend(
                heuristics
                    .iter()
                    .filter(|h| h.name != "blind")
                    .map(|h| cell(&h.name)),
            ),
            // The portfolio and the games' own searches ([`Algorithm::heuristic_free`]).
            _ => out.push(cell("own")),
        }
    }
    out
}

/// One run's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// Solved (a line the referee replayed to a win), unsolvable or unknown.
    pub outcome: Verdict,
    /// States expanded.
    pub expanded: u64,
    /// Wall time in microseconds.
    pub micros: u64,
    /// The winning line's length in the player's moves (0 without a win).
    pub moves: u32,
}

/// Runs one search with one heuristic on one position. A win is written out as the player's
/// moves and replayed by the referee first (a line it refuses is an error, not a result).
/// The searches that order states their own way ([`Algorithm::heuristic_free`]: depth-first
/// search, the portfolio, the games' own searches) read no heuristic, so `heuristic` is
/// ignored for them; [`StudyError::NoSuchSearch`] when the game lacks the search.
pub fn run<G: Game + Referee>(
    game: &G,
    table: &Table,
    algorithm: Algorithm,
    heuristic: &Heuristic<G>,
    limits: &Limits,
) -> Result<Run, StudyError> {
    let state = game.pack(table)?;
    let start = Instant::now();
    // Monomorphised for each heuristic: it is called at every state searched.
    fn scored<S: solvers::Space>(
        inner: &S,
        score: impl Fn(&S::State) -> u32,
        state: S::State,
        algorithm: Algorithm,
        limits: &Limits,
    ) -> Option<Report<S::Move>> {
        single_search(&Scored { inner, score }, state, algorithm, limits)
    }
    // The game itself where the search's ordering is its own: the heuristic-free searches
    // use no heuristic of ours, A* and IDA* read `heuristic`, the guided and best-first
    // searches `guide`.
    let own = match (&heuristic.kind, algorithm) {
        (_, a) if a.heuristic_free() => true,
        (Kind::Own, Algorithm::Astar | Algorithm::Idastar) => true,
        (Kind::Guide, a) => !matches!(a, Algorithm::Astar | Algorithm::Idastar),
        _ => false,
    };
    let report = if own {
        run_search(game, state.clone(), algorithm, limits, DfsOrder::Game).ok_or_else(|| {
            StudyError::NoSuchSearch {
                game: game.id().to_string(),
                algorithm: algorithm.name(),
            }
        })?
    } else {
        let (st, a) = (state.clone(), algorithm);
        match &heuristic.kind {
            Kind::Own => scored(game, |s| game.heuristic(s), st, a, limits),
            Kind::Guide => scored(game, |s| game.guide(s), st, a, limits),
            Kind::Blind => scored(game, |_| 0, st, a, limits),
            Kind::GameOwn(i) => scored(game, |s| game.own_heuristic(*i, s), st, a, limits),
            Kind::Custom(f) => scored(game, |s| f(game, s), st, a, limits),
        }
        .expect("the portfolio runs as the game's own")
    };
    let micros = start.elapsed().as_micros() as u64;
    let (outcome, moves) = match report.outcome {
        Outcome::Solved(line) => {
            let line = verified_win(game, table, &state, line)?;
            (Verdict::Solved, line.len() as u32)
        }
        Outcome::Unsolvable => (Verdict::Unsolvable, 0),
        Outcome::Unknown(_) => (Verdict::Unknown, 0),
    };
    Ok(Run {
        outcome,
        expanded: report.stats.expanded,
        micros,
        moves,
    })
}

/// One record of a benchmark: a deal, a configuration and its run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchRecord {
    /// The deal.
    pub deal: u64,
    /// The configuration.
    pub config: Config,
    /// What it did.
    pub run: Run,
}

/// Runs every configuration on one position, in order.
pub fn run_all<G: Game + Referee>(
    game: &G,
    table: &Table,
    configs: &[Config],
    heuristics: &[Heuristic<G>],
    limits: &Limits,
) -> Result<Vec<Run>, StudyError> {
    // Depth-first search and the portfolio ("-", "own") use no heuristic of the list.
    let none = Heuristic::new("-", true, |_: &G, _: &G::State| 0);
    configs
        .iter()
        .map(|c| {
            let h = match heuristics.iter().find(|h| h.name == c.heuristic) {
                Some(h) => h,
                None => {
                    assert!(
                        c.algorithm.heuristic_free(),
                        "{c}: no heuristic of that name"
                    );
                    &none
                }
            };
            run(game, table, c.algorithm, h, limits)
        })
        .collect()
}

/// Runs every configuration on deal `deal` of the game: its records, in the order of
/// `configs` (what [`table`] and [`csv`] read).
pub fn run_deal<G: Game + Referee>(
    game: &G,
    deal: u64,
    configs: &[Config],
    heuristics: &[Heuristic<G>],
    limits: &Limits,
) -> Result<Vec<BenchRecord>, StudyError> {
    let runs = run_all(game, &game.deal(deal), configs, heuristics, limits)?;
    Ok(configs
        .iter()
        .zip(runs)
        .map(|(c, run)| BenchRecord {
            deal,
            config: c.clone(),
            run,
        })
        .collect())
}

/// One row of the table: a configuration over every deal.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The configuration.
    pub config: Config,
    /// Deals.
    pub deals: u64,
    /// Deals solved (wins replayed by the referee).
    pub solved: u64,
    /// Deals proven unsolvable.
    pub unsolvable: u64,
    /// Verdicts contradicted by another configuration of the run (an "unsolvable" on a deal
    /// another solved). Must be zero.
    pub wrong: u64,
    /// States expanded, all deals.
    pub expanded: u64,
    /// Seconds, all deals.
    pub seconds: f64,
    /// Mean winning line length, over the deals solved.
    pub mean_length: f64,
    /// PAR-2 in seconds: the mean time a deal, an undecided deal charged twice the time limit
    /// (`None` without a time limit).
    pub par2_seconds: Option<f64>,
    /// PAR-2 in expansions: the mean expansions a deal, an undecided deal charged twice the
    /// node limit (`None` without one).
    pub par2_expanded: Option<f64>,
    /// The agile score summed over deals: 1 for a deal decided within a second, 0 for one
    /// not decided, else 1 − log(t)/log(T), T the time limit (300 s without one).
    pub agile: f64,
}

/// The table of a benchmark's records (in `configs` order).
pub fn table(records: &[BenchRecord], configs: &[Config], limits: &Limits) -> Vec<Row> {
    let solved_somewhere: rustc_hash::FxHashSet<u64> = records
        .iter()
        .filter(|r| r.run.outcome == Verdict::Solved)
        .map(|r| r.deal)
        .collect();
    let limit_s = limits.max_time.map(|t| t.as_secs_f64());
    let agile_t = limit_s.unwrap_or(300.0).max(1.0 + 1e-9);
    configs
        .iter()
        .map(|c| {
            let rs: Vec<&BenchRecord> = records.iter().filter(|r| &r.config == c).collect();
            let count = |v: Verdict| rs.iter().filter(|r| r.run.outcome == v).count() as u64;
            let solved = count(Verdict::Solved);
            let deals = rs.len() as u64;
            let secs = |r: &BenchRecord| r.run.micros as f64 / 1e6;
            let decided = |r: &BenchRecord| r.run.outcome != Verdict::Unknown;
            let mean = |x: f64| if deals == 0 { 0.0 } else { x / deals as f64 };
            Row {
                config: c.clone(),
                deals,
                solved,
                unsolvable: count(Verdict::Unsolvable),
                wrong: rs
                    .iter()
                    .filter(|r| {
                        r.run.outcome == Verdict::Unsolvable && solved_somewhere.contains(&r.deal)
                    })
                    .count() as u64,
                expanded: rs.iter().map(|r| r.run.expanded).sum(),
                seconds: rs.iter().map(|r| secs(r)).sum(),
                mean_length: if solved == 0 {
                    0.0
                } else {
                    rs.iter().map(|r| f64::from(r.run.moves)).sum::<f64>() / solved as f64
                },
                par2_seconds: limit_s.map(|t| {
                    mean(
                        rs.iter()
                            .map(|r| if decided(r) { secs(r) } else { 2.0 * t })
                            .sum(),
                    )
                }),
                par2_expanded: limits.max_nodes.map(|n| {
                    mean(
                        rs.iter()
                            .map(|r| {
                                if decided(r) {
                                    r.run.expanded as f64
                                } else {
                                    2.0 * n as f64
                                }
                            })
                            .sum(),
                    )
                }),
                agile: rs
                    .iter()
                    .filter(|r| decided(r))
                    .map(|r| {
                        let t = secs(r);
                        if t <= 1.0 {
                            1.0
                        } else {
                            (1.0 - t.ln() / agile_t.ln()).max(0.0)
                        }
                    })
                    // A float sum of nothing is -0.0.
                    .sum::<f64>()
                    + 0.0,
            }
        })
        .collect()
}

/// The table as text.
pub fn render(rows: &[Row]) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{:<20} {:>6} {:>7} {:>6} {:>5} {:>12} {:>9} {:>8} {:>10} {:>12} {:>8}",
        "search/heuristic",
        "deals",
        "solved",
        "lost",
        "wrong",
        "expanded",
        "seconds",
        "length",
        "PAR-2 s",
        "PAR-2 exp",
        "agile"
    );
    for r in rows {
        let opt = |v: Option<f64>, p: usize| v.map_or("-".to_string(), |x| format!("{x:.p$}"));
        let _ = writeln!(
            s,
            "{:<20} {:>6} {:>7} {:>6} {:>5} {:>12} {:>9.2} {:>8.1} {:>10} {:>12} {:>8.2}",
            r.config.to_string(),
            r.deals,
            r.solved,
            r.unsolvable,
            r.wrong,
            r.expanded,
            r.seconds,
            r.mean_length,
            opt(r.par2_seconds, 3),
            opt(r.par2_expanded, 0),
            r.agile
        );
    }
    s
}

/// The records as CSV, one line per (deal, search, heuristic), with a header line; the
/// last column, `settings`, is the run's limits (as [`super::describe_limits`] writes them).
pub fn csv(game: &str, settings: &str, records: &[BenchRecord]) -> String {
    let mut s =
        String::from("game,deal,algorithm,heuristic,outcome,expanded,micros,moves,settings\n");
    for r in records {
        let _ = writeln!(
            s,
            "{game},{},{},{},{},{},{},{},\"{settings}\"",
            r.deal,
            r.config.algorithm.name(),
            r.config.heuristic,
            r.run.outcome.word(),
            r.run.expanded,
            r.run.micros,
            r.run.moves
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::md::Md;

    fn rec(deal: u64, a: Algorithm, outcome: Verdict, micros: u64) -> BenchRecord {
        BenchRecord {
            deal,
            config: Config {
                algorithm: a,
                heuristic: "h".into(),
            },
            run: Run {
                outcome,
                expanded: 10,
                micros,
                moves: if outcome == Verdict::Solved { 20 } else { 0 },
            },
        }
    }

    #[test]
    fn a_loss_another_search_won_is_a_wrong_answer() {
        let records = vec![
            rec(1, Algorithm::Astar, Verdict::Solved, 500_000),
            rec(1, Algorithm::Idastar, Verdict::Unsolvable, 2_000_000),
            rec(2, Algorithm::Astar, Verdict::Unknown, 10_000_000),
            rec(2, Algorithm::Idastar, Verdict::Unsolvable, 4_000_000),
        ];
        let configs: Vec<Config> = [Algorithm::Astar, Algorithm::Idastar]
            .map(|a| Config {
                algorithm: a,
                heuristic: "h".into(),
            })
            .to_vec();
        let limits = Limits::none()
            .with_nodes(100)
            .with_time(std::time::Duration::from_secs(10));
        let rows = table(&records, &configs, &limits);
        assert_eq!((rows[0].solved, rows[0].wrong), (1, 0));
        assert_eq!((rows[1].unsolvable, rows[1].wrong), (2, 1));
        // PAR-2: A* solved deal 1 in 0.5 s and left deal 2 undecided (charged 20 s).
        assert_eq!(rows[0].par2_seconds, Some((0.5 + 20.0) / 2.0));
        assert_eq!(rows[0].par2_expanded, Some((10.0 + 200.0) / 2.0));
        // Agile: 1 within a second; 1 - ln 2 / ln 10 and 1 - ln 4 / ln 10 for IDA*.
        assert_eq!(rows[0].agile, 1.0);
        let want = 2.0 - (2f64.ln() + 4f64.ln()) / 10f64.ln();
        assert!((rows[1].agile - want).abs() < 1e-12);
    }

    #[test]
    fn the_matrix_gives_a_and_ida_only_admissible_heuristics() {
        let hs = heuristics(&Md);
        let m = matrix(
            &[
                Algorithm::Dfs,
                Algorithm::Astar,
                Algorithm::BestFirst,
                Algorithm::Portfolio,
            ],
            &hs,
        );
        let names: Vec<String> = m.iter().map(|c| c.to_string()).collect();
        assert_eq!(
            names,
            [
                "dfs/-",
                "astar/h",
                "astar/blind",
                "best-first/h",
                "best-first/guide",
                "portfolio/own"
            ]
        );
    }

    #[test]
    fn the_games_own_searches_run_where_the_game_has_them() {
        use crate::games::tableau::testing::{game, two_decks};
        let md = Md.pack(&Md.deal(4)).unwrap();
        let own = [Algorithm::Beam, Algorithm::Focused, Algorithm::Compound];
        assert!(own.iter().all(|&a| !offers(&Md, &md, a)));
        assert!(offers(&Md, &md, Algorithm::Portfolio));
        let limits = Limits::none().with_nodes(300_000);
        let none = Heuristic::new("-", true, |_: &Md, _: &<Md as solvers::Space>::State| 0);
        assert!(matches!(
            run(&Md, &Md.deal(4), Algorithm::Beam, &none, &limits),
            Err(StudyError::NoSuchSearch {
                algorithm: "beam",
                ..
            })
        ));
        // FreeCell: the compound scans alone win deal 1 and, on deal 11982 (lost), run out
        // of compound moves: not a proof, so unknown, where the portfolio proves the loss.
        let fc = game("freecell");
        let start = fc.pack(&fc.deal(1)).unwrap();
        assert!(offers(&fc, &start, Algorithm::Compound));
        assert!(!offers(&fc, &start, Algorithm::Beam));
        let hs = heuristics(&fc);
        let none = &hs[2];
        let won = run(&fc, &fc.deal(1), Algorithm::Compound, none, &limits).unwrap();
        assert_eq!(won.outcome, Verdict::Solved);
        let lost = fc.deal(11982);
        let scans = run(&fc, &lost, Algorithm::Compound, none, &limits).unwrap();
        assert_eq!(scans.outcome, Verdict::Unknown);
        assert!(
            scans.expanded < 300_000,
            "the scans ran out before the limit"
        );
        let proof = run(&fc, &lost, Algorithm::Portfolio, none, &limits).unwrap();
        assert_eq!(proof.outcome, Verdict::Unsolvable);
        // Forty Thieves (a waste): a beam over every move, no focused set. On a lost board
        // the beam runs dry having left nothing out; it still says unknown (only a win is
        // its verdict), where the portfolio proves the loss.
        let ft = two_decks("forty-thieves");
        let lost = Table::parse(include_str!(
            "../../tests/data/presets/unsolvable/forty-thieves.board"
        ))
        .unwrap();
        let start = ft.pack(&lost).unwrap();
        assert!(offers(&ft, &start, Algorithm::Beam));
        assert!(!offers(&ft, &start, Algorithm::Focused));
        let hs = heuristics(&ft);
        let beam = run(&ft, &lost, Algorithm::Beam, &hs[2], &limits).unwrap();
        assert_eq!(beam.outcome, Verdict::Unknown);
        let proof = run(&ft, &lost, Algorithm::Portfolio, &hs[2], &limits).unwrap();
        assert_eq!(proof.outcome, Verdict::Unsolvable);
        // Spider (four suits): the beam and the focused search each win deal 3.
        let spider = two_decks("spider-4suits");
        let start = spider.pack(&spider.deal(3)).unwrap();
        assert!(!offers(&spider, &start, Algorithm::Compound));
        let hs = heuristics(&spider);
        for a in [Algorithm::Beam, Algorithm::Focused] {
            assert!(offers(&spider, &start, a), "{a:?}");
            let r = run(&spider, &spider.deal(3), a, &hs[2], &limits).unwrap();
            assert_eq!(r.outcome, Verdict::Solved, "{a:?}");
        }
    }

    #[test]
    fn every_configuration_agrees_on_a_small_deal() {
        let table = crate::games::Game::deal(&Md, 4);
        let hs = heuristics(&Md);
        let start = Md.pack(&table).unwrap();
        let offered: Vec<Algorithm> = Algorithm::ALL
            .into_iter()
            .filter(|&a| offers(&Md, &start, a))
            .collect();
        let configs = matrix(&offered, &hs);
        let runs = run_all(&Md, &table, &configs, &hs, &Limits::none()).unwrap();
        for (c, r) in configs.iter().zip(&runs) {
            assert_eq!(r.outcome, Verdict::Solved, "{c}");
            assert!(r.moves > 0 && r.expanded > 0, "{c}");
        }
        // The game's own heuristics run the game's own searches: `best-first/guide` is
        // `solve --algorithm best-first`, state for state.
        let cfg = crate::study::SolveConfig {
            algorithm: Algorithm::BestFirst,
            limits: Limits::none(),
        };
        let solved = crate::study::solve(&Md, &table, &cfg).unwrap();
        let at = |name: &str| configs.iter().position(|c| c.to_string() == name).unwrap();
        assert_eq!(runs[at("best-first/guide")].expanded, solved.stats.expanded);
        assert_eq!(
            runs[at("best-first/guide")].moves as usize,
            solved.moves.len()
        );
        // A* with an admissible heuristic finds a shortest line: none is shorter.
        let astar = runs[configs
            .iter()
            .position(|c| c.to_string() == "astar/h")
            .unwrap()]
        .moves;
        assert!(runs.iter().all(|r| r.moves >= astar));
    }
}
