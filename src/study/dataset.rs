//! Datasets: one record per deal, stored with bincode behind a versioned header.
//!
//! File layout: the magic bytes `PATIENCE-DATASET`, the format version (u32, little
//! endian), the header length (u32 LE) and the bincode-encoded [`Header`], then the records,
//! each as its length (u32 LE) and its bincode-encoded [`Record`]. Records are appended as
//! deals finish, so an interrupted run keeps every finished record; a record cut short by a
//! crash is found and dropped on `--resume`.

use super::Verdict;
use serde::{Deserialize, Serialize};
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The magic bytes at the start of every dataset.
pub const MAGIC: &[u8; 16] = b"PATIENCE-DATASET";
/// The current file format version.
pub const FORMAT_VERSION: u32 = 2;

/// What a dataset says about itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// The game id.
    pub game: String,
    /// The version of our rules for the game.
    pub rules_version: u32,
    /// The solver settings (see [`super::SolveConfig::describe`]).
    pub settings: String,
    /// The program that wrote it, with its version.
    pub written_by: String,
}

/// One deal's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The deal number.
    pub deal: u64,
    /// The verdict.
    pub outcome: Verdict,
    /// The length of the winning line (or of the line played, for a lost game without
    /// choices); 0 when unknown or unsolvable.
    pub moves: u32,
    /// States expanded by the search (moves played, for games without choices).
    pub states: u64,
    /// Time spent on the deal, in microseconds.
    pub micros: u64,
    /// For games with passes: the pass in which the deal was won.
    pub pass: Option<u8>,
    /// For Montée-Descente: whether the seed's first-fit play wins.
    pub first_fit: Option<bool>,
    /// For games that count helper piles (Mogelpat): the fewest a win was found to use.
    pub helper_piles: Option<u8>,
    /// With `helper_piles`: whether no win uses fewer (proven by exhaustive searches).
    pub fewest_proven: Option<bool>,
}

/// What can go wrong with a dataset file.
#[derive(Debug, Error)]
pub enum DatasetError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// The file does not start with the magic bytes.
    #[error("{0}: not a patience dataset (bad magic bytes)")]
    Foreign(PathBuf),
    /// The format version is not one we read.
    #[error("{path}: dataset format version {found} is not supported (this program reads version {FORMAT_VERSION})")]
    Version {
        /// The file.
        path: PathBuf,
        /// The version found.
        found: u32,
    },
    /// The content is damaged.
    #[error("{path}: corrupt dataset at byte {offset}: {why}")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// Where.
        offset: u64,
        /// What.
        why: String,
    },
    /// The file exists and would be overwritten.
    #[error("{0}: file exists; use --resume to continue it, or choose another file")]
    Exists(PathBuf),
    /// A dataset to merge was made by another run than the first one given.
    #[error("{path}: dataset was made {what}, unlike {other}; only shards of one run merge")]
    Differs {
        /// The file.
        path: PathBuf,
        /// The first file given.
        other: PathBuf,
        /// How it differs.
        what: String,
    },
    /// A deal is in two datasets to merge (or twice in one).
    #[error("{path}: deal {deal} is also in {other}")]
    Duplicate {
        /// The file where it was found again.
        path: PathBuf,
        /// Where it was first found.
        other: PathBuf,
        /// The deal.
        deal: u64,
    },
    /// No dataset was given to merge.
    #[error("no dataset to merge")]
    NoFiles,
    /// A dataset to export, report or merge ends in an incomplete record.
    #[error("{0}: corrupt dataset: the last record is incomplete (resume its run to repair it)")]
    Truncated(PathBuf),
    /// A dataset to merge holds a deal outside the range asked for.
    #[error("{path}: deal {deal} lies outside the range {first}..{last}")]
    Outside {
        /// The file.
        path: PathBuf,
        /// The deal.
        deal: u64,
        /// The range's first deal.
        first: u64,
        /// The range's last deal.
        last: u64,
    },
    /// Deals of the range are in none of the datasets to merge.
    #[error("{count} deals of {first}..{last} are in none of the files: {deals}")]
    Missing {
        /// How many.
        count: u64,
        /// The range's first deal.
        first: u64,
        /// The range's last deal.
        last: u64,
        /// Every missing deal, as a list of deals and runs A..B.
        deals: String,
    },
    /// The dataset is of another game or other settings.
    #[error("{path}: dataset was made {what}; cannot resume it with these settings")]
    Mismatch {
        /// The file.
        path: PathBuf,
        /// How it differs.
        what: String,
    },
}

