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
    /// expansions, so it can be overrun by that many expansions).
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
    peak: u64,
}

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
        }
    }

    /// Called once before each expansion, with the number of expansions done so far and
    /// the current memory estimate. Returns the reason to stop, if any.
    #[inline]
    pub(crate) fn check(&mut self, expanded: u64, memory: u64) -> Option<StopReason> {
        self.observe_memory(memory);
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

    /// Records a memory estimate for the peak without checking any limit.
    #[inline]
    pub(crate) fn observe_memory(&mut self, memory: u64) {
        if memory > self.peak {
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
}
