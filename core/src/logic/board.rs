//! Shared geometry and bookkeeping of the techniques: cell sets as 128-bit masks (one bit
//! per cell), the units of both sizes, and small helpers to build [`Step`]s.

use super::marks::{Candidate, Marks};
use super::step::{Step, Technique};
use crate::grid::{Size, CELLS};

/// A set of cells, bit `c` for cell `c`.
pub(crate) type CellSet = u128;

const fn unit_masks<const U: usize, const N: usize>(units: &[[u8; N]; U]) -> [CellSet; U] {
    let mut out = [0u128; U];
    let mut u = 0;
    while u < U {
        let mut i = 0;
        while i < N {
            out[u] |= 1u128 << units[u][i];
            i += 1;
        }
        u += 1;
    }
    out
}

/// The cells of each 9×9 unit (rows, columns, boxes, as `grid::UNITS`).
pub(crate) const UNIT_MASKS_NINE: [CellSet; 27] = unit_masks(&crate::grid::UNITS);
const UNIT_MASKS_FOUR: [CellSet; 12] = unit_masks(&crate::grid::UNITS_FOUR);

const fn peer_masks<const U: usize, const N: usize>(
    units: &[[u8; N]; U],
    cells: usize,
) -> [CellSet; CELLS] {
    let masks = unit_masks(units);
    let mut out = [0u128; CELLS];
    let mut u = 0;
    while u < U {
        let mut i = 0;
        while i < N {
            out[units[u][i] as usize] |= masks[u];
            i += 1;
        }
        u += 1;
    }
    let mut c = 0;
    while c < cells {
        out[c] &= !(1u128 << c);
        c += 1;
    }
    out
}

/// The peers of each 9×9 cell (not the cell itself).
pub(crate) const PEER_MASKS_NINE: [CellSet; CELLS] = peer_masks(&crate::grid::UNITS, 81);
const PEER_MASKS_FOUR: [CellSet; CELLS] = peer_masks(&crate::grid::UNITS_FOUR, 16);

/// The units (bit `u`, numbered as `grid::UNITS`) of each cell of a 9×9 grid.
pub(crate) const CELL_UNITS_NINE: [u32; 81] = {
    let mut t = [0u32; 81];
    let mut u = 0;
    while u < 27 {
        let mut i = 0;
        while i < 9 {
            t[crate::grid::UNITS[u][i] as usize] |= 1 << u;
            i += 1;
        }
        u += 1;
    }
    t
};

/// The cells of unit `u` as a set.
#[inline]
pub(crate) fn unit_mask(size: Size, u: usize) -> CellSet {
    match size {
        Size::Nine => UNIT_MASKS_NINE[u],
        Size::Four => UNIT_MASKS_FOUR[u],
    }
}

/// The peers of `cell` (not the cell itself).
#[inline]
pub(crate) fn peers(size: Size, cell: usize) -> CellSet {
    match size {
        Size::Nine => PEER_MASKS_NINE[cell],
        Size::Four => PEER_MASKS_FOUR[cell],
    }
}

#[cfg(test)]
#[test]
fn combinations_in_increasing_order() {
    let all: Vec<u32> = combinations(4, 2).collect();
    assert_eq!(all, vec![0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]);
    assert_eq!(combinations(3, 0).collect::<Vec<_>>(), vec![0]);
    assert_eq!(combinations(2, 3).count(), 0);
}

/// The number of bits of each 9-bit mask (digits of a cell, places of a digit in a unit):
/// a table lookup, cheaper than `count_ones` on targets without a population count
/// instruction (the default x86-64 target has none).
pub(crate) const POP9: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut i = 1;
    while i < 512 {
        t[i] = t[i >> 1] + (i & 1) as u8;
        i += 1;
    }
    t
};

/// The number of bits of a mask of at most 9 bits (see [`POP9`]).
#[inline]
pub(crate) fn count9(mask: u32) -> u32 {
    POP9[mask as usize & 511] as u32
}

/// Iterates the cells of a set, ascending.
#[inline]
pub(crate) fn cells_of(mut set: CellSet) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let c = set.trailing_zeros() as usize;
            set &= set - 1;
            Some(c)
        }
    })
}

/// Iterates the set bits of a small mask, ascending (bit indices).
#[inline]
pub(crate) fn bits(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let b = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            Some(b)
        }
    })
}

