//! What the rules ask beyond the FreeCell family, worked out once from them ([`Features`]),
//! and the card capacity a preset needs ([`capacity`]).

#[cfg(doc)]
use super::rules::UNLIMITED;
use super::rules::{
    Build, Direction, FoundationBase, FoundationBuild, GroupMoves, OnBaseRank, Rules, StockRules,
    Takes, Won,
};
#[cfg(doc)]
use super::Tableau;
use crate::cards::Card;

/// What the rules ask beyond the FreeCell family, worked out once from them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Features {
    /// Foundation cards may come back to the tableau.
    pub(super) returns: bool,
    /// With returns: a foundation's first card stays.
    pub(super) base_stays: bool,
    /// The foundations' base rank is in the state (`State::base`): fixed by the first card
    /// sent home (a chosen base), or by the card dealt home (a first-dealt base).
    pub(super) chosen_base: bool,
    /// Cards per pile of the redeal (0: no redeal). The piles then keep their order.
    pub(super) redeal: u8,
    /// Redeals allowed ([`UNLIMITED`] for no limit).
    pub(super) redeals: u8,
    /// Piles the stock deals to (0: no stock to deal).
    pub(super) deal_to: u8,
    /// Reserve stacks the stock deals to, its last cards going into the cells
    /// (`StockRules::DealToReserve`; 0: it does not).
    pub(super) reserve_deal: u8,
    /// The stock may not be dealt while a pile is empty.
    pub(super) no_empty: bool,
    /// The stock waits while an empty pile could be filled (`DealToPiles::fill_first`).
    pub(super) fill_first: bool,
    /// Cards the stock turns onto the waste at a time (0: no waste).
    pub(super) draw: u8,
    /// Redeals of the waste allowed ([`UNLIMITED`] for no limit).
    pub(super) waste_redeals: u8,
    /// Two foundations a suit built card by card (two decks): `State::second` holds the
    /// lower one's height.
    pub(super) second: bool,
    /// What the foundations take.
    pub(super) takes: Takes,
    /// Won when every card lies in a complete run.
    pub(super) won_in_runs: bool,
    /// Only runs of one suit move as a group (the tableau may build on any suit).
    pub(super) suit_runs: bool,
    /// Any face-up group moves, its bottom card building on the destination.
    pub(super) face_up_groups: bool,
    /// Only one card or a pile's every face-up card moves (`GroupMoves::SingleOrAllFaceUp`).
    pub(super) all_face_up: bool,
    /// Only a whole pile moves onto another (`GroupMoves::WholePile`).
    pub(super) whole_pile: bool,
    /// The base is chosen among the reserve's free cards by the first move, before any
    /// other (`FoundationRules::from_reserve`).
    pub(super) base_from_reserve: bool,
    /// The waste's card fills an empty pile only once the reserve is empty
    /// (`TableauRules::waste_fills_last`).
    pub(super) waste_fills_last: bool,
    /// The foundations build in alternate colours whatever the suit (Zebra): their heights
    /// are kept by the colour of their Aces (`State::colour_heights`), not by suit.
    pub(super) colour_home: bool,
    /// A pile a move empties takes the waste's (else the stock's) top card at once
    /// (`TableauRules::fill_from_talon`).
    pub(super) talon_fills: bool,
    /// Cards are not all different (several decks, or fewer suits).
    pub(super) repeats: bool,
    /// Reserve stacks (0: no reserve). They lie in the state after the tableau piles, in
    /// order, followed by the cover's pile when `cover`.
    pub(super) reserve: u8,
    /// The reserve has a cover: the pile after its stacks, which blocks them all while it
    /// holds a card.
    pub(super) cover: bool,
    /// A reserve card may fill an empty tableau pile.
    pub(super) reserve_to_empty: bool,
    /// A tableau pile a move empties is filled at once from the reserve's one stack.
    pub(super) reserve_fills: bool,
    /// A movable run ends at a card of the base rank (`TableauRules::on_base_rank`).
    pub(super) base_ends_runs: bool,
    /// No card builds on a card of the base rank (`OnBaseRank::TakesNothing`).
    pub(super) base_takes_nothing: bool,
    /// Only the waste's top card fills an empty pile.
    pub(super) empty_from_waste: bool,
    /// Only a reserve stack's last card is free.
    pub(super) reserve_last_card: bool,
    /// The most cards a pile holds (0: no limit).
    pub(super) max_cards: u8,
    /// The cards of the one suit with a foundation (`FoundationRules::suit`), which play
    /// only there, as a bit set of identities like `fits`; 0 where every suit has one.
    pub(super) home_only: u64,
    /// Cards in the game.
    pub(super) cards: u8,
    /// [`Rules::builds_on`] as a table: bit `b` of `fits[c]` is set when card `c` may lie on
    /// card `b` (identities, face up).
    pub(super) fits: [u64; 52],
    /// `fits` for the bottom card of a group of two or more: of its own suit only under
    /// `groups_onto_suit` (Solvitaire's rule), else the same.
    pub(super) group_fits: [u64; 52],
    /// [`Tableau::continues_group`] as a table, like `fits`.
    pub(super) continues: [u64; 52],
    /// The cards of each pile's movable run above its lowest one are keyed as a set, not
    /// as they lie: positions that differ only in which of the run cards lies on which win
    /// or lose together (ARCHITECTURE.md, "Reductions": "Runs keyed as sets"). Only where
    /// its argument holds ([`keys_compactly`]); the key is then the compact one of
    /// [`COMPACT_KEY`](super::key::COMPACT_KEY) bytes (`Tableau::run_set_key`).
    pub(super) run_sets: bool,
    /// The key is the linked one ([`keys_linked`], `Tableau::linked_key`): what lies on
    /// each card, not the piles sorted. Not where runs are keyed as sets.
    pub(super) linked: bool,
    /// For each card, the height in each suit of the smallest foundation-shaped set that
    /// holds it and every card that may be built on one of its cards (the autoplay's `low`
    /// set, `Tableau::safe_home_returning`): worked out once, since it asks only the build.
    pub(super) hosts: [[u8; 4]; 52],
    /// The rules let `Tableau::card_never_home` look for cards that never go home
    /// (`dead_end::finds_dead_ends`).
    pub(super) dead_ends: bool,
    /// `Tableau::card_never_home` keeps its last verdicts: only where positions that
    /// differ off the piles alone are many (a stock turned to a waste). Elsewhere every
    /// expanded position has its own piles, and the look-up only misses the cache.
    pub(super) dead_end_memo: bool,
    /// The cards that may start an empty pile, by identity (`Rules::fills_empty`).
    pub(super) empty_takers: u64,
    /// Groups of cards move (else single cards only).
    pub(super) groups: bool,
    /// `fits` the other way round: bit `c` of `guests[b]` is set when card `c` may lie on
    /// card `b`.
    pub(super) guests: [u64; 52],
    /// This set of rules' own number in the process (from 1): kept results worked out
    /// under one set of rules are not read under another (`Tableau::card_never_home`).
    pub(super) id: u64,
}