/// The contents of a dataset file.
#[derive(Clone, Debug)]
pub struct Contents {
    /// The header.
    pub header: Header,
    /// The complete records, in file order.
    pub records: Vec<Record>,
    /// The byte length of the complete part (header and whole records).
    pub valid_len: u64,
    /// Whether an incomplete record follows the complete part.
    pub truncated_tail: bool,
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> DatasetError + '_ {
    move |source| DatasetError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Reads a dataset. A record cut short at the end is reported in `truncated_tail`, not as an
/// error (so `--resume` can drop it); anything else damaged is an error.
pub fn read(path: &Path) -> Result<Contents, DatasetError> {
    let mut bytes = Vec::new();
    File::open(path)
        .and_then(|mut f| f.read_to_end(&mut bytes))
        .map_err(io(path))?;
    let corrupt = |offset: usize, why: &str| DatasetError::Corrupt {
        path: path.to_path_buf(),
        offset: offset as u64,
        why: why.to_string(),
    };
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return Err(DatasetError::Foreign(path.to_path_buf()));
    }
    let u32_at = |at: usize| -> Option<u32> {
        bytes
            .get(at..at + 4)
            .map(|b| u32::from_le_bytes(b.try_into().expect("4 bytes")))
    };
    let mut at = MAGIC.len();
    let version = u32_at(at).ok_or_else(|| corrupt(at, "file ends inside the header"))?;
    if version != FORMAT_VERSION {
        return Err(DatasetError::Version {
            path: path.to_path_buf(),
            found: version,
        });
    }
    at += 4;
    let hlen = u32_at(at).ok_or_else(|| corrupt(at, "file ends inside the header"))? as usize;
    at += 4;
    let hbytes = bytes
        .get(at..at + hlen)
        .ok_or_else(|| corrupt(at, "file ends inside the header"))?;
    let header: Header =
        bincode::deserialize(hbytes).map_err(|e| corrupt(at, &format!("bad header: {e}")))?;
    at += hlen;
    let mut records = Vec::new();
    let mut truncated_tail = false;
    while at < bytes.len() {
        let Some(len) = u32_at(at) else {
            truncated_tail = true;
            break;
        };
        let len = len as usize;
        if len > 4096 {
            return Err(corrupt(at, &format!("record length {len} is impossible")));
        }
        let Some(body) = bytes.get(at + 4..at + 4 + len) else {
            truncated_tail = true;
            break;
        };
        let r: Record =
            bincode::deserialize(body).map_err(|e| corrupt(at, &format!("bad record: {e}")))?;
        records.push(r);
        at += 4 + len;
    }
    Ok(Contents {
        header,
        records,
        valid_len: at as u64,
        truncated_tail,
    })
}

/// Reads a dataset that must end in a whole record (to export, report or merge it): a record
/// cut short at the end is [`DatasetError::Truncated`] (only `--resume` repairs it).
pub fn read_complete(path: &Path) -> Result<Contents, DatasetError> {
    let c = read(path)?;
    if c.truncated_tail {
        return Err(DatasetError::Truncated(path.to_path_buf()));
    }
    Ok(c)
}

/// Appends records to a dataset file.
pub struct Writer {
    out: BufWriter<File>,
    path: PathBuf,
}

impl Writer {
    /// Creates a new dataset; refuses to touch an existing file.
    pub fn create(path: &Path, header: &Header) -> Result<Writer, DatasetError> {
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .map_err(|e| {
                if e.kind() == std::io::ErrorKind::AlreadyExists {
                    DatasetError::Exists(path.to_path_buf())
                } else {
                    DatasetError::Io {
                        path: path.to_path_buf(),
                        source: e,
                    }
                }
            })?;
        let mut w = Writer {
            out: BufWriter::new(file),
            path: path.to_path_buf(),
        };
        let h = bincode::serialize(header).expect("header serializes");
        let mut head = Vec::with_capacity(24 + h.len());
        head.extend_from_slice(MAGIC);
        head.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        head.extend_from_slice(&(h.len() as u32).to_le_bytes());
        head.extend_from_slice(&h);
        w.out.write_all(&head).map_err(io(path))?;
        w.flush()?;
        Ok(w)
    }

