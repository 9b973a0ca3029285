//! Memos of searches under rules that found nothing, kept with the rules' tables
//! (`logic::rules::VariantTables`), so a memo never outlives, or crosses, the rules it
//! was made under.
//!
//! As [`super::found_nothing`] does for the classic ladder: a search that looks at one
//! digit at a time, where what it finds for a digit is a function of that digit's
//! candidate cells alone (the rules fixed), remembers per digit the exact cells on which
//! it last found nothing, and skips the digit while they are the same. Between two
//! positions of a path few digits change, and the searches below the one that fires
//! fail again at most positions. The key is the cells themselves, never a hash: a memo
//! says "nothing here" only where that is true, so no step, path or rating depends on
//! what it holds (tests compare paths with the memos warm and cold).
//!
//! A search whose memo is of its own type (what it found per digit, not only where it
//! found nothing) keeps it in [`TypedMemos`], found by its type, so that this module
//! knows none of them.
//!
//! The same per group for the searches within one group (the hidden subsets), keyed by
//! the group's candidates.
//!
//! Memory: one `u128` per digit and search and per group and search, and one value per typed memo (each bounded
//! by its type), inside the tables.

use std::any::{Any, TypeId};
use std::cell::{Cell, RefCell};

/// The searches that keep a memo, one slot each.
pub(crate) mod search {
    /// Direct pointing and claiming over every group (`intersections`), per digit.
    pub const DIRECT_INTERSECTION: usize = 0;
    /// Generalized intersections, in a rating's closure (`variant_ladder::closure`), per
    /// digit.
    pub const GENERALIZED_INTERSECTION: usize = 1;
    /// Per group: hidden subsets of 2 to 4 digits (slots 0-2), direct or not (3-5), each
    /// a function of the group's candidates alone; none for other degrees.
    pub fn hidden_subsets(degree: usize, direct: bool) -> Option<usize> {
        (2..=4)
            .contains(&degree)
            .then(|| degree - 2 + if direct { 3 } else { 0 })
    }
}

const SEARCHES: usize = 2;
const GROUP_SEARCHES: usize = 6;
/// Groups a memo can tell apart: a slot is a bit of a `u64`.
const GROUPS: usize = 64;
/// Never a key: keys use the low 81 bits.
const NONE: u128 = u128::MAX;

/// Per search and digit (0-based), the candidate cells on which the search last found
/// nothing; per group search and group (slot), the group's candidates (9 bits a cell,
/// in its cell order) on which it did.
#[derive(Clone, Debug)]
pub(crate) struct FoundNothing {
    digits: [[Cell<u128>; 9]; SEARCHES],
    groups: [[Cell<u128>; GROUPS]; GROUP_SEARCHES],
}

impl Default for FoundNothing {
    fn default() -> FoundNothing {
        FoundNothing {
            digits: std::array::from_fn(|_| std::array::from_fn(|_| Cell::new(NONE))),
            groups: std::array::from_fn(|_| std::array::from_fn(|_| Cell::new(NONE))),
        }
    }
}

impl FoundNothing {
    /// True when `search` last found nothing for digit `d` (0-based) on these cells.
    #[inline]
    pub(crate) fn known(&self, search: usize, d: usize, cells: u128) -> bool {
        self.digits[search][d].get() == cells
    }

    /// Records that `search` found nothing for digit `d` (0-based) on these cells.
    #[inline]
    pub(crate) fn record(&self, search: usize, d: usize, cells: u128) {
        self.digits[search][d].set(cells)
    }

    /// True when group search `search` last found nothing in group `slot` with these
    /// candidates.
    #[inline]
    pub(crate) fn group_known(&self, search: usize, slot: usize, cands: u128) -> bool {
        self.groups[search][slot].get() == cands
    }

    /// Records that group search `search` found nothing in group `slot` with these
    /// candidates.
    #[inline]
    pub(crate) fn group_record(&self, search: usize, slot: usize, cands: u128) {
        self.groups[search][slot].set(cands)
    }

    /// Forgets every memo (for benchmarks and tests that want a cold start).
    pub(crate) fn forget(&self) {
        self.digits.iter().flatten().for_each(|c| c.set(NONE));
        self.groups.iter().flatten().for_each(|c| c.set(NONE));
    }
}

/// The searches' memos of their own types, one per type (see the module notes). A
/// clone starts with none: it is a cache.
#[derive(Default)]
pub(crate) struct TypedMemos(RefCell<Vec<(TypeId, Box<dyn Any>)>>);

impl Clone for TypedMemos {
    fn clone(&self) -> TypedMemos {
        TypedMemos::default()
    }
}

impl std::fmt::Debug for TypedMemos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TypedMemos({} kept)", self.0.borrow().len())
    }
}

impl TypedMemos {
    /// Runs `f` on the memo of type `T` (a new one the first time). The memo is taken
    /// out while `f` runs, so a search asking for it again meanwhile gets a fresh one
    /// (and the outer one is what stays).
    pub(crate) fn with<T: Default + 'static, R>(&self, f: impl FnOnce(&mut T) -> R) -> R {
        let id = TypeId::of::<T>();
        let kept = {
            let mut memos = self.0.borrow_mut();
            memos
                .iter()
                .position(|(t, _)| *t == id)
                .map(|i| memos.swap_remove(i).1)
        };
        let mut memo: Box<T> = kept
            .and_then(|any| any.downcast::<T>().ok())
            .unwrap_or_default();
        let out = f(&mut memo);
        // A nested ask's memo came back first: this one, the outer, replaces it.
        let mut memos = self.0.borrow_mut();
        memos.retain(|(t, _)| *t != id);
        memos.push((id, memo));
        out
    }

    /// Forgets every memo.
    pub(crate) fn forget(&self) {
        self.0.borrow_mut().clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_memo_knows_only_the_cells_it_recorded() {
        let memo = FoundNothing::default();
        assert!(!memo.known(search::DIRECT_INTERSECTION, 3, 0));
        memo.record(search::DIRECT_INTERSECTION, 3, 0b1011);
        assert!(memo.known(search::DIRECT_INTERSECTION, 3, 0b1011));
        assert!(!memo.known(search::DIRECT_INTERSECTION, 3, 0b1010));
        assert!(!memo.known(search::DIRECT_INTERSECTION, 4, 0b1011));
        memo.clone().forget();
        assert!(
            memo.known(search::DIRECT_INTERSECTION, 3, 0b1011),
            "a clone forgets its own"
        );
        memo.forget();
        assert!(!memo.known(search::DIRECT_INTERSECTION, 3, 0b1011));
    }

    #[test]
    fn a_typed_memo_is_kept_by_its_type_and_a_nested_ask_gets_a_fresh_one() {
        let memos = TypedMemos::default();
        memos.with(|n: &mut u32| *n = 7);
        memos.with(|s: &mut String| s.push('a'));
        assert_eq!(memos.with(|n: &mut u32| *n), 7);
        let inner = memos.with(|outer: &mut u32| {
            *outer += 1;
            memos.with(|inner: &mut u32| {
                *inner = 100;
                *inner
            })
        });
        assert_eq!((inner, memos.with(|n: &mut u32| *n)), (100, 8));
        assert_eq!(
            memos.clone().with(|n: &mut u32| *n),
            0,
            "a clone starts cold"
        );
        memos.forget();
        assert_eq!(memos.with(|s: &mut String| s.clone()), "");
    }
}
