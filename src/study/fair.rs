//! The fair player: a whole game played from what a player sees.

use super::portfolio::DfsOrder;
use super::solve::solve_once;
use super::{SolveConfig, StudyError, Verdict};
use crate::cards::Card;
use crate::games::Game;
use crate::piles::Table;
use crate::verify::{replay, Referee, Status};
use rustc_hash::FxHashSet;
use serde::Serialize;

/// How the fair player chooses its moves (see [`play_fair`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct FairPlayer {
    /// Worlds sampled at each decision.
    pub samples: u32,
    /// The seed of the sampling, mixed with the deal number by [`FairPlayer::seed_for`].
    pub seed: u64,
}

impl FairPlayer {
    /// A one-line description, stored with every dataset the player makes.
    pub fn describe(&self) -> String {
        format!(
            "fair-player samples={} seed={} choice=segments",
            self.samples, self.seed
        )
    }

    /// The sampling seed for deal `deal`: the same on every platform and thread count.
    pub fn seed_for(&self, deal: u64) -> u64 {
        crate::deals::Rng::new(self.seed ^ deal.wrapping_mul(0x9e37_79b9_7f4a_7c15)).next_u64()
    }
}

/// How a fair game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum FairEnd {
    /// Every card went home: the line replays to a won layout.
    Won,
    /// At a decision no sampled world was won (`lost` were proven lost, the others hit the
    /// search's limit): the player gives up.
    GaveUp {
        /// Samples proven unsolvable at that decision.
        lost: u32,
    },
}

/// A game played by the fair player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FairGame<M> {
    /// How it ended.
    pub end: FairEnd,
    /// The moves played, each checked by the referee on the real layout as it was played.
    pub moves: Vec<M>,
    /// Decisions taken by sampling (the first, and one after each surprise).
    pub decisions: u32,
    /// States expanded by every sample's search.
    pub expanded: u64,
}

/// Plays `table` to the end from what a player sees, by determinised planning: at a
/// decision the cards not seen yet (face down, and never face up since the game began: a
/// player remembers the stock cards turned on an earlier pass) are dealt at random into
/// their places `player.samples` times, and each sampled world is solved with `cfg`. Each
/// sampled win's line is cut after its first move that brings a card not seen yet into
/// sight (its segment: what the player commits to before learning anything), and each
/// segment is played in every other won world and scored by the worlds still won after it
/// (a line starting with the segment counts as won; the others are solved again with
/// `cfg`). The player takes the line of the segment won in the most worlds (ties: the
/// first move starting the most sampled wins, then notation order, as when every win
/// starts with the same segment). It follows that line,
/// one move at a time on the real layout (the referee checks each), for as long as every
/// card that comes up is the card that world put there: moves depend only on cards in
/// sight, so the line stays legal. A card that differs is a surprise: the next move is a
/// new decision, with every card seen so far known. Each decision learns at least one card,
/// so a game takes at most one decision per hidden card, plus the first. Chance the rules
/// draw later (Gaps' shuffles, [`Game::chance_left`]) is drawn again in each world, and a
/// redeal that deals otherwise than the world's is a surprise too. With no sampled win
/// at a decision, and not every sample proven lost, the decision is taken again with four
/// and then sixteen times the node limit; with still none the player gives up
/// ([`FairEnd::GaveUp`]).
///
/// A win of the fair player is a win a player could have found without seeing hidden cards;
/// its rate is a lower bound of the thoughtful rate (the solver's, which sees them all) and
/// depends on the samples, the search limits and the seed, which datasets record.
pub fn play_fair<G: Game + Referee>(
    game: &G,
    table: &Table,
    cfg: &SolveConfig,
    player: FairPlayer,
    seed: u64,
) -> Result<FairGame<G::Move>, StudyError> {
    let mut rng = crate::deals::Rng::new(seed);
    let mut real = table.clone();
    let mut seen: FxHashSet<Card> = FxHashSet::default();
    learn(&real, &mut seen);
    let mut moves = Vec::new();
    let (mut decisions, mut expanded) = (0u32, 0u64);
    // The world being followed and what is left of its winning line.
    let mut plan: Option<(Table, std::vec::IntoIter<G::Move>)> = None;
    loop {
        if game.referee_status(&real) == Status::Won {
            return Ok(FairGame {
                end: FairEnd::Won,
                moves,
                decisions,
                expanded,
            });
        }
        let next = plan.as_mut().and_then(|(_, line)| line.next());
        let mv = match next {
            Some(mv) => mv,
            None => {
                decisions += 1;
                // No sampled win but not every sample lost: the searches may have stopped
                // at their limit, so the decision is taken again with four times the
                // states, twice at most, before the player gives up.
                let mut wider = cfg.clone();
                let mut retries = 0;
                let d = loop {
                    let d = decide(game, &real, &seen, &wider, player.samples, &mut rng)?;
                    expanded += d.expanded;
                    // `player.samples`, not `d.samples`: with nothing hidden the one world
                    // is retried even when proven lost (wasted, but the committed fair
                    // datasets' state counts were made so; change both together).
                    match wider.limits.max_nodes {
                        Some(n) if d.win.is_none() && d.lost < player.samples && retries < 2 => {
                            wider.limits.max_nodes = Some(n * 4);
                            retries += 1;
                        }
                        _ => break d,
                    }
                };
                let Some((world, line)) = d.win else {
                    return Ok(FairGame {
                        end: FairEnd::GaveUp { lost: d.lost },
                        moves,
                        decisions,
                        expanded,
                    });
                };
                let mut line = line.into_iter();
                let first = line.next().expect("a sampled win of a position not won");
                plan = Some((world, line));
                first
            }
        };
        let notation = |m: &G::Move| game.notation(m);
        // The same move on the real layout (a turn of the stock names the real card).
        let Some(played) = game.same_move_in(&game.pack(&real)?, &mv) else {
            // Never while the two look the same; a new decision all the same.
            plan = None;
            continue;
        };
        real = replay(game, &real, std::slice::from_ref(&played), notation)?;
        let (world, _) = plan.as_mut().expect("a plan is being followed");
        *world = replay(game, world, std::slice::from_ref(&mv), notation)?;
        moves.push(played);
        learn(&real, &mut seen);
        if !same_in_sight(&real, world) {
            plan = None;
        }
    }
}

