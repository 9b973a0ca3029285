//! Every per-thread cache of the human-logic engine's searches, and [`forget`], which
//! forgets them all (`logic::forget_search_memos` calls it). Nothing here imports the
//! searches: the caches of their own types are kept in typed [`slots`].
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
//! - [`loop_cores`]: per pair of digits, the core of the last cell set asked of the
//!   unique loops (a function of the set alone), kept with the set as the key.
//! - [`cycles`]: per digit (X pass), per grid of bivalue cells (Y pass) and per start
//!   (XY pass), what a cycle search read when it found nothing; a search reading the
//!   same lists meets the same potentials and again finds nothing. Kept in a slot with
//!   the cycle search's scratch.
//! - in [`slots`]: the strong-link tables (`techniques::strong_links`: per digit, the
//!   links built from its candidate cells, kept with the cells as the key); the
//!   propagation pool's closures (`chains::multiple`: those of the last dynamic search,
//!   kept while the grid lost nothing they depend on, and the digit planes where every
//!   nishio propagation met no contradiction); the nested searches' caches
//!   (`chains::level1`, `chains::levels2to4`, held in [`bounded`] containers: the level-1
//!   hints per grid while the source grid stays, the inner rules' hint lists and the X
//!   pass's hints per plane, per grid; each a function of its key).
//! - [`ruled`]: the same as [`found_nothing`] for the searches under rules, kept with the
//!   rules' tables rather than per thread.
//!
//! Memory: bounded per thread (see each module), never growing with the puzzles rated.

pub(crate) mod bounded;
pub(crate) mod cycles;
pub(crate) mod found_nothing;
pub(crate) mod loop_cores;
pub(crate) mod ruled;
pub(crate) mod slots;
pub(crate) mod snapshots;

/// How much each cache of this thread remembers, by name (for tests).
#[cfg(test)]
pub(crate) fn remembering() -> [(&'static str, usize); 4] {
    [
        ("found nothing", found_nothing::remembering()),
        ("snapshots", snapshots::remembering()),
        ("loop cores", loop_cores::remembering()),
        ("slots (the cycle memos among them)", slots::remembering()),
    ]
}

/// Forgets every cache of this thread (see `logic::forget_search_memos`).
pub(crate) fn forget() {
    found_nothing::forget();
    snapshots::forget();
    loop_cores::forget();
    slots::forget();
}
