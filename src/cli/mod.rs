//! Raw arguments become validated settings here; each subcommand has its own file.

mod bench;
mod dataset;
mod play;
mod score;
mod show;
mod solve;
mod stats;

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, Parser, Subcommand, ValueEnum};
use patience::games::GameId;
use patience::piles::Table;
use patience::study::{Algorithm, SolveConfig};
use solvers::Limits;
use std::io::Read;
use std::path::PathBuf;
use std::time::Duration;

/// A solver and research workbench for patience (solitaire) card games.
#[derive(Parser, Debug)]
#[command(name = "patience", version, about)]
struct Cli {
    /// Load a tableau-engine rules file (TOML, like the presets in src/games/presets/): its
    /// id becomes a game for every subcommand. May be repeated.
    #[arg(long, global = true, value_name = "FILE")]
    rules: Vec<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Lists every game with a one-line description and the source of its rules.
    Games,
    /// Prints the layout of a deal as a board file (read back with --board).
    Deal {
        /// The game id (see `patience games`).
        game: String,
        /// The deal number (Microsoft's numbering for FreeCell).
        #[arg(long, conflicts_with = "pysol", required_unless_present = "pysol")]
        deal: Option<u64>,
        /// PySolFC's deal number, for the games PySol numbers.
        #[arg(long)]
        pysol: Option<u64>,
        /// Draw the layout for people (face-down cards hidden) instead of the board file.
        #[arg(long)]
        pretty: bool,
        /// Write the board in fc-solve's format (tableau games), which fc-solve and PySol read.
        #[arg(long)]
        fc_solve: bool,
        /// Write the board in black-hole-solver's format (Golf, Black Hole, All in a Row),
        /// which `--board` reads back.
        #[arg(long, conflicts_with_all = ["fc_solve", "pretty"])]
        black_hole_solver: bool,
        /// Write the deal as Solvitaire's JSON (tableau games), which `--board` reads back.
        #[arg(long, conflicts_with_all = ["fc_solve", "pretty", "black_hole_solver"])]
        solvitaire: bool,
        /// With --pretty: write suits as ♣♦♥♠.
        #[arg(long)]
        unicode: bool,
    },
    /// Solves a deal or a position: verdict, moves, statistics.
    Solve(SolveArgs),
    /// The next move of a winning line from a position.
    Hint(SolveArgs),
    /// Runs a matrix of searches × heuristics on the same deals with the same limits and
    /// prints the table (coverage, wrong answers, expansions, time, length, PAR-2, agile).
    Bench(BenchArgs),
    /// Writes one self-contained HTML page (SVG cards, no network) that shows the layout and
    /// steps through the winning line found (or the line played, for games without choices).
    Show(ShowArgs),
    /// Plays a deal the seed's way (the only way, for games without choices), or with
    /// --fair from what a player sees.
    Play(PlayArgs),
    /// Decides every deal of a range in parallel: win rate with a 95% Wilson interval.
    Stats(StatsArgs),
    /// Scores a played game with the game's own score (Mogelpat's): the moves are
    /// replayed on the reference piles first.
    Score {
        /// The game id.
        game: String,
        /// The deal played.
        #[arg(long, conflicts_with = "board", required_unless_present = "board")]
        deal: Option<u64>,
        /// The position played from (a board file, or - for standard input).
        #[arg(long)]
        board: Option<String>,
        /// The moves, in the notation `solve` prints, separated by spaces or commas.
        #[arg(long)]
        moves: String,
        /// The seconds the game took.
        #[arg(long, default_value_t = 0)]
        seconds: u64,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Works with dataset files.
    Dataset {
        #[command(subcommand)]
        command: DatasetCommand,
    },
}

#[derive(Subcommand, Debug)]
enum DatasetCommand {
    /// Writes a dataset's records as CSV or JSON lines (to stdout, or --out).
    Export {
        /// The dataset file.
        file: PathBuf,
        /// The output format.
        #[arg(long, value_enum, default_value = "csv")]
        format: Format,
        /// Write to this new file instead of stdout (never overwrites).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Prints a dataset's header and summary.
    Show {
        /// The dataset file.
        file: PathBuf,
    },
    /// Joins the datasets of a run's shards (`stats --shard I/N`) into one new file, checking
    /// that they come from one run (game, rules version, settings, program), share no deal and
    /// leave no deal of the range out.
    Merge {
        /// The shards' dataset files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The new dataset file to write (never overwritten).
        #[arg(long)]
        out: PathBuf,
        /// The run's whole range, A..B: every deal in it must be in one file (default: the
        /// lowest to the highest deal found, so only gaps inside are reported).
        #[arg(long)]
        deals: Option<String>,
        /// Write the merged file even if deals are missing (they are still listed).
        #[arg(long)]
        allow_missing: bool,
    },
    /// Writes a dataset's HTML report (one self-contained page): the win rate with its 95%
    /// Wilson interval, the bounds with the unknown deals counted both ways, and histograms
    /// of the solving effort and of the winning lines' lengths.
    Report {
        /// The dataset file.
        file: PathBuf,
        /// The page to write (never overwritten).
        #[arg(long)]
        out: PathBuf,
    },
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum Format {
    Csv,
    Jsonl,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum AlgorithmArg {
    Dfs,
    Astar,
    Idastar,
    BestFirst,
    Weighted,
    Portfolio,
    /// Depth-first, children best first by the game's guide.
    GuidedDfs,
    /// The game's beam search, widening tenfold per try (wins only; games of suit runs and
    /// games with a waste).
    Beam,
    /// The game's greedy best-first search over its focused move set (wins only; games of
    /// suit runs).
    Focused,
    /// The game's depth-first scans over compound moves (wins only; the FreeCell family).
    Compound,
}

#[derive(Args, Debug, Clone)]
struct SearchArgs {
    /// The search algorithm (default: portfolio for the tableau presets, Große Napoleon and
    /// gaps-one-deal; best-first for Maze; dfs for the other games).
    #[arg(long, value_enum)]
    algorithm: Option<AlgorithmArg>,
    #[command(flatten)]
    limits: LimitArgs,
}

/// A search's limits.
#[derive(Args, Debug, Clone)]
struct LimitArgs {
    /// Stop after expanding this many states (verdict: unknown).
    #[arg(long)]
    max_nodes: Option<u64>,
    /// Stop after this many seconds (verdict: unknown).
    #[arg(long)]
    max_time: Option<f64>,
    /// Memory budget for one search's tables, e.g. 512M or 2G (verdict: unknown when hit);
    /// `stats` runs one search per thread, so it uses at most threads × this. `solve`,
    /// `hint` and `show` given no limit keep to 4G.
    #[arg(long)]
    max_memory: Option<String>,
}

/// A position: a game and a deal, a PySolFC deal or a board file.
#[derive(Args, Debug)]
struct PositionArgs {
    /// The game id.
    game: String,
    /// The deal number (Microsoft's numbering for FreeCell).
    #[arg(long, conflicts_with_all = ["board", "pysol"], required_unless_present_any = ["board", "pysol"])]
    deal: Option<u64>,
    /// PySolFC's deal number, for the games PySol numbers.
    #[arg(long, conflicts_with = "board")]
    pysol: Option<u64>,
    /// A board file (as written by `patience deal`), or - for standard input.
    #[arg(long)]
    board: Option<String>,
}

impl PositionArgs {
    /// The game, the layout and a phrase naming it ("deal 5").
    fn read(&self) -> Result<(GameId, Table, String)> {
        let g = game(&self.game)?;
        let (table, what) = position(g, self.deal, self.pysol, self.board.as_deref())?;
        Ok((g, table, what))
    }
}

/// `patience play`: a deal or a board played the seed's way, or by the fair player.
#[derive(Args, Debug)]
struct PlayArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Show every successive layout (the seed's "observer").
    #[arg(long)]
    trace: bool,
    /// Write suits as ♣♦♥♠ in the trace.
    #[arg(long)]
    unicode: bool,
    /// Play with the fair player (as `stats --fair` does each deal): each move from what a
    /// player sees, the unseen cards sampled and each sample solved. A deal plays as its
    /// record in `stats --fair` (the same seed for the same deal number); a board as deal 0.
    /// Each sample's search is limited by --max-nodes (100000 when not given).
    #[arg(long)]
    fair: bool,
    /// With --fair: worlds sampled at each decision (default 5).
    #[arg(long, requires = "fair")]
    samples: Option<u32>,
    /// With --fair: the seed of the sampling, mixed with the deal number (default 1).
    #[arg(long, requires = "fair")]
    seed: Option<u64>,
    #[command(flatten)]
    search: SearchArgs,
    /// With --fair: print the game as JSON.
    #[arg(long, requires = "fair")]
    json: bool,
}

#[derive(Args, Debug)]
struct SolveArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Print moves in fc-solve's verbose form ("Move a card from stack 3 to freecell 0").
    #[arg(long)]
    verbose_moves: bool,
    #[command(flatten)]
    search: SearchArgs,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// Hint only: a fair hint, from what a player sees: the unseen cards are dealt at
    /// random many times, each deal solved, and the first move of the line the fair player
    /// would follow is given (each win's moves up to the first card they bring into sight,
    /// scored by the other sampled deals still won after them).
    #[arg(long)]
    fair: bool,
    /// Hint only, with --fair: how many samples of the unseen cards to solve.
    #[arg(long, default_value_t = 20)]
    samples: u32,
    /// Hint only, with --fair: the seed of the samples (the same seed gives the same hint).
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(Args, Debug)]
struct ShowArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// The page to write (never overwritten; default GAME-deal-N.html or GAME-board.html).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Draw face-down cards face up (marked "face down") instead of as backs.
    #[arg(long)]
    reveal: bool,
    #[command(flatten)]
    search: SearchArgs,
}

#[derive(Args, Debug)]
struct BenchArgs {
    /// The game id.
    game: String,
    /// The deals, A..B (both included).
    #[arg(long, required_unless_present = "corpus", conflicts_with = "corpus")]
    deals: Option<String>,
    /// A corpus file instead: deal numbers, one a line (`#` starts a comment), such as
    /// datasets/corpus/*.txt.
    #[arg(long)]
    corpus: Option<PathBuf>,
    /// The searches, comma-separated (default: all the game has).
    #[arg(long, value_enum, value_delimiter = ',')]
    algorithms: Vec<AlgorithmArg>,
    /// The heuristics by name, comma-separated (default: all the game's: h, guide, those it
    /// names itself, such as the tableau engine's blocked and compound, and blind).
    #[arg(long, value_delimiter = ',')]
    heuristics: Vec<String>,
    /// Without --max-nodes, --max-time or --max-memory, each search stops at 1,000,000 states
    /// expanded or 2G of tables (verdict: unknown); any limit given replaces both.
    #[command(flatten)]
    limits: LimitArgs,
    /// Worker threads, each taking the next deal (default 1, so times are not shared).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Write one record per (deal, search, heuristic) as CSV to this new file.
    #[arg(long)]
    csv: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct StatsArgs {
    /// The game id.
    game: String,
    /// The deals, A..B (both included).
    #[arg(long)]
    deals: String,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Write one record per deal to this dataset file (never overwritten).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Also write every record of the range as CSV to this new file (never overwritten);
    /// after Ctrl-C it holds the deals finished before it.
    #[arg(long)]
    csv: Option<PathBuf>,
    /// Number the deals as PySolFC does (for the games PySol numbers).
    #[arg(long)]
    pysol: bool,
    /// Continue the dataset given with --out, skipping deals it already has.
    #[arg(long, requires = "out")]
    resume: bool,
    /// Decide only the I-th of N contiguous slices of the range, e.g. 3/16 (for a cluster's
    /// job array; `dataset merge` joins the slices' datasets).
    #[arg(long, value_name = "I/N")]
    shard: Option<String>,
    #[command(flatten)]
    search: SearchArgs,
    /// Play every deal with the fair player instead of deciding it: each move from what a
    /// player sees (the unseen cards sampled, each sample solved, each win's moves up to
    /// the first card they bring into sight tried in the other won samples, and the line
    /// whose moves keep the most of them won followed until a card comes up that differs);
    /// `won` and `lost` are then the player's results. Each sample's search is limited by
    /// --max-nodes (100000 when not given).
    #[arg(long)]
    fair: bool,
    /// With --fair: worlds sampled at each decision (default 5).
    #[arg(long)]
    samples: Option<u32>,
    /// With --fair: the seed of the sampling, mixed with each deal number (default 1).
    #[arg(long)]
    seed: Option<u64>,
    /// Print the summary as JSON.
    #[arg(long)]
    json: bool,
}

/// The fair player of `stats --fair` and `play --fair` (`command` names the subcommand in
/// the errors): `samples` worlds a decision (5 when not given, at least 1), `seed` (1), and
/// each sample's search limited to 100,000 states unless `solve` gives a node limit.
fn fair_player(
    g: GameId,
    command: &str,
    samples: Option<u32>,
    seed: Option<u64>,
    solve: &mut SolveConfig,
) -> Result<patience::study::FairPlayer> {
    if g.info().deterministic {
        bail!("--fair: {g} has no choices to make; `{command} {g}` plays it exactly");
    }
    let samples = samples.unwrap_or(5);
    if samples == 0 {
        bail!("bad --samples 0: the fair player needs at least one sample");
    }
    solve.limits.max_nodes.get_or_insert(100_000);
    Ok(patience::study::FairPlayer {
        samples,
        seed: seed.unwrap_or(1),
    })
}

/// Parses a game id into one clear error.
fn game(id: &str) -> Result<GameId> {
    Ok(id.parse::<GameId>()?)
}

/// Parses a deal range `A..B` (inclusive).
fn deal_range(s: &str) -> Result<(u64, u64)> {
    let bad =
        || anyhow!("bad deal range '{s}': expected A..B with whole numbers A <= B (e.g. 1..1000)");
    let (a, b) = s.split_once("..").ok_or_else(bad)?;
    let b = b.strip_prefix('=').unwrap_or(b);
    let (a, b): (u64, u64) = (
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    );
    if b < a {
        bail!("bad deal range '{s}': it is empty (the last deal {b} comes before the first {a})");
    }
    Ok((a, b))
}

/// Creates `path` for writing, refusing an existing file (nothing already written is ever
/// replaced): one error line that names the file.
fn create_new(path: &std::path::Path) -> Result<std::fs::File> {
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|e| {
            if e.kind() == std::io::ErrorKind::AlreadyExists {
                anyhow!("{}: file exists; choose another file", path.display())
            } else {
                anyhow!("{}: cannot create: {e}", path.display())
            }
        })
}

/// Parses a memory size such as 512M, 2G, 100000.
fn memory_size(s: &str) -> Result<u64> {
    let t = s.trim().to_ascii_uppercase();
    let t = t
        .strip_suffix("IB")
        .or_else(|| t.strip_suffix('B'))
        .unwrap_or(&t)
        .to_string();
    let (num, mult) = match t.chars().last() {
        Some('K') => (&t[..t.len() - 1], 1u64 << 10),
        Some('M') => (&t[..t.len() - 1], 1 << 20),
        Some('G') => (&t[..t.len() - 1], 1 << 30),
        _ => (&t[..], 1),
    };
    let n: f64 = num.trim().parse().map_err(|_| {
        anyhow!("bad memory size '{s}': expected a number with an optional K, M or G")
    })?;
    if n.is_nan() || n <= 0.0 {
        bail!("bad memory size '{s}': must be positive");
    }
    Ok((n * mult as f64) as u64)
}

impl SearchArgs {
    fn config(&self, g: GameId) -> Result<SolveConfig> {
        let Some(chosen) = self.algorithm else {
            let mut cfg = self.config_with(AlgorithmArg::Dfs)?;
            cfg.algorithm = patience::study::default_algorithm(g);
            return Ok(cfg);
        };
        self.config_with(chosen)
    }

