//! Batch runs: every deal of a range, in parallel, into a summary and optionally a dataset.
//!
//! Worker threads (a rayon pool) take deals one by one from a shared counter; the records go
//! to the dataset as they are finished, so an interrupted run keeps every finished deal.
//! Each record depends only on its deal and the settings, so results do not depend on the
//! thread count (the order of records in the file does; exports sort them).

use super::dataset::{self, DatasetError, Header, Record, Writer};
use super::stats::Summary;
use super::{
    decide_position, play_fair, play_line, FairEnd, FairPlayer, SolveConfig, StudyError, Verdict,
};
use crate::games::{Game, GameId};
use crate::verify::{verify, Referee, Status};
use rustc_hash::FxHashSet;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;
use thiserror::Error;

/// What a batch run is asked to do.
#[derive(Clone, Debug)]
pub struct BatchConfig {
    /// The game.
    pub game: GameId,
    /// The first deal number.
    pub first: u64,
    /// The last deal number (inclusive).
    pub last: u64,
    /// Worker threads.
    pub threads: usize,
    /// Search settings for games with choices. The memory budget applies to each search, so
    /// that verdicts do not depend on the thread count: a run uses at most threads × budget.
    pub solve: SolveConfig,
    /// The dataset file to write, if any.
    pub out: Option<PathBuf>,
    /// Continue the dataset `out` instead of creating it.
    pub resume: bool,
    /// Set to stop cleanly (Ctrl-C).
    pub cancel: Arc<AtomicBool>,
    /// Show a progress bar (only on a terminal).
    pub progress: bool,
    /// Keep every record in [`BatchResult::records`].
    pub keep_records: bool,
    /// Number the deals as PySolFC does.
    pub pysol: bool,
    /// Play every deal with the fair player instead of deciding it: a record's outcome is
    /// then `won` or `lost` for the player, not a verdict on the deal.
    pub fair: Option<FairPlayer>,
}

/// What a batch run did.
#[derive(Clone, Debug)]
pub struct BatchResult {
    /// The summary over every record (including those found in a resumed dataset).
    pub summary: Summary,
    /// Deals decided in this run.
    pub done: u64,
    /// Deals already in the resumed dataset.
    pub already: u64,
    /// Whether the run was interrupted before the end of the range.
    pub interrupted: bool,
    /// Whether a truncated record was dropped from a resumed dataset.
    pub dropped_partial: bool,
    /// Every record of the range (resumed and new), in deal order, when asked for.
    pub records: Vec<Record>,
}

/// What can stop a batch run.
#[derive(Debug, Error)]
pub enum BatchError {
    /// The dataset could not be written or resumed.
    #[error(transparent)]
    Dataset(#[from] DatasetError),
    /// A deal failed (an internal error: the verifier rejected a line).
    #[error("deal {deal}: {source}")]
    Deal {
        /// The deal.
        deal: u64,
        /// The failure.
        source: StudyError,
    },
    /// The thread pool could not be built.
    #[error("cannot start {0} threads")]
    Threads(usize),
    /// A deal number outside the game's numbering.
    #[error(transparent)]
    DealNumber(#[from] crate::deals::microsoft::DealNumberError),
    /// The game has no PySolFC numbering here.
    #[error("{0} has no PySolFC deal numbers here")]
    NoPysol(String),
}

/// One of `count` deterministic slices of a deal range (`stats --shard INDEX/COUNT`), so that
/// a cluster's job array can split a run: the slices are contiguous, in order, cover the
/// range once, and differ in length by at most one deal. A slice's records are those of the
/// same deals in a single run (a record depends only on its deal and the settings), so
/// `dataset merge` of every slice equals the single run record for record.
///
/// ```
/// use patience::study::batch::Shard;
/// let s: Shard = "2/3".parse().unwrap();
/// assert_eq!(s.slice(1, 10).unwrap(), (4, 6)); // of 1..=3, 4..=6, 7..=10
/// assert!("0/3".parse::<Shard>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which slice, from 1.
    pub index: u64,
    /// How many slices.
    pub count: u64,
}

/// A `--shard` that cannot be used.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ShardError {
    /// Not of the form I/N with whole numbers 1 <= I <= N.
    #[error("bad shard '{0}': expected I/N with whole numbers 1 <= I <= N (e.g. 3/16)")]
    Syntax(String),
    /// More slices than deals: some slices would be empty.
    #[error("shard count {count} exceeds the {deals} deals of the range {first}..{last}")]
    TooMany {
        /// The slices asked for.
        count: u64,
        /// The deals in the range.
        deals: u64,
        /// The range's first deal.
        first: u64,
        /// The range's last deal.
        last: u64,
    },
}