/// The masks of `k` bits among `n`, in increasing numeric order (the order of Sukaku
/// Explainer's `Permutations`, which fixes which of several equal patterns is found first).
pub(crate) fn combinations(n: usize, k: usize) -> impl Iterator<Item = u32> {
    let limit = 1u32 << n;
    let mut next = if k > n { limit } else { (1u32 << k) - 1 };
    std::iter::from_fn(move || {
        if next >= limit {
            return None;
        }
        let v = next;
        if v == 0 {
            // The one empty combination.
            next = limit;
            return Some(0);
        }
        // Gosper's hack: the next larger number with as many bits set.
        let c = v & v.wrapping_neg();
        let r = v + c;
        next = (((r ^ v) >> 2) / c) | r;
        Some(v)
    })
}

/// The first `n` units of each kind in Sukaku Explainer's region order: boxes, then
/// columns, then rows (the order most of its producers scan in).
pub(crate) fn units_box_col_row(size: Size) -> impl Iterator<Item = usize> {
    let n = size.n();
    (2 * n..3 * n).chain(n..2 * n).chain(0..n)
}

/// The cells of `digit`'s candidates, as a set.
#[inline]
pub(crate) fn digit_cells(m: &Marks, digit: u8) -> CellSet {
    let bit = 1u16 << (digit - 1);
    let mut set = 0u128;
    for c in 0..m.size.cells() {
        if m.cands[c] & bit != 0 {
            set |= 1u128 << c;
        }
    }
    set
}

/// All 1..=n digits' candidate sets (index `d - 1`); the ladder's techniques take them
/// from [`Context::dcs`] instead.
#[allow(dead_code)]
pub(crate) fn all_digit_cells(m: &Marks) -> [CellSet; 9] {
    let mut out = [0u128; 9];
    for c in 0..m.size.cells() {
        let mut cand = m.cands[c];
        while cand != 0 {
            let b = cand.trailing_zeros() as usize;
            cand &= cand - 1;
            out[b] |= 1u128 << c;
        }
    }
    out
}

/// Row, column, box and index within the box of each cell.
const fn geometry<const C: usize>(n: usize, side: usize) -> [[u8; 4]; C] {
    let mut out = [[0u8; 4]; C];
    let mut c = 0;
    while c < C {
        let (row, col) = (c / n, c % n);
        out[c] = [
            row as u8,
            col as u8,
            ((row / side) * side + col / side) as u8,
            ((row % side) * side + col % side) as u8,
        ];
        c += 1;
    }
    out
}

const GEOMETRY_NINE: [[u8; 4]; 81] = geometry::<81>(9, 3);
const GEOMETRY_FOUR: [[u8; 4]; 16] = geometry::<16>(4, 2);

/// What the techniques of one step share, computed once per position: each digit's
/// candidate cells, each unit's blank count and each unit-digit pair's positions.
pub(crate) struct Context {
    /// Candidate cells of digit `d` at index `d - 1`.
    pub dcs: [CellSet; 9],
    /// `pos[u][d - 1]`: the positions (indices within the unit) of `d` in unit `u`.
    pub pos: [[u32; 9]; 27],
    /// Blank cells of each unit.
    pub blanks: [u32; 27],
    /// The first intersection with something to clear, once the direct intersections'
    /// rung has looked (`Some(None)`: there is none), for the plain rung.
    pub first_intersection: std::cell::Cell<Option<Option<super::intersections::Intersection>>>,
}

