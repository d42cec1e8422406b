//! A dataset's HTML report: one self-contained page (inline SVG, no script, no network) with
//! the win rate and its 95% Wilson interval, the bounds with the unknown deals counted both
//! ways, and histograms of the solving effort and of the winning lines' lengths.

use super::batch::summarize;
use super::dataset::{Contents, Record};
use super::stats::wilson;
use super::view::escape;
use super::Verdict;
use std::fmt::Write as _;

/// The verdict groups the histograms stack, with their colours.
const GROUPS: [(&str, &str); 3] = [("won", "#2e8b57"), ("lost", "#c0392b"), ("unknown", "#999")];

fn group(v: Verdict) -> usize {
    match v {
        Verdict::Won | Verdict::Solved => 0,
        Verdict::Lost | Verdict::Unsolvable => 1,
        Verdict::Unknown => 2,
    }
}

fn pct(x: f64) -> String {
    format!("{:.2}%", 100.0 * x)
}

/// A histogram: `buckets` labels, and per bucket a count per verdict group.
struct Histogram {
    title: String,
    id: &'static str,
    labels: Vec<String>,
    counts: Vec<[u64; 3]>,
}

impl Histogram {
    /// Counts `records` by the bucket `bucket` gives each (none: left out), stacked by
    /// verdict group.
    fn of(
        title: &str,
        id: &'static str,
        labels: Vec<String>,
        records: &[Record],
        bucket: impl Fn(&Record) -> Option<usize>,
    ) -> Histogram {
        let mut counts = vec![[0u64; 3]; labels.len()];
        for r in records {
            if let Some(b) = bucket(r) {
                counts[b][group(r.outcome)] += 1;
            }
        }
        Histogram {
            title: title.to_string(),
            id,
            labels,
            counts,
        }
    }

    /// Buckets by powers of ten of `value` (0 in the first): 0, 1–9, 10–99, ...
    fn decades(
        title: &str,
        id: &'static str,
        records: &[Record],
        value: impl Fn(&Record) -> u64,
    ) -> Histogram {
        let decade = |v: u64| if v == 0 { 0 } else { v.ilog10() as usize + 1 };
        let n = decade(records.iter().map(&value).max().unwrap_or(0)) + 1;
        let labels = (0..n)
            .map(|b| match b {
                0 => "0".to_string(),
                1 => "1–9".to_string(),
                _ => format!("1e{}–", b - 1),
            })
            .collect();
        Histogram::of(title, id, labels, records, |r| Some(decade(value(r))))
    }

    /// Twenty equal buckets of `value` over the records `pick` keeps.
    fn linear(
        title: &str,
        id: &'static str,
        records: &[Record],
        pick: impl Fn(&Record) -> bool,
        value: impl Fn(&Record) -> u64,
    ) -> Histogram {
        let kept = || records.iter().filter(|r| pick(r)).map(&value);
        let lo = kept().min().unwrap_or(0);
        let hi = kept().max().unwrap_or(0);
        let width = (hi - lo) / 20 + 1;
        let n = (hi - lo) / width + 1;
        let labels = (0..n)
            .map(|b| format!("{}–{}", lo + b * width, lo + (b + 1) * width - 1))
            .collect();
        Histogram::of(title, id, labels, records, |r| {
            pick(r).then(|| ((value(r) - lo) / width) as usize)
        })
    }

    fn svg(&self, out: &mut String) {
        let (bar, gap, h, left, bottom) = (36.0, 6.0, 180.0, 50.0, 46.0);
        let max = self
            .counts
            .iter()
            .map(|c| c.iter().sum::<u64>())
            .max()
            .unwrap_or(0)
            .max(1) as f64;
        let width = left + self.counts.len() as f64 * (bar + gap) + 10.0;
        let _ = write!(
            out,
            r#"<h2>{}</h2><svg id="{}" class="histogram" viewBox="0 0 {width} {}" width="{width}" height="{}" role="img">"#,
            escape(&self.title),
            self.id,
            h + bottom + 10.0,
            h + bottom + 10.0
        );
        let _ = write!(
            out,
            r##"<text x="{}" y="14" text-anchor="end" class="axis">{}</text><line x1="{left}" y1="10" x2="{left}" y2="{}" stroke="#444"/>"##,
            left - 4.0,
            max as u64,
            h + 10.0
        );
        for (i, (label, c)) in self.labels.iter().zip(&self.counts).enumerate() {
            let x = left + gap + i as f64 * (bar + gap);
            let mut y = h + 10.0;
            for (g, (name, colour)) in GROUPS.iter().enumerate() {
                if c[g] == 0 {
                    continue;
                }
                let bh = c[g] as f64 / max * h;
                y -= bh;
                let _ = write!(
                    out,
                    r#"<rect x="{x}" y="{y:.2}" width="{bar}" height="{bh:.2}" fill="{colour}" data-bucket="{i}" data-group="{name}" data-count="{}"><title>{label}: {} {name}</title></rect>"#,
                    c[g], c[g]
                );
            }
            let _ = write!(
                out,
                r#"<text x="{}" y="{}" class="axis" text-anchor="end" transform="rotate(-40 {} {})">{}</text>"#,
                x + bar / 2.0,
                h + 24.0,
                x + bar / 2.0,
                h + 24.0,
                escape(label)
            );
        }
        out.push_str("</svg>");
    }
}

