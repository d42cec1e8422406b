//! The catalogue: the presets embedded in the binary and the rules registered at run time.

use super::rules::{Rules, RulesError};
use crate::games::GameId;
use std::sync::{Mutex, OnceLock};

/// The presets embedded in the binary, in catalogue order.
const PRESETS: &[&str] = &[
    include_str!("../presets/freecell.toml"),
    include_str!("../presets/freecell-0cells.toml"),
    include_str!("../presets/freecell-1cell.toml"),
    include_str!("../presets/freecell-2cells.toml"),
    include_str!("../presets/freecell-3cells.toml"),
    include_str!("../presets/freecell-4piles.toml"),
    include_str!("../presets/freecell-5piles.toml"),
    include_str!("../presets/freecell-6piles.toml"),
    include_str!("../presets/freecell-7piles.toml"),
    include_str!("../presets/freecell-8piles.toml"),
    include_str!("../presets/freecell-9piles.toml"),
    include_str!("../presets/freecell-10piles.toml"),
    include_str!("../presets/relaxed-freecell.toml"),
    include_str!("../presets/forecell.toml"),
    include_str!("../presets/bakers-game.toml"),
    include_str!("../presets/bakers-game-classic.toml"),
    include_str!("../presets/eight-off.toml"),
    include_str!("../presets/seahaven.toml"),
    include_str!("../presets/bakers-dozen-classic.toml"),
    include_str!("../presets/beleaguered-castle-classic.toml"),
    include_str!("../presets/streets-and-alleys-classic.toml"),
    include_str!("../presets/fortress.toml"),
    include_str!("../presets/king-albert-classic.toml"),
    include_str!("../presets/bakers-dozen.toml"),
    include_str!("../presets/beleaguered-castle.toml"),
    include_str!("../presets/streets-and-alleys.toml"),
    include_str!("../presets/chessboard.toml"),
    include_str!("../presets/cruel.toml"),
    include_str!("../presets/king-albert.toml"),
    include_str!("../presets/spider-1suit.toml"),
    include_str!("../presets/spider-2suits.toml"),
    include_str!("../presets/spider-4suits.toml"),
    include_str!("../presets/spider-3decks.toml"),
    include_str!("../presets/spiderette.toml"),
    include_str!("../presets/will-o-the-wisp.toml"),
    include_str!("../presets/scorpion.toml"),
    include_str!("../presets/simple-simon.toml"),
    include_str!("../presets/spiderette-solvitaire.toml"),
    include_str!("../presets/will-o-the-wisp-solvitaire.toml"),
    include_str!("../presets/simple-simon-solvitaire.toml"),
    include_str!("../presets/mogelpat-easy.toml"),
    include_str!("../presets/mogelpat-normal.toml"),
    include_str!("../presets/mogelpat-hard.toml"),
    include_str!("../presets/forty-thieves.toml"),
    include_str!("../presets/indian.toml"),
    include_str!("../presets/limited.toml"),
    include_str!("../presets/little-forty.toml"),
    include_str!("../presets/lucas.toml"),
    include_str!("../presets/maria.toml"),
    include_str!("../presets/number-ten.toml"),
    include_str!("../presets/rank-and-file.toml"),
    include_str!("../presets/streets.toml"),
    include_str!("../presets/backbone.toml"),
    include_str!("../presets/klondike.toml"),
    include_str!("../presets/klondike-draw1.toml"),
    include_str!("../presets/klondike-draw1-3passes.toml"),
    include_str!("../presets/klondike-draw1-1pass.toml"),
    include_str!("../presets/klondike-draw3-3passes.toml"),
    include_str!("../presets/gold-mine.toml"),
    include_str!("../presets/saratoga.toml"),
    include_str!("../presets/whitehead.toml"),
    include_str!("../presets/thumb-and-pouch.toml"),
    include_str!("../presets/yukon.toml"),
    include_str!("../presets/odessa.toml"),
    include_str!("../presets/aunt-mary.toml"),
    include_str!("../presets/canfield.toml"),
    include_str!("../presets/kansas.toml"),
    include_str!("../presets/eagle-wing.toml"),
    include_str!("../presets/westhaven.toml"),
    include_str!("../presets/athena.toml"),
    include_str!("../presets/easthaven.toml"),
    include_str!("../presets/ten-across.toml"),
    include_str!("../presets/agnes.toml"),
    include_str!("../presets/lady-jane.toml"),
    include_str!("../presets/diamond-mine.toml"),
    include_str!("../presets/glenwood.toml"),
    include_str!("../presets/zebra.toml"),
    include_str!("../presets/gypsy.toml"),
    include_str!("../presets/jumbo.toml"),
];

fn registry() -> &'static Mutex<Vec<&'static Rules>> {
    static REG: OnceLock<Mutex<Vec<&'static Rules>>> = OnceLock::new();
    REG.get_or_init(|| {
        let v = PRESETS
            .iter()
            .map(|t| {
                &*Box::leak(Box::new(
                    Rules::from_toml(t).unwrap_or_else(|e| panic!("embedded preset: {e}")),
                ))
            })
            .collect();
        Mutex::new(v)
    })
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
