//! Win rates with confidence intervals, and the summary of a batch of deals.

use super::dataset::Record;
use super::Verdict;
use serde::Serialize;
use std::collections::BTreeMap;

/// The 95% Wilson score interval for `wins` successes in `n` trials: (low, high).
/// For `n == 0` the interval is the whole (0, 1).
pub fn wilson(wins: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let (n, p) = (n as f64, wins as f64 / n as f64);
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// A win rate: wins among decided deals, with its 95% Wilson interval.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rate {
    /// Deals won (or proven winnable).
    pub wins: u64,
    /// Deals decided.
    pub decided: u64,
    /// wins / decided.
    pub rate: f64,
    /// Lower end of the 95% Wilson interval.
    pub low: f64,
    /// Upper end of the 95% Wilson interval.
    pub high: f64,
}

impl Rate {
    /// The rate of `wins` among `decided`.
    pub fn new(wins: u64, decided: u64) -> Rate {
        let (low, high) = wilson(wins, decided);
        Rate {
            wins,
            decided,
            rate: if decided == 0 {
                0.0
            } else {
                wins as f64 / decided as f64
            },
            low,
            high,
        }
    }
}

/// What a batch of deals adds up to.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Summary {
    /// Records counted.
    pub deals: u64,
    /// Count per verdict word.
    pub verdicts: BTreeMap<String, u64>,
    /// For games with passes: how many deals were won in each pass.
    pub wins_by_pass: BTreeMap<u8, u64>,
    /// For Montée-Descente: deals the seed's first-fit play wins, among decided ones.
    pub first_fit_wins: u64,
    /// Deals with a first-fit result.
    pub first_fit_played: u64,
    /// For games that count helper piles: wins using none (perfect games).
    pub perfect: u64,
    /// Wins whose fewest helper piles are proven.
    pub fewest_proven: u64,
    /// Wins counted with helper piles.
    pub helper_wins: u64,
    /// Sum of the line lengths of won deals.
    pub win_moves: u64,
    /// States expanded in all.
    pub states: u64,
    /// Time spent solving, in microseconds, summed over deals.
    pub micros: u64,
}

