//! Resource limits of a search and the cheap checker the searches call per expansion.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::{Outcome, Report, Stats};

/// Resource limits of a search. The default is no limit at all.
///
/// Any limit that is reached makes the search return [`Outcome::Unknown`] with the
/// matching [`StopReason`]; a limit never produces [`Outcome::Unsolvable`].
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Maximum number of expansions (states whose successors are generated).
    pub max_nodes: Option<u64>,
    /// Maximum wall-clock time of the search (checked every [`Limits::CLOCK_EVERY`]
    /// expansions, so it can be overrun by that many expansions, and before a table's
    /// growth, which stops the search if it would not end in time).
    pub max_time: Option<Duration>,
    /// Maximum estimated memory of the tables and open lists, in bytes.
    pub max_memory: Option<u64>,
    /// A flag another thread may set to stop the search (checked at the same cadence as
    /// the clock).
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// How many expansions pass between two looks at the clock and the cancel flag.
    pub const CLOCK_EVERY: u32 = 1024;

    /// No limits (the same as [`Limits::default`]).
    pub fn none() -> Self {
        Self::default()
    }

    /// These limits with a maximum number of expansions.
    pub fn with_nodes(mut self, max_nodes: u64) -> Self {
        self.max_nodes = Some(max_nodes);
        self
    }

    /// These limits with a maximum wall-clock time.
    pub fn with_time(mut self, max_time: Duration) -> Self {
        self.max_time = Some(max_time);
        self
    }

    /// These limits with a maximum estimated memory, in bytes.
    pub fn with_memory(mut self, max_memory_bytes: u64) -> Self {
        self.max_memory = Some(max_memory_bytes);
        self
    }

    /// These limits with a cancel flag: setting it to `true` stops the search.
    pub fn with_cancel(mut self, cancel: Arc<AtomicBool>) -> Self {
        self.cancel = Some(cancel);
        self
    }

    /// Whether no limit at all is set.
    pub fn is_unlimited(&self) -> bool {
        self.max_nodes.is_none()
            && self.max_time.is_none()
            && self.max_memory.is_none()
            && self.cancel.is_none()
    }
}

/// Why a search stopped before it could decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StopReason {
    /// [`Limits::max_nodes`] was reached.
    Nodes,
    /// [`Limits::max_time`] was reached.
    Time,
    /// [`Limits::max_memory`] was exceeded.
    Memory,
    /// [`Limits::cancel`] was set.
    Cancelled,
    /// The search left states out (a beam search's width) and found no win among the rest.
    Pruned,
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StopReason::Nodes => "node limit",
            StopReason::Time => "time limit",
            StopReason::Memory => "memory limit",
            StopReason::Cancelled => "cancelled",
            StopReason::Pruned => "states left out by the search",
        })
    }
}

impl std::error::Error for StopReason {}

/// Enforces [`Limits`] during a search and records the peak memory estimate.
///
/// The first call to [`Checker::check`] always looks at the clock and the cancel flag,
/// so a flag set before the search (or a zero time limit) stops it before any expansion.
pub(crate) struct Checker<'a> {
    limits: &'a Limits,
    start: Instant,
    deadline: Option<Instant>,
    countdown: u32,
    /// The largest memory estimate of a check that let the search go on (or of the end).
    peak: u64,
    /// Whether a check has stopped the search.
    stopped: bool,
    /// The memory estimate at the previous check: a jump in it is a table announcing its
    /// next growth (the estimates count a nearly full table's next allocation).
    last_memory: u64,
    /// A growth announced and not yet seen done.
    announced: Option<Growth>,
    /// Seconds a byte of announced allocation takes to fill (a table's rehash): the
    /// slowest growth seen done, or `SECS_PER_BYTE` if slower.
    secs_per_byte: f64,
}

/// A table's growth announced by a jump of the memory estimate.
#[derive(Clone, Copy, Debug)]
struct Growth {
    /// When it was announced.
    at: Instant,
    /// The expansions done then.
    expanded: u64,
    /// The bytes announced (the new allocation).
    bytes: u64,
}

/// The smallest jump of the memory estimate taken for a table's growth: smaller growths
/// take microseconds, which the clock's cadence covers.
const GROWTH_SEEN: u64 = 1 << 20;

/// Seconds a byte of a new table's allocation takes to fill, at least: about the pace of a
/// rehash of a table of a few GB (smaller tables fill faster a byte).
const SECS_PER_BYTE: f64 = 2e-9;

/// How many times the expected duration of an announced growth must be left before the
/// deadline for the search to go on.
const TIME_MARGIN: f64 = 1.25;