/// The last `Features::id` given.
static LAST_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

impl Features {
    pub(super) fn of(r: &Rules) -> Features {
        let (redeal, redeals) = match r.stock {
            StockRules::Redeal { per_pile, redeals } => (per_pile, redeals),
            _ => (0, 0),
        };
        let (deal_to, no_empty, fill_first) = match r.stock {
            StockRules::DealToPiles {
                no_empty,
                piles,
                fill_first,
            } => (
                if piles == 0 { r.piles() as u8 } else { piles },
                no_empty,
                fill_first,
            ),
            _ => (0, false, false),
        };
        let (draw, waste_redeals) = match r.stock {
            StockRules::Waste { draw, redeals } => (draw, redeals),
            _ => (0, 0),
        };
        let deck = r.deck();
        let fits: [u64; 52] = std::array::from_fn(|c| {
            (0..52u8).fold(0u64, |m, b| {
                m | (u64::from(r.builds_on(Card::from_index(c as u8), Card::from_index(b))) << b)
            })
        });
        Features {
            hosts: std::array::from_fn(|c| {
                hosts_closure(r.tableau.build, Card::from_index(c as u8))
            }),
            run_sets: keys_compactly(r),
            linked: keys_linked(r),
            id: LAST_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1,
            dead_ends: super::dead_end::finds_dead_ends(r),
            dead_end_memo: matches!(r.stock, StockRules::Waste { .. }),
            empty_takers: super::dead_end::empty_takers(r),
            groups: r.tableau.moves != GroupMoves::Single,
            guests: std::array::from_fn(|b| (0..52).fold(0u64, |m, c| m | (fits[c] >> b & 1) << c)),
            returns: r.foundations.may_return,
            base_stays: r.foundations.base_stays,
            chosen_base: r.foundations.base != FoundationBase::Ace,
            redeal,
            redeals,
            deal_to,
            reserve_deal: if r.stock == StockRules::DealToReserve {
                r.reserve.piles.len() as u8
            } else {
                0
            },
            no_empty,
            fill_first,
            draw,
            waste_redeals,
            second: r.foundations.takes == Takes::Cards
                && r.decks == 2
                && r.foundations.build == FoundationBuild::Suit,
            colour_home: r.foundations.build == FoundationBuild::AlternateColor,
            talon_fills: r.tableau.fill_from_talon,
            takes: r.foundations.takes,
            won_in_runs: r.won == Won::AllInRuns,
            suit_runs: r.tableau.moves == GroupMoves::SuitSequences,
            face_up_groups: r.tableau.moves == GroupMoves::FaceUpGroups,
            all_face_up: r.tableau.moves == GroupMoves::SingleOrAllFaceUp,
            whole_pile: r.tableau.moves == GroupMoves::WholePile,
            base_from_reserve: r.foundations.from_reserve,
            waste_fills_last: r.tableau.waste_fills_last,
            repeats: deck.copies > 1,
            reserve: r.reserve.piles.len() as u8,
            cover: r.reserve.cover > 0,
            reserve_to_empty: r.reserve.to_empty,
            reserve_fills: r.reserve.fills_empty,
            empty_from_waste: r.tableau.empty_from_waste,
            base_ends_runs: r.tableau.on_base_rank != OnBaseRank::Builds,
            base_takes_nothing: r.tableau.on_base_rank == OnBaseRank::TakesNothing,
            reserve_last_card: r.reserve.last_card_plays,
            max_cards: r.tableau.max_cards,
            home_only: (0..52u8)
                .filter(|&c| r.plays_only_home(Card::from_index(c)))
                .fold(0, |m, c| m | 1 << c),
            cards: deck.len() as u8,
            fits,
            group_fits: std::array::from_fn(|c| {
                fits[c]
                    & if r.tableau.groups_onto_suit {
                        same_suit(c)
                    } else {
                        u64::MAX
                    }
            }),
            continues: std::array::from_fn(|c| {
                let suit_runs = r.tableau.moves == GroupMoves::SuitSequences;
                fits[c] & if suit_runs { same_suit(c) } else { u64::MAX }
            }),
        }
    }
}