    /// Opens an existing dataset to add records, after checking that it was made for the same
    /// game and settings; drops an incomplete record at its end. Returns the writer and the
    /// contents already there.
    pub fn resume(path: &Path, header: &Header) -> Result<(Writer, Contents), DatasetError> {
        let contents = read(path)?;
        let h = &contents.header;
        if h.game != header.game || h.rules_version != header.rules_version {
            return Err(DatasetError::Mismatch {
                path: path.to_path_buf(),
                what: format!("for {} (rules version {})", h.game, h.rules_version),
            });
        }
        if h.settings != header.settings {
            return Err(DatasetError::Mismatch {
                path: path.to_path_buf(),
                what: format!("with settings '{}'", h.settings),
            });
        }
        let mut file = OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(io(path))?;
        if contents.truncated_tail {
            file.set_len(contents.valid_len).map_err(io(path))?;
        }
        file.seek(SeekFrom::Start(contents.valid_len))
            .map_err(io(path))?;
        Ok((
            Writer {
                out: BufWriter::new(file),
                path: path.to_path_buf(),
            },
            contents,
        ))
    }

    /// Appends one record (buffered; see [`Writer::flush`]).
    pub fn append(&mut self, r: &Record) -> Result<(), DatasetError> {
        let body = bincode::serialize(r).expect("record serializes");
        self.out
            .write_all(&(body.len() as u32).to_le_bytes())
            .map_err(io(&self.path))?;
        self.out.write_all(&body).map_err(io(&self.path))
    }

    /// Writes buffered records to the disk.
    pub fn flush(&mut self) -> Result<(), DatasetError> {
        self.out.flush().map_err(io(&self.path))?;
        self.out.get_ref().sync_data().map_err(io(&self.path))
    }
}

/// What [`merge`] wrote.
#[derive(Clone, Debug)]
pub struct MergeReport {
    /// The header of the merged dataset (every shard's).
    pub header: Header,
    /// The records written.
    pub records: u64,
    /// The range that was checked: the one asked for, or the records' lowest to highest deal.
    pub range: (u64, u64),
    /// The deals of `range` in none of the files, as runs `(a, b)`, both included.
    pub missing: Vec<(u64, u64)>,
}

