//! The per-thread caches of the human-logic engine's searches: those kept here
//! ([`found_nothing`], [`snapshots`]) and, listed below, those kept with their searches;
//! `logic::forget_search_memos` forgets them all.
//!
//! Each cache only makes a search skip work whose outcome it knows: no step, no rating
//! and no path depends on what a cache holds (tests compare paths with the caches on,
//! warm from other puzzles, and off or cold). Why each is exact:
//!
//! - [`found_nothing`]: per digit (or unit) and search, the candidates on which the
//!   search last found nothing; the search is a function of those candidates alone, so
//!   with the same candidates it would find nothing again.
//! - [`snapshots`]: per search, the candidates of the last 9×9 position where it found
//!   nothing; a pattern resting only on cells whose candidates did not change since
//!   existed there, where it eliminated nothing, so it still eliminates nothing.
//! - the strong-link tables (`techniques::strong_links`): per digit, the links built
//!   from the digit's candidate cells, kept with those cells as the key, compared whole.
//! - the loop cores (`techniques::uniqueness`): per pair of digits, the core of the last
//!   cell set asked (a function of the set alone), kept with the set as the key.
//! - the cycle searches' memos (`chains::cycles`): per digit (X pass), per grid of
//!   bivalue cells (Y pass) and per start (XY pass), what a search read when it found
//!   nothing; a search reading the same lists meets the same potentials and again finds
//!   nothing.
//! - the propagation pool's closures (`chains::multiple`): the closures of the last
//!   dynamic search kept only while the grid lost nothing they depend on, and the digit
//!   planes where every nishio propagation met no contradiction.
//! - the nested searches' caches (`chains::level1`, `chains::levels2to4`), held in
//!   [`bounded`] containers: the level-1 hints per grid while the source grid stays,
//!   the inner rules' hint lists and the X pass's hints per plane, per grid (each a
//!   function of its key; see where they are kept).
//!
//! Memory: bounded per thread (see each module), never growing with the puzzles rated.

pub(crate) mod bounded;
pub(crate) mod found_nothing;
pub(crate) mod snapshots;

/// Forgets the caches of this module (found nothing, snapshots). The caches kept with
/// their searches (above) are forgotten by `logic::forget_search_memos`, the one way to
/// forget them all, which calls this: nothing here imports the searches.
pub(crate) fn forget() {
    found_nothing::forget();
    snapshots::forget();
}
