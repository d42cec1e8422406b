//! Batch runs: every deal of a range, in parallel, into a summary and optionally a dataset.
//!
//! Worker threads (a rayon pool) take deals one by one from a shared counter; the records go
//! to the dataset as they are finished, so an interrupted run keeps every finished deal.
//! Each record depends only on its deal and the settings, so results do not depend on the
//! thread count (the order of records in the file does; exports sort them).

use super::dataset::{self, DatasetError, Header, Record, Writer};
use super::stats::Summary;
use super::{play_line, play_through, solve, SolveConfig, StudyError, Verdict};
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

/// The dataset header for a run.
pub fn header(game: GameId, cfg: &SolveConfig, pysol: bool) -> Header {
    let info = game.info();
    let mut settings = if info.deterministic {
        "exact play".to_string()
    } else {
        cfg.describe()
    };
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

/// Decides one deal. `None` when the run was cancelled before the deal was decided.
pub fn decide<G: Game + Referee>(
    game: &G,
    deal: u64,
    cfg: &SolveConfig,
    pysol: bool,
) -> Result<Option<Record>, StudyError> {
    let start = Instant::now();
    // PySolFC's layout only when asked for: it is built from the deal number each time.
    let pysol_table = if pysol { game.pysol_deal(deal) } else { None };
    let table = match pysol_table {
        Some(t) => t.map_err(crate::games::BoardError::from)?,
        None => game.deal(deal),
    };
    let sol = if game.id().info().deterministic {
        play_through(game, &table)?
    } else {
        solve(game, &table, cfg)?
    };
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

/// Runs the batch.
pub fn run(cfg: &BatchConfig) -> Result<BatchResult, BatchError> {
    crate::with_game!(cfg.game, g => run_game(g, cfg))
}

fn run_game<G: Game + Referee>(game: &G, cfg: &BatchConfig) -> Result<BatchResult, BatchError> {
    let mut solve_cfg = cfg.solve.clone();
    solve_cfg.limits.cancel = Some(cfg.cancel.clone());
    let head = header(cfg.game, &cfg.solve, cfg.pysol);
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
                // message per deal woke the writer thousands of times a second (a few
                // percent of a FreeCell run). A failure or an interruption goes at once.
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
                        let r = decide(game, d, solve_cfg, cfg.pysol)
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