/// The report page of a dataset.
pub fn dataset_report(contents: &Contents) -> String {
    let h = &contents.header;
    let records = &contents.records;
    let sum = summarize(contents);
    let rate = sum.win_rate();
    let n = sum.deals;
    let unknown = sum.unknown();
    // The unknown deals counted as lost, then as won: the bounds any finished search gives.
    let low = wilson(rate.wins, n).0;
    let high = wilson(rate.wins + unknown, n).1;
    let mut micros: Vec<u64> = records.iter().map(|r| r.micros).collect();
    micros.sort_unstable();
    let median = micros.get(micros.len() / 2).copied().unwrap_or(0);
    let (first, last) = (
        records.iter().map(|r| r.deal).min().unwrap_or(0),
        records.iter().map(|r| r.deal).max().unwrap_or(0),
    );
    let mut s = String::new();
    let title = format!("{}: deals {first} to {last}", h.game);
    let _ = write!(
        s,
        r#"<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{t}</title><style>
body {{ font-family: system-ui, sans-serif; margin: 1.2em; color: #222; max-width: 60em; }}
table {{ border-collapse: collapse; }} td, th {{ border: 1px solid #ccc; padding: .2em .6em; text-align: right; }}
th {{ text-align: left; background: #f2f2f2; }} .axis {{ font-size: 11px; fill: #333; }}
.note {{ color: #555; }} .legend span {{ display: inline-block; width: 1em; height: 1em; vertical-align: middle; margin: 0 .3em 0 1em; }}
</style></head><body><h1>{t}</h1>
<p class="note">game <b>{g}</b>, rules version {rv}, settings <code>{set}</code>, written by {by}</p>"#,
        t = escape(&title),
        g = escape(&h.game),
        rv = h.rules_version,
        set = escape(&h.settings),
        by = escape(&h.written_by),
    );
    s.push_str("<table id=\"summary\">");
    let mut row = |name: &str, id: &str, value: String| {
        let _ = write!(s, r#"<tr><th>{name}</th><td id="{id}">{value}</td></tr>"#);
    };
    row("deals", "deals", n.to_string());
    for v in [
        Verdict::Won,
        Verdict::Solved,
        Verdict::Lost,
        Verdict::Unsolvable,
        Verdict::Unknown,
    ] {
        if let Some(c) = sum.verdicts.get(v.word()) {
            row(v.word(), v.word(), c.to_string());
        }
    }
    row(
        "win rate among decided deals",
        "win-rate",
        format!(
            "{} ({} of {}), 95% Wilson interval [{}, {}]",
            pct(rate.rate),
            rate.wins,
            rate.decided,
            pct(rate.low),
            pct(rate.high)
        ),
    );
    row(
        "bounds with the unknown deals counted both ways",
        "bounds",
        format!("[{}, {}]", pct(low), pct(high)),
    );
    row(
        "time a deal (wall): mean, median",
        "time",
        format!(
            "{:.3} s, {:.3} s",
            if n == 0 {
                0.0
            } else {
                sum.micros as f64 / n as f64 / 1e6
            },
            median as f64 / 1e6
        ),
    );
    row(
        "states expanded, all deals",
        "states",
        sum.states.to_string(),
    );
    s.push_str("</table>");
    // The rate on a 0–100% axis: the bounds as a band, the interval as a bar, the rate a dot.
    let x = |p: f64| 20.0 + p * 560.0;
    let _ = write!(
        s,
        r##"<h2>Win rate</h2><svg id="rate" viewBox="0 0 600 70" width="600" height="70" role="img">
<line x1="20" y1="30" x2="580" y2="30" stroke="#444"/>
<rect x="{bl:.2}" y="18" width="{bw:.2}" height="24" fill="#cfe3d6"><title>bounds with the unknowns counted both ways</title></rect>
<rect x="{il:.2}" y="24" width="{iw:.2}" height="12" fill="#2e8b57"><title>95% Wilson interval among decided deals</title></rect>
<circle cx="{r:.2}" cy="30" r="5" fill="#111"/>
<text x="20" y="62" class="axis">0%</text><text x="300" y="62" class="axis" text-anchor="middle">50%</text><text x="580" y="62" class="axis" text-anchor="end">100%</text>
</svg>"##,
        bl = x(low),
        bw = (x(high) - x(low)).max(1.0),
        il = x(rate.low),
        iw = (x(rate.high) - x(rate.low)).max(1.0),
        r = x(rate.rate)
    );
    s.push_str(r#"<p class="legend">"#);
    for (name, colour) in GROUPS {
        let _ = write!(s, r#"<span style="background:{colour}"></span>{name}"#);
    }
    s.push_str("</p>");
    Histogram::decades(
        "Effort: states expanded a deal (powers of ten)",
        "effort-states",
        records,
        |r| r.states,
    )
    .svg(&mut s);
    Histogram::decades(
        "Effort: wall time a deal in microseconds (powers of ten)",
        "effort-time",
        records,
        |r| r.micros,
    )
    .svg(&mut s);
    if records.iter().any(|r| r.outcome.is_win()) {
        Histogram::linear(
            "Length of the winning lines (moves)",
            "lengths",
            records,
            |r| r.outcome.is_win(),
            |r| u64::from(r.moves),
        )
        .svg(&mut s);
    }
    s.push_str("</body></html>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::dataset::Header;

    fn record(deal: u64, outcome: Verdict, states: u64, moves: u32) -> Record {
        Record {
            deal,
            outcome,
            moves,
            states,
            micros: 1000 * deal,
            pass: None,
            first_fit: None,
            helper_piles: None,
            fewest_proven: None,
        }
    }

    #[test]
    fn report_counts_every_record_once() {
        let records = vec![
            record(1, Verdict::Solved, 5, 100),
            record(2, Verdict::Solved, 50, 120),
            record(3, Verdict::Unsolvable, 500, 0),
            record(4, Verdict::Unknown, 5000, 0),
            record(5, Verdict::Solved, 0, 110),
        ];
        let c = Contents {
            header: Header {
                game: "freecell<x>".into(),
                rules_version: 3,
                settings: "algorithm=dfs".into(),
                written_by: "test".into(),
            },
            records,
            valid_len: 0,
            truncated_tail: false,
        };
        let page = dataset_report(&c);
        assert!(page.contains(r#"<td id="deals">5</td>"#));
        assert!(page.contains(r#"<td id="solved">3</td>"#));
        assert!(page.contains(r#"<td id="win-rate">75.00% (3 of 4)"#));
        assert!(page.contains("freecell&lt;x&gt;") && !page.contains("freecell<x>"));
        // Every record is in one bucket of each effort histogram.
        for id in ["effort-states", "effort-time"] {
            let svg = &page[page.find(&format!(r#"id="{id}""#)).unwrap()..];
            let svg = &svg[..svg.find("</svg>").unwrap()];
            let total: u64 = svg
                .split(r#"data-count=""#)
                .skip(1)
                .map(|t| t[..t.find('"').unwrap()].parse::<u64>().unwrap())
                .sum();
            assert_eq!(total, 5, "{id}");
        }
        // States 0, 5, 50, 500, 5000: one in each decade bucket.
        let states = &page[page.find(r#"id="effort-states""#).unwrap()..];
        let states = &states[..states.find("</svg>").unwrap()];
        for b in 0..5 {
            assert!(
                states.contains(&format!(r#"data-bucket="{b}""#)),
                "bucket {b}"
            );
        }
        assert_eq!(states.matches(r#"data-count="1""#).count(), 5);
        for fetch in ["src=", "href=", "url(", "<script"] {
            assert!(!page.contains(fetch), "{fetch}");
        }
    }
}
