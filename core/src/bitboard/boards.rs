//! Nine boards at once (a board per digit, three bands each): the 81 cells' candidate
//! masks transposed into boards, which boards changed since their last update (with
//! SSE2 on x86-64, where it is always present, plainly elsewhere), the band update of
//! one board, and the grid of complete boards. The variant engine's band search
//! (`crate::variant::engine`) reads them too.

use super::band::{columns_once, lone, spread, BAND, OTHER_BANDS, ROW, ROW_TRIADS, SHAPES};
use crate::grid::CELLS;

/// The band update of digit `d + 1` in band `k` (JCZSolve's): the board keeps only the
/// triads on some permutation of rows and boxes (locked candidates inside the band),
/// a box whose cells for the digit lie in one column takes that column from the
/// digit's other two bands, and a triad the digit must occupy with one blank cell left
/// fills that cell (a hidden single in its row and box: the other boards lose it, and
/// `blank` too). Returns those cells, or `None` when no permutation fits (the digit has
/// no place in a row or box of the band). `seen` keeps the board as updated.
#[inline(always)]
pub(crate) fn update_band(
    cand: &mut Boards,
    seen: &mut Boards,
    blank: &mut [u32; 3],
    d: usize,
    k: usize,
) -> Option<u32> {
    let old = cand[d][k];
    let pattern = ROW_TRIADS[(old & ROW) as usize] as usize
        | (ROW_TRIADS[(old >> 9 & ROW) as usize] as usize) << 3
        | (ROW_TRIADS[(old >> 18 & ROW) as usize] as usize) << 6;
    let [some, every] = SHAPES[pattern];
    let w = old & some;
    if w == 0 {
        return None;
    }
    seen[d][k] = w;
    let column = spread(lone(columns_once(w)));
    let (k1, k2) = OTHER_BANDS[k];
    cand[d][k1] &= !column;
    cand[d][k2] &= !column;
    let singles = lone(w & every) & blank[k];
    blank[k] &= !singles;
    for board in cand.iter_mut() {
        board[k] &= !singles;
    }
    cand[d][k] = w;
    Some(singles)
}

/// The digits of complete boards (each cell's bit in one board).
pub(crate) fn grid_of(cand: &Boards) -> [u8; CELLS] {
    let mut grid = [0u8; CELLS];
    for (d, board) in cand.iter().enumerate() {
        for (k, &w) in board.iter().enumerate() {
            let mut bits = w;
            while bits != 0 {
                grid[k * 27 + bits.trailing_zeros() as usize] = d as u8 + 1;
                bits &= bits - 1;
            }
        }
    }
    grid
}

/// The boards that differ from their last update, as bit `3d + k` for digit `d + 1`,
/// band `k`: four boards per SSE2 compare on x86-64 (where SSE2 is always present),
/// one by one elsewhere.
#[inline(always)]
pub(crate) fn changed_boards(cand: &Boards, seen: &Boards) -> u32 {
    let (a, b) = (cand.as_flattened(), seen.as_flattened());
    #[cfg(target_arch = "x86_64")]
    let (mut changed, scalar_from) = {
        use std::arch::x86_64::{
            __m128i, _mm_castsi128_ps, _mm_cmpeq_epi32, _mm_loadu_si128, _mm_movemask_ps,
        };
        let mut equal = 0u32;
        for v in 0..6 {
            // SAFETY: SSE2 is part of x86-64; lanes 4v..4v + 4 lie within the 27 boards
            // of each slice (v < 6), and unaligned loads are allowed.
            unsafe {
                let x = _mm_loadu_si128(a[4 * v..4 * v + 4].as_ptr() as *const __m128i);
                let y = _mm_loadu_si128(b[4 * v..4 * v + 4].as_ptr() as *const __m128i);
                equal |=
                    (_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(x, y))) as u32) << (4 * v);
            }
        }
        (!equal & 0xFF_FFFF, 24)
    };
    #[cfg(not(target_arch = "x86_64"))]
    let (mut changed, scalar_from) = (0u32, 0);
    for j in scalar_from..27 {
        changed |= ((a[j] != b[j]) as u32) << j;
    }
    changed
}

