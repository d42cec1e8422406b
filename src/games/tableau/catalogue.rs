//! The catalogue: the presets embedded in the binary and the rules registered at run time.

use super::rules::{Rules, RulesError};
use crate::games::{Family as F, GameId};
use std::sync::{Mutex, OnceLock};

/// The presets embedded in the binary, in catalogue order, each with its family.
const PRESETS: &[(F, &str)] = &[
    (F::FreeCell, include_str!("../presets/freecell.toml")),
    (F::FreeCell, include_str!("../presets/freecell-0cells.toml")),
    (F::FreeCell, include_str!("../presets/freecell-1cell.toml")),
    (F::FreeCell, include_str!("../presets/freecell-2cells.toml")),
    (F::FreeCell, include_str!("../presets/freecell-3cells.toml")),
    (F::FreeCell, include_str!("../presets/freecell-4piles.toml")),
    (F::FreeCell, include_str!("../presets/freecell-5piles.toml")),
    (F::FreeCell, include_str!("../presets/freecell-6piles.toml")),
    (F::FreeCell, include_str!("../presets/freecell-7piles.toml")),
    (F::FreeCell, include_str!("../presets/freecell-8piles.toml")),
    (F::FreeCell, include_str!("../presets/freecell-9piles.toml")),
    (
        F::FreeCell,
        include_str!("../presets/freecell-10piles.toml"),
    ),
    (
        F::FreeCell,
        include_str!("../presets/relaxed-freecell.toml"),
    ),
    (F::FreeCell, include_str!("../presets/forecell.toml")),
    (F::FreeCell, include_str!("../presets/bakers-game.toml")),
    (
        F::FreeCell,
        include_str!("../presets/bakers-game-classic.toml"),
    ),
    (F::FreeCell, include_str!("../presets/eight-off.toml")),
    (F::FreeCell, include_str!("../presets/seahaven.toml")),
    (
        F::FreeCell,
        include_str!("../presets/bakers-dozen-classic.toml"),
    ),
    (
        F::FreeCell,
        include_str!("../presets/beleaguered-castle-classic.toml"),
    ),
    (
        F::FreeCell,
        include_str!("../presets/streets-and-alleys-classic.toml"),
    ),
    (F::FreeCell, include_str!("../presets/fortress.toml")),
    (
        F::FreeCell,
        include_str!("../presets/king-albert-classic.toml"),
    ),
    (F::FreeCell, include_str!("../presets/bakers-dozen.toml")),
    (
        F::FreeCell,
        include_str!("../presets/beleaguered-castle.toml"),
    ),
    (
        F::FreeCell,
        include_str!("../presets/streets-and-alleys.toml"),
    ),
    (F::FreeCell, include_str!("../presets/chessboard.toml")),
    (F::FreeCell, include_str!("../presets/cruel.toml")),
    (F::FreeCell, include_str!("../presets/king-albert.toml")),
    (F::Spider, include_str!("../presets/spider-1suit.toml")),
    (F::Spider, include_str!("../presets/spider-2suits.toml")),
    (F::Spider, include_str!("../presets/spider-4suits.toml")),
    (F::Spider, include_str!("../presets/spider-3decks.toml")),
    (F::Spider, include_str!("../presets/spiderette.toml")),
    (F::Spider, include_str!("../presets/will-o-the-wisp.toml")),
    (F::Spider, include_str!("../presets/scorpion.toml")),
    (F::Spider, include_str!("../presets/simple-simon.toml")),
    (
        F::Spider,
        include_str!("../presets/spiderette-solvitaire.toml"),
    ),
    (
        F::Spider,
        include_str!("../presets/will-o-the-wisp-solvitaire.toml"),
    ),
    (
        F::Spider,
        include_str!("../presets/simple-simon-solvitaire.toml"),
    ),
    (F::Spider, include_str!("../presets/mogelpat-easy.toml")),
    (F::Spider, include_str!("../presets/mogelpat-normal.toml")),
    (F::Spider, include_str!("../presets/mogelpat-hard.toml")),
    (
        F::FortyThieves,
        include_str!("../presets/forty-thieves.toml"),
    ),
    (F::FortyThieves, include_str!("../presets/indian.toml")),
    (F::FortyThieves, include_str!("../presets/limited.toml")),
    (
        F::FortyThieves,
        include_str!("../presets/little-forty.toml"),
    ),
    (F::FortyThieves, include_str!("../presets/lucas.toml")),
    (F::FortyThieves, include_str!("../presets/maria.toml")),
    (F::FortyThieves, include_str!("../presets/number-ten.toml")),
    (
        F::FortyThieves,
        include_str!("../presets/rank-and-file.toml"),
    ),
    (F::FortyThieves, include_str!("../presets/streets.toml")),
    (F::FortyThieves, include_str!("../presets/backbone.toml")),
    (F::Klondike, include_str!("../presets/klondike.toml")),
    (F::Klondike, include_str!("../presets/klondike-draw1.toml")),
    (
        F::Klondike,
        include_str!("../presets/klondike-draw1-3passes.toml"),
    ),
    (
        F::Klondike,
        include_str!("../presets/klondike-draw1-1pass.toml"),
    ),
    (
        F::Klondike,
        include_str!("../presets/klondike-draw3-3passes.toml"),
    ),
    (F::Klondike, include_str!("../presets/gold-mine.toml")),
    (F::Klondike, include_str!("../presets/saratoga.toml")),
    (F::Klondike, include_str!("../presets/whitehead.toml")),
    (F::Klondike, include_str!("../presets/thumb-and-pouch.toml")),
    (F::Klondike, include_str!("../presets/yukon.toml")),
    (F::Klondike, include_str!("../presets/odessa.toml")),
    (F::Klondike, include_str!("../presets/aunt-mary.toml")),
    (F::Klondike, include_str!("../presets/canfield.toml")),
    (F::Klondike, include_str!("../presets/kansas.toml")),
    (F::Klondike, include_str!("../presets/eagle-wing.toml")),
    (F::Klondike, include_str!("../presets/westhaven.toml")),
    (F::Klondike, include_str!("../presets/athena.toml")),
    (F::Klondike, include_str!("../presets/easthaven.toml")),
    (F::Klondike, include_str!("../presets/ten-across.toml")),
    (F::Klondike, include_str!("../presets/agnes.toml")),
    (F::Klondike, include_str!("../presets/lady-jane.toml")),
    (F::Klondike, include_str!("../presets/diamond-mine.toml")),
    (F::Klondike, include_str!("../presets/glenwood.toml")),
    (F::Klondike, include_str!("../presets/zebra.toml")),
    (F::Klondike, include_str!("../presets/gypsy.toml")),
    (F::Klondike, include_str!("../presets/jumbo.toml")),
];

