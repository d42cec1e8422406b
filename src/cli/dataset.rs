//! `patience dataset`.

use super::{create_new, deal_range, DatasetCommand, Format};
use anyhow::{Context, Result};
use patience::study::batch::summarize;
use patience::study::dataset::{export, merge, read, read_complete, runs_text, ExportFormat};
use std::io::Write;

pub(super) fn dataset(cmd: DatasetCommand) -> Result<()> {
    match cmd {
        DatasetCommand::Export { file, format, out } => {
            let c = read_complete(&file)?;
            let format = match format {
                Format::Csv => ExportFormat::Csv,
                Format::Jsonl => ExportFormat::Jsonl,
            };
            match out {
                Some(path) => {
                    let f = create_new(&path)?;
                    let mut w = std::io::BufWriter::new(f);
                    export(&c, format, &mut w)
                        .and_then(|_| w.flush())
                        .with_context(|| format!("writing {}", path.display()))?;
                }
                None => {
                    let stdout = std::io::stdout();
                    let mut w = std::io::BufWriter::new(stdout.lock());
                    export(&c, format, &mut w)
                        .and_then(|_| w.flush())
                        .context("writing to standard output")?;
                }
            }
        }
        DatasetCommand::Merge {
            files,
            out,
            deals,
            allow_missing,
        } => {
            let range = deals.as_deref().map(deal_range).transpose()?;
            if out.exists() {
                anyhow::bail!("{}: file exists; choose another file", out.display());
            }
            let m = merge(&files, range, allow_missing, &out)?;
            let (first, last) = m.range;
            println!(
                "{}: {} records of {} deals {first}..{last} from {} files",
                out.display(),
                m.records,
                m.header.game,
                files.len()
            );
            if !m.missing.is_empty() {
                eprintln!(
                    "patience: warning: {} deals are in none of the files: {}",
                    m.missing.iter().map(|(a, b)| b - a + 1).sum::<u64>(),
                    runs_text(&m.missing)
                );
            }
        }
        DatasetCommand::Report { file, out } => {
            let c = read_complete(&file)?;
            let page = patience::study::report::dataset_report(&c);
            let mut f = create_new(&out)?;
            if let Err(e) = f.write_all(page.as_bytes()).and_then(|()| f.flush()) {
                drop(f);
                let _ = std::fs::remove_file(&out);
                return Err(e).with_context(|| format!("writing {}", out.display()));
            }
            println!(
                "{}: report of {} records of {}",
                out.display(),
                c.records.len(),
                c.header.game
            );
        }
        DatasetCommand::Show { file } => {
            let c = read(&file)?;
            let h = &c.header;
            println!(
                "dataset {}: game {} (rules version {}), {}, written by {}",
                file.display(),
                h.game,
                h.rules_version,
                h.settings,
                h.written_by
            );
            print!("{}", summarize(&c).render(&h.game));
            if c.truncated_tail {
                println!("note: the last record is incomplete and was left out (resume the run to repair it)");
            }
        }
    }
    Ok(())
}
