//! What the grid games (Gaps, Maze) share: an exact key holding one six-bit field per slot
//! (a card's index, or the empty-slot mark), updated field by field as cards move.

/// The exact key of a grid of slots: six bits a slot, packed into `W` words from the
/// lowest bit; the bits a game leaves over are its own (Gaps keeps the redeals done there).
#[derive(Clone, Copy, Debug)]
pub struct Key<const W: usize>(pub [u64; W]);

impl<const W: usize> PartialEq for Key<W> {
    /// Word by word, inline and without early exit: the derived comparison of the words
    /// called the library's byte comparison on every probe of the tables.
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.0
            .iter()
            .zip(&other.0)
            .fold(0, |diff, (a, b)| diff | (a ^ b))
            == 0
    }
}

impl<const W: usize> Eq for Key<W> {}

impl<const W: usize> std::hash::Hash for Key<W> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        // One well-mixed word: the tables' hasher (FxHash) mixes several words poorly into
        // the high bits that hashbrown's tags read, and the probes then compare many keys.
        let mut x = 0u64;
        for w in self.0 {
            x = (x ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            x ^= x >> 29;
        }
        h.write_u64(x);
    }
}

impl<const W: usize> Key<W> {
    /// Flips the bits `bits` in slot `i`'s six-bit field (a field may straddle two words).
    pub fn flip(&mut self, i: usize, bits: u8) {
        let (w, off) = (6 * i / 64, 6 * i % 64);
        self.0[w] ^= u64::from(bits) << off;
        if off > 58 {
            self.0[w + 1] ^= u64::from(bits) >> (64 - off);
        }
    }

    /// The key of a grid: each slot's six-bit value in its field.
    pub fn of(grid: &[u8]) -> Self {
        debug_assert!(6 * grid.len() <= 64 * W);
        let mut k = Key([0; W]);
        for (i, &b) in grid.iter().enumerate() {
            k.flip(i, b);
        }
        k
    }

    /// Slot `i`'s field.
    pub fn field(&self, i: usize) -> u8 {
        let (w, off) = (6 * i / 64, 6 * i % 64);
        let mut v = self.0[w] >> off;
        if off > 58 {
            v |= self.0[w + 1] << (64 - off);
        }
        (v & 63) as u8
    }
}

/// The label of slot `i` of a grid `columns` wide, read row by row: its column as a letter
/// from `a`, its row from 1 (Camelot's `a1`..`d4`, Maze's `a1`..`i6`, Gaps' `a1`..`m4`).
pub fn slot_label(i: usize, columns: usize) -> String {
    format!(
        "{}{}",
        (b'a' + (i % columns) as u8) as char,
        i / columns + 1
    )
}

/// The labels of a grid game's piles: its `slots` slots row by row, then the pile `extra`.
pub fn labels(slots: usize, columns: usize, extra: &str) -> Vec<String> {
    let mut v: Vec<String> = (0..slots).map(|i| slot_label(i, columns)).collect();
    v.push(extra.to_string());
    v
}

/// Reads a board's grid: the piles `ids` (labelled `labels`), one slot each, hold one face-up
/// card or none; the cards of rank `out` (1 to 13), taken out at the deal (`out_name`, such
/// as "Aces"), may not lie in them. Returns each slot's card index, or `empty`.
pub fn read_slots(
    t: &crate::piles::Table,
    ids: &[usize],
    labels: &[String],
    (out, out_name): (u8, &str),
    empty: u8,
) -> Result<Vec<u8>, super::BoardError> {
    let bad = |why: String| Err(super::BoardError::Impossible(why));
    let mut grid = Vec::with_capacity(ids.len());
    for (&p, label) in ids.iter().zip(labels) {
        match t.piles[p].cards[..] {
            [] => grid.push(empty),
            [c] if c.is_face_down() => {
                return bad(format!(
                    "card {} in slot '{label}' should lie face up",
                    c.face_up()
                ))
            }
            [c] if c.rank_unchecked().value() == out => {
                return bad(format!(
                    "{c} lies in slot '{label}': the {out_name} are taken out at the deal"
                ))
            }
            [c] => grid.push(c.index() as u8),
            ref cards => {
                return bad(format!(
                    "slot '{label}' holds {} cards; a slot holds one",
                    cards.len()
                ))
            }
        }
    }
    Ok(grid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip_across_word_boundaries() {
        let grid: Vec<u8> = (0..54).map(|i| (i * 7 % 64) as u8).collect();
        let k = Key::<6>::of(&grid);
        for (i, &b) in grid.iter().enumerate() {
            assert_eq!(k.field(i), b, "slot {i}");
        }
        // Changing one slot changes its field only.
        let mut k2 = k;
        k2.flip(10, grid[10] ^ 63);
        assert_eq!(k2.field(10), 63);
        assert_eq!(k2.field(11), grid[11]);
        assert_eq!(k2.field(9), grid[9]);
        assert_ne!(k, k2);
    }

    #[test]
    fn keys_differ_in_any_field() {
        let grid: Vec<u8> = (0..52).map(|i| (i * 5 % 63) as u8).collect();
        let k = Key::<5>::of(&grid);
        assert_eq!(k, Key::<5>::of(&grid));
        for i in 0..52 {
            for bits in [1, 32, 63] {
                let mut other = k;
                other.flip(i, bits);
                assert_ne!(k, other, "slot {i}, bits {bits}");
            }
        }
        // The bits past the last field (Gaps keeps its redeals there) count too.
        let mut other = k;
        other.0[4] ^= 1 << 60;
        assert_ne!(k, other);
    }
}
