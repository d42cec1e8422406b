//! `patience solve` and `patience hint`.

use super::SolveArgs;
use anyhow::{Context, Result};
use patience::games::Game;
use patience::piles::Table;
use patience::study::{self, Solution, SolveConfig, Verdict};
use patience::verify::Referee;
use serde_json::json;

pub(super) fn solve(a: &SolveArgs, hint_only: bool) -> Result<()> {
    let (g, table, what) = a.position.read()?;
    let cfg = a.search.config(g)?;
    if a.fair {
        anyhow::ensure!(hint_only, "--fair is for `patience hint`");
        return patience::with_game!(g, x => fair(x, &table, &what, &cfg, a));
    }
    patience::with_game!(g, x => report(x, &table, &what, &cfg, a.json, hint_only, a.verbose_moves))
}

fn fair<G: Game + Referee>(
    g: &G,
    table: &Table,
    what: &str,
    cfg: &SolveConfig,
    a: &SolveArgs,
) -> Result<()> {
    let h = study::fair_hint(g, table, cfg, a.samples, a.seed).with_context(|| what.to_string())?;
    if a.json {
        let v = json!({
            "game": g.id().to_string(),
            "position": what,
            "algorithm": cfg.algorithm.name(),
            "knowledge": "fair",
            "hint": h.best,
            "samples": h.samples,
            "won": h.won,
            "lost": h.lost,
            "unseen_cards": h.unseen,
            "chance_drawn": h.chance,
            "tally": h.tally,
            "segments": h.segments,
        });
        println!("{v}");
        return Ok(());
    }
    println!(
        "{} {what}: fair hint from what a player sees: {} samples of the {} unseen cards{}, {} won, {} lost, {} undecided",
        g.id(),
        h.samples,
        h.unseen,
        if h.chance {
            " and of the redeals' shuffles"
        } else {
            ""
        },
        h.won,
        h.lost,
        h.samples - h.won - h.lost
    );
    match &h.best {
        Some(m) => {
            let votes = h.tally.iter().find(|(n, _)| n == m).map_or(0, |t| t.1);
            println!("hint: {m} (starts {votes} of the {} sampled wins)", h.won);
            for (seg, score) in &h.segments {
                println!(
                    "  segment {seg}: {score} of the {} sampled wins won after it",
                    h.won
                );
            }
        }
        None => println!("hint: none: no sample was won"),
    }
    Ok(())
}

fn verdict_note<M>(game_deterministic: bool, s: &Solution<M>) -> String {
    match s.verdict {
        Verdict::Won | Verdict::Lost => {
            "exact: the game has no choices; the line replays on the reference piles".into()
        }
        Verdict::Solved => "winning line verified on the reference piles".into(),
        Verdict::Unsolvable => "proof: exhaustive search with exact state keys".into(),
        Verdict::Unknown => format!(
            "stopped by the {}{}",
            s.reason.as_deref().unwrap_or("limit"),
            if game_deterministic {
                ""
            } else {
                "; this is not a proof either way"
            }
        ),
    }
}

fn report<G: Game + Referee>(
    g: &G,
    table: &Table,
    what: &str,
    cfg: &SolveConfig,
    json: bool,
    hint_only: bool,
    verbose: bool,
) -> Result<()> {
    let sol = study::solve(g, table, cfg).with_context(|| what.to_string())?;
    let det = g.id().info().deterministic;
    let write = |m: &G::Move| {
        if verbose {
            g.verbose_notation(m)
        } else {
            g.notation(m)
        }
    };
    let notes: Vec<String> = sol.moves.iter().map(write).collect();
    let st = &sol.stats;
    let hint = sol.hint().map(|m| write(&m));
    // With choices to make, a verdict on a position with hidden cards is thoughtful: the
    // solver reads them as dealt, which a player cannot.
    let hidden = table
        .piles
        .iter()
        .flat_map(|p| &p.cards)
        .filter(|c| c.is_face_down())
        .count();
    let knowledge = if det || hidden == 0 {
        "open"
    } else {
        "thoughtful"
    };
    if json {
        let mut v = json!({
            "game": g.id().to_string(),
            "position": what,
            "algorithm": cfg.algorithm.name(),
            "verdict": sol.verdict.word(),
            "note": verdict_note(det, &sol),
            "knowledge": knowledge,
            "hidden_cards": hidden,
            "stats": {
                "expanded": st.expanded, "generated": st.generated, "stored": st.stored,
                "peak_memory": st.peak_memory, "seconds": st.elapsed.as_secs_f64(),
                "solution_length": sol.moves.len(),
            },
        });
        if let Some(p) = sol.pass {
            v["pass"] = json!(p);
        }
        if let Some(h) = sol.helpers {
            v["helper_piles"] = json!(h.used);
            v["fewest_helper_piles_proven"] = json!(h.fewest_proven);
        }
        if hint_only {
            v["hint"] = json!(hint);
        } else {
            v["moves"] = json!(notes);
        }
        println!("{v}");
        return Ok(());
    }
    println!(
        "{} {what}: {} ({})",
        g.id(),
        sol.verdict,
        verdict_note(det, &sol)
    );
    if knowledge == "thoughtful" {
        println!(
            "thoughtful: the solver knows the {hidden} face-down cards as dealt; a player does not"
        );
    }
    if hint_only {
        match (&hint, sol.verdict) {
            (None, Verdict::Solved | Verdict::Won) => {
                println!("hint: none needed: the position is already won")
            }
            (Some(h), _) => println!(
                "hint: {h} (first of a winning line of {} moves)",
                sol.moves.len()
            ),
            (None, Verdict::Unknown) => println!("hint: none found within the limits"),
            (None, _) => println!("hint: none: no winning line from this position"),
        }
    } else {
        if sol.verdict.is_win() || sol.verdict == Verdict::Lost {
            let label = if sol.verdict == Verdict::Lost {
                "line played"
            } else {
                "winning line"
            };
            println!("{label} ({} moves):", notes.len());
            for (i, n) in notes.iter().enumerate() {
                println!("{:>5}. {n}", i + 1);
            }
        }
        if let Some(p) = sol.pass {
            println!("won in pass {p}");
        }
    }
    if let Some(h) = sol.helpers {
        let how = if h.fewest_proven {
            "the fewest: no win uses fewer (exhaustive searches)"
        } else {
            "the fewest found; a search for fewer stopped at a limit"
        };
        println!("helper piles: {} ({how})", h.used);
    }
    println!(
        "search: {} states expanded, {} generated, {} stored, peak memory {} KiB, {:.3} s ({})",
        st.expanded,
        st.generated,
        st.stored,
        st.peak_memory.div_ceil(1024),
        st.elapsed.as_secs_f64(),
        cfg.describe()
    );
    Ok(())
}
