//! The puzzles the pictures' tests, golden files and documentation draw: the first
//! puzzle of the README, puzzles made by `sudoku_generate` (`generate::generate`
//! seed 7, `graded::generate_graded` seed 3) whose paths take the techniques shown, and
//! two of the hardest puzzles known.

use crate::logic::Candidate;
use crate::logic::Link;

/// The README's first puzzle: its hint is a hidden single.
pub const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// A 4×4 puzzle.
pub const FOUR: &str = "1...3.....2....4";
/// Its path takes an X-wing (step 26), then an XY-wing.
pub const WINGS: &str =
    "3..8.41.......32....21...4..6..875....5...7.21.8.5....7.1......6..9...3..8.......";
/// Its path takes a unique rectangle (step 44).
pub const RECTANGLE: &str =
    "1...4.....8....7..76..8...4.1...2.57..9.....2...1........6.7.1....8...6....2.39..";
/// Its path takes an XY-cycle (step 14).
pub const CYCLE: &str =
    "..2.5...64....621.....473......34..91...8.....4.7.5...9..5....326...87...5.......";

/// Its path takes an XY-chain (step 30: a forcing chain through four bivalue cells):
/// `generate::generate` seed 7, puzzle 150.
pub const XY_CHAIN: &str =
    "5...3...6.24.........7..9..6.....4..7....153..98.......6.87...5......682.....4..9";
/// Its path takes cell forcing chains (step 15), dynamic cell and region forcing chains
/// (16, 17) and a dynamic contradiction (19): `generate::generate` seed 7, puzzle 173.
pub const FORCING: &str =
    "1.5.3..76...96.8.....7..25...6.9.71.9....8...3..1.....6.2.......4.6..1.5........2";
/// Among the hardest puzzles known (the forum's list of 2011; the chains' tests take
/// positions of its path): its path takes dynamic forcing chains (+) from step 2.
pub const HARDEST: &str =
    "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........";

/// A puzzle published at ER 10.6 (the chains' tests take positions of its path): its path
/// takes nested forcing chains of level 2 ("+ forcing chains") from step 13.
pub const NESTED: &str =
    "1....67.............92....5....9..4..3...18....85...2.37...8.........1....5.4...8";

/// Links written by hand on the candidates of [`EASY`], of both kinds, for the arrows'
/// tests: r1c3:1 => r1c3:2 -> r2c2:2 => r8c2:2 (strong, weak, strong).
pub fn links() -> [Link; 3] {
    let c = |cell: u8, digit: u8| Candidate { cell, digit };
    let link = |from, to, strong| Link { from, to, strong };
    [
        link(c(2, 1), c(2, 2), true),
        link(c(2, 2), c(10, 2), false),
        link(c(10, 2), c(64, 2), true),
    ]
}
