//! The encoding the chains work in: a *candidate* is `cell * 9 + digit - 1` (0..729);
//! a *potential* is a candidate assumed true ("on", `cand * 2 + 1`) or false ("off",
//! `cand * 2`), 0..1458; sets of candidates are bit sets ([`CandSet`]).

pub const NCAND: usize = 729;
pub const NPOT: usize = 1458;
pub const WORDS: usize = 12; // 768 bits >= 729

#[inline]
pub fn cand(cell: usize, digit0: usize) -> u16 {
    (cell * 9 + digit0) as u16
}
#[inline]
pub fn cell_of(c: u16) -> usize {
    c as usize / 9
}
#[inline]
pub fn digit0_of(c: u16) -> usize {
    c as usize % 9
}
#[inline]
pub fn pot(c: u16, on: bool) -> u16 {
    c * 2 + on as u16
}
#[inline]
pub fn pot_cand(p: u16) -> u16 {
    p / 2
}
#[inline]
pub fn pot_on(p: u16) -> bool {
    p & 1 == 1
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
    pub fn has(&self, c: u16) -> bool {
        self.0[c as usize >> 6] >> (c & 63) & 1 != 0
    }
    #[inline]
    pub fn set(&mut self, c: u16) {
        self.0[c as usize >> 6] |= 1 << (c & 63);
    }
    #[inline]
    pub fn unset(&mut self, c: u16) {
        self.0[c as usize >> 6] &= !(1 << (c & 63));
    }
    /// Sets or unsets `c`.
    #[inline]
    pub fn set_to(&mut self, c: u16, on: bool) {
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
pub fn each(s: &CandSet, mut f: impl FnMut(u16)) {
    for (w, &word) in s.0.iter().enumerate() {
        let mut m = word;
        while m != 0 {
            f((w * 64) as u16 + m.trailing_zeros() as u16);
            m &= m - 1;
        }
    }
}
