//! `patience games` and `patience play`.

use super::PlayArgs;
use anyhow::{bail, Context, Result};
use patience::cards::CardStyle;
use patience::games::{Game, GameId};
use patience::piles::Table;
use patience::study::{only_move, play_fair, play_line, FairEnd, FairPlayer, SolveConfig};
use patience::verify::{replay, Referee, Status};

pub(super) fn games() -> String {
    let mut s = String::new();
    for g in GameId::all() {
        let i = g.info();
        s += &format!(
            "{:<8} {} [{}; {}]\n         {}\n         rules: {}\n",
            i.id,
            i.name,
            g.deck().describe(),
            if i.deterministic {
                "no choices: exact outcome"
            } else {
                "choices: solver verdict"
            },
            i.summary,
            i.source
        );
    }
    s
}

pub(super) fn play(a: &PlayArgs) -> Result<()> {
    let (g, table, what) = a.position.read()?;
    let style = CardStyle {
        unicode: a.unicode,
        ..CardStyle::default()
    };
    if a.fair {
        let mut cfg = a.search.config(g)?;
        let player = super::fair_player(g, "play", a.samples, a.seed, &mut cfg)?;
        // A deal plays as `stats --fair` plays it; a board as deal 0.
        let deal = a.position.deal.or(a.position.pysol).unwrap_or(0);
        let fair = Fair {
            cfg: &cfg,
            player,
            seed: player.seed_for(deal),
            trace: a.trace.then_some(style),
            json: a.json,
        };
        return patience::with_game!(g, x => play_fairly(x, &table, &what, &fair));
    }
    let l = &a.search.limits;
    if a.search.algorithm.is_some()
        || l.max_nodes.is_some()
        || l.max_time.is_some()
        || l.max_memory.is_some()
    {
        bail!("--algorithm and the search limits are for the fair player: add --fair");
    }
    let solve_hint = match a.position.deal {
        Some(n) => format!("--deal {n}"),
        None => match a.position.pysol {
            Some(n) => format!("--pysol {n}"),
            None => "--board FILE".to_string(),
        },
    };
    let trace = a.trace.then_some(style);
    patience::with_game!(g, x => play_game(x, &table, &what, &solve_hint, trace))
}

/// How the fair player plays (`play --fair`).
struct Fair<'a> {
    cfg: &'a SolveConfig,
    player: FairPlayer,
    /// The sampling seed of this game (`FairPlayer::seed_for`).
    seed: u64,
    trace: Option<CardStyle>,
    json: bool,
}

/// Plays `table` with the fair player; a win is replayed on the reference piles before it
/// is printed.
fn play_fairly<G: Game + Referee>(g: &G, table: &Table, what: &str, f: &Fair) -> Result<()> {
    let start = std::time::Instant::now();
    let game = play_fair(g, table, f.cfg, f.player, f.seed).with_context(|| what.to_string())?;
    let seconds = start.elapsed().as_secs_f64();
    let won = game.end == FairEnd::Won;
    if won {
        patience::verify::verify(g, table, &game.moves, Status::Won, |m| g.notation(m))
            .with_context(|| what.to_string())?;
    }
    let notation: Vec<String> = game.moves.iter().map(|m| g.notation(m)).collect();
    let player = f.player.describe();
    let limits = patience::study::describe_limits(&f.cfg.limits);
    if f.json {
        let (end, lost) = match game.end {
            FairEnd::Won => ("won", None),
            FairEnd::GaveUp { lost } => ("gave up", Some(lost)),
        };
        let doc = serde_json::json!({
            "game": g.id().to_string(), "position": what, "player": player,
            "search": format!("algorithm={} {limits}", f.cfg.algorithm.name()), "end": end,
            "samples_lost_at_the_end": lost, "moves": notation, "decisions": game.decisions,
            "states": game.expanded, "seconds": seconds,
        });
        println!("{doc}");
        return Ok(());
    }
    println!(
        "{} {what}, played by the fair player ({player}; each sample: algorithm={} {limits})",
        g.id(),
        f.cfg.algorithm.name()
    );
    if let Some(style) = f.trace {
        print_trace(g, table, &game.moves, style)?;
    } else if !notation.is_empty() {
        println!("moves: {}", notation.join(" "));
    }
    let how = match game.end {
        FairEnd::Won => "won".to_string(),
        FairEnd::GaveUp { lost } => format!(
            "gave up: no sampled world won at the last decision ({lost} of {} proven lost)",
            f.player.samples
        ),
    };
    println!(
        "{how} after {} moves, {} decisions, {} states searched in the samples, {seconds:.2} s",
        game.moves.len(),
        game.decisions,
        game.expanded
    );
    Ok(())
}

/// Prints the start and the layout after each move (replayed on the reference piles).
fn print_trace<G: Game + Referee>(
    g: &G,
    table: &Table,
    moves: &[G::Move],
    style: CardStyle,
) -> Result<()> {
    println!("\nstart:\n{}", table.render(style));
    let mut t = table.clone();
    for (i, m) in moves.iter().enumerate() {
        t = replay(g, &t, std::slice::from_ref(m), |m| g.notation(m))?;
        println!("move {}: {}\n{}", i + 1, g.notation(m), t.render(style));
    }
    Ok(())
}

fn play_game<G: Game + Referee>(
    g: &G,
    table: &Table,
    what: &str,
    solve_hint: &str,
    trace: Option<CardStyle>,
) -> Result<()> {
    let state = g.pack(table)?;
    let deterministic = g.id().info().deterministic;
    // Only the seed's games have a fixed way of playing; elsewhere no move of it would read
    // as a loss that the referee (rightly) refuses.
    if !deterministic && g.first_fit(&state).is_none() && g.referee_status(table) == Status::Playing
    {
        bail!(
            "{} has no fixed way of playing (the seed's first-fit way is MD's): add --fair to \
             play it from what a player sees, or `patience solve {} {solve_hint}` to decide it",
            g.id(),
            g.id()
        );
    }
    let (moves, end) = if deterministic {
        play_line(g, state, only_move)?
    } else {
        play_line(g, state, |g, s, _| Ok(g.first_fit(s)))?
    };
    let won = g.is_goal(&end);
    // The line is replayed on the reference piles, which also draw the trace.
    let expected = if won { Status::Won } else { Status::Lost };
    patience::verify::verify(g, table, &moves, expected, |m| g.notation(m))?;
    let how = if deterministic {
        "the only way (no choices)"
    } else {
        "the seed's first-fit way"
    };
    println!("{} {what}, played {how}", g.id());
    if let Some(style) = trace {
        print_trace(g, table, &moves, style)?;
    }
    let pass = if won {
        g.pass_of_win(table, &moves)
            .map(|p| format!(" in pass {p}"))
            .unwrap_or_default()
    } else {
        String::new()
    };
    println!(
        "{}{pass} after {} moves",
        if won { "won" } else { "lost" },
        moves.len()
    );
    if !deterministic {
        println!(
            "(first-fit play only; `patience solve {} {solve_hint}` decides the position)",
            g.id()
        );
    }
    Ok(())
}