/// Joins datasets written by shards of one run (`stats --shard I/N`) into the new dataset
/// `out`, records sorted by deal. Every file must have the first one's header (game, rules
/// version, settings and program, so that the records are those a single run would have
/// written), end in a whole record, and share no deal with another; with `range`, every
/// record must lie in it. Deals of the range in no file are reported in
/// [`MergeReport::missing`], and are an error unless `allow_missing`. On any error `out` is
/// left absent (never overwritten if it existed).
///
/// Memory: files whose deal ranges do not overlap (the shards of a run) are read one at a
/// time, so the merge holds one shard's records, not the run's.
pub fn merge(
    paths: &[PathBuf],
    range: Option<(u64, u64)>,
    allow_missing: bool,
    out: &Path,
) -> Result<MergeReport, DatasetError> {
    // Pass 1: headers, and each file's lowest and highest deal.
    let mut header: Option<Header> = None;
    let mut spans: Vec<(u64, u64, usize)> = Vec::new();
    for (i, path) in paths.iter().enumerate() {
        let c = read_complete(path)?;
        match &header {
            None => header = Some(c.header.clone()),
            Some(h) => {
                if let Some(what) = header_difference(h, &c.header) {
                    return Err(DatasetError::Differs {
                        path: path.clone(),
                        other: paths[0].clone(),
                        what,
                    });
                }
            }
        }
        let lo = c.records.iter().map(|r| r.deal).min();
        let hi = c.records.iter().map(|r| r.deal).max();
        if let (Some(lo), Some(hi)) = (lo, hi) {
            if let Some((first, last)) = range {
                if lo < first || hi > last {
                    return Err(DatasetError::Outside {
                        path: path.clone(),
                        deal: if lo < first { lo } else { hi },
                        first,
                        last,
                    });
                }
            }
            spans.push((lo, hi, i));
        }
    }
    let header = header.ok_or(DatasetError::NoFiles)?;
    spans.sort_unstable();
    let range = range.unwrap_or_else(|| match (spans.first(), spans.iter().map(|s| s.1).max()) {
        (Some(first), Some(last)) => (first.0, last),
        _ => (1, 0),
    });
    // Pass 2: groups of files whose spans overlap, each read, sorted and checked together.
    let mut w = Writer::create(out, &header)?;
    let written = (|| {
        let mut missing = Vec::new();
        let mut next = range.0;
        let mut count = 0u64;
        let mut at = 0;
        while at < spans.len() {
            let mut end = at + 1;
            let mut hi = spans[at].1;
            while end < spans.len() && spans[end].0 <= hi {
                hi = hi.max(spans[end].1);
                end += 1;
            }
            let mut files: Vec<usize> = spans[at..end].iter().map(|s| s.2).collect();
            files.sort_unstable();
            let mut records: Vec<(u64, usize, Record)> = Vec::new();
            for &i in &files {
                records.extend(
                    read_complete(&paths[i])?
                        .records
                        .into_iter()
                        .map(|r| (r.deal, i, r)),
                );
            }
            // Stable: a deal found twice is reported in the later file.
            records.sort_by_key(|r| r.0);
            for (k, (deal, i, r)) in records.iter().enumerate() {
                if k > 0 && records[k - 1].0 == *deal {
                    return Err(DatasetError::Duplicate {
                        path: paths[*i].clone(),
                        other: paths[records[k - 1].1].clone(),
                        deal: *deal,
                    });
                }
                if *deal > next {
                    missing.push((next, deal - 1));
                }
                next = deal + 1;
                w.append(r)?;
                count += 1;
            }
            at = end;
        }
        if range.0 <= range.1 && next <= range.1 {
            missing.push((next, range.1));
        }
        if !missing.is_empty() && !allow_missing {
            return Err(DatasetError::Missing {
                count: missing.iter().map(|(a, b)| b - a + 1).sum(),
                first: range.0,
                last: range.1,
                deals: runs_text(&missing),
            });
        }
        w.flush()?;
        Ok((count, missing))
    })();
    match written {
        Ok((records, missing)) => Ok(MergeReport {
            header,
            records,
            range,
            missing,
        }),
        Err(e) => {
            drop(w);
            let _ = std::fs::remove_file(out);
            Err(e)
        }
    }
}

/// How `h` differs from `first` in what makes two datasets parts of one run, if it does.
fn header_difference(first: &Header, h: &Header) -> Option<String> {
    if first.game != h.game || first.rules_version != h.rules_version {
        Some(format!(
            "for {} (rules version {})",
            h.game, h.rules_version
        ))
    } else if first.settings != h.settings {
        Some(format!("with settings '{}'", h.settings))
    } else if first.written_by != h.written_by {
        Some(format!("by {}", h.written_by))
    } else {
        None
    }
}

/// Deals as runs: `5, 17..20, 300`.
pub fn runs_text(runs: &[(u64, u64)]) -> String {
    runs.iter()
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}..{b}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// An export format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// Comma-separated values with a header line.
    Csv,
    /// One JSON object per line.
    Jsonl,
}