impl std::str::FromStr for Shard {
    type Err = ShardError;
    fn from_str(s: &str) -> Result<Shard, ShardError> {
        let bad = || ShardError::Syntax(s.to_string());
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let (index, count): (u64, u64) = (
            i.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl Shard {
    /// The deals `(a, b)` (both included) of this slice of `first..=last`: slice i of n
    /// starts at deal `first + (i-1)·m/n` of the m deals, rounded down.
    pub fn slice(&self, first: u64, last: u64) -> Result<(u64, u64), ShardError> {
        let deals = u128::from(last - first) + 1;
        if u128::from(self.count) > deals {
            return Err(ShardError::TooMany {
                count: self.count,
                deals: deals as u64,
                first,
                last,
            });
        }
        // u128: m·i overflows u64 for the whole Microsoft range split many ways.
        let start = |i: u64| first + (deals * u128::from(i) / u128::from(self.count)) as u64;
        Ok((start(self.index - 1), start(self.index) - 1))
    }
}

/// The dataset header for a run (with `fair`, of the fair player).
pub fn header(game: GameId, cfg: &SolveConfig, pysol: bool, fair: Option<FairPlayer>) -> Header {
    let info = game.info();
    let mut settings = if info.deterministic {
        "exact play".to_string()
    } else {
        cfg.describe()
    };
    if let Some(f) = fair {
        settings = format!("{} {settings}", f.describe());
    }
    if pysol {
        settings += " numbering=pysol";
    }
    Header {
        game: info.id.to_string(),
        rules_version: info.rules_version,
        settings,
        written_by: format!("patience {}", env!("CARGO_PKG_VERSION")),
    }
}

/// How long a worker keeps finished records before it hands them to the writer.
const SEND_EVERY: std::time::Duration = std::time::Duration::from_millis(50);

/// Decides one deal (with `fair`, plays it with the fair player). `None` when the run was
/// cancelled before the deal was done.
pub fn decide<G: Game + Referee>(
    game: &G,
    deal: u64,
    cfg: &SolveConfig,
    pysol: bool,
    fair: Option<FairPlayer>,
) -> Result<Option<Record>, StudyError> {
    let start = Instant::now();
    // PySolFC's layout only when asked for: it is built from the deal number each time.
    let pysol_table = if pysol { game.pysol_deal(deal) } else { None };
    let table = match pysol_table {
        Some(t) => t.map_err(crate::games::BoardError::from)?,
        None => game.deal(deal),
    };
    if let Some(player) = fair {
        return play_deal_fairly(game, deal, &table, cfg, player, start);
    }
    let sol = decide_position(game, &table, cfg)?;
    if sol.verdict == Verdict::Unknown
        && cfg
            .limits
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
    {
        return Ok(None);
    }
    let first_fit = if game.has_first_fit() {
        let (moves, end) = play_line(game, game.pack(&table)?, |g, s, _| Ok(g.first_fit(s)))?;
        let won = game.is_goal(&end);
        verify(
            game,
            &table,
            &moves,
            if won { Status::Won } else { Status::Lost },
            |m| game.notation(m),
        )?;
        Some(won)
    } else {
        None
    };
    Ok(Some(Record {
        deal,
        outcome: sol.verdict,
        moves: if sol.verdict.is_win() || sol.verdict == Verdict::Lost {
            sol.moves.len() as u32
        } else {
            0
        },
        states: sol.stats.expanded,
        micros: start.elapsed().as_micros() as u64,
        pass: sol.pass.map(|p| p as u8),
        first_fit,
        helper_piles: sol.helpers.map(|h| h.used as u8),
        fewest_proven: sol.helpers.map(|h| h.fewest_proven),
    }))
}

/// One deal played by the fair player: `won` with its line (replayed by the referee move by
/// move as it was played, and once more here from the deal) or `lost`.
fn play_deal_fairly<G: Game + Referee>(
    game: &G,
    deal: u64,
    table: &crate::piles::Table,
    cfg: &SolveConfig,
    player: FairPlayer,
    start: Instant,
) -> Result<Option<Record>, StudyError> {
    let played = play_fair(game, table, cfg, player, player.seed_for(deal))?;
    let cancelled = cfg
        .limits
        .cancel
        .as_ref()
        .is_some_and(|c| c.load(Ordering::Relaxed));
    if cancelled && played.end != FairEnd::Won {
        return Ok(None);
    }
    let won = played.end == FairEnd::Won;
    if won {
        verify(game, table, &played.moves, Status::Won, |m| {
            game.notation(m)
        })?;
    }
    Ok(Some(Record {
        deal,
        outcome: if won { Verdict::Won } else { Verdict::Lost },
        moves: played.moves.len() as u32,
        states: played.expanded,
        micros: start.elapsed().as_micros() as u64,
        pass: None,
        first_fit: None,
        helper_piles: None,
        fewest_proven: None,
    }))
}

/// Runs the batch.
pub fn run(cfg: &BatchConfig) -> Result<BatchResult, BatchError> {
    crate::with_game!(cfg.game, g => run_game(g, cfg))
}

fn run_game<G: Game + Referee>(game: &G, cfg: &BatchConfig) -> Result<BatchResult, BatchError> {
    let mut solve_cfg = cfg.solve.clone();
    solve_cfg.limits.cancel = Some(cfg.cancel.clone());
    let head = header(cfg.game, &cfg.solve, cfg.pysol, cfg.fair);
    for n in [cfg.first, cfg.last] {
        if cfg.pysol {
            match game.pysol_deal(n) {
                Some(t) => drop(t?),
                None => return Err(BatchError::NoPysol(cfg.game.to_string())),
            }
        } else {
            game.check_deal(n)?;
        }
    }
    let mut summary = Summary::default();
    let mut existing = FxHashSet::default();
    let mut kept = Vec::new();
    let mut dropped_partial = false;
    let mut writer = match (&cfg.out, cfg.resume) {
        (Some(path), true) if path.exists() => {
            let (w, contents) = Writer::resume(path, &head)?;
            dropped_partial = contents.truncated_tail;
            for r in &contents.records {
                if (cfg.first..=cfg.last).contains(&r.deal) && existing.insert(r.deal) {
                    summary.add(r);
                    if cfg.keep_records {
                        kept.push(r.clone());
                    }
                }
            }
            Some(w)
        }
        (Some(path), _) => Some(Writer::create(path, &head)?),
        (None, _) => None,
    };
    let todo: Vec<u64> = (cfg.first..=cfg.last)
        .filter(|d| !existing.contains(d))
        .collect();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.threads)
        .build()
        .map_err(|_| BatchError::Threads(cfg.threads))?;
    let bar = if cfg.progress && std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        let b = indicatif::ProgressBar::new(todo.len() as u64);
        b.set_style(
            indicatif::ProgressStyle::with_template(
                "{elapsed_precise} [{bar:40}] {pos}/{len} deals ({per_sec}, eta {eta}) {msg}",
            )
            .expect("valid template")
            .progress_chars("=> "),
        );
        b
    } else {
        indicatif::ProgressBar::hidden()
    };
    // Every thread takes the next deal as soon as it is free, and the records are written as
    // they come (in any order: the file is a set of records, sorted on export), so one long
    // deal never holds up the others. Buffered records are flushed every second.
    let next = AtomicUsize::new(0);
    let (tx, rx) = std::sync::mpsc::channel::<Vec<Result<Option<Record>, BatchError>>>();
    // Deals of games without choices take microseconds: hand them out in blocks.
    let block = if game.id().info().deterministic {
        256
    } else {
        1
    };
    let mut done = 0;
    let mut interrupted = false;
    let mut failure: Option<BatchError> = None;
    let workers = cfg.threads.max(1);
    pool.in_place_scope(|scope| {
        for _ in 0..workers {
            let tx = tx.clone();
            let (next, todo, solve_cfg) = (&next, &todo, &solve_cfg);
            scope.spawn(move |_| {
                // Records go to the writer in bunches, at least every SEND_EVERY: one
                // message per deal would wake the writer thousands of times a second. A
                // failure or an interruption goes at once.
                let mut pending = Vec::new();
                let mut since = Instant::now();
                loop {
                    if cfg.cancel.load(Ordering::Relaxed) {
                        break;
                    }
                    let i = next.fetch_add(block, Ordering::Relaxed);
                    let Some(deals) = todo.get(i..(i + block).min(todo.len())) else {
                        break;
                    };
                    let mut urgent = false;
                    for &d in deals {
                        let r = decide(game, d, solve_cfg, cfg.pysol, cfg.fair)
                            .map_err(|source| BatchError::Deal { deal: d, source });
                        urgent |= !matches!(r, Ok(Some(_)));
                        pending.push(r);
                    }
                    if urgent || since.elapsed() >= SEND_EVERY {
                        if tx.send(std::mem::take(&mut pending)).is_err() {
                            return;
                        }
                        since = Instant::now();
                    }
                }
                if !pending.is_empty() {
                    let _ = tx.send(pending);
                }
            });
        }
        drop(tx);
        let mut last_flush = Instant::now();
        for r in rx.into_iter().flatten() {
            let rec = match r {
                Ok(Some(rec)) => rec,
                Ok(None) => {
                    interrupted = true;
                    continue;
                }
                Err(e) => {
                    // Stop the workers; keep what is finished.
                    cfg.cancel.store(true, Ordering::Relaxed);
                    failure.get_or_insert(e);
                    continue;
                }
            };
            if let Some(w) = writer.as_mut() {
                if let Err(e) = w.append(&rec) {
                    cfg.cancel.store(true, Ordering::Relaxed);
                    failure.get_or_insert(e.into());
                    continue;
                }
            }
            summary.add(&rec);
            done += 1;
            if cfg.keep_records {
                kept.push(rec);
            }
            bar.inc(1);
            if last_flush.elapsed().as_secs() >= 1 {
                last_flush = Instant::now();
                bar.set_message(format!("win rate {:.2}%", 100.0 * summary.win_rate().rate));
                if let Some(w) = writer.as_mut() {
                    if let Err(e) = w.flush() {
                        cfg.cancel.store(true, Ordering::Relaxed);
                        failure.get_or_insert(e.into());
                    }
                }
            }
        }
    });
    if let Some(w) = writer.as_mut() {
        w.flush()?;
    }
    if let Some(e) = failure {
        return Err(e);
    }
    if cfg.cancel.load(Ordering::Relaxed) && done < todo.len() as u64 {
        interrupted = true;
    }
    bar.finish_and_clear();
    kept.sort_by_key(|r| r.deal);
    Ok(BatchResult {
        summary,
        done,
        already: existing.len() as u64,
        interrupted,
        dropped_partial,
        records: kept,
    })
}

/// Reads a dataset and sums it up.
pub fn summarize(contents: &dataset::Contents) -> Summary {
    let mut s = Summary::default();
    for r in &contents.records {
        s.add(r);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_cover_the_range_once_in_order() {
        for (first, last) in [
            (1u64, 1000u64),
            (7, 7),
            (1, 10),
            (5, 17),
            (1, 8_589_934_591),
        ] {
            let deals = last - first + 1;
            for count in [1u64, 2, 3, 4, 7, 16].into_iter().filter(|&n| n <= deals) {
                let mut next = first;
                let (mut shortest, mut longest) = (u64::MAX, 0);
                for index in 1..=count {
                    let (a, b) = Shard { index, count }.slice(first, last).unwrap();
                    assert_eq!(a, next, "{first}..{last} {index}/{count}");
                    assert!(b >= a);
                    shortest = shortest.min(b - a + 1);
                    longest = longest.max(b - a + 1);
                    next = b + 1;
                }
                assert_eq!(next, last + 1);
                assert!(longest - shortest <= 1);
            }
        }
    }

    #[test]
    fn bad_shards_are_refused() {
        for s in ["0/4", "5/4", "1/0", "1", "a/b", "1/2/3", "-1/4"] {
            assert_eq!(
                s.parse::<Shard>(),
                Err(ShardError::Syntax(s.to_string())),
                "{s}"
            );
        }
        assert_eq!("3/4".parse::<Shard>().unwrap().to_string(), "3/4");
        let e = Shard { index: 1, count: 5 }.slice(1, 4).unwrap_err();
        assert_eq!(
            e.to_string(),
            "shard count 5 exceeds the 4 deals of the range 1..4"
        );
    }
}