/// One decision of the fair player.
struct Decision<M> {
    /// The world whose winning line is followed, and that line (none when no sample won).
    win: Option<(Table, Vec<M>)>,
    /// Samples proven lost.
    lost: u32,
    /// States expanded by every sample's search.
    expanded: u64,
}

/// The sampled worlds, solved, and the line chosen among their wins ([`choose_line`]).
fn decide<G: Game + Referee>(
    game: &G,
    real: &Table,
    seen: &FxHashSet<Card>,
    cfg: &SolveConfig,
    samples: u32,
    rng: &mut crate::deals::Rng,
) -> Result<Decision<G::Move>, StudyError> {
    let places = hidden_places(real, seen);
    let chance = game.chance_left(real);
    let samples = if places.is_empty() && !chance {
        1
    } else {
        samples.max(1)
    };
    let mut wins: Vec<(String, Table, Vec<G::Move>)> = Vec::new();
    let (mut expanded, mut lost) = (0u64, 0u32);
    for _ in 0..samples {
        let mut world = sample_world(real, &places, rng);
        if chance {
            world = game.draw_chance(&world, rng);
        }
        let sol = solve_once(game, &world, cfg, DfsOrder::Guided)?;
        expanded += sol.stats.expanded;
        match sol.verdict {
            Verdict::Solved | Verdict::Won if !sol.moves.is_empty() => {
                wins.push((game.notation(&sol.moves[0]), world, sol.moves));
            }
            Verdict::Unsolvable | Verdict::Lost => lost += 1,
            _ => {}
        }
    }
    let chosen = choose_line(game, &wins, seen, cfg)?;
    expanded += chosen.expanded;
    let win = chosen.best.map(|k| {
        let (_, world, line) = wins.swap_remove(k);
        (world, line)
    });
    Ok(Decision {
        win,
        lost,
        expanded,
    })
}

/// The line a player follows, chosen among sampled wins (see [`choose_line`]).
pub(super) struct Choice {
    /// The index of the win whose line is chosen (None when there is no win).
    pub best: Option<usize>,
    /// Each first move of a win with the number of wins starting with it, most first (ties
    /// in notation order).
    pub tally: Vec<(String, u32)>,
    /// Each distinct segment (its moves' notation, space-separated) and the wins that keep
    /// winning after it, in the order tried (the best-tallied first moves first); empty when
    /// every win starts with the same segment.
    pub segments: Vec<(String, u32)>,
    /// States the searches of the scoring expanded.
    pub expanded: u64,
}

