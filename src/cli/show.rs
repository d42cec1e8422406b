//! `patience show`.

use super::{create_new, ShowArgs};
use anyhow::{Context, Result};
use patience::games::Game;
use patience::piles::Table;
use patience::study::view::View;
use patience::study::{self, SolveConfig, Verdict};
use patience::verify::Referee;
use std::io::Write;
use std::path::{Path, PathBuf};

pub(super) fn show(a: &ShowArgs) -> Result<()> {
    let (g, table, what) = a.position.read()?;
    let out = a.out.clone().unwrap_or_else(|| {
        PathBuf::from(match (a.position.deal, a.position.pysol) {
            (Some(n), _) => format!("{g}-deal-{n}.html"),
            (None, Some(n)) => format!("{g}-pysol-{n}.html"),
            _ => format!("{g}-board.html"),
        })
    });
    // Claim the file before the search, so a bad path fails at once and nothing is replaced.
    let file = create_new(&out)?;
    let cfg = a.search.config(g)?;
    let written = patience::with_game!(g, x => page(x, &table, &what, &cfg, a.reveal)).and_then(
        |(html, line)| {
            let mut w = std::io::BufWriter::new(file);
            w.write_all(html.as_bytes())
                .and_then(|()| w.flush())
                .with_context(|| format!("writing {}", out.display()))?;
            Ok(line)
        },
    );
    match written {
        Ok(line) => {
            println!("{}: {line}", out.display());
            Ok(())
        }
        Err(e) => {
            remove(&out);
            Err(e)
        }
    }
}

fn remove(path: &Path) {
    let _ = std::fs::remove_file(path);
}

/// The page, and a line saying what it shows.
fn page<G: Game + Referee>(
    g: &G,
    table: &Table,
    what: &str,
    cfg: &SolveConfig,
    reveal: bool,
) -> Result<(String, String)> {
    let sol = study::decide_position(g, table, cfg).with_context(|| what.to_string())?;
    let shown = sol.verdict.is_win() || sol.verdict == Verdict::Lost;
    let moves = if shown { &sol.moves[..] } else { &[] };
    // The solution was verified already; the frames come from the referee's own replay.
    let mut view = View::replay(g, table, moves, |m| g.notation(m))?;
    view.title = format!("{} — {what}", g.id().info().name);
    view.subtitle = match sol.verdict {
        Verdict::Solved => format!(
            "won in {} moves (a winning line found by {}, replayed on the reference piles)",
            moves.len(),
            cfg.algorithm.name()
        ),
        Verdict::Won => format!("won in {} moves (the game has no choices)", moves.len()),
        Verdict::Lost => format!("lost after {} moves (the game has no choices)", moves.len()),
        Verdict::Unsolvable => {
            "no winning line: proven by an exhaustive search; the layout only".to_string()
        }
        Verdict::Unknown => format!(
            "no winning line found: the search stopped at the {}; the layout only",
            sol.reason.as_deref().unwrap_or("limit")
        ),
    };
    view.reveal = reveal;
    let line = format!("{} {what}: {}", g.id(), view.subtitle);
    Ok((view.html(), line))
}
