//! The checks behind the fuzz targets, shared with the test that replays the kept corpus
//! (`tests/it/fuzz_corpus.rs`). Each takes the fuzzer's bytes and panics only on a real
//! defect: a reader that panics, an error message that would not fit on the command line's
//! one error line, a board that does not read back as written, or the engine and the
//! referee disagreeing on a move or a position. Input the readers refuse is fine.

use patience::games::tableau::{self, fcs, Rules, Tableau};
use patience::games::{Game, GameId};
use patience::piles::Table;
use patience::verify::{Referee, Status};
use solvers::Successor;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// The tableau presets `board_text` packs each board for, beside every game with its own
/// rules (`GameId::ALL`, the registry): one of each capacity, with cells, with a stock, with
/// face-down cards, and with a reserve and a waste (Backbone).
const BOARD_PRESETS: &[&str] = &[
    "freecell",
    "spider-2suits",
    "spider-3decks",
    "scorpion",
    "backbone",
];

/// Steps of the engine-against-referee walk on the engine built from fuzzed rules: enough to
/// reach moves from cells, foundations and the stock, few enough to keep each input fast.
const RULES_WALK_STEPS: usize = 8;

/// The game named `id` (an id the catalogue has).
fn game(id: &str) -> GameId {
    id.parse()
        .unwrap_or_else(|e| panic!("fuzz checks name a game that does not exist: {e}"))
}

/// An error for the command line's one error line: it says something. (Messages may hold
/// the input's own newlines, a rules id written `"a\nb"` for one: the line replaces them.)
fn one_line(e: &dyn std::fmt::Display) {
    assert!(!e.to_string().trim().is_empty(), "an empty error message");
}

/// Engine and referee agree on `state`, the engine's packing of `table`: the game is won
/// for both or for neither, and every successor the engine generates (and its forced move)
/// is a move the referee accepts and leads to a layout that packs to the same key. The
/// successors are left in `buf`.
fn agree<G: Game + Referee>(
    g: &G,
    table: &Table,
    state: &G::State,
    buf: &mut Vec<Successor<G::Move, G::State>>,
) {
    let id = g.id();
    let won = g.referee_status(table) == Status::Won;
    assert_eq!(
        g.is_goal(state),
        won,
        "{id}: engine and referee disagree on whether this is won:\n{}",
        table.to_text()
    );
    buf.clear();
    g.expand(state, buf);
    let forced = g.forced(state);
    for succ in buf.iter().chain(forced.as_ref()) {
        let mut after = table.clone();
        // A card from deep in the talon is written out as the player's moves first.
        for mv in g.write_out(state, vec![succ.mv]) {
            if let Err(e) = g.referee_apply(&mut after, &mv) {
                panic!(
                    "{id}: the referee refuses the engine's move {}: {e}\non:\n{}",
                    g.notation(&succ.mv),
                    table.to_text()
                );
            }
        }
        let packed = g.pack(&after).unwrap_or_else(|e| {
            panic!(
                "{id}: after the engine's move {} the layout does not pack: {e}\nfrom:\n{}",
                g.notation(&succ.mv),
                table.to_text()
            )
        });
        assert!(
            same_position(g, &packed, &succ.state),
            "{id}: the engine's move {} leads elsewhere than the referee's\nfrom:\n{}",
            g.notation(&succ.mv),
            table.to_text()
        );
    }
}

/// Whether two engine states are the same position. The tableau engine's keys are
/// canonical (a position has one key, however it was reached); the other games' keys are
/// their whole state, which may keep stale bytes past a pile's end (Qll's stock after a
/// deal), so for them the same position means the same goal and the same moves.
fn same_position<G: Game>(g: &G, a: &G::State, b: &G::State) -> bool {
    if g.key(a) == g.key(b) {
        return true;
    }
    if matches!(g.id(), GameId::Tableau(_)) {
        return false;
    }
    let moves = |s: &G::State| {
        let mut out = Vec::new();
        g.expand(s, &mut out);
        out.iter().map(|m| g.notation(&m.mv)).collect::<Vec<_>>()
    };
    g.is_goal(a) == g.is_goal(b) && moves(a) == moves(b)
}

/// A board the game accepted: the engine and the referee agree on it.
fn packs_and_agrees<G: Game + Referee>(g: &G, table: &Table) {
    match g.pack(table) {
        Ok(state) => agree(g, table, &state, &mut Vec::new()),
        Err(e) => one_line(&e),
    }
}