impl<'a> Checker<'a> {
    /// Starts the clock.
    pub(crate) fn new(limits: &'a Limits) -> Self {
        let start = Instant::now();
        // A deadline that overflows `Instant` is never reached.
        let deadline = limits.max_time.and_then(|d| start.checked_add(d));
        Checker {
            limits,
            start,
            deadline,
            countdown: 0,
            peak: 0,
            stopped: false,
            last_memory: 0,
            announced: None,
            secs_per_byte: SECS_PER_BYTE,
        }
    }

    /// Called once before each expansion, with the number of expansions done so far and
    /// the current memory estimate. Returns the reason to stop, if any.
    #[inline]
    pub(crate) fn check(&mut self, expanded: u64, memory: u64) -> Option<StopReason> {
        let stop = self.stop_reason(expanded, memory);
        match stop {
            None => self.observe_memory(memory),
            // The estimate that stopped the search counts a growth refused: not held.
            Some(_) => self.stopped = true,
        }
        stop
    }

    #[inline]
    fn stop_reason(&mut self, expanded: u64, memory: u64) -> Option<StopReason> {
        if let Some(max) = self.limits.max_nodes {
            if expanded >= max {
                return Some(StopReason::Nodes);
            }
        }
        if let Some(max) = self.limits.max_memory {
            if memory > max {
                return Some(StopReason::Memory);
            }
        }
        if self.deadline.is_some() && memory != self.last_memory {
            if let Some(reason) = self.watch_growth(expanded, memory) {
                return Some(reason);
            }
        }
        if self.countdown == 0 {
            self.countdown = Limits::CLOCK_EVERY;
            if let Some(flag) = &self.limits.cancel {
                if flag.load(Ordering::Relaxed) {
                    return Some(StopReason::Cancelled);
                }
            }
            if let Some(deadline) = self.deadline {
                if Instant::now() >= deadline {
                    return Some(StopReason::Time);
                }
            }
        }
        self.countdown -= 1;
        None
    }

    /// Keeps a time limit a limit across a table's growth. A growth (a rehash of millions of
    /// keys) takes seconds, inside one expansion, where the clock is not read: a search
    /// that grew a table just before its deadline would overrun it by that much. The
    /// memory estimates announce a growth a few thousand insertions ahead; here the clock
    /// is read at once, and the search stops when less than
    /// `TIME_MARGIN` times the growth's expected duration is left. That duration is
    /// learned from the growths seen done (the time from an announcement to the drop of
    /// the estimate, less the expansions in between at their mean pace).
    fn watch_growth(&mut self, expanded: u64, memory: u64) -> Option<StopReason> {
        let last = std::mem::replace(&mut self.last_memory, memory);
        if last == 0 {
            return None;
        }
        if memory > last && memory - last >= GROWTH_SEEN.max(last / 8) {
            let bytes = memory - last;
            let now = Instant::now();
            self.announced = Some(Growth {
                at: now,
                expanded,
                bytes,
            });
            let expected = Duration::from_secs_f64(self.secs_per_byte * bytes as f64);
            let deadline = self.deadline?;
            if now + expected.mul_f64(TIME_MARGIN) >= deadline {
                return Some(StopReason::Time);
            }
        } else if let Some(growth) = self.announced {
            // Done: the old allocation is gone, a drop of half the announced bytes (a
            // table doubles); smaller drops are other buffers emptied.
            if memory < last && last - memory >= growth.bytes / 4 {
                self.announced = None;
                let now = Instant::now();
                let pace = (growth.at - self.start).as_secs_f64() / growth.expanded.max(1) as f64;
                let searching = pace * expanded.saturating_sub(growth.expanded) as f64;
                let growing = ((now - growth.at).as_secs_f64() - searching).max(0.0);
                // The slowest seen: a vector's growth (moved pages) is nearly free, a hash
                // table's rehash is not, and larger tables are slower a byte.
                self.secs_per_byte = self
                    .secs_per_byte
                    .max((growing / growth.bytes as f64).min(5e-8));
            }
        }
        None
    }

    /// Records a memory estimate for the peak without checking any limit (unless a check
    /// has stopped the search: its last estimate was not taken).
    #[inline]
    pub(crate) fn observe_memory(&mut self, memory: u64) {
        if memory > self.peak && !self.stopped {
            self.peak = memory;
        }
    }