impl Context {
    pub fn new(m: &Marks) -> Context {
        let size = m.size;
        let n = size.n();
        let mut ctx = Context {
            dcs: [0; 9],
            pos: [[0; 9]; 27],
            blanks: [0; 27],
            first_intersection: Default::default(),
        };
        let geometry: &[[u8; 4]] = match size {
            Size::Nine => &GEOMETRY_NINE,
            Size::Four => &GEOMETRY_FOUR,
        };
        if size == Size::Nine {
            // Digit cell sets and column places cell by cell; blanks, row and box places
            // from the sets by shifts (a row is 9 consecutive bits, a box 3 runs of 3).
            let mut blank: CellSet = 0;
            for (c, g) in GEOMETRY_NINE.iter().enumerate() {
                if m.values[c] == 0 {
                    blank |= 1 << c;
                }
                let col = g[1] as usize;
                let mut k = m.cands[c];
                while k != 0 {
                    let d = k.trailing_zeros() as usize;
                    k &= k - 1;
                    ctx.dcs[d] |= 1u128 << c;
                    ctx.pos[9 + col][d] |= 1 << g[0];
                }
            }
            for r in 0..9 {
                let row = (blank >> (9 * r)) as u32 & 0x1ff;
                ctx.blanks[r] = count9(row);
                for c in bits(row) {
                    ctx.blanks[9 + c] += 1;
                }
            }
            for b in 0..9 {
                let y = blank >> (27 * (b / 3) + 3 * (b % 3));
                ctx.blanks[18 + b] = count9(y as u32 & 7)
                    + count9((y >> 9) as u32 & 7)
                    + count9((y >> 18) as u32 & 7);
            }
            for d in 0..9 {
                let x = ctx.dcs[d];
                for r in 0..9 {
                    ctx.pos[r][d] = (x >> (9 * r)) as u32 & 0x1ff;
                }
                for b in 0..9 {
                    let y = x >> (27 * (b / 3) + 3 * (b % 3));
                    ctx.pos[18 + b][d] =
                        (y as u32 & 7) | ((y >> 9) as u32 & 7) << 3 | ((y >> 18) as u32 & 7) << 6;
                }
            }
            return ctx;
        }
        for (c, g) in geometry.iter().enumerate() {
            let (row, col, b, in_box) =
                (g[0] as usize, g[1] as usize, g[2] as usize, g[3] as usize);
            if m.values[c] == 0 {
                ctx.blanks[row] += 1;
                ctx.blanks[n + col] += 1;
                ctx.blanks[2 * n + b] += 1;
            }
            let mut k = m.cands[c];
            while k != 0 {
                let d = k.trailing_zeros() as usize;
                k &= k - 1;
                ctx.dcs[d] |= 1u128 << c;
                ctx.pos[row][d] |= 1 << col;
                ctx.pos[n + col][d] |= 1 << row;
                ctx.pos[2 * n + b][d] |= 1 << in_box;
            }
        }
        ctx
    }
}

/// Memos of searches that found nothing, per thread.
///
/// Many searches of the ladder look at one digit, or one unit, at a time, and what they
/// find there is a function of that digit's candidate cells alone (or of that unit's
/// candidates alone). Between two positions of a path few digits and units change, and
/// at most positions every search below the one that fires fails again. So each such
/// search remembers, per digit (or unit), the exact candidates on which it last found
/// nothing, and skips that digit (unit) when they have not changed: the search then
/// finds exactly what it would have found, sooner. The key is the candidates themselves,
/// never a hash, so a memo can only say "nothing here" when that is true; it is shared
/// by every puzzle rated on the thread. 9×9 grids only.
/// Whether the steps found on this thread need their sentence (`Step::explanation`). A
/// rating never reads them, so [`rate`](super::rate) turns them off while it runs: the
/// techniques then leave the explanation empty instead of writing it ([`sentence!`]).
/// Everything else a step holds is the same either way.
pub(crate) mod text {
    use std::cell::Cell;

    thread_local! {
        static OFF: Cell<bool> = const { Cell::new(false) };
    }

    /// True unless a rating is running on this thread.
    #[inline]
    pub(crate) fn wanted() -> bool {
        !OFF.with(Cell::get)
    }

    /// Turns sentences off until the guard is dropped (then back to what they were).
    pub(crate) fn off() -> Off {
        Off(OFF.with(|o| o.replace(true)))
    }

    pub(crate) struct Off(bool);

    impl Drop for Off {
        fn drop(&mut self) {
            OFF.with(|o| o.set(self.0));
        }
    }
}

/// `format!` for a step's explanation: an empty String while sentences are off (see
/// [`text`]), without evaluating the arguments.
macro_rules! sentence {
    ($($arg:tt)*) => {
        if $crate::logic::board::text::wanted() { format!($($arg)*) } else { String::new() }
    };
}
pub(crate) use sentence;

pub(crate) mod barren {
    use std::cell::Cell;

    /// The searches that keep a memo, one slot each.
    pub(crate) mod slot {
        /// Intersections, per (unit kinds pair, digit): direct, then plain.
        pub const DIRECT_INTERSECTIONS: usize = 0;
        pub const INTERSECTIONS: usize = 1;
        /// Basic fish of size 2, 3, 4 (per digit).
        pub const FISH: [usize; 5] = [0, 0, 2, 3, 4];
        /// Turbot fish (skyscraper, two-string kite) and three strong links, per digit.
        pub const TURBOT_FISH: usize = 5;
        pub const THREE_STRONG_LINKS: usize = 6;
        /// Per unit: hidden subsets of 2 to 4 digits, direct (slots 0-2) or not (3-5),
        /// then naked subsets of 2 to 4 cells (6-8); none for other sizes.
        pub fn subsets(naked: bool, direct: bool, degree: usize) -> Option<usize> {
            if !(2..=4).contains(&degree) || (naked && direct) {
                return None;
            }
            Some(
                degree - 2
                    + if naked {
                        6
                    } else if direct {
                        0
                    } else {
                        3
                    },
            )
        }
    }