/// Writes the records of `contents` in `format`, sorted by deal number.
pub fn export(
    contents: &Contents,
    format: ExportFormat,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let h = &contents.header;
    let mut records: Vec<&Record> = contents.records.iter().collect();
    records.sort_by_key(|r| r.deal);
    let opt = |v: Option<String>| v.unwrap_or_default();
    match format {
        ExportFormat::Csv => {
            writeln!(
                out,
                "game,rules_version,deal,outcome,moves,states,micros,pass,first_fit,\
                 helper_piles,fewest_proven,settings"
            )?;
            for r in records {
                writeln!(
                    out,
                    "{},{},{},{},{},{},{},{},{},{},{},\"{}\"",
                    h.game,
                    h.rules_version,
                    r.deal,
                    r.outcome.word(),
                    r.moves,
                    r.states,
                    r.micros,
                    opt(r.pass.map(|p| p.to_string())),
                    opt(r.first_fit.map(|f| f.to_string())),
                    opt(r.helper_piles.map(|h| h.to_string())),
                    opt(r.fewest_proven.map(|f| f.to_string())),
                    h.settings.replace('"', "\"\"")
                )?;
            }
        }
        ExportFormat::Jsonl => {
            for r in records {
                let v = serde_json::json!({
                    "game": h.game, "rules_version": h.rules_version, "deal": r.deal,
                    "outcome": r.outcome.word(), "moves": r.moves, "states": r.states, "micros": r.micros,
                    "pass": r.pass, "first_fit": r.first_fit, "helper_piles": r.helper_piles,
                    "fewest_proven": r.fewest_proven, "settings": h.settings,
                });
                writeln!(out, "{v}")?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> Header {
        Header {
            game: "clock".into(),
            rules_version: 1,
            settings: "algorithm=dfs".into(),
            written_by: "test".into(),
        }
    }
    fn record(deal: u64) -> Record {
        Record {
            deal,
            outcome: Verdict::Lost,
            moves: 40,
            states: 40,
            micros: 3,
            pass: None,
            first_fit: None,
            helper_piles: None,
            fewest_proven: None,
        }
    }

    #[test]
    fn write_read_resume_and_truncated_tail() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("d.bin");
        let mut w = Writer::create(&p, &header()).unwrap();
        for d in 1..=3 {
            w.append(&record(d)).unwrap();
        }
        w.flush().unwrap();
        drop(w);
        assert!(matches!(
            Writer::create(&p, &header()),
            Err(DatasetError::Exists(_))
        ));
        // Simulate a crash in the middle of a record.
        let mut f = OpenOptions::new().append(true).open(&p).unwrap();
        f.write_all(&[9, 0, 0, 0, 1, 2]).unwrap();
        drop(f);
        let c = read(&p).unwrap();
        assert_eq!(c.records.len(), 3);
        assert!(c.truncated_tail);
        let (mut w, c) = Writer::resume(&p, &header()).unwrap();
        assert_eq!(c.records, vec![record(1), record(2), record(3)]);
        w.append(&record(4)).unwrap();
        w.flush().unwrap();
        drop(w);
        let c = read(&p).unwrap();
        assert_eq!(c.records.len(), 4);
        assert!(!c.truncated_tail);
        let mut other = header();
        other.game = "r7".into();
        assert!(matches!(
            Writer::resume(&p, &other),
            Err(DatasetError::Mismatch { .. })
        ));
    }

    #[test]
    fn foreign_and_future_files_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x");
        std::fs::write(&p, b"hello, world, this is text").unwrap();
        assert!(matches!(read(&p), Err(DatasetError::Foreign(_))));
        let mut v = MAGIC.to_vec();
        v.extend_from_slice(&7u32.to_le_bytes());
        std::fs::write(&p, &v).unwrap();
        assert!(matches!(
            read(&p),
            Err(DatasetError::Version { found: 7, .. })
        ));
    }

    fn shard_file(dir: &Path, name: &str, h: &Header, deals: &[u64]) -> PathBuf {
        let p = dir.join(name);
        let mut w = Writer::create(&p, h).unwrap();
        for &d in deals {
            w.append(&record(d)).unwrap();
        }
        w.flush().unwrap();
        p
    }

    #[test]
    fn merge_joins_shards_in_deal_order() {
        let dir = tempfile::tempdir().unwrap();
        let a = shard_file(dir.path(), "a", &header(), &[4, 3]);
        let b = shard_file(dir.path(), "b", &header(), &[1, 2]);
        // Overlapping spans (interleaved deals) are read together.
        let c = shard_file(dir.path(), "c", &header(), &[9, 6, 8]);
        let d = shard_file(dir.path(), "d", &header(), &[7, 5, 10]);
        let out = dir.path().join("all");
        let m = merge(&[a, b, c, d], Some((1, 10)), false, &out).unwrap();
        assert_eq!((m.records, m.range), (10, (1, 10)));
        assert!(m.missing.is_empty());
        assert_eq!(m.header, header());
        let back = read(&out).unwrap();
        let deals: Vec<u64> = back.records.iter().map(|r| r.deal).collect();
        assert_eq!(deals, (1..=10).collect::<Vec<_>>());
        // Never overwritten.
        let before = std::fs::read(&out).unwrap();
        let again = shard_file(dir.path(), "e", &header(), &[1]);
        assert!(matches!(
            merge(&[again], None, false, &out),
            Err(DatasetError::Exists(_))
        ));
        assert_eq!(std::fs::read(&out).unwrap(), before);
    }

    #[test]
    fn merge_reports_every_missing_deal() {
        let dir = tempfile::tempdir().unwrap();
        let a = shard_file(dir.path(), "a", &header(), &[2, 5, 6, 9]);
        let out = dir.path().join("out");
        let e = merge(std::slice::from_ref(&a), Some((1, 12)), false, &out).unwrap_err();
        assert_eq!(
            e.to_string(),
            "8 deals of 1..12 are in none of the files: 1, 3..4, 7..8, 10..12"
        );
        assert!(!out.exists(), "nothing is left behind");
        let m = merge(std::slice::from_ref(&a), None, true, &out).unwrap();
        assert_eq!(m.range, (2, 9));
        assert_eq!(m.missing, [(3, 4), (7, 8)]);
        assert_eq!(read(&out).unwrap().records.len(), 4);
    }

    #[test]
    fn merge_refuses_duplicates_foreign_runs_truncated_files_and_strays() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out");
        let a = shard_file(dir.path(), "a", &header(), &[1, 2]);
        let b = shard_file(dir.path(), "b", &header(), &[2, 3]);
        let e = merge(&[a.clone(), b.clone()], None, false, &out).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("{}: deal 2 is also in {}", b.display(), a.display())
        );
        let e = merge(&[a.clone(), a.clone()], None, false, &out).unwrap_err();
        assert!(matches!(e, DatasetError::Duplicate { deal: 1, .. }), "{e}");
        let twice = shard_file(dir.path(), "twice", &header(), &[5, 6, 5]);
        let e = merge(&[twice], None, false, &out).unwrap_err();
        assert!(matches!(e, DatasetError::Duplicate { deal: 5, .. }), "{e}");
        for (name, change) in [("game", 0), ("settings", 1), ("version", 2), ("rules", 3)] {
            let mut h = header();
            match change {
                0 => h.game = "r7".into(),
                1 => h.settings = "algorithm=astar".into(),
                2 => h.written_by = "patience 9".into(),
                _ => h.rules_version = 2,
            }
            let c = shard_file(dir.path(), name, &h, &[3]);
            let e = merge(&[a.clone(), c], None, false, &out).unwrap_err();
            assert!(matches!(e, DatasetError::Differs { .. }), "{name}: {e}");
        }
        let e = merge(std::slice::from_ref(&a), Some((2, 5)), true, &out).unwrap_err();
        assert!(matches!(e, DatasetError::Outside { deal: 1, .. }), "{e}");
        let t = shard_file(dir.path(), "t", &header(), &[3]);
        let mut f = OpenOptions::new().append(true).open(&t).unwrap();
        f.write_all(&[9, 0, 0]).unwrap();
        drop(f);
        let e = merge(&[a.clone(), t], None, false, &out).unwrap_err();
        assert!(matches!(e, DatasetError::Truncated(_)), "{e}");
        assert!(matches!(
            merge(&[], None, false, &out),
            Err(DatasetError::NoFiles)
        ));
        assert!(!out.exists(), "no failed merge leaves a file");
    }

    #[test]
    fn export_sorts_by_deal() {
        let c = Contents {
            header: header(),
            records: vec![record(2), record(1)],
            valid_len: 0,
            truncated_tail: false,
        };
        let mut out = Vec::new();
        export(&c, ExportFormat::Csv, &mut out).unwrap();
        let s = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = s.lines().collect();
        assert_eq!(lines.len(), 3);
        assert!(lines[1].starts_with("clock,1,1,lost,40,"));
        let mut out = Vec::new();
        export(&c, ExportFormat::Jsonl, &mut out).unwrap();
        let first: serde_json::Value =
            serde_json::from_str(String::from_utf8(out).unwrap().lines().next().unwrap()).unwrap();
        assert_eq!(first["deal"], 1);
    }
}