/// Whether runs are keyed as sets (`Features::run_sets`), in keys of
/// [`COMPACT_KEY`](super::key::COMPACT_KEY) bytes, so that an engine with keys of that size
/// plays the preset ([`with_game!`](crate::with_game) picks one): the rules are those the
/// argument needs. One deck; building down without wrapping by suit, colour or not at all,
/// so that the cards one card may lie on are also the cards every card of its rank and kind
/// may lie on (the cards that fit together fall into blocks: every card of one side of a
/// block fits on every card of the other); any built run moving in part or whole, with no
/// limit; no cells, no reserve, a stock that only turns onto a waste (or none); face-down
/// cards only under face-up ones; foundations of one suit each from the Ace, taking single
/// cards, the game won with every card home; and no rule about piles' sizes, the base rank
/// or which cards fill an empty pile other than by the card itself. At most 10 piles, for
/// the compact key's bits.
pub fn keys_compactly(r: &Rules) -> bool {
    let t = &r.tableau;
    r.deck().copies == 1
        && r.piles() <= 10
        && matches!(
            t.build,
            Build::AlternateColor | Build::Suit | Build::AnySuit | Build::SameColor
        )
        && t.direction == Direction::Down
        && !t.wrap
        && t.moves == GroupMoves::AnySequence
        && !t.groups_onto_suit
        && t.face_down_rows.is_empty()
        && t.on_base_rank == OnBaseRank::Builds
        && t.max_cards == 0
        && !t.empty_from_waste
        && !t.waste_fills_last
        && !t.fill_from_talon
        && r.cells.count == 0
        && r.reserve.piles.is_empty()
        && matches!(r.stock, StockRules::None | StockRules::Waste { .. })
        && r.foundations.by_suit_from_ace()
        && r.won == Won::AllHome
}