    fn config_with(&self, chosen: AlgorithmArg) -> Result<SolveConfig> {
        Ok(SolveConfig {
            algorithm: chosen.algorithm(),
            limits: self.limits.limits()?,
        })
    }
}

impl AlgorithmArg {
    fn algorithm(self) -> Algorithm {
        match self {
            AlgorithmArg::Dfs => Algorithm::Dfs,
            AlgorithmArg::Astar => Algorithm::Astar,
            AlgorithmArg::Idastar => Algorithm::Idastar,
            AlgorithmArg::BestFirst => Algorithm::BestFirst,
            AlgorithmArg::Weighted => Algorithm::Weighted,
            AlgorithmArg::Portfolio => Algorithm::Portfolio,
            AlgorithmArg::GuidedDfs => Algorithm::GuidedDfs,
            AlgorithmArg::Beam => Algorithm::Beam,
            AlgorithmArg::Focused => Algorithm::Focused,
            AlgorithmArg::Compound => Algorithm::Compound,
        }
    }
}

/// `bench`'s limits when none is given: each search of the matrix stops at this many states
/// expanded, so that a long deal range ends in a time a user can wait for.
pub(crate) const BENCH_MAX_NODES: u64 = 1_000_000;
/// `bench`'s memory budget per search when no limit is given (searches run one a thread).
pub(crate) const BENCH_MAX_MEMORY: u64 = 2 << 30;
/// The memory budget of `solve`, `hint` and `show` when no limit is given: a search that
/// would outgrow it ends with the verdict unknown instead of exhausting the machine.
pub(crate) const SOLVE_MAX_MEMORY: u64 = 4 << 30;

impl LimitArgs {
    /// Whether the command line gave no limit.
    fn none_given(&self) -> bool {
        self.max_nodes.is_none() && self.max_time.is_none() && self.max_memory.is_none()
    }

