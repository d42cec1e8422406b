//! `patience score`: a game's own score of a played move list.

use super::position;
use anyhow::{bail, Context, Result};
use patience::games::{Game, GameId};
use patience::piles::Table;
use patience::verify::Referee;
use serde_json::json;

pub(super) fn score(
    g: GameId,
    deal: Option<u64>,
    board: Option<&str>,
    moves: &str,
    seconds: u64,
    json: bool,
) -> Result<()> {
    let (table, what) = position(g, deal, None, board)?;
    patience::with_game!(g, x => run(x, &table, &what, moves, seconds, json))
}

/// Reads each move by its notation among the legal moves of the engine's position, replays
/// the list on the reference piles, and scores the end.
fn run<G: Game + Referee>(
    g: &G,
    table: &Table,
    what: &str,
    text: &str,
    seconds: u64,
    json: bool,
) -> Result<()> {
    let mut state = g.pack(table).with_context(|| what.to_string())?;
    let mut played = Vec::new();
    let mut buf = Vec::new();
    let tokens = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty());
    for (i, tok) in tokens.enumerate() {
        buf.clear();
        g.expand(&state, &mut buf);
        let mut hits = buf.iter().filter(|s| g.notation(&s.mv) == tok);
        let Some(hit) = hits.next() else {
            bail!("{what}: move {} ({tok}) is not legal there", i + 1);
        };
        if hits.next().is_some() {
            bail!("{what}: move {} ({tok}) names more than one move", i + 1);
        }
        played.push(hit.mv);
        state = hit.state.clone();
    }
    let end = patience::verify::replay(g, table, &played, |m| g.notation(m))
        .with_context(|| what.to_string())?;
    let Some(score) = g.score(table, &end, seconds) else {
        bail!("{}: the game has no score of its own", g.id());
    };
    let won = g.is_goal(&state);
    if json {
        println!(
            "{}",
            json!({
                "game": g.id().to_string(), "position": what, "moves": played.len(),
                "won": won, "seconds": seconds, "score": score.points,
                "parts": score.parts, "formula": score.formula,
            })
        );
        return Ok(());
    }
    println!(
        "{} {what}: {} moves, {}; score {}",
        g.id(),
        played.len(),
        if won { "won" } else { "not won" },
        score.points
    );
    for (name, points) in &score.parts {
        println!("  {name}: {points:+}");
    }
    println!("formula: {}", score.formula);
    Ok(())
}
