//! A plain search over the referee's own layouts: every move the reference piles accept,
//! tried from every place to every place with every count, and no pruning. It shares
//! nothing with the tableau engine's move generators but the move type, so tests use it to
//! confirm the engine's proofs of small losses.

use patience::cards::Card;
use patience::games::tableau::{
    cell_label, pile_label, reserve_label, GroupMoves, Move, Place, Tableau, COVER, HOMES,
};
use patience::piles::Table;
use patience::verify::{Referee, Status};
use std::collections::{HashSet, VecDeque};

/// Every move the referee accepts in `t`, tried from every place (tableau piles, cells,
/// reserve piles, foundations, waste) to every place with every count the rules might allow,
/// the redeal and the stock's deal.
pub fn referee_moves<const N: usize, const K: usize>(g: &Tableau<N, K>, t: &Table) -> Vec<Table> {
    let r = g.rules;
    let mut places: Vec<(Place, String)> = (0..r.piles())
        .map(|p| (Place::Pile(p as u8), pile_label(p)))
        .collect();
    places.extend((0..r.cells.count as usize).map(|c| (Place::Cell(c as u8), cell_label(c))));
    // The reserve's stacks, then the pile across them: sources, and destinations the
    // referee must refuse.
    let stacks = r.reserve.piles.len();
    places.extend((0..stacks).map(|i| (Place::Reserve(i as u8), reserve_label(i))));
    if r.reserve.cover > 0 {
        places.push((Place::Reserve(stacks as u8), COVER.to_string()));
    }
    // Every foundation as a source; as a destination, the card names its own.
    let targets: Vec<Place> = places.iter().map(|p| p.0).chain([Place::Home]).collect();
    places.extend(HOMES.iter().map(|h| (Place::Home, h.to_string())));
    // With two decks, the second foundations' top cards too (absent in one-deck games).
    places.extend(HOMES.iter().map(|h| (Place::Home, format!("{h}2"))));
    places.push((Place::Waste, "waste".to_string()));
    let single = r.tableau.moves == GroupMoves::Single;
    let mut out = Vec::new();
    let mut try_move = |mv: Move| {
        let mut after = t.clone();
        if g.referee_apply(&mut after, &mv).is_ok() {
            out.push(after);
        }
    };
    for (from, label) in &places {
        // A game of fewer suits has fewer foundations.
        let Some(id) = t.find(label) else {
            continue;
        };
        let cards = &t.piles[id].cards;
        // Single cards between piles, but a complete run goes home whole (13 cards) in games
        // whose foundations take runs, whatever moves between piles.
        let most = if single {
            cards.len().min(1)
        } else {
            cards.len()
        };
        let run_home = (single && cards.len() >= 13).then_some(13);
        for count in (1..=most).chain(run_home) {
            let card = cards[cards.len() - count];
            for to in &targets {
                try_move(Move {
                    from: *from,
                    to: *to,
                    count: count as u8,
                    card,
                });
            }
        }
    }
    let piles: Vec<&Vec<Card>> = (0..r.piles())
        .map(|p| &t.piles[t.find(&pile_label(p)).unwrap()].cards)
        .collect();
    let total: usize = piles.iter().map(|p| p.len()).sum();
    if let Some(first) = piles.iter().find_map(|p| p.first()) {
        try_move(Move::redeal(total as u8, *first));
    }
    // A deal from the stock, of every count up to one card a pile, naming either end of the
    // stock as the card dealt first (the referee checks which it is).
    if let Some(stock) = t.find("stock") {
        let cards = &t.piles[stock].cards;
        for end in [cards.first(), cards.last()].into_iter().flatten() {
            for count in 1..=r.piles() {
                try_move(Move::deal(count as u8, end.face_up()));
                try_move(Move::deal(count as u8, *end));
            }
        }
    }
    // A turn of the stock onto the waste, of every count up to the game's, naming every
    // card it might end with; the waste turned back, named by either end.
    if let (Some(stock), Some(waste)) = (t.find("stock"), t.find("waste")) {
        let cards = &t.piles[stock].cards;
        for count in 1..=cards.len().min(3) {
            let card = cards[cards.len() - count].face_up();
            try_move(Move {
                from: Place::Stock,
                to: Place::Waste,
                count: count as u8,
                card,
            });
        }
        let w = &t.piles[waste].cards;
        for end in [w.first(), w.last()].into_iter().flatten() {
            try_move(Move {
                from: Place::Waste,
                to: Place::Stock,
                count: w.len() as u8,
                card: *end,
            });
        }
    }
    out
}

/// A layout's identity for the plain search ([`layout_key`]).
pub type LayoutKey = (Vec<Vec<Card>>, Vec<(String, u32)>);

/// The layout as the search below remembers it: every pile's cards as they lie, the
/// tableau piles in their order (found by their labels), then every other pile, and the
/// counters (the redeals used: two layouts that differ only there are two). Nothing is
/// canonicalised: two layouts that differ only in which pile holds what are two layouts
/// here, whatever the engine's key makes of them, so that the oracle never shares the
/// engine's arguments for treating piles or cells as interchangeable.
pub fn layout_key<const N: usize, const K: usize>(g: &Tableau<N, K>, t: &Table) -> LayoutKey {
    let tableau: Vec<usize> = (0..g.rules.piles())
        .map(|p| t.find(&pile_label(p)).expect("tableau pile"))
        .collect();
    let mut piles: Vec<Vec<Card>> = tableau.iter().map(|&i| t.piles[i].cards.clone()).collect();
    piles.extend(
        (0..t.piles.len())
            .filter(|i| !tableau.contains(i))
            .map(|i| t.piles[i].cards.clone()),
    );
    (piles, t.counters.clone())
}

