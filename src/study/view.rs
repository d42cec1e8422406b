//! The viewer: one self-contained HTML page (SVG cards drawn by a small script, no network)
//! that shows a layout and steps through a line of moves.
//!
//! The frames are the reference piles after each move, as the referee plays it
//! ([`crate::verify::Referee`]), so the page shows what the verifier checked, not what a
//! move generator believes. The page keeps each pile's cards in a `data-cards` attribute (the
//! board file's card words, `#` before a face-down card), so tests read the layout off the
//! page's DOM.

use crate::piles::{Mode, Table};
use crate::verify::{replay_each, Referee, VerifyError};
use serde::Serialize;

/// A pile as the page draws it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ViewPile {
    /// The pile's label (its place on the table).
    pub label: String,
    /// Whether every card shows (a tableau column) or only the top one.
    pub spread: bool,
    /// The cards, bottom first, as board words (`JD`, `#JD` face down).
    pub cards: Vec<String>,
}

/// One move of the line: its notation and the piles it changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ViewStep {
    /// The move as the game writes it.
    pub notation: String,
    /// Every pile whose cards, mode or presence changed, as it is after the move; a pile
    /// that is no longer active has `None`.
    pub changed: Vec<(String, Option<ViewPile>)>,
    /// The table's counters (passes left and the like) after the move, one `name = value`
    /// each.
    pub counters: Vec<String>,
}

/// A layout and the line played from it, ready to draw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// The page's title.
    pub title: String,
    /// A line under the title (the verdict, the search).
    pub subtitle: String,
    /// The starting layout's active piles, in table order.
    pub start: Vec<ViewPile>,
    /// The starting counters.
    pub counters: Vec<String>,
    /// The moves.
    pub steps: Vec<ViewStep>,
    /// Whether face-down cards are drawn face up (marked as hidden) instead of as backs.
    pub reveal: bool,
}

fn piles(t: &Table) -> Vec<ViewPile> {
    t.piles
        .iter()
        .filter(|p| p.active)
        .map(|p| ViewPile {
            label: p.label.clone(),
            spread: p.mode == Mode::Spread,
            cards: p.cards.iter().map(|c| c.to_string()).collect(),
        })
        .collect()
}

fn counters(t: &Table) -> Vec<String> {
    t.counters
        .iter()
        .map(|(n, v)| format!("{n} = {v}"))
        .collect()
}

impl View {
    /// Replays `moves` from `start` on the reference piles and records every frame. Fails as
    /// the verifier does on a move the rules refuse.
    pub fn replay<R: Referee>(
        referee: &R,
        start: &Table,
        moves: &[R::Move],
        notation: impl Fn(&R::Move) -> String,
    ) -> Result<View, VerifyError> {
        let mut before = piles(start);
        let mut steps = Vec::with_capacity(moves.len());
        replay_each(referee, start, moves, &notation, |i, t| {
            let after = piles(t);
            let mut changed = Vec::new();
            for p in &after {
                if before.iter().find(|q| q.label == p.label) != Some(p) {
                    changed.push((p.label.clone(), Some(p.clone())));
                }
            }
            for q in &before {
                if !after.iter().any(|p| p.label == q.label) {
                    changed.push((q.label.clone(), None));
                }
            }
            steps.push(ViewStep {
                notation: notation(&moves[i]),
                changed,
                counters: counters(t),
            });
            before = after;
        })?;
        Ok(View {
            title: String::new(),
            subtitle: String::new(),
            start: piles(start),
            counters: counters(start),
            steps,
            reveal: false,
        })
    }

    /// The layout after `step` moves (0: the start), as the page computes it.
    pub fn layout_after(&self, step: usize) -> Vec<ViewPile> {
        let mut ps = self.start.clone();
        for s in &self.steps[..step.min(self.steps.len())] {
            for (label, p) in &s.changed {
                match (ps.iter().position(|q| &q.label == label), p) {
                    (Some(i), Some(p)) => ps[i] = p.clone(),
                    (Some(i), None) => {
                        ps.remove(i);
                    }
                    (None, Some(p)) => ps.push(p.clone()),
                    (None, None) => {}
                }
            }
        }
        ps
    }

    /// The self-contained HTML page.
    pub fn html(&self) -> String {
        // `</` never occurs inside the JSON (escaped), so the data cannot end the script.
        let data = serde_json::to_string(self)
            .expect("a view serializes")
            .replace("</", "<\\/");
        PAGE.replace("{{TITLE}}", &escape(&self.title))
            .replace("{{DATA}}", &data)
    }
}

/// Escapes text for HTML (this page's and the dataset report's).
pub(crate) fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The page: the data is inserted as JSON; the script draws the cards as SVG.
const PAGE: &str = include_str!("view.html");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::clock::Clock;
    use crate::games::Game;
    use crate::study::{play_through, Verdict};

    #[test]
    fn frames_follow_the_reference_piles() {
        let table = Clock.deal(1);
        let sol = play_through(&Clock, &table).unwrap();
        assert!(matches!(sol.verdict, Verdict::Won | Verdict::Lost));
        let view = View::replay(&Clock, &table, &sol.moves, |m| Clock.notation(m)).unwrap();
        assert_eq!(view.steps.len(), sol.moves.len());
        assert_eq!(view.layout_after(0), piles(&table));
        // Every frame equals the referee's table after as many moves.
        let mut t = table.clone();
        for (k, mv) in sol.moves.iter().enumerate() {
            Clock.referee_apply(&mut t, mv).unwrap();
            assert_eq!(view.layout_after(k + 1), piles(&t), "after move {}", k + 1);
            assert!(
                !view.steps[k].changed.is_empty(),
                "move {} changes a pile",
                k + 1
            );
        }
        let page = view.html();
        assert!(page.starts_with("<!DOCTYPE html>"));
        assert!(!page.contains("{{DATA}}") && !page.contains("{{TITLE}}"));
        for fetch in ["src=", "href=", "url(", "@import", "fetch("] {
            assert!(!page.contains(fetch), "the page loads nothing: {fetch}");
        }
    }

    #[test]
    fn data_cannot_close_the_script() {
        let v = View {
            title: "a </script> <b>".into(),
            subtitle: "</script>".into(),
            start: vec![],
            counters: vec![],
            steps: vec![],
            reveal: false,
        };
        let page = v.html();
        assert_eq!(
            page.matches("</script>").count(),
            PAGE.matches("</script>").count()
        );
        assert!(page.contains("<title>a &lt;/script&gt; &lt;b&gt;"));
    }
}
