//! `patience games` and `patience play`.

use anyhow::Result;
use patience::cards::CardStyle;
use patience::games::{Game, GameId};
use patience::study::{only_move, play_line};
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

pub(super) fn play(g: GameId, deal: u64, trace: bool, unicode: bool) -> Result<()> {
    patience::with_game!(g, x => play_game(x, deal, trace, unicode))
}

fn play_game<G: Game + Referee>(g: &G, deal: u64, trace: bool, unicode: bool) -> Result<()> {
    let table = g.deal(deal);
    let state = g.pack(&table)?;
    let deterministic = g.id().info().deterministic;
    let (moves, end) = if deterministic {
        play_line(g, state, only_move)?
    } else {
        play_line(g, state, |g, s, _| Ok(g.first_fit(s)))?
    };
    let won = g.is_goal(&end);
    // The line is replayed on the reference piles, which also draw the trace.
    let expected = if won { Status::Won } else { Status::Lost };
    patience::verify::verify(g, &table, &moves, expected, |m| g.notation(m))?;
    let how = if deterministic {
        "the only way (no choices)"
    } else {
        "the seed's first-fit way"
    };
    println!("{} deal {deal}, played {how}", g.id());
    if trace {
        let style = CardStyle {
            unicode,
            ..CardStyle::default()
        };
        println!("\nstart:\n{}", table.render(style));
        let mut t = table.clone();
        for (i, m) in moves.iter().enumerate() {
            t = replay(g, &t, std::slice::from_ref(m), |m| g.notation(m))?;
            println!("move {}: {}\n{}", i + 1, g.notation(m), t.render(style));
        }
    }
    let pass = if won {
        g.pass_of_win(&table, &moves)
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
            "(first-fit play only; `patience solve {} --deal {deal}` decides the deal)",
            g.id()
        );
    }
    Ok(())
}