/// Whether the referee's layouts reach a win from `t`, by breadth-first search over whole
/// layouts (no pruning). None past `limit` layouts.
pub fn referee_solvable<const N: usize, const K: usize>(
    g: &Tableau<N, K>,
    t: &Table,
    limit: usize,
) -> Option<bool> {
    let mut seen = HashSet::from([layout_key(g, t)]);
    let mut queue = VecDeque::from([t.clone()]);
    while let Some(t) = queue.pop_front() {
        if g.referee_status(&t) == Status::Won {
            return Some(true);
        }
        for next in referee_moves(g, &t) {
            if seen.insert(layout_key(g, &next)) {
                if seen.len() > limit {
                    return None;
                }
                queue.push_back(next);
            }
        }
    }
    Some(false)
}

/// The referee's layouts reachable from `start` by the moves `candidates` lists that the
/// referee accepts, each kept exactly as it lies (two layouts are one when `text` writes them
/// alike), at most `cap` of them (None beyond), each with whether a won layout is reachable
/// from it. Moves may come back to a layout, so wins are found backwards from the won
/// layouts. Any game's plain search: it prunes and canonicalises nothing.
pub fn referee_layouts<R: Referee>(
    g: &R,
    start: &Table,
    candidates: impl Fn(&Table) -> Vec<R::Move>,
    text: impl Fn(&Table) -> String,
    cap: usize,
) -> Option<Vec<(Table, bool)>> {
    let mut index = std::collections::HashMap::from([(text(start), 0usize)]);
    let mut layouts = vec![start.clone()];
    let mut back: Vec<Vec<usize>> = vec![vec![]];
    let mut i = 0;
    while i < layouts.len() {
        if layouts.len() > cap {
            return None;
        }
        let t = layouts[i].clone();
        for mv in candidates(&t) {
            let mut after = t.clone();
            if g.referee_apply(&mut after, &mv).is_ok() {
                let n = layouts.len();
                let j = *index.entry(text(&after)).or_insert(n);
                if j == n {
                    layouts.push(after);
                    back.push(vec![]);
                }
                back[j].push(i);
            }
        }
        i += 1;
    }
    let mut win = vec![false; layouts.len()];
    let mut todo: VecDeque<usize> = (0..layouts.len())
        .filter(|&i| g.referee_status(&layouts[i]) == Status::Won)
        .collect();
    for &i in &todo {
        win[i] = true;
    }
    while let Some(j) = todo.pop_front() {
        for &i in &back[j] {
            if !win[i] {
                win[i] = true;
                todo.push_back(i);
            }
        }
    }
    Some(layouts.into_iter().zip(win).collect())
}

/// The engine's side of the comparisons with [`referee_layouts`]: the keys of every state
/// `expand` reaches from `start` (breadth first, no limit), `expand` being the engine's
/// `Space::expand` or a wider move set (every legal move, no dead-end cut).
pub fn engine_keys<S: solvers::Space>(
    space: &S,
    start: S::State,
    mut expand: impl FnMut(&S::State, &mut Vec<solvers::Successor<S::Move, S::State>>),
) -> HashSet<S::Key> {
    let mut keys = HashSet::from([space.key(&start)]);
    let mut queue = VecDeque::from([start]);
    let mut succ = Vec::new();
    while let Some(s) = queue.pop_front() {
        succ.clear();
        expand(&s, &mut succ);
        for x in succ.drain(..) {
            if keys.insert(space.key(&x.state)) {
                queue.push_back(x.state);
            }
        }
    }
    keys
}

/// The verdict check of the plain-search comparisons: the engine decided the position, and
/// as the referee's search did (`winnable`). None when they agree, else the failure's text.
pub fn verdict_disagreement(verdict: &patience::study::Verdict, winnable: bool) -> Option<String> {
    use patience::study::Verdict;
    let decided = matches!(verdict, Verdict::Solved | Verdict::Unsolvable);
    (!decided || verdict.is_win() != winnable)
        .then(|| format!("engine {verdict:?}, referee {winnable}"))
}

/// What a fixed-seed plain-search comparison asserts: no disagreement, and each game met both
/// verdicts more than five times (`(game, wins, losses)`), so neither side went untested.
pub fn assert_round_passed(
    failures: &[String],
    games: impl IntoIterator<Item = (String, usize, usize)>,
) {
    assert_round_passed_with_more_than(failures, games, 5);
}

/// [`assert_round_passed`] with more than `least` wins and losses per game (a slice of a
/// round has fewer positions).
pub fn assert_round_passed_with_more_than(
    failures: &[String],
    games: impl IntoIterator<Item = (String, usize, usize)>,
    least: usize,
) {
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    for (game, wins, losses) in games {
        assert!(
            wins > least && losses > least,
            "{game}: {wins} wins, {losses} losses"
        );
    }
}
