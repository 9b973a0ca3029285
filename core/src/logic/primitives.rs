//! The values the chain searches and their caches work in, as small types.
//!
//! A [`Cell`] (0..81), a [`Digit`] (0..9, shown 1-9), a [`Candidate`] (`cell * 9 +
//! digit`, 0..729), a [`Potential`] (a candidate assumed true, "on", `candidate * 2 + 1`,
//! or false, "off", `candidate * 2`; 0..1458), and a set of candidates ([`CandSet`]), in
//! the shape of regex-automata's primitives: each is its integer underneath
//! (`#[repr(transparent)]`), so arrays of them cost what arrays of integers cost, and
//! the constructors check their range in debug builds only. A leaf module: it imports
//! nothing of the crate, so that the chains and the memos (`memo`) can both use it.

use std::fmt;

/// How many candidates a 9×9 grid has (81 cells × 9 digits).
pub const NCAND: usize = 729;
/// How many potentials (each candidate "on" and "off").
pub const NPOT: usize = 1458;
/// The words of a [`CandSet`] (768 bits >= 729).
pub const WORDS: usize = 12;

/// A cell of the 9×9 grid, row by row: `row * 9 + column`, below 81.
#[repr(transparent)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Cell(u8);

impl Cell {
    #[inline]
    pub const fn new(index: usize) -> Cell {
        debug_assert!(index < 81);
        Cell(index as u8)
    }
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The row, 0..9.
    #[inline]
    pub const fn row(self) -> usize {
        self.0 as usize / 9
    }
    /// The column, 0..9.
    #[inline]
    pub const fn col(self) -> usize {
        self.0 as usize % 9
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

/// A digit as an index, below 9 (the digit 1 is 0); its bit in a cell's candidate mask is
/// [`Digit::bit`].
#[repr(transparent)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Digit(u8);

impl Digit {
    #[inline]
    pub const fn new(index: usize) -> Digit {
        debug_assert!(index < 9);
        Digit(index as u8)
    }
    /// The index, 0..9.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The digit as written, 1..=9.
    #[inline]
    pub const fn value(self) -> u8 {
        self.0 + 1
    }
    /// The digit's bit in a candidate mask (bit 0 for the digit 1).
    #[inline]
    pub const fn bit(self) -> u16 {
        1 << self.0
    }
}

impl fmt::Debug for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.value())
    }
}

/// A candidate: a digit in a cell, `cell * 9 + digit`, below [`NCAND`].
#[repr(transparent)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Candidate(u16);

impl Candidate {
    /// Never a candidate: the mark of an empty slot (outside the invariant).
    pub const NONE: Candidate = Candidate(u16::MAX);
    /// The candidate of digit index `digit` (0..9) in cell `cell` (0..81).
    #[inline]
    pub const fn new(cell: usize, digit: usize) -> Candidate {
        debug_assert!(cell < 81 && digit < 9);
        Candidate((cell * 9 + digit) as u16)
    }
    /// The candidate of index `index` (0..729).
    #[inline]
    pub const fn from_index(index: usize) -> Candidate {
        Candidate(index as u16)
    }
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    #[inline]
    pub const fn cell(self) -> Cell {
        Cell((self.0 / 9) as u8)
    }
    #[inline]
    pub const fn digit(self) -> Digit {
        Digit((self.0 % 9) as u8)
    }
}

impl fmt::Debug for Candidate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}#{:?}", self.cell(), self.digit())
    }
}

/// A potential: a candidate assumed true ("on", `candidate * 2 + 1`) or false ("off",
/// `candidate * 2`), below [`NPOT`].
#[repr(transparent)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Potential(u16);

impl Potential {
    #[inline]
    pub const fn new(candidate: Candidate, on: bool) -> Potential {
        Potential(candidate.0 * 2 + on as u16)
    }
    /// The potential of index `index` (0..1458).
    #[inline]
    pub const fn from_index(index: usize) -> Potential {
        Potential(index as u16)
    }
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    #[inline]
    pub const fn candidate(self) -> Candidate {
        Candidate(self.0 / 2)
    }
    /// True when the candidate is assumed true.
    #[inline]
    pub const fn is_on(self) -> bool {
        self.0 & 1 == 1
    }
    /// The same candidate assumed the other way.
    #[inline]
    pub const fn negated(self) -> Potential {
        Potential(self.0 ^ 1)
    }
}

impl fmt::Debug for Potential {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.candidate();
        let sign = if self.is_on() { "=" } else { "!=" };
        write!(f, "{:?}{}{:?}", c.cell(), sign, c.digit())
    }
}

// The release build targets baseline x86-64, without a population count instruction: the
// tests below on masks of 9 bits are a few bit operations instead of `count_ones`.

/// True when `m` has at least 2 bits set.
#[inline]
pub fn several(m: u16) -> bool {
    m & m.wrapping_sub(1) != 0
}

/// True when `m` has exactly 1 bit set.
#[inline]
pub fn single(m: u16) -> bool {
    m != 0 && !several(m)
}

/// True when `m` has exactly 2 bits set.
#[inline]
pub fn pair(m: u16) -> bool {
    several(m) && single(m & (m - 1))
}

/// A set of candidates (729 bits; empty by default).
#[derive(Clone, Copy, PartialEq, Eq, Default)]
pub struct CandSet(pub [u64; WORDS]);

impl CandSet {
    pub const EMPTY: CandSet = CandSet([0; WORDS]);
    #[inline]
    pub fn has(&self, c: Candidate) -> bool {
        self.0[c.index() >> 6] >> (c.0 & 63) & 1 != 0
    }
    #[inline]
    pub fn set(&mut self, c: Candidate) {
        self.0[c.index() >> 6] |= 1 << (c.0 & 63);
    }
    #[inline]
    pub fn unset(&mut self, c: Candidate) {
        self.0[c.index() >> 6] &= !(1 << (c.0 & 63));
    }
    /// Sets or unsets `c`.
    #[inline]
    pub fn set_to(&mut self, c: Candidate, on: bool) {
        if on {
            self.set(c)
        } else {
            self.unset(c)
        }
    }
    #[inline]
    pub fn clear(&mut self) {
        self.0 = [0; WORDS];
    }
    /// Keeps only the candidates `other` has too.
    #[inline]
    pub fn intersect(&mut self, other: &CandSet) {
        for (w, o) in self.0.iter_mut().zip(other.0.iter()) {
            *w &= o;
        }
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
}

/// True when the two sets share a candidate.
#[inline]
pub fn meet(a: &CandSet, b: &CandSet) -> bool {
    a.0.iter().zip(b.0.iter()).any(|(x, y)| x & y != 0)
}

/// Calls `f` with each candidate of `s`, in increasing order.
#[inline]
pub fn each(s: &CandSet, mut f: impl FnMut(Candidate)) {
    for (w, &word) in s.0.iter().enumerate() {
        let mut m = word;
        while m != 0 {
            f(Candidate((w * 64) as u16 + m.trailing_zeros() as u16));
            m &= m - 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_types_show_their_cells_and_digits() {
        let c = Candidate::new(2 * 9 + 3, 6);
        assert_eq!(format!("{c:?}"), "r3c4#7");
        assert_eq!(format!("{:?}", Potential::new(c, true)), "r3c4=7");
        assert_eq!(format!("{:?}", Potential::new(c, false)), "r3c4!=7");
        assert_eq!(c.cell().index(), 21);
        assert_eq!(c.digit().value(), 7);
        assert_eq!(Potential::new(c, true).candidate(), c);
        assert_eq!(Potential::new(c, false).negated(), Potential::new(c, true));
    }
}