/// Plays from `table` the engine's successors chosen by `choices` (each byte picks one,
/// modulo their number), at most `max_steps` of them, checking engine against referee at
/// each position on the way.
fn walk<G: Game + Referee>(g: &G, mut table: Table, choices: &[u8], max_steps: usize) {
    let mut state = g
        .pack(&table)
        .unwrap_or_else(|e| panic!("{}: a dealt layout does not pack: {e}", g.id()));
    let mut buf = Vec::new();
    for &b in choices.iter().take(max_steps) {
        agree(g, &table, &state, &mut buf);
        if buf.is_empty() {
            return;
        }
        let pick = &buf[usize::from(b) % buf.len()];
        for mv in g.write_out(&state, vec![pick.mv]) {
            g.referee_apply(&mut table, &mv).expect("accepted by agree");
        }
        state = pick.state.clone();
    }
    agree(g, &table, &state, &mut buf);
}

/// Our own board format (`--board FILE` for every game): [`Table::parse`], then the board
/// written back reads as the same table, then packed for several games (each may refuse
/// it), and where a game accepts it, engine and referee agree on every move from it.
pub fn board_text(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let table = match Table::parse(text) {
        Ok(t) => t,
        Err(e) => return one_line(&e),
    };
    let again = Table::parse(&table.to_text());
    assert!(
        again.as_ref() == Ok(&table),
        "the board does not read back as written: {again:?}\nwritten:\n{}",
        table.to_text()
    );
    for id in GameId::ALL
        .into_iter()
        .chain(BOARD_PRESETS.iter().map(|id| game(id)))
    {
        patience::with_game!(id, g => packs_and_agrees(g, &table));
    }
}

/// A board in fc-solve's format, as read for a game of the tableau engine: written back in
/// that format it reads as the same layout, and where the game packs it, engine and
/// referee agree on every move from it.
fn fcs_board<G: Game + Referee>(g: &G, read: Result<Table, patience::games::BoardError>) {
    let table = match read {
        Ok(t) => t,
        Err(e) => return one_line(&e),
    };
    if let Some(text) = g.foreign_board(&table) {
        let again = g.read_board(&text);
        assert!(
            again.as_ref().is_some_and(|r| r.as_ref() == Ok(&table)),
            "{}: the fc-solve board does not read back as written: {again:?}\nwritten:\n{text}",
            g.id()
        );
    }
    packs_and_agrees(g, &table);
}

/// The embedded presets of one deck, the only ones that read fc-solve's format, built once
/// (building a game works out its tables of which card fits on which).
fn one_deck_presets() -> &'static [Tableau] {
    static GAMES: OnceLock<Vec<Tableau>> = OnceLock::new();
    GAMES.get_or_init(|| {
        (0..tableau::embedded_count() as u16)
            .filter(|&i| tableau::capacity(tableau::preset(i)) == 52)
            .map(Tableau::<52, 80>::preset)
            .collect()
    })
}

/// fc-solve's and PySol's board text ([`fcs::parse`]): for FreeCell whatever the text looks
/// like, and for every embedded preset through [`Game::read_board`], as `--board` reads it.
pub fn fcs_text(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let games = one_deck_presets();
    let freecell = games
        .iter()
        .find(|g| g.id().to_string() == "freecell")
        .expect("freecell is an embedded preset");
    fcs_board(freecell, fcs::parse(freecell, text));
    for g in games {
        if let Some(read) = g.read_board(text) {
            fcs_board(g, read);
        }
    }
}

/// The catalogue entry of `rules`, registered once per distinct rules: the catalogue only
/// grows (presets live as long as the process), and a second registration of the same id
/// is refused, so each distinct rules get a fresh id of their own and are kept. Their PySol
/// name is dropped: nothing here deals PySol's deals, and the corpus test shares the
/// catalogue with tests that count the presets PySol numbers.
fn registered(mut rules: Rules) -> GameId {
    rules.pysol = None;
    static SEEN: Mutex<Option<HashMap<String, GameId>>> = Mutex::new(None);
    let mut seen = SEEN.lock().unwrap_or_else(|e| e.into_inner());
    let seen = seen.get_or_insert_with(HashMap::new);
    let mut play = rules.clone();
    play.id.clear();
    let n = seen.len();
    *seen.entry(format!("{play:?}")).or_insert_with(|| {
        let mut r = rules;
        r.id = format!("fuzz-rules-{n}");
        tableau::register(r).unwrap_or_else(|e| panic!("fresh rules refused: {e}"))
    })
}

