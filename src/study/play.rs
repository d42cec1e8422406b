//! Playing a line: a policy followed to its end, and games without choices played through.

use super::{Solution, StudyError, Verdict};
use crate::games::Game;
use crate::piles::Table;
use crate::verify::{verify, Referee, Status};
use solvers::{Stats, Successor};
use std::time::Instant;

/// Follows `policy` from `state` until it offers no move; returns the line and the end.
pub fn play_line<G: Game>(
    game: &G,
    state: G::State,
    mut policy: impl FnMut(&G, &G::State, &mut Vec<Step<G>>) -> Result<Option<Step<G>>, StudyError>,
) -> Result<(Vec<G::Move>, G::State), StudyError> {
    let mut s = state;
    let mut moves = Vec::new();
    let mut buf = Vec::new();
    while let Some(next) = policy(game, &s, &mut buf)? {
        moves.push(next.mv);
        s = next.state;
    }
    Ok((moves, s))
}

/// A successor of a game's state, as the searches produce them.
pub type Step<G> = Successor<<G as solvers::Space>::Move, <G as solvers::Space>::State>;

/// The only move of a game without choices, or an error if there are several.
pub fn only_move<G: Game>(
    game: &G,
    s: &G::State,
    buf: &mut Vec<Step<G>>,
) -> Result<Option<Step<G>>, StudyError> {
    buf.clear();
    game.expand(s, buf);
    if buf.len() > 1 {
        return Err(StudyError::NotDeterministic(game.id().to_string()));
    }
    Ok(buf.pop())
}

/// Plays a game without choices through from `table`: the exact outcome, verified on the
/// reference piles (a win replays to a won layout, a loss to a lost one).
pub fn play_through<G: Game + Referee>(
    game: &G,
    table: &Table,
) -> Result<Solution<G::Move>, StudyError> {
    let start = Instant::now();
    let state = game.pack(table)?;
    let (moves, end) = play_line(game, state, only_move)?;
    let won = game.is_goal(&end);
    verify(
        game,
        table,
        &moves,
        if won { Status::Won } else { Status::Lost },
        |m| game.notation(m),
    )?;
    let stats = Stats {
        expanded: moves.len() as u64,
        generated: moves.len() as u64,
        elapsed: start.elapsed(),
        solution_len: if won { moves.len() as u64 } else { 0 },
        solution_cost: if won { moves.len() as u64 } else { 0 },
        ..Stats::default()
    };
    let pass = if won {
        game.pass_of_win(table, &moves)
    } else {
        None
    };
    Ok(Solution {
        verdict: if won { Verdict::Won } else { Verdict::Lost },
        moves,
        stats,
        reason: None,
        pass,
        helpers: None,
    })
}
