//! A switch for tests: [`plain`] true makes the nested searches take none of their
//! shortcuts (kept propagations, kept hint lists, forcing chains searched only where the
//! cycle search's reach shows one; under rules the level-1 hints a search keeps
//! (`ruled::nested::InnerSearches`) and a run's reading of them only where places
//! changed (`ruled::level1::hints_since`)), so that a test can compare their steps with
//! the plain way's. Always false outside tests.

#[cfg(test)]
thread_local! {
    static PLAIN: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// True when the nested searches must take no shortcut (tests only).
#[inline]
pub(crate) fn plain() -> bool {
    #[cfg(test)]
    {
        PLAIN.with(|p| p.get())
    }
    #[cfg(not(test))]
    {
        false
    }
}

/// Sets the switch of [`plain`] on this thread.
#[cfg(test)]
pub(crate) fn set_plain(on: bool) {
    PLAIN.with(|p| p.set(on));
}