/// For each digit, the cells whose mask has it, band by band (bit `i` of band `k`: cell
/// `27k + i`): the 81 × 9 bits of the masks transposed. On x86-64, with SSE2, sixteen
/// masks at a time: packed to a byte each (bits 1-8, then bit 9 apart), each digit's bit
/// shifted to its byte's top bit and gathered by `movemask`; elsewhere bit by bit. Both give the same boards (test `the_fast_transposition_matches_the_plain_one`).
pub(super) fn cells_with_each_digit(masks: &[u16; CELLS]) -> Boards {
    #[cfg(target_arch = "x86_64")]
    {
        cells_with_each_digit_sse2(masks)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        cells_with_each_digit_plain(masks)
    }
}

#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn cells_with_each_digit_plain(masks: &[u16; CELLS]) -> Boards {
    let mut out = [[0u32; 3]; 9];
    for (cell, &m) in masks.iter().enumerate() {
        for (d, board) in out.iter_mut().enumerate() {
            board[cell / 27] |= ((m >> d & 1) as u32) << (cell % 27);
        }
    }
    out
}

#[cfg(target_arch = "x86_64")]
fn cells_with_each_digit_sse2(masks: &[u16; CELLS]) -> Boards {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_cvtsi32_si128, _mm_loadu_si128, _mm_movemask_epi8,
        _mm_packus_epi16, _mm_set1_epi16, _mm_sll_epi16, _mm_slli_epi16, _mm_srli_epi16,
    };
    // 96 masks: the 81, then zeros, six groups of 16.
    let mut padded = [0u16; 96];
    padded[..CELLS].copy_from_slice(masks);
    // For each digit, its bit of each group's 16 masks (8 slots, the last two 0).
    let mut groups = [[0u16; 8]; 9];
    // SAFETY: SSE2 is part of x86-64; each load reads 8 masks inside `padded`.
    unsafe {
        let low_byte = _mm_set1_epi16(0xFF);
        for g in 0..6 {
            let lo = _mm_loadu_si128(padded.as_ptr().add(16 * g) as *const __m128i);
            let hi = _mm_loadu_si128(padded.as_ptr().add(16 * g + 8) as *const __m128i);
            // A byte per mask: its bits 0-7, then its bits 8-15 (each at most 255, so
            // the packing does not saturate).
            let digits_1_8 =
                _mm_packus_epi16(_mm_and_si128(lo, low_byte), _mm_and_si128(hi, low_byte));
            let digit_9 = _mm_packus_epi16(_mm_srli_epi16(lo, 8), _mm_srli_epi16(hi, 8));
            // Shifting 16-bit lanes left by 7 - d puts bit d of each byte at that byte's
            // top bit (the low byte's top bits spill into the high byte's low bits only),
            // which `movemask` gathers.
            for (d, digit) in groups.iter_mut().take(8).enumerate() {
                let shift = _mm_cvtsi32_si128(7 - d as i32);
                digit[g] = _mm_movemask_epi8(_mm_sll_epi16(digits_1_8, shift)) as u16;
            }
            groups[8][g] = _mm_movemask_epi8(_mm_slli_epi16(digit_9, 7)) as u16;
        }
    }
    let mut out = [[0u32; 3]; 9];
    for (board, digit) in out.iter_mut().zip(groups.iter()) {
        let cells = digit.iter().rev().fold(0u128, |c, &w| c << 16 | w as u128);
        for (k, band) in board.iter_mut().enumerate() {
            *band = (cells >> (27 * k)) as u32 & BAND;
        }
    }
    out
}

/// A board per digit, three bands each.
pub(crate) type Boards = [[u32; 3]; 9];
/// Boards no real state has (bits above the 27th): "never updated".
pub(crate) const UNCHECKED: Boards = [[u32::MAX; 3]; 9];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fast_transposition_matches_the_plain_one() {
        let mut seed = 81u64;
        for _ in 0..2000 {
            let mut masks = [0u16; CELLS];
            for m in masks.iter_mut() {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                *m = (seed >> 40) as u16 & 0x1FF;
            }
            assert_eq!(
                cells_with_each_digit(&masks),
                cells_with_each_digit_plain(&masks)
            );
        }
        assert_eq!(cells_with_each_digit(&[0x1FF; CELLS]), [[BAND; 3]; 9]);
    }
}