/// Whether the key is the linked one (`Tableau::linked_key`, in
/// [`LINKED_KEY`](super::key::LINKED_KEY) bytes, so that an engine with keys of that size
/// plays the preset: [`with_game!`](crate::with_game) picks one): one deck, no stock, no
/// reserve, so that no rule tells the piles apart and the piles, the cells and the cards'
/// faces are the whole position (the foundations follow from them); and runs not keyed as
/// sets ([`keys_compactly`], whose key is shorter still).
pub fn keys_linked(r: &Rules) -> bool {
    r.deck().copies == 1
        && matches!(r.stock, StockRules::None)
        && r.reserve.piles.is_empty()
        && !keys_compactly(r)
}

/// The identities of the card with identity `c`'s suit, as a bit set like `Features::fits`.
fn same_suit(c: usize) -> u64 {
    0x1fffu64 << (c / 13 * 13)
}

/// The card capacity of the state a preset needs: 52, 104 or 156.
pub fn capacity(rules: &Rules) -> usize {
    match rules.deck().len() {
        0..=52 => 52,
        53..=104 => 104,
        _ => 156,
    }
}

/// The height in each suit of the smallest foundation-shaped set that holds `c` and every
/// card that may be built on one of its cards ([`Features::hosts`]): the closure under "may
/// be built on", suit by suit.
fn hosts_closure(build: Build, c: Card) -> [u8; 4] {
    use crate::cards::{Rank, Suit};
    let fits = |on: usize, base: usize| {
        build.suits_fit(
            Card::new(Suit::ALL[on], Rank::Ace),
            Card::new(Suit::ALL[base], Rank::Ace),
        )
    };
    let mut low = [0u8; 4];
    low[c.suit_unchecked().index()] = c.rank_unchecked().value();
    let mut changed = true;
    while changed {
        changed = false;
        for base in 0..4 {
            for on in 0..4 {
                if low[base] > 1 && fits(on, base) && low[on] < low[base] - 1 {
                    low[on] = low[base] - 1;
                    changed = true;
                }
            }
        }
    }
    low
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tableau::catalogue::presets;

    /// The presets whose runs are keyed as sets: Klondike's five, Gold Mine, Saratoga and
    /// Aunt Mary. Each rule that breaks the argument keeps the others out (Whitehead's suit
    /// runs, Thumb and Pouch's building, Yukon's groups, Westhaven's moves, the stocks dealt
    /// onto the piles, two decks, reserves, cells, a base rank).
    #[test]
    fn runs_are_keyed_as_sets_in_the_presets_the_argument_covers() {
        let mut ids: Vec<&str> = presets()
            .into_iter()
            .filter(|r| Features::of(r).run_sets)
            .map(|r| r.id.as_str())
            .collect();
        ids.sort_unstable();
        assert_eq!(
            ids,
            [
                "aunt-mary",
                "gold-mine",
                "klondike",
                "klondike-draw1",
                "klondike-draw1-1pass",
                "klondike-draw1-3passes",
                "klondike-draw3-3passes",
                "saratoga",
            ]
        );
    }
}