/// Chooses among sampled wins `(first move's notation, world, line)`, the lines being the
/// player's moves: each line's segment (its moves up to the first that brings a card not in
/// `seen` into sight: what a player commits to before learning anything) is played in every
/// won world and scored by the worlds still won after it (a win with the same segment counts
/// as won; the others are solved again with `cfg`). The line of the segment won in the most
/// worlds is chosen; ties, and a choice where every win starts with the same segment, go to
/// the first move starting the most wins, then notation order.
///
/// A win whose line starts with another win's segment has that segment as its own: before
/// a segment's last move every won world looks the same ([`segment`]), so the same moves
/// reach the same end in either line, and an unseen card comes into sight at the same move
/// (the places it fills hold unseen cards in every world: sampled worlds deal exactly the
/// unseen cards into them). So comparing segments is comparing line prefixes.
pub(super) fn choose_line<G: Game + Referee>(
    game: &G,
    wins: &[(String, Table, Vec<G::Move>)],
    seen: &FxHashSet<Card>,
    cfg: &SolveConfig,
) -> Result<Choice, StudyError> {
    // The rank of each first move: most wins first, ties in notation order.
    let mut counts: std::collections::BTreeMap<&str, u32> = Default::default();
    for (first, _, _) in wins {
        *counts.entry(first.as_str()).or_default() += 1;
    }
    let mut tally: Vec<(String, u32)> = counts
        .into_iter()
        .map(|(n, c)| (n.to_string(), c))
        .collect();
    tally.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let rank = |first: &str| tally.iter().position(|(n, _)| n == first).expect("tallied");
    let worlds: Vec<&Table> = wins.iter().map(|(_, world, _)| world).collect();
    let own: Vec<Vec<String>> = wins
        .iter()
        .enumerate()
        .map(|(k, (_, _, line))| segment(game, &worlds, k, line, seen))
        .collect::<Result<_, _>>()?;
    // Each distinct segment with the first win that has it, in the order of the first
    // moves' ranks (so that a tie of scores goes to the best-tallied first move).
    let mut segments: Vec<usize> = Vec::new();
    for k in 0..wins.len() {
        if !segments.iter().any(|&j| own[j] == own[k]) {
            segments.push(k);
        }
    }
    segments.sort_by_key(|&k| rank(&wins[k].0));
    let mut choice = Choice {
        best: segments.first().copied(),
        tally: Vec::new(),
        segments: Vec::new(),
        expanded: 0,
    };
    if segments.len() > 1 {
        let mut best_score = None;
        for &k in &segments {
            let moves = &wins[k].2[..own[k].len()];
            let mut score = 0;
            for (j, (_, world, _)) in wins.iter().enumerate() {
                score += u32::from(
                    own[j] == own[k] || {
                        let (won, n) = won_after(game, world, moves, cfg)?;
                        choice.expanded += n;
                        won
                    },
                );
            }
            if best_score.is_none_or(|b| score > b) {
                best_score = Some(score);
                choice.best = Some(k);
            }
            choice.segments.push((own[k].join(" "), score));
        }
    }
    choice.tally = tally;
    Ok(choice)
}

/// The notation of the moves of `line`, the line of `worlds[k]`, up to and including the
/// first after which that world shows a card not in `seen`, or some other world of `worlds`
/// (each playing the same moves, [`Game::same_move_in`]) no longer looks the same (the whole
/// line if neither happens). The second end is needed where the first does not see a world
/// learn something: with two decks a card that comes up may be a copy of one in sight, and a
/// redeal that shuffles (Gaps) deals otherwise in each world. So every move of a segment but
/// its last is played where every world looks the same, and the segment is legal in each.
fn segment<G: Game + Referee>(
    game: &G,
    worlds: &[&Table],
    k: usize,
    line: &[G::Move],
    seen: &FxHashSet<Card>,
) -> Result<Vec<String>, StudyError> {
    let notation = |m: &G::Move| game.notation(m);
    let mut now: Vec<Table> = worlds.iter().map(|&w| w.clone()).collect();
    let mut seg = Vec::new();
    for mv in line {
        now[k] = replay(game, &now[k], std::slice::from_ref(mv), notation)?;
        seg.push(game.notation(mv));
        if shows_unseen(&now[k], seen) {
            break;
        }
        let mut apart = false;
        for j in (0..now.len()).filter(|&j| j != k) {
            let state = game.pack(&now[j])?;
            match game.same_move_in(&state, mv) {
                Some(m) => {
                    now[j] = replay(game, &now[j], std::slice::from_ref(&m), notation)?;
                    apart |= !same_in_sight(&now[k], &now[j]);
                }
                None => apart = true,
            }
        }
        if apart {
            break;
        }
    }
    Ok(seg)
}

