//! `patience stats`.

use super::{create_new, deal_range, game, StatsArgs};
use anyhow::{Context, Result};
use patience::study::batch::{header, run, BatchConfig, Shard};
use patience::study::dataset::{export, Contents, ExportFormat};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

pub(super) fn stats(a: &StatsArgs) -> Result<()> {
    let g = game(&a.game)?;
    let (first, last) = deal_range(&a.deals)?;
    let (first, last) = match &a.shard {
        Some(s) => s.parse::<Shard>()?.slice(first, last)?,
        None => (first, last),
    };
    let threads = match a.threads {
        Some(0) => anyhow::bail!("bad --threads 0: need at least one thread"),
        Some(k) => k,
        None => std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1),
    };
    if let Some(out) = &a.out {
        if out.exists() && !a.resume {
            anyhow::bail!(
                "{}: file exists; use --resume to continue it, or choose another file",
                out.display()
            );
        }
    }
    // Create the CSV file now, so a bad path fails before the work, not after it.
    let csv_file = match &a.csv {
        Some(csv) => Some(create_new(csv)?),
        None => None,
    };
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = cancel.clone();
    ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst))
        .context("cannot install the Ctrl-C handler")?;
    let mut solve = a.search.config(g)?;
    let fair = if a.fair {
        Some(super::fair_player(
            g, "stats", a.samples, a.seed, &mut solve,
        )?)
    } else {
        if a.samples.is_some() || a.seed.is_some() {
            anyhow::bail!("--samples and --seed choose how the fair player plays: add --fair");
        }
        None
    };
    let cfg = BatchConfig {
        game: g,
        first,
        last,
        threads,
        solve,
        out: a.out.clone(),
        resume: a.resume,
        cancel,
        progress: true,
        keep_records: a.csv.is_some(),
        pysol: a.pysol,
        fair,
    };
    let r = match run(&cfg) {
        Ok(r) => r,
        Err(e) => {
            // Leave no empty CSV behind: it would block the next run.
            if let (Some(csv), Some(f)) = (&a.csv, csv_file) {
                drop(f);
                let _ = std::fs::remove_file(csv);
            }
            return Err(e.into());
        }
    };
    if let (Some(csv), Some(f)) = (&a.csv, csv_file) {
        // Interrupted, the CSV keeps the deals finished before the stop (a cancelled deal is
        // no record), and says so on the terminal: rows of part of the range.
        let contents = Contents {
            header: header(g, &cfg.solve, a.pysol, cfg.fair),
            records: r.records.clone(),
            valid_len: 0,
            truncated_tail: false,
        };
        let mut w = std::io::BufWriter::new(f);
        export(&contents, ExportFormat::Csv, &mut w)
            .and_then(|_| std::io::Write::flush(&mut w))
            .with_context(|| format!("writing {}", csv.display()))?;
        if r.interrupted {
            eprintln!(
                "patience: {}: interrupted, it holds only the {} deals finished of {}..{} \
                 (use --out with --resume to continue a run)",
                csv.display(),
                r.records.len(),
                first,
                last
            );
        }
    }
    if r.dropped_partial {
        eprintln!("patience: note: dropped an incomplete record at the end of the dataset");
    }
    if a.json {
        let rate = r.summary.win_rate();
        let v = serde_json::json!({
            "game": g.to_string(), "first": first, "last": last, "shard": a.shard, "threads": threads, "fair_player": cfg.fair,
            "done": r.done, "already": r.already, "interrupted": r.interrupted,
            "win_rate": rate, "first_fit": r.summary.first_fit_rate(), "perfect": r.summary.perfect_rate(), "unknown": r.summary.unknown(),
            "summary": r.summary,
        });
        println!("{v}");
    } else {
        if let Some(f) = &cfg.fair {
            println!(
                "fair player ({} samples a decision, seed {}, {}): won and lost are the \
                 player's results, not verdicts on the deals",
                f.samples,
                f.seed,
                cfg.solve.describe()
            );
        }
        print!(
            "{}",
            r.summary.render(&format!("{g} deals {first}..{last}"))
        );
        if r.already > 0 {
            println!(
                "({} deals came from the resumed dataset, {} decided now)",
                r.already, r.done
            );
        }
    }
    if r.interrupted {
        eprintln!(
            "patience: interrupted: {} records kept{}",
            r.done + r.already,
            if a.out.is_some() {
                "; run again with --resume to finish"
            } else {
                ""
            }
        );
    }
    Ok(())
}