fn registry() -> &'static Mutex<Vec<&'static Rules>> {
    static REG: OnceLock<Mutex<Vec<&'static Rules>>> = OnceLock::new();
    REG.get_or_init(|| {
        let v = PRESETS
            .iter()
            .map(|(_, t)| {
                &*Box::leak(Box::new(
                    Rules::from_toml(t).unwrap_or_else(|e| panic!("embedded preset: {e}")),
                ))
            })
            .collect();
        Mutex::new(v)
    })
}

/// The family of preset `index`: an embedded preset's from the list of embedded presets,
/// [`Family::Loaded`](F::Loaded) for rules loaded with [`register`].
pub fn family(index: u16) -> F {
    PRESETS.get(usize::from(index)).map_or(F::Loaded, |p| p.0)
}

/// The embedded presets and those loaded with [`register`].
pub fn presets() -> Vec<&'static Rules> {
    registry().lock().expect("registry lock").clone()
}

/// The number of embedded presets.
pub fn embedded_count() -> usize {
    PRESETS.len()
}

/// Adds a user's rules (`--rules FILE`) to the catalogue and returns its id. A preset with
/// the same id as an existing game is refused.
pub fn register(rules: Rules) -> Result<GameId, RulesError> {
    if rules.id.parse::<GameId>().is_ok() {
        return Err(RulesError::Invalid {
            id: rules.id.clone(),
            why: "a game with this id exists already".into(),
        });
    }
    let mut reg = registry().lock().expect("registry lock");
    reg.push(Box::leak(Box::new(rules)));
    Ok(GameId::Tableau((reg.len() - 1) as u16))
}

/// The rules of preset `index`.
pub fn preset(index: u16) -> &'static Rules {
    registry().lock().expect("registry lock")[index as usize]
}