/// Whether `t` shows a face-up card not in `seen`.
fn shows_unseen(t: &Table, seen: &FxHashSet<Card>) -> bool {
    t.piles
        .iter()
        .filter(|p| p.active)
        .flat_map(|p| &p.cards)
        .any(|c| !c.is_face_down() && !seen.contains(c))
}

/// Whether `world` is won after `moves` (moves of another world that looks the same, played
/// as [`Game::same_move_in`] makes them): won there, or a win found with `cfg`. Also the
/// states the search expanded. A move that has no counterpart counts as a loss (never while
/// the moves depend only on cards in sight, as a segment's do); one the referee refuses is
/// an error.
fn won_after<G: Game + Referee>(
    game: &G,
    world: &Table,
    moves: &[G::Move],
    cfg: &SolveConfig,
) -> Result<(bool, u64), StudyError> {
    let mut t = world.clone();
    for mv in moves {
        let state = game.pack(&t)?;
        let Some(m) = game.same_move_in(&state, mv) else {
            return Ok((false, 0));
        };
        t = replay(game, &t, std::slice::from_ref(&m), |m| game.notation(m))?;
    }
    if game.referee_status(&t) == Status::Won {
        return Ok((true, 0));
    }
    let sol = solve_once(game, &t, cfg, DfsOrder::Guided)?;
    let won = matches!(sol.verdict, Verdict::Solved | Verdict::Won);
    Ok((won, sol.stats.expanded))
}

/// The places (pile, height) of the face-down cards of `t` not in `seen`.
pub(super) fn hidden_places(t: &Table, seen: &FxHashSet<Card>) -> Vec<(usize, usize)> {
    t.piles
        .iter()
        .enumerate()
        .filter(|(_, p)| p.active)
        .flat_map(|(i, p)| {
            p.cards
                .iter()
                .enumerate()
                .filter(|(_, c)| c.is_face_down() && !seen.contains(&c.face_up()))
                .map(move |(j, _)| (i, j))
        })
        .collect()
}

/// `t` with the cards at `places` dealt again into them at random.
pub(super) fn sample_world(
    t: &Table,
    places: &[(usize, usize)],
    rng: &mut crate::deals::Rng,
) -> Table {
    let mut cards: Vec<Card> = places.iter().map(|&(i, j)| t.piles[i].cards[j]).collect();
    for k in (1..cards.len()).rev() {
        cards.swap(k, rng.below(k as u64 + 1) as usize);
    }
    let mut world = t.clone();
    for (&(i, j), c) in places.iter().zip(cards) {
        world.piles[i].cards[j] = c;
    }
    world
}

/// Adds every face-up card of `t` to `seen`.
pub(super) fn learn(t: &Table, seen: &mut FxHashSet<Card>) {
    for p in t.piles.iter().filter(|p| p.active) {
        seen.extend(p.cards.iter().filter(|c| !c.is_face_down()).copied());
    }
}