    const DIGIT_SLOTS: usize = 7;
    const DIGIT_KEYS: usize = 4 * 9;
    const UNIT_SLOTS: usize = 9;
    /// Never a key: keys use the low 81 (digit) or 85 (unit) bits.
    const NONE: u128 = u128::MAX;

    thread_local! {
        static DIGITS: [[Cell<u128>; DIGIT_KEYS]; DIGIT_SLOTS] = const { [const { [const { Cell::new(NONE) }; DIGIT_KEYS] }; DIGIT_SLOTS] };
        static UNITS: [[Cell<u128>; 27]; UNIT_SLOTS] = const { [const { [const { Cell::new(NONE) }; 27] }; UNIT_SLOTS] };
    }

    /// True when the search of `slot` last found nothing at `key` (a digit, or up to 4
    /// kinds of a digit: `kind * 9 + digit - 1`) with these candidate cells.
    #[inline]
    pub(crate) fn digit_known(slot: usize, key: usize, cells: u128) -> bool {
        DIGITS.with(|t| t[slot][key].get() == cells)
    }

    /// Records that the search of `slot` found nothing at `key` with these candidate cells.
    #[inline]
    pub(crate) fn digit_record(slot: usize, key: usize, cells: u128) {
        DIGITS.with(|t| t[slot][key].set(cells))
    }

    /// Forgets every memo of this thread (for benchmarks that rate a puzzle repeatedly
    /// and want each rating to start from nothing).
    pub(crate) fn forget() {
        DIGITS.with(|t| t.iter().flatten().for_each(|c| c.set(NONE)));
        UNITS.with(|t| t.iter().flatten().for_each(|c| c.set(NONE)));
    }

    /// The key of unit `u` of a 9×9 context: the places of every digit in it and its
    /// number of blank cells, packed.
    #[inline]
    pub(crate) fn unit_key(ctx: &super::Context, u: usize) -> u128 {
        let mut key = ctx.blanks[u] as u128;
        for d in 0..9 {
            key |= (ctx.pos[u][d] as u128) << (4 + 9 * d);
        }
        key
    }

    /// True when the unit search of `slot` last found nothing in unit `u` with this key.
    #[inline]
    pub(crate) fn unit_known(slot: usize, u: usize, key: u128) -> bool {
        UNITS.with(|t| t[slot][u].get() == key)
    }

    /// Records that the unit search of `slot` found nothing in unit `u` with this key.
    #[inline]
    pub(crate) fn unit_record(slot: usize, u: usize, key: u128) {
        UNITS.with(|t| t[slot][u].set(key))
    }
}

/// Blank cells of unit `u`.
#[inline]
pub(crate) fn empty_count(m: &Marks, u: usize) -> u32 {
    m.size
        .unit_cells(u)
        .iter()
        .filter(|&&c| m.values[c as usize] == 0)
        .count() as u32
}

/// The name of unit `u` in sentences: `row 3`, `column 5`, `box 7` (1-based).
pub(crate) fn unit_name(size: Size, u: usize) -> String {
    let n = size.n();
    match u / n {
        0 => format!("row {}", u + 1),
        1 => format!("column {}", u - n + 1),
        _ => format!("box {}", u - 2 * n + 1),
    }
}

/// Kind of unit `u`: 0 row, 1 column, 2 box.
#[inline]
pub(crate) fn unit_kind_index(size: Size, u: usize) -> usize {
    u / size.n()
}

/// `r1c2`.
pub(crate) fn cell_name(size: Size, cell: usize) -> String {
    size.cell_name(cell)
}

/// `r1c2, r1c5 and r3c3`.
pub(crate) fn cell_list(size: Size, cells: impl IntoIterator<Item = usize>) -> String {
    let mut out = String::with_capacity(48);
    let mut cells = cells.into_iter().peekable();
    let mut first = true;
    while let Some(c) = cells.next() {
        if !first {
            out.push_str(if cells.peek().is_some() {
                ", "
            } else {
                " and "
            });
        }
        first = false;
        push_cell_name(&mut out, size, c);
    }
    out
}

