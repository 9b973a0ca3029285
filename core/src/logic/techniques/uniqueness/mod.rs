//! Uniqueness techniques, sound only for puzzles with a single solution: unique
//! rectangles and loops (types 1-4) and the bivalue universal grave (BUG, types 1-4), as
//! Sukaku Explainer finds and rates them.
//!
//! A unique loop on digits a,b is a closed walk through cells holding both a and b, each
//! step through a unit of another kind than the step before, that meets every unit it
//! touches exactly twice (once at an odd, once at an even position). If all its cells held
//! only a and b, the two digits could be swapped along the loop: two solutions. So at
//! least one extra candidate is true. Ratings: 4.5 for a rectangle (4 cells), 4.6 for a
//! loop of 6, 4.7 for 8, 5.0 for 10 or more; type 3 adds 0.1 per digit of its naked subset
//! beyond one. Among the loops found, the easiest step is taken, then the lowest type.
//!
//! BUG: if every blank cell held two candidates and every digit two places in each unit
//! it is missing from, the puzzle would have two solutions; see [`bug`] for types 1-4.
//!
//! The loop search keeps a snapshot of the last position where it found nothing and then
//! walks only the pairs, and examines only the loops, that a change since can concern
//! (see `memo::snapshots` and [`unique_loop_with`]); the walk from a start leaves out the
//! pair's bivalue cells before it (a valid loop through one of them was met from there);
//! BUG depends on the whole grid and is always searched in full.

mod bug;
mod groups;
#[cfg(test)]
mod tests;
mod unique_loops;
mod variant;

pub(crate) use bug::bug_with;
pub use bug::{bug, bug_in};
pub use unique_loops::unique_loop;
pub(crate) use unique_loops::unique_loop_with;
pub use variant::unique_loop_in;
