//! The fair hint: a move advised from what a player can see.

use super::fair::{choose_line, hidden_places, learn, sample_world};
use super::portfolio::DfsOrder;
use super::solve::solve_once;
use super::{SolveConfig, StudyError, Verdict};
use crate::games::Game;
use crate::piles::Table;
use crate::verify::Referee;
use serde::Serialize;

/// A hint that uses only what a player can see (see [`fair_hint`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FairHint {
    /// The move advised, in the game's notation: the first move of the line the fair player
    /// would follow (None when no sample was won).
    pub best: Option<String>,
    /// Samples solved in all.
    pub samples: u32,
    /// Samples won.
    pub won: u32,
    /// Samples proven unsolvable.
    pub lost: u32,
    /// Cards the player cannot see (face down, in the stock too).
    pub unseen: u32,
    /// Whether chance the rules draw later (Gaps' redeals) was drawn again in each sample.
    pub chance: bool,
    /// Each first move of a sampled win, with the number of wins starting with it, most
    /// first (ties in notation order).
    pub tally: Vec<(String, u32)>,
    /// Each distinct segment of the sampled wins (their moves up to the first card they
    /// bring into sight, space-separated) with the sampled wins still won after it, in the
    /// order tried; empty when every win starts with the same segment.
    pub segments: Vec<(String, u32)>,
}

/// The fair hint: deals the unseen cards (every face-down card, the stock's too) at random
/// into the unseen places `samples` times (generator seeded with `seed`, so the answer is
/// reproducible), solves each sample with `cfg`, and advises the first move of the line the
/// fair player would follow: the sampled wins' segments (their moves up to the first card
/// they bring into sight) are each tried in every won sample, and the line of the segment
/// that keeps the most samples won is taken (ties: the first move starting the most wins;
/// [`crate::study::play_fair`]). Only what a player sees decides the move: a move's notation names
/// places and never a hidden card, and the move advised is looked up among the legal moves
/// of the real position. Chance the rules draw later (Gaps' shuffles on a redeal,
/// [`Game::chance_left`]) is drawn again for each sample too. With no unseen card and no
/// chance left one sample is the position itself.
pub fn fair_hint<G: Game + Referee>(
    game: &G,
    table: &Table,
    cfg: &SolveConfig,
    samples: u32,
    seed: u64,
) -> Result<FairHint, StudyError> {
    // Nothing is remembered: every face-down card is unseen.
    let places = hidden_places(table, &Default::default());
    let chance = game.chance_left(table);
    let samples = if places.is_empty() && !chance {
        1
    } else {
        samples.max(1)
    };
    let mut rng = crate::deals::Rng::new(seed);
    let (mut won, mut lost) = (0, 0);
    let mut wins = Vec::new();
    for _ in 0..samples {
        let mut sample = sample_world(table, &places, &mut rng);
        if chance {
            sample = game.draw_chance(&sample, &mut rng);
        }
        let sol = solve_once(game, &sample, cfg, DfsOrder::Guided)?;
        match sol.verdict {
            Verdict::Solved | Verdict::Won => {
                won += 1;
                if let Some(first) = sol.moves.first() {
                    wins.push((game.notation(first), sample, sol.moves));
                }
            }
            Verdict::Unsolvable | Verdict::Lost => lost += 1,
            Verdict::Unknown => {}
        }
    }
    let mut seen = Default::default();
    learn(table, &mut seen);
    let choice = choose_line(game, &wins, &seen, cfg)?;
    let chosen = choice.best.map(|k| wins[k].0.clone());
    // The advised move must be legal in the real position. The samples' lines are the
    // player's moves, written out (a card from deep in the stock is turns, then the card), so
    // each search move of the real position is written out too and its first step compared.
    let state = game.pack(table)?;
    let mut legal = Vec::new();
    game.expand(&state, &mut legal);
    let firsts: Vec<String> = legal
        .iter()
        .filter_map(|s| {
            game.write_out(&state, vec![s.mv])
                .first()
                .map(|m| game.notation(m))
        })
        .collect();
    // The chosen line's first move, or failing that (never while lines are the player's
    // moves) the best-tallied one that is legal.
    let best = chosen
        .iter()
        .chain(choice.tally.iter().map(|(n, _)| n))
        .find(|n| firsts.iter().any(|f| f == *n))
        .cloned();
    Ok(FairHint {
        best,
        samples,
        won,
        lost,
        unseen: places.len() as u32,
        chance,
        tally: choice.tally,
        segments: choice.segments,
    })
}