/// Whether `a` and `b` look the same to a player: the same piles, the same face-up cards in
/// the same places, face-down cards where the other has face-down cards.
fn same_in_sight(a: &Table, b: &Table) -> bool {
    a.piles.len() == b.piles.len()
        && a.piles.iter().zip(&b.piles).all(|(p, q)| {
            p.cards.len() == q.cards.len()
                && p.cards.iter().zip(&q.cards).all(|(c, d)| {
                    c.is_face_down() == d.is_face_down() && (c.is_face_down() || c == d)
                })
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tableau::testing::game;
    use crate::study::Algorithm;
    use crate::verify::verify;
    use solvers::Space;

    fn cfg(nodes: u64) -> SolveConfig {
        let mut c = SolveConfig {
            algorithm: Algorithm::Portfolio,
            ..SolveConfig::default()
        };
        c.limits.max_nodes = Some(nodes);
        c
    }

    /// `stats klondike --fair --samples 10 --seed 1 --max-nodes 30000` wins deal 8 so.
    const PLAYER: FairPlayer = FairPlayer {
        samples: 10,
        seed: 1,
    };

    /// With every card in sight the only world is the real one: one decision, never a
    /// surprise, and the solver's win played through (FreeCell deal 1).
    #[test]
    fn with_nothing_hidden_the_fair_player_plays_the_solvers_win() {
        let g = game("freecell");
        let t = g.deal(1);
        let p = play_fair(&g, &t, &cfg(200_000), PLAYER, 1).expect("plays");
        assert_eq!(p.end, FairEnd::Won);
        assert_eq!(p.decisions, 1);
        verify(&g, &t, &p.moves, Status::Won, |m| g.notation(m)).expect("replays");
    }

    /// Klondike: a deal the fair player wins replays to a won layout from the deal (each
    /// turn of the stock names the real card, not the sampled world's), it took more than
    /// one decision (cards came up that the first world had wrong), and the same seed plays
    /// the same game; a deal proven unsolvable is never won.
    #[test]
    fn the_fair_player_wins_klondike_deals_it_can_and_never_a_lost_one() {
        let g = game("klondike");
        let t = g.deal(8);
        let seed = PLAYER.seed_for(8);
        let p = play_fair(&g, &t, &cfg(30_000), PLAYER, seed).expect("plays");
        assert_eq!(p.end, FairEnd::Won, "{} moves", p.moves.len());
        assert!(p.decisions > 1, "{}", p.decisions);
        verify(&g, &t, &p.moves, Status::Won, |m| g.notation(m)).expect("replays");
        assert_eq!(
            play_fair(&g, &t, &cfg(30_000), PLAYER, seed).expect("plays"),
            p
        );
        // Deal 3 is proven unsolvable (tests/data/presets/known.csv).
        let lost = play_fair(&g, &g.deal(3), &cfg(30_000), PLAYER, 3).expect("plays");
        assert!(matches!(lost.end, FairEnd::GaveUp { .. }), "{:?}", lost.end);
    }

    /// A segment ends with the first move that brings an unseen card into sight, and only
    /// there; a line's prefix played in its own world leaves it won, and a deal proven lost
    /// is never won after any move.
    #[test]
    fn segments_end_at_the_first_card_learned_and_are_scored_by_the_worlds_won_after_them() {
        let g = game("klondike");
        let t = g.deal(8);
        let mut seen = FxHashSet::default();
        learn(&t, &mut seen);
        let sol = solve_once(&g, &t, &cfg(200_000), DfsOrder::Guided).expect("solves");
        assert!(matches!(sol.verdict, Verdict::Solved), "{:?}", sol.verdict);
        let seg = segment(&g, &[&t], 0, &sol.moves, &seen).expect("replays");
        assert!(!seg.is_empty() && seg.len() < sol.moves.len(), "{seg:?}");
        let learned = |n: usize| {
            let after = replay(&g, &t, &sol.moves[..n], |m| g.notation(m)).expect("legal");
            let mut now = FxHashSet::default();
            learn(&after, &mut now);
            let unseen = now.iter().any(|c| !seen.contains(c));
            assert_eq!(shows_unseen(&after, &seen), unseen);
            unseen
        };
        assert!(learned(seg.len()));
        assert!(!learned(seg.len() - 1));
        let (won, _) = won_after(&g, &t, &sol.moves[..seg.len()], &cfg(200_000)).expect("plays");
        assert!(won);
        // Deal 3 is proven unsolvable (tests/data/presets/known.csv).
        let lost = g.deal(3);
        let state = g.pack(&lost).expect("state");
        let mut next = Vec::new();
        g.expand(&state, &mut next);
        let first = Game::write_out(&g, &state, vec![next[0].mv])[0];
        let (won, _) = won_after(&g, &lost, &[first], &cfg(200_000)).expect("plays");
        assert!(!won);
    }

    /// A turn of the stock in a sampled world names the world's card; on the real layout
    /// it is the real turn. Cards seen once stay known: after the whole stock has been
    /// turned, the 24 stock cards and the 7 face-up ones are seen.
    #[test]
    fn turns_name_the_real_card_and_seen_cards_are_remembered() {
        use crate::games::tableau::{Move, Place};
        let g = game("klondike");
        let mut t = g.deal(1);
        let mut seen = FxHashSet::default();
        learn(&t, &mut seen);
        assert_eq!(seen.len(), 7);
        let world_turn = Move::single(Place::Stock, Place::Waste, Card::from_index(0));
        for _ in 0..8 {
            let s = g.pack(&t).expect("state");
            let mv = g.same_move_in(&s, &world_turn).expect("a turn");
            assert_eq!((mv.from, mv.to, mv.count), (Place::Stock, Place::Waste, 3));
            t = replay(&g, &t, &[mv], |m| g.notation(m)).expect("legal");
            learn(&t, &mut seen);
        }
        assert_eq!(seen.len(), 7 + 24);
        // The stock is empty: no turn, but the waste goes back.
        let s = g.pack(&t).expect("state");
        assert_eq!(g.same_move_in(&s, &world_turn), None);
    }
}
