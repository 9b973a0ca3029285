//! Killer cage sums: the digits a cage's open cells may still take.
//!
//! A cage with `k` open cells and `r` left to reach its sum is filled by some set of `k`
//! distinct digits adding up to `r`. Such a set must lie within the candidates of the
//! open cells (less the digits placed in the cage: cage mates are peers, so those are
//! gone already) and meet every open cell's candidates, since each cell takes one of
//! its digits. A digit of no such set can go in no open cell. Up to 16×16 the sets of
//! every size and sum are listed once ([`Combinations`], 2^16 masks at most) and the
//! allowed digits are the union of the sets that fit. On 25×25 (2^25 sets: too many to
//! list) a digit `d` stays when `r - d` lies between the least and the greatest sum of
//! `k - 1` other available digits: weaker (sums in between may be missing) but sound, and
//! the full cage is checked exactly when its last cell is placed.

/// A cage with a sum (cages without one are only peers).
#[derive(Clone, Debug)]
pub(super) struct SumCage {
    pub(super) cells: Vec<u16>,
    pub(super) sum: u16,
}

/// The digit sets of every size (up to the largest cage) and every sum.
#[derive(Clone, Debug)]
pub(super) struct Combinations {
    max_size: usize,
    max_sum: usize,
    /// The sets of size `k` and sum `s` are `masks[start[i]..start[i + 1]]`,
    /// `i = k * (max_sum + 1) + s`.
    start: Vec<u32>,
    masks: Vec<u32>,
}

impl Combinations {
    /// The largest side listed (2^16 sets).
    pub(super) const MAX_SIDE: usize = 16;

    pub(super) fn new(side: usize, max_size: usize) -> Combinations {
        debug_assert!(side <= Self::MAX_SIDE);
        let max_sum = side * (side + 1) / 2;
        let slot = |mask: u32| mask.count_ones() as usize * (max_sum + 1) + digit_sum(mask);
        let slots = (max_size + 1) * (max_sum + 1);
        let mut start = vec![0u32; slots + 1];
        let fitting = || (1u32..1 << side).filter(|m| m.count_ones() as usize <= max_size);
        for mask in fitting() {
            start[slot(mask) + 1] += 1;
        }
        for i in 0..slots {
            start[i + 1] += start[i];
        }
        let mut next = start.clone();
        let mut masks = vec![0u32; start[slots] as usize];
        for mask in fitting() {
            let i = slot(mask);
            masks[next[i] as usize] = mask;
            next[i] += 1;
        }
        Combinations {
            max_size,
            max_sum,
            start,
            masks,
        }
    }

    /// The sets of `size` distinct digits adding up to `sum`.
    #[inline]
    pub(super) fn of(&self, size: usize, sum: usize) -> &[u32] {
        if size > self.max_size || sum > self.max_sum {
            return &[];
        }
        let i = size * (self.max_sum + 1) + sum;
        &self.masks[self.start[i] as usize..self.start[i + 1] as usize]
    }
}

/// The sum of the digits of a mask (bit `d-1` for digit `d`).
#[inline]
pub(super) fn digit_sum(mut mask: u32) -> usize {
    let mut sum = 0;
    while mask != 0 {
        sum += mask.trailing_zeros() as usize + 1;
        mask &= mask - 1;
    }
    sum
}

/// A cage's open cells and what is left of its sum, or `None` when the placed digits
/// already exceed it (or fill the cage and miss it).
pub(super) struct OpenCage {
    pub(super) cells: [u16; 25],
    pub(super) open: usize,
    pub(super) left: usize,
    /// The candidates of the open cells together.
    pub(super) available: u32,
}

/// The open cage of `cage`: `placed` gives the digit of a placed cell (else `None`),
/// `cand` the candidates of the others.
pub(super) fn open_cage(
    cage: &SumCage,
    cand: &[u32],
    placed: impl Fn(usize) -> Option<usize>,
) -> Option<OpenCage> {
    let mut out = OpenCage {
        cells: [0; 25],
        open: 0,
        left: 0,
        available: 0,
    };
    let mut placed_sum = 0usize;
    for &c in &cage.cells {
        match placed(usize::from(c)) {
            Some(d) => placed_sum += d,
            None => {
                out.cells[out.open] = c;
                out.open += 1;
                out.available |= cand[usize::from(c)];
            }
        }
    }
    out.left = usize::from(cage.sum).checked_sub(placed_sum)?;
    (out.open > 0 || out.left == 0).then_some(out)
}

/// The digit of a cell whose mask has one bit (placed), else `None`.
#[inline]
pub(super) fn single_digit(mask: u32) -> Option<usize> {
    (mask & mask.wrapping_sub(1) == 0).then(|| mask.trailing_zeros() as usize + 1)
}

/// The digits the open cells of a cage may take, by the rule of the module doc (all of
/// `available` when the cage is full).
pub(super) fn allowed_digits(
    combinations: Option<&Combinations>,
    open: &OpenCage,
    cand: &[u32],
) -> u32 {
    if open.open == 0 {
        return 0;
    }
    let cells = &open.cells[..open.open];
    match combinations {
        Some(combinations) => {
            let mut union = 0;
            for &set in combinations.of(open.open, open.left) {
                if set & !open.available == 0
                    && set & !union != 0
                    && cells.iter().all(|&c| cand[usize::from(c)] & set != 0)
                {
                    union |= set;
                }
            }
            union
        }
        None => allowed_by_bounds(open.available, open.open, open.left),
    }
}

/// The digits `d` of `available` such that `left - d` lies between the least and the
/// greatest sum of `open - 1` other digits of `available`.
pub(super) fn allowed_by_bounds(available: u32, open: usize, left: usize) -> u32 {
    let count = available.count_ones() as usize;
    if count < open {
        return 0;
    }
    let mut digits = [0usize; 32];
    let mut rest = available;
    for slot in digits.iter_mut().take(count) {
        *slot = rest.trailing_zeros() as usize + 1;
        rest &= rest - 1;
    }
    let digits = &digits[..count];
    let others = open - 1;
    let low: usize = digits[..others].iter().sum();
    let high: usize = digits[count - others..].iter().sum();
    let mut allowed = 0;
    for (i, &d) in digits.iter().enumerate() {
        // Without d: the least sum takes the next digit up when d was among the lowest,
        // the greatest the next digit down when d was among the highest.
        let least = if i < others {
            low - d + digits[others]
        } else {
            low
        };
        let greatest = if i >= count - others {
            high - d + digits[count - others - 1]
        } else {
            high
        };
        if let Some(rest) = left.checked_sub(d) {
            if (least..=greatest).contains(&rest) {
                allowed |= 1 << (d - 1);
            }
        }
    }
    allowed
}