/// A rules file (`--rules FILE`): [`Rules::from_toml`]; rules it accepts give an engine
/// that deals deal 1, packs it, and agrees with the referee on a few moves chosen by the
/// input's bytes.
pub fn rules_toml(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let rules = match Rules::from_toml(text) {
        Ok(r) => r,
        Err(e) => return one_line(&e),
    };
    let id = registered(rules);
    patience::with_game!(id, g => {
        g.check_deal(1).expect("deal 1 exists");
        walk(g, g.deal(1), data, RULES_WALK_STEPS);
    });
}

/// The engine against the referee on the embedded presets: the first byte picks the
/// preset, the next two the deal (1 to 65536), the fourth's low bit the numbering (ours or
/// PySolFC's, where the game has it), and each further byte the successor to play, at most
/// `max_steps` of them. At every position, every successor must be legal for the referee
/// and lead to the same position (see `agree`).
pub fn engine_vs_referee(data: &[u8], max_steps: usize) {
    let [p, d0, d1, numbering, choices @ ..] = data else {
        return;
    };
    let id = GameId::Tableau((usize::from(*p) % tableau::embedded_count()) as u16);
    let deal = u64::from(u16::from_le_bytes([*d0, *d1])) + 1;
    patience::with_game!(id, g => {
        let table = if numbering & 1 == 1 {
            match g.pysol_deal(deal) {
                Some(Ok(t)) => Some(t),
                Some(Err(e)) => {
                    one_line(&e);
                    None
                }
                None => None,
            }
        } else {
            g.check_deal(deal).ok().map(|()| g.deal(deal))
        };
        if let Some(table) = table {
            walk(g, table, choices, max_steps);
        }
    });
}

/// Klondike's fast path (`tableau::Lean`) against the engine it stands for, along a line of
/// the engine's successors from a deal of Klondike drawing three or one (the first byte's
/// low bit; the next two the deal), chosen by the input's bytes, at most `max_steps` of
/// them: every position fits the fast path and comes back as the same state, and both give
/// the same key, the same successors in the same order (moves, positions and keys) and the
/// same forced move. A search over the fast path is then the engine's.
pub fn lean_vs_engine(data: &[u8], max_steps: usize) {
    use solvers::Space;
    let [which, d0, d1, choices @ ..] = data else {
        return;
    };
    let id = if which & 1 == 0 {
        "klondike"
    } else {
        "klondike-draw1"
    };
    let GameId::Tableau(i) = game(id) else {
        panic!("{id} is a preset of the tableau engine");
    };
    let g = Tableau::<52, { tableau::COMPACT_KEY }>::preset(i);
    let lean = g.lean().expect("Klondike's rules take the fast path");
    let deal = u64::from(u16::from_le_bytes([*d0, *d1])) + 1;
    let mut s = g.pack(&g.deal(deal)).expect("a dealt layout packs");
    let (mut ours, mut fast) = (Vec::new(), Vec::new());
    let steps = choices.len().min(max_steps);
    for step in 0..=steps {
        let at = format!("{id} deal {deal}, step {step}");
        let t = lean
            .lean_state(&s)
            .unwrap_or_else(|| panic!("{at}: the position does not fit the fast path"));
        assert!(lean.state(&t) == s, "{at}: the state does not come back");
        let key = Space::key(&g, &s);
        assert!(Space::key(&lean, &t) == key, "{at}: the keys differ");
        let forced = Space::forced(&g, &s);
        let lean_forced = Space::forced(&lean, &t);
        assert_eq!(
            forced.as_ref().map(|f| f.mv),
            lean_forced.as_ref().map(|f| f.mv),
            "{at}: the forced moves differ"
        );
        if let (Some(a), Some(b)) = (&forced, &lean_forced) {
            assert!(
                lean.state(&b.state) == a.state,
                "{at}: after the forced move"
            );
        }
        ours.clear();
        fast.clear();
        Space::expand(&g, &s, &mut ours);
        Space::expand(&lean, &t, &mut fast);
        fn moves<S>(v: &[Successor<tableau::Move, S>]) -> Vec<tableau::Move> {
            v.iter().map(|x| x.mv).collect()
        }
        assert_eq!(moves(&ours), moves(&fast), "{at}: the moves differ");
        for (a, b) in ours.iter().zip(&fast) {
            assert!(lean.state(&b.state) == a.state, "{at}: after {:?}", a.mv);
            assert!(
                Space::key(&lean, &b.state) == Space::key(&g, &a.state),
                "{at}: the keys after {:?} differ",
                a.mv
            );
        }
        if step == steps {
            return;
        }
        s = match forced {
            Some(f) => f.state,
            None if ours.is_empty() => return,
            None => ours[usize::from(choices[step]) % ours.len()].state,
        };
    }
}