impl Summary {
    /// Counts one record.
    pub fn add(&mut self, r: &Record) {
        self.deals += 1;
        *self
            .verdicts
            .entry(r.outcome.word().to_string())
            .or_default() += 1;
        if r.outcome.is_win() {
            self.win_moves += u64::from(r.moves);
            if let Some(p) = r.pass {
                *self.wins_by_pass.entry(p).or_default() += 1;
            }
        }
        if let Some(h) = r.helper_piles {
            self.helper_wins += 1;
            self.perfect += u64::from(h == 0);
            self.fewest_proven += u64::from(r.fewest_proven == Some(true));
        }
        if let Some(ff) = r.first_fit {
            self.first_fit_played += 1;
            self.first_fit_wins += u64::from(ff);
        }
        self.states += r.states;
        self.micros += r.micros;
    }
    fn count(&self, v: Verdict) -> u64 {
        self.verdicts.get(v.word()).copied().unwrap_or(0)
    }
    /// Deals that can be won, among the decided ones.
    pub fn win_rate(&self) -> Rate {
        let wins = self.count(Verdict::Won) + self.count(Verdict::Solved);
        Rate::new(wins, self.deals - self.count(Verdict::Unknown))
    }
    /// Deals left undecided by a limit.
    pub fn unknown(&self) -> u64 {
        self.count(Verdict::Unknown)
    }
    /// The rate of perfect games (won with no helper pile) among decided deals, for games
    /// that count helper piles. A deal whose fewest is not proven counts as not perfect
    /// unless its line uses none, so the rate is a lower bound.
    pub fn perfect_rate(&self) -> Option<Rate> {
        (self.helper_wins > 0)
            .then(|| Rate::new(self.perfect, self.deals - self.count(Verdict::Unknown)))
    }
    /// The first-fit win rate, if any deal was played that way.
    pub fn first_fit_rate(&self) -> Option<Rate> {
        (self.first_fit_played > 0).then(|| Rate::new(self.first_fit_wins, self.first_fit_played))
    }
    /// A report for people.
    pub fn render(&self, game: &str) -> String {
        let pct = |x: f64| format!("{:.4}%", 100.0 * x);
        let r = self.win_rate();
        let mut s = format!("{game}: {} deals", self.deals);
        for (v, n) in &self.verdicts {
            s += &format!(", {n} {v}");
        }
        s += "\n";
        s += &format!(
            "win rate: {} ({} of {} decided), 95% Wilson interval [{}, {}]\n",
            pct(r.rate),
            r.wins,
            r.decided,
            pct(r.low),
            pct(r.high)
        );
        if let Some(p) = self.perfect_rate() {
            s += &format!(
                "perfect games (won with no helper pile): {} ({} of {} decided), 95% interval \
                 [{}, {}]; fewest helper piles proven for {} of {} wins\n",
                pct(p.rate),
                p.wins,
                p.decided,
                pct(p.low),
                pct(p.high),
                self.fewest_proven,
                self.helper_wins
            );
        }
        if let Some(ff) = self.first_fit_rate() {
            s += &format!(
                "first-fit play (the seed's way): {} ({} of {}), 95% interval [{}, {}]\n",
                pct(ff.rate),
                ff.wins,
                ff.decided,
                pct(ff.low),
                pct(ff.high)
            );
        }
        if !self.wins_by_pass.is_empty() {
            s += "wins by pass:\n";
            let most = self
                .wins_by_pass
                .values()
                .copied()
                .max()
                .unwrap_or(1)
                .max(1);
            // Every pass from the first to the last with a win, empty ones included.
            let last = self.wins_by_pass.keys().copied().max().unwrap_or(1);
            for p in 1..=last {
                let n = self.wins_by_pass.get(&p).copied().unwrap_or(0);
                let bar = "#".repeat(((n * 50).div_ceil(most)) as usize);
                s += format!("  pass {p}: {n:>9} {bar}").trim_end();
                s.push('\n');
            }
        }
        if r.wins > 0 {
            s += &format!(
                "mean winning line: {:.1} moves\n",
                self.win_moves as f64 / r.wins as f64
            );
        }
        s += &format!(
            "states expanded: {}, solving time summed over deals: {:.3} s\n",
            self.states,
            self.micros as f64 / 1e6
        );
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_reference_values() {
        // 50 of 1000: reference values computed independently (Python, same formula).
        let (lo, hi) = wilson(50, 1000);
        assert!((lo - 0.038_130).abs() < 1e-5, "{lo}");
        assert!((hi - 0.065_314).abs() < 1e-5, "{hi}");
        assert_eq!(wilson(0, 0), (0.0, 1.0));
        let (lo, hi) = wilson(0, 10);
        assert_eq!(lo, 0.0);
        assert!(hi > 0.25 && hi < 0.35);
        let (lo, hi) = wilson(10, 10);
        assert!(lo > 0.65 && (hi - 1.0).abs() < 1e-12);
    }

    #[test]
    fn pass_histogram_shows_empty_passes() {
        let mut sum = Summary::default();
        let rec = |deal, pass| Record {
            deal,
            outcome: Verdict::Won,
            moves: 100,
            states: 100,
            micros: 1,
            pass: Some(pass),
            first_fit: None,
            helper_piles: None,
            fewest_proven: None,
        };
        sum.add(&rec(1, 3));
        sum.add(&rec(2, 3));
        let text = sum.render("r7");
        assert!(text.contains("pass 1:         0"), "{text}");
        assert!(text.contains("pass 2:         0"), "{text}");
        assert!(text.contains("pass 3:         2"), "{text}");
        assert_eq!(sum.win_rate().wins, 2);
    }
}
