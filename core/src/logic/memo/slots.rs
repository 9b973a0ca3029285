//! One typed slot per thread for each cache whose value is a search's own type.
//!
//! Those are the strong-link tables, the cycle passes' scratch and memos, the propagation
//! pool, the level-1 hints and the nested searches' scratch: a slot is found by its
//! type, so that this module knows none of them and [`forget`] reaches them all.
//!
//! A search takes its value ([`Kept::take`]) and the guard puts it back when dropped,
//! an unwinding interrupt included. A search that asks again while the value is out (a
//! nested call) gets a fresh one, as it would with no cache; when both come back, the
//! outer one stays.

use std::any::{Any, TypeId};
use std::cell::RefCell;
use std::ops::{Deref, DerefMut};

/// A value kept per thread between calls, whose remembered part can be forgotten.
pub(crate) trait Memo: Default + 'static {
    /// Forgets what it remembers of earlier calls (its buffers may stay).
    fn forget(&mut self);
    /// True when it remembers nothing (as after [`Memo::forget`]).
    fn is_forgotten(&self) -> bool;
}

struct Slot {
    id: TypeId,
    kept: Option<Box<dyn Any>>,
    forget: fn(&mut dyn Any),
    is_forgotten: fn(&dyn Any) -> bool,
}

thread_local! {
    static SLOTS: RefCell<Vec<Slot>> = const { RefCell::new(Vec::new()) };
}

/// The value of type `T` taken from this thread's slot, put back when dropped.
pub(crate) struct Kept<T: Memo>(Option<Box<T>>);

impl<T: Memo> Kept<T> {
    /// Takes the thread's value (a fresh one if there is none, or it is out).
    pub(crate) fn take() -> Kept<T> {
        let kept = SLOTS.with_borrow_mut(|slots| {
            let slot = slots.iter_mut().find(|s| s.id == TypeId::of::<T>())?;
            slot.kept.take()
        });
        let value = match kept {
            Some(any) => any.downcast::<T>().expect("the slot of its type"),
            None => Box::default(),
        };
        Kept(Some(value))
    }
}

impl<T: Memo> Drop for Kept<T> {
    fn drop(&mut self) {
        let Some(value) = self.0.take() else {
            return;
        };
        // Dropped while the thread ends: nothing to keep it for.
        let _ = SLOTS.try_with(|slots| {
            let Ok(mut slots) = slots.try_borrow_mut() else {
                return;
            };
            match slots.iter_mut().find(|s| s.id == TypeId::of::<T>()) {
                Some(slot) => slot.kept = Some(value),
                None => slots.push(Slot {
                    id: TypeId::of::<T>(),
                    kept: Some(value),
                    forget: |any| any.downcast_mut::<T>().expect("its type").forget(),
                    is_forgotten: |any| any.downcast_ref::<T>().expect("its type").is_forgotten(),
                }),
            }
        });
    }
}

impl<T: Memo> Deref for Kept<T> {
    type Target = T;
    #[inline]
    fn deref(&self) -> &T {
        self.0.as_deref().expect("kept until dropped")
    }
}

impl<T: Memo> DerefMut for Kept<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut T {
        self.0.as_deref_mut().expect("kept until dropped")
    }
}

/// Calls `f` with this thread's value of type `T` (see [`Kept::take`]).
#[inline]
pub(crate) fn with<T: Memo, R>(f: impl FnOnce(&mut T) -> R) -> R {
    let mut kept = Kept::<T>::take();
    f(&mut kept)
}

/// Forgets what every value in this thread's slots remembers (those taken out at the
/// time are not reached: none is, between calls).
pub(crate) fn forget() {
    SLOTS.with_borrow_mut(|slots| {
        for slot in slots.iter_mut() {
            if let Some(kept) = slot.kept.as_deref_mut() {
                (slot.forget)(kept);
                debug_assert!((slot.is_forgotten)(kept));
            }
        }
    });
}

/// How many slots of this thread hold a value that remembers something (for tests).
#[cfg(test)]
pub(crate) fn remembering() -> usize {
    SLOTS.with_borrow(|slots| {
        slots
            .iter()
            .filter(|s| s.kept.as_deref().is_some_and(|k| !(s.is_forgotten)(k)))
            .count()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default)]
    struct Count(u32);

    impl Memo for Count {
        fn forget(&mut self) {
            self.0 = 0;
        }
        fn is_forgotten(&self) -> bool {
            self.0 == 0
        }
    }

    #[test]
    fn a_slot_keeps_its_value_gives_a_fresh_one_while_out_and_forgets() {
        with(|c: &mut Count| c.0 = 5);
        assert_eq!(with(|c: &mut Count| c.0), 5);
        let outer = Kept::<Count>::take();
        assert_eq!(with(|c: &mut Count| c.0), 0, "out: a fresh one");
        drop(outer);
        assert_eq!(with(|c: &mut Count| c.0), 5, "the outer one stays");
        assert_eq!(remembering(), 1);
        forget();
        assert_eq!(remembering(), 0);
        assert_eq!(with(|c: &mut Count| c.0), 0);
    }
}