    /// Fills the time and memory statistics (and the solution length) and builds the
    /// report.
    pub(crate) fn finish<M>(&self, outcome: Outcome<M>, mut stats: Stats) -> Report<M> {
        stats.elapsed = self.start.elapsed();
        stats.peak_memory = stats.peak_memory.max(self.peak);
        match &outcome {
            Outcome::Solved(path) => stats.solution_len = path.len() as u64,
            _ => {
                stats.solution_len = 0;
                stats.solution_cost = 0;
            }
        }
        Report { outcome, stats }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stop_reason_display() {
        assert_eq!(StopReason::Nodes.to_string(), "node limit");
        assert_eq!(StopReason::Time.to_string(), "time limit");
        assert_eq!(StopReason::Memory.to_string(), "memory limit");
        assert_eq!(StopReason::Cancelled.to_string(), "cancelled");
    }

    #[test]
    fn builders_set_fields() {
        let flag = Arc::new(AtomicBool::new(false));
        let l = Limits::none()
            .with_nodes(5)
            .with_time(Duration::from_secs(3))
            .with_memory(1000)
            .with_cancel(flag.clone());
        assert_eq!(l.max_nodes, Some(5));
        assert_eq!(l.max_time, Some(Duration::from_secs(3)));
        assert_eq!(l.max_memory, Some(1000));
        assert!(l.cancel.is_some());
        assert!(!l.is_unlimited());
        assert!(Limits::default().is_unlimited());
    }

    #[test]
    fn checker_nodes_memory_cancel() {
        let l = Limits::none().with_nodes(3);
        let mut c = Checker::new(&l);
        assert_eq!(c.check(0, 10), None);
        assert_eq!(c.check(2, 30), None);
        assert_eq!(c.check(3, 20), Some(StopReason::Nodes));
        assert_eq!(c.peak, 30);

        let l = Limits::none().with_memory(100);
        let mut c = Checker::new(&l);
        assert_eq!(c.check(0, 100), None);
        assert_eq!(c.check(1, 101), Some(StopReason::Memory));
        // The refused estimate is not a peak, nor is anything after the stop.
        c.observe_memory(500);
        assert_eq!(c.peak, 100);

        let flag = Arc::new(AtomicBool::new(false));
        let l = Limits::none().with_cancel(flag.clone());
        let mut c = Checker::new(&l);
        assert_eq!(c.check(0, 0), None);
        flag.store(true, Ordering::Relaxed);
        // The flag is seen within CLOCK_EVERY calls.
        let seen = (1..=u64::from(Limits::CLOCK_EVERY)).find_map(|i| c.check(i, 0));
        assert_eq!(seen, Some(StopReason::Cancelled));

        let l = Limits::none().with_time(Duration::ZERO);
        let mut c = Checker::new(&l);
        assert_eq!(c.check(0, 0), Some(StopReason::Time));
    }

    const MIB: u64 = 1 << 20;
    const TIB: u64 = 1 << 40;

    #[test]
    fn a_growth_that_would_overrun_the_deadline_stops_the_search_first() {
        let hour = Limits::none().with_time(Duration::from_secs(3600));
        // A terabyte's rehash at the assumed pace (2 ns a byte) takes 37 minutes: the
        // hour leaves room for it, not for two.
        let mut c = Checker::new(&hour);
        assert_eq!(c.check(0, 10 * MIB), None);
        assert_eq!(c.check(1, 10 * MIB + TIB), None);
        let mut c = Checker::new(&hour);
        assert_eq!(c.check(0, 10 * MIB), None);
        assert_eq!(c.check(1, 10 * MIB + 2 * TIB), Some(StopReason::Time));
        assert_eq!(
            c.peak,
            10 * MIB,
            "the growth refused is not counted as held"
        );
        // Without a time limit growths are not watched.
        let l = Limits::none();
        let mut c = Checker::new(&l);
        assert_eq!(c.check(0, 10 * MIB), None);
        assert_eq!(c.check(1, 10 * MIB + 4 * TIB), None);
    }

    #[test]
    fn the_pace_of_growth_is_learned_from_the_slowest_growth_seen() {
        let hour = Limits::none().with_time(Duration::from_secs(3600));
        let mut c = Checker::new(&hour);
        assert_eq!(c.check(0, 10 * MIB), None);
        assert_eq!(c.check(1000, 14 * MIB), None, "4 MiB announced");
        // The growth takes at least 50 ms: 12 ns a byte or more.
        std::thread::sleep(Duration::from_millis(50));
        assert_eq!(
            c.check(1001, 12 * MIB),
            None,
            "done: the old allocation freed"
        );
        assert!(c.secs_per_byte >= 1e-8, "learned {}", c.secs_per_byte);
        // A faster growth afterwards does not lower the pace.
        assert_eq!(c.check(1002, 16 * MIB), None);
        assert_eq!(c.check(1003, 14 * MIB), None);
        assert!(c.secs_per_byte >= 1e-8, "lowered to {}", c.secs_per_byte);
        // At that pace a quarter terabyte takes 55 minutes (at the assumed 2 ns a byte,
        // 9 minutes): too long for the hour.
        assert_eq!(c.check(1004, 14 * MIB + TIB / 4), Some(StopReason::Time));
    }
}