    /// A memory budget of `bytes` when the command line gave no limit.
    fn default_memory(&mut self, bytes: u64) {
        if self.none_given() {
            self.max_memory = Some(bytes.to_string());
        }
    }

    /// The limits given, or `defaults` when none is.
    fn limits_or(&self, defaults: Limits) -> Result<Limits> {
        if self.none_given() {
            Ok(defaults)
        } else {
            self.limits()
        }
    }

    fn limits(&self) -> Result<Limits> {
        let max_time = match self.max_time {
            Some(t) if t.is_nan() || t <= 0.0 || !t.is_finite() => {
                bail!("bad --max-time {t}: expected a positive number of seconds")
            }
            Some(t) => Some(Duration::from_secs_f64(t)),
            None => None,
        };
        let max_memory = self.max_memory.as_deref().map(memory_size).transpose()?;
        Ok(Limits {
            max_nodes: self.max_nodes,
            max_time,
            max_memory,
            ..Limits::default()
        })
    }
}

/// Reads a board file (or standard input for `-`).
fn read_board(g: GameId, path: &str) -> Result<Table> {
    let text = if path == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .context("cannot read the board from standard input")?;
        s
    } else {
        std::fs::read_to_string(path).with_context(|| format!("cannot read board file '{path}'"))?
    };
    let where_ = if path == "-" {
        "standard input".to_string()
    } else {
        format!("'{path}'")
    };
    if patience::games::tableau::solvitaire::looks_like_json(&text) {
        let read = patience::with_game!(g, x => patience::games::Game::read_solvitaire(x, &text));
        let Some(t) = read else {
            bail!("board {where_}: {g} has no Solvitaire deal format (JSON)")
        };
        return t.with_context(|| format!("board {where_}"));
    }
    if let Some(t) = patience::with_game!(g, x => patience::games::Game::read_board(x, &text)) {
        return t.with_context(|| format!("board {where_}"));
    }
    Table::parse(&text).with_context(|| format!("board {where_}"))
}

/// The layout of deal `n` of game `g`, in the game's own numbering or PySolFC's.
pub(crate) fn dealt(g: GameId, n: u64, pysol: bool) -> Result<Table> {
    use patience::games::Game;
    patience::with_game!(g, x => {
        if pysol {
            match x.pysol_deal(n) {
                Some(t) => Ok(t?),
                None => bail!("{g} has no PySolFC deal numbers here; use --deal N"),
            }
        } else {
            x.check_deal(n)?;
            Ok(x.deal(n))
        }
    })
}

/// The starting layout of a solve or hint: a deal or a board file.
fn position(
    g: GameId,
    deal: Option<u64>,
    pysol: Option<u64>,
    board: Option<&str>,
) -> Result<(Table, String)> {
    match (deal, pysol, board) {
        (Some(n), _, _) => Ok((dealt(g, n, false)?, format!("deal {n}"))),
        (None, Some(n), _) => Ok((dealt(g, n, true)?, format!("PySol deal {n}"))),
        (None, None, Some(b)) => Ok((
            read_board(g, b)?,
            format!("board {}", if b == "-" { "from standard input" } else { b }),
        )),
        (None, None, None) => bail!("give --deal N, --pysol N or --board FILE"),
    }
}

/// Parses the arguments and runs the subcommand.
pub fn run() -> Result<()> {
    let cli = Cli::parse();
    for path in &cli.rules {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read rules file '{}'", path.display()))?;
        let rules = patience::games::tableau::Rules::from_toml(&text)
            .with_context(|| format!("rules file '{}'", path.display()))?;
        patience::games::tableau::register(rules)
            .with_context(|| format!("rules file '{}'", path.display()))?;
    }
    match cli.command {
        Command::Games => {
            print!("{}", play::games());
            Ok(())
        }
        Command::Deal {
            game: g,
            deal,
            pysol,
            pretty,
            fc_solve,
            black_hole_solver,
            solvitaire,
            unicode,
        } => {
            let g = game(&g)?;
            let (n, is_pysol) = match (deal, pysol) {
                (Some(n), _) => (n, false),
                (None, Some(n)) => (n, true),
                (None, None) => bail!("give --deal N or --pysol N"),
            };
            let t = dealt(g, n, is_pysol)?;
            let deal = if is_pysol {
                format!("PySol deal {n}")
            } else {
                format!("deal {n}")
            };
            if solvitaire {
                match patience::with_game!(g, x => patience::games::Game::solvitaire_board(x, &t)) {
                    Some(text) => print!("{}", text.with_context(|| format!("{g}, {deal}"))?),
                    None => bail!("{g} has no Solvitaire deal format"),
                }
            } else if fc_solve || black_hole_solver {
                let tool = if fc_solve {
                    "fc-solve"
                } else {
                    "black-hole-solver"
                };
                let text = patience::with_game!(g, x => {
                    use patience::games::Game;
                    x.foreign_board(&t).filter(|_| x.foreign_tool() == tool)
                });
                match text {
                    Some(text) => print!("{text}"),
                    None => bail!("{g} has no {tool} board format"),
                }
            } else if pretty {
                let style = patience::cards::CardStyle {
                    unicode,
                    ..Default::default()
                };
                print!("{}", t.render(style));
            } else {
                println!("; patience board: {g}, {deal} (piles bottom to top; # = face down)");
                print!("{}", t.to_text());
            }
            Ok(())
        }
        Command::Solve(mut a) => {
            a.search.limits.default_memory(SOLVE_MAX_MEMORY);
            solve::solve(&a, false)
        }
        Command::Hint(mut a) => {
            a.search.limits.default_memory(SOLVE_MAX_MEMORY);
            solve::solve(&a, true)
        }
        Command::Show(mut a) => {
            a.search.limits.default_memory(SOLVE_MAX_MEMORY);
            show::show(&a)
        }
        Command::Bench(a) => bench::bench(&a),
        Command::Score {
            game: g,
            deal,
            board,
            moves,
            seconds,
            json,
        } => score::score(game(&g)?, deal, board.as_deref(), &moves, seconds, json),
        Command::Play(a) => play::play(&a),
        Command::Stats(a) => stats::stats(&a),
        Command::Dataset { command } => dataset::dataset(command),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deal_ranges() {
        assert_eq!(deal_range("1..1000").unwrap(), (1, 1000));
        assert_eq!(deal_range("5..=5").unwrap(), (5, 5));
        assert!(deal_range("10..1")
            .unwrap_err()
            .to_string()
            .contains("empty"));
        assert!(deal_range("1-10").is_err());
        assert!(deal_range("a..3").is_err());
    }

    #[test]
    fn memory_sizes() {
        assert_eq!(memory_size("512M").unwrap(), 512 << 20);
        assert_eq!(memory_size("2g").unwrap(), 2 << 30);
        assert_eq!(memory_size("1GiB").unwrap(), 1 << 30);
        assert_eq!(memory_size("1000").unwrap(), 1000);
        assert!(memory_size("lots").is_err());
        assert!(memory_size("-1M").is_err());
    }
}