/// Appends `r1c2` to `out`.
fn push_cell_name(out: &mut String, size: Size, cell: usize) {
    let n = size.n();
    out.push('r');
    out.push(char::from(b'1' + (cell / n) as u8));
    out.push('c');
    out.push(char::from(b'1' + (cell % n) as u8));
}

/// `1, 4 and 7`.
pub(crate) fn digit_list(mask: u16) -> String {
    let mut out = String::with_capacity(16);
    let mut left = mask.count_ones();
    for d in 1..=9u8 {
        if mask >> (d - 1) & 1 != 0 {
            left -= 1;
            out.push(char::from(b'0' + d));
            if left > 1 {
                out.push_str(", ");
            } else if left == 1 {
                out.push_str(" and ");
            }
        }
    }
    out
}

pub(crate) fn join_and(items: &[String]) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} and {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

/// The unit shared by every cell of `set` (first row, then column, then box), if any.
pub(crate) fn shared_unit(size: Size, set: CellSet) -> Option<usize> {
    let first = set.trailing_zeros() as usize;
    size.units_of(first)
        .into_iter()
        .find(|&u| set & !unit_mask(size, u) == 0)
}

/// Builds a step; `cells` is made ascending and free of repeats.
#[allow(clippy::too_many_arguments)]
pub(crate) fn make_step(
    technique: Technique,
    rating: u16,
    placements: Vec<Candidate>,
    mut eliminations: Vec<Candidate>,
    cells: CellSet,
    units: Vec<u8>,
    digits: u16,
    explanation: String,
) -> Step {
    eliminations.sort();
    eliminations.dedup();
    Step {
        technique,
        rating,
        placements,
        eliminations,
        cells: cells_of(cells).map(|c| c as u8).collect(),
        units,
        digits,
        explanation,
    }
}

/// The eliminations of `digit` from every cell of `set` that has it.
pub(crate) fn eliminations_of(m: &Marks, set: CellSet, digit: u8) -> Vec<Candidate> {
    cells_of(set)
        .filter(|&c| m.has(c, digit))
        .map(|c| Candidate {
            cell: c as u8,
            digit,
        })
        .collect()
}

/// `r1c2<>5, r3c4<>5`: eliminations in a sentence.
pub(crate) fn elimination_text(size: Size, elims: &[Candidate]) -> String {
    let mut out = String::with_capacity(8 * elims.len());
    for (i, e) in elims.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        push_cell_name(&mut out, size, e.cell as usize);
        out.push_str("<>");
        out.push(char::from(b'0' + e.digit));
    }
    out
}

/// Cells with exactly two candidates.
pub(crate) fn bivalue_cells(m: &Marks) -> CellSet {
    let mut set = 0u128;
    for c in 0..m.size.cells() {
        if m.cands[c].count_ones() == 2 {
            set |= 1u128 << c;
        }
    }
    set
}

#[cfg(test)]
pub(crate) mod testing {
    use super::*;
    use crate::puzzle::Puzzle;

    /// The pencil marks of a puzzle line.
    pub fn marks(line: &str) -> Marks {
        Marks::from_puzzle(&Puzzle::parse(line).expect("test puzzle"))
    }

    /// Pencil marks from 81 (or 16) whitespace-separated tokens: a token of digits is a
    /// blank cell's candidates, `+d` a cell holding `d`.
    pub fn marks_from_candidates(text: &str) -> Marks {
        let tokens: Vec<&str> = text.split_whitespace().collect();
        let size = if tokens.len() == 16 {
            Size::Four
        } else {
            Size::Nine
        };
        assert_eq!(tokens.len(), size.cells());
        let mut m = Marks {
            size,
            values: [0; CELLS],
            cands: [0; CELLS],
        };
        for (c, t) in tokens.iter().enumerate() {
            if let Some(d) = t.strip_prefix('+') {
                m.values[c] = d.parse().unwrap();
            } else {
                for ch in t.chars() {
                    m.cands[c] |= 1 << (ch.to_digit(10).unwrap() - 1);
                }
            }
        }
        m
    }

    pub fn cand(size: Size, r: usize, c: usize, digit: u8) -> Candidate {
        Candidate {
            cell: (r * size.n() + c) as u8,
            digit,
        }
    }
}
