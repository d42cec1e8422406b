//! `patience bench`.

use super::{create_new, deal_range, game, BenchArgs};
use anyhow::{bail, Context, Result};
use patience::games::Game;
use patience::study::bench::{self, BenchRecord};
use patience::study::{describe_limits, Algorithm};
use patience::verify::Referee;
use rayon::prelude::*;
use solvers::Limits;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

pub(super) fn bench(a: &BenchArgs) -> Result<()> {
    let g = game(&a.game)?;
    let (deals, what) = match (&a.deals, &a.corpus) {
        (Some(range), _) => {
            let (first, last) = deal_range(range)?;
            ((first..=last).collect(), format!("deals {first}..{last}"))
        }
        (None, Some(path)) => (corpus(path)?, format!("corpus {}", path.display())),
        (None, None) => bail!("give --deals A..B or --corpus FILE"),
    };
    if a.threads == 0 {
        bail!("bad --threads 0: need at least one thread");
    }
    let csv = a.csv.as_deref().map(create_new).transpose()?;
    let written = patience::with_game!(g, x => run(x, a, &deals, &what));
    let (text, wrong) = match written {
        Ok(w) => w,
        Err(e) => {
            if let (Some(f), Some(path)) = (csv, &a.csv) {
                drop(f);
                let _ = std::fs::remove_file(path);
            }
            return Err(e);
        }
    };
    if let (Some(mut f), Some(path)) = (csv, &a.csv) {
        f.write_all(text.as_bytes())
            .and_then(|()| f.flush())
            .with_context(|| format!("writing {}", path.display()))?;
    }
    // Kept in the CSV for study, but never a success.
    if wrong > 0 {
        bail!("{wrong} wrong answers: a search called a deal unsolvable that another solved");
    }
    Ok(())
}

/// Runs the matrix and prints the table; returns the records as CSV.
fn run<G: Game + Referee>(
    game: &G,
    a: &BenchArgs,
    deals: &[u64],
    what: &str,
) -> Result<(String, u64)> {
    let mut heuristics = bench::heuristics(game);
    if !a.heuristics.is_empty() {
        for name in &a.heuristics {
            if !heuristics.iter().any(|h| &h.name == name) {
                bail!(
                    "unknown heuristic '{name}' for {}: the game has {}",
                    game.id(),
                    heuristics
                        .iter()
                        .map(|h| h.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                );
            }
        }
        heuristics.retain(|h| a.heuristics.contains(&h.name));
    }
    for &n in deals {
        game.check_deal(n)?;
    }
    // The games' own searches (beam, focused, compound) run where the game has them: all
    // by default, an error when named for a game without.
    let start = match deals.first() {
        Some(&n) => Some(game.pack(&game.deal(n))?),
        None => None,
    };
    let offered = |x: Algorithm| start.as_ref().is_none_or(|s| bench::offers(game, s, x));
    let algorithms: Vec<Algorithm> = if a.algorithms.is_empty() {
        Algorithm::ALL.into_iter().filter(|&x| offered(x)).collect()
    } else {
        let named: Vec<Algorithm> = a.algorithms.iter().map(|x| x.algorithm()).collect();
        if let Some(x) = named.iter().find(|&&x| !offered(x)) {
            bail!("{} has no {} search", game.id(), x.name());
        }
        named
    };
    let configs = bench::matrix(&algorithms, &heuristics);
    if configs.is_empty() {
        bail!("no search fits these heuristics (A* and IDA* take only admissible ones)");
    }
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = cancel.clone();
    ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst))
        .context("cannot install the Ctrl-C handler")?;
    let defaults = Limits::none()
        .with_nodes(super::BENCH_MAX_NODES)
        .with_memory(super::BENCH_MAX_MEMORY);
    let by_default = a.limits.none_given();
    let mut limits = a.limits.limits_or(defaults)?;
    limits.cancel = Some(cancel.clone());
    let bar = if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        indicatif::ProgressBar::new(deals.len() as u64)
    } else {
        indicatif::ProgressBar::hidden()
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads)
        .build()
        .with_context(|| format!("cannot start {} threads", a.threads))?;
    let per_deal: Vec<Result<Option<Vec<BenchRecord>>>> = pool.install(|| {
        deals
            .par_iter()
            .map(|&deal| {
                if cancel.load(Ordering::Relaxed) {
                    return Ok(None);
                }
                let records = bench::run_deal(game, deal, &configs, &heuristics, &limits)
                    .with_context(|| format!("deal {deal}"))?;
                bar.inc(1);
                // A deal cut short by Ctrl-C is left out whole.
                if cancel.load(Ordering::Relaxed) {
                    return Ok(None);
                }
                Ok(Some(records))
            })
            .collect()
    });
    bar.finish_and_clear();
    let mut records = Vec::new();
    let mut done = 0;
    for r in per_deal {
        if let Some(rs) = r? {
            records.extend(rs);
            done += 1;
        }
    }
    let rows = bench::table(&records, &configs, &limits);
    println!(
        "{} {what}: {done} deals × {} configurations ({})",
        game.id(),
        configs.len(),
        match describe_limits(&limits) {
            l if l.is_empty() => "no limits".to_string(),
            l if by_default => {
                format!("{l}: the defaults; --max-nodes, --max-time or --max-memory to change")
            }
            l => l,
        }
    );
    print!("{}", bench::render(&rows));
    let wrong: u64 = rows.iter().map(|r| r.wrong).sum();
    if cancel.load(Ordering::Relaxed) {
        eprintln!(
            "patience: interrupted: the table counts the {done} deals every configuration finished"
        );
    }
    Ok((
        bench::csv(&game.id().to_string(), &describe_limits(&limits), &records),
        wrong,
    ))
}

/// Reads a corpus file: deal numbers, one a line, `#` starting a comment.
fn corpus(path: &std::path::Path) -> Result<Vec<u64>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read corpus '{}'", path.display()))?;
    let mut deals = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let deal = line.parse::<u64>().map_err(|_| {
            anyhow::anyhow!(
                "{}:{}: '{line}' is not a deal number",
                path.display(),
                i + 1
            )
        })?;
        if deals.contains(&deal) {
            bail!("{}:{}: deal {deal} is listed twice", path.display(), i + 1);
        }
        deals.push(deal);
    }
    if deals.is_empty() {
        bail!("{}: the corpus lists no deal", path.display());
    }
    Ok(deals)
}
