//! The variant engine: solves, counts, lists and draws random grids for any
//! [`Geometry`] (4×4 to 25×25, any extra groups, anti-knight, anti-king, nc, jigsaw
//! regions, killer cages).
//!
//! A bitmask search (one `u32` of candidates per cell, bit `d-1` for digit `d`, and per
//! digit the set of cells holding it with its count in each group), the open cell with
//! the most conflicts per candidate first (the fewest candidates until contradictions
//! tell cells apart), and propagation at every node over what changed: naked singles
//! through each cell's peers, nc's consecutive digits, hidden singles and locked
//! candidates from the digits' places, digits with few places, killer sums through
//! precomputed combinations. 9×9 rules that keep the rows, columns and boxes and have
//! no cage sums, and 16×16 grids of rows, columns and boxes alone, are solved and
//! counted by the band search instead ([`band_search`] over [`bands`], the classic
//! search's bitboards plus what the rules add, or over [`sixteen`], four 64-cell bands
//! per digit and word rules), and so are 9×9 rules of groups alone without the boxes
//! (jigsaw regions, with or without extra groups: over [`groups`], one 81-cell word per
//! digit), which finds the same solutions with cheaper nodes.
//! Files: [`tables`] (what is built once from the geometry, by [`Engine::new`]),
//! [`places`] (each digit's places: counts and cell sets), [`cage`] (cage sums),
//! [`locked`] (locked candidates, nc pairs), [`pairs`] (digits with two or three
//! places in a group; [`nc_near`], nc's part of it on the 9×9 bands), [`work`] (the
//! log of changed cells each rule reads), [`propagate`] (the fixpoint), [`search`]
//! (the explicit stack), [`candidates`] (what the givens rule out, without search);
//! for tests, [`full`] (the plain way propagation is checked against) and
//! [`intersections`].
//!
//! Callers check the givens first ([`crate::variant::check::check_givens`]); the engine assumes
//! they do not conflict (if they do, it finds no solution). Every search calls its
//! `interrupt` callback every few hundred nodes: the PostgreSQL glue checks for cancel
//! there, and may unwind.

mod band_search;
mod bands;
mod cage;
mod candidates;
#[cfg(test)]
mod full;
mod groups;
#[cfg(test)]
mod intersections;
mod locked;
mod nc_near;
mod pairs;
mod places;
mod propagate;
mod search;
mod sixteen;
mod tables;
#[cfg(test)]
pub(crate) mod testkit;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_bands;
#[cfg(test)]
mod tests_groups;
#[cfg(test)]
mod tests_props;
#[cfg(test)]
mod tests_sixteen;
#[cfg(test)]
mod tests_work;
mod work;

pub use candidates::candidates;

use super::geometry::Geometry;
use super::text::VariantPuzzle;
use crate::generate::Rng;
use band_search::BandSearch;
use bands::Extras;
use groups::GroupRules;
use search::{Order, Search};
use std::ops::Deref;
use std::rc::Rc;
pub use tables::Tables;

/// The tables of one geometry, ready to search any puzzle of its shape.
#[derive(Clone, Debug)]
pub struct Engine {
    /// Shared, so that [`Engine::into_solutions`] streams without copying them.
    tables: Rc<Tables>,
    /// What the band search reads, when it can run the 9×9 geometry ([`Extras::of`]).
    extras: Option<Rc<Extras>>,
    /// The band search runs the 16×16 geometry ([`sixteen::fits`]).
    sixteen: bool,
    /// What the band search reads when it runs a 9×9 geometry of groups alone that
    /// [`bands`] cannot ([`GroupRules::of`]: jigsaw regions).
    groups: Option<Rc<GroupRules>>,
}

impl Engine {
    /// Builds the tables of a geometry (peers, neighbours, groups, cage combinations).
    pub fn new(geometry: &Geometry) -> Engine {
        let tables = Tables::new(geometry);
        let extras = Extras::of(&tables).map(Rc::new);
        let groups = match extras {
            None => GroupRules::of(&tables).map(Rc::new),
            Some(_) => None,
        };
        Engine {
            extras,
            sixteen: sixteen::fits(&tables),
            groups,
            tables: Rc::new(tables),
        }
    }

    /// The first solution in search order (cells 1..=side), or `None`.
    pub fn solve(&self, puzzle: &VariantPuzzle, interrupt: &mut dyn FnMut()) -> Option<Vec<u8>> {
        self.solutions(puzzle, 1, interrupt).next()
    }

    /// The number of solutions, stopping at `limit`.
    pub fn count(&self, puzzle: &VariantPuzzle, limit: u64, interrupt: &mut dyn FnMut()) -> u64 {
        self.count_search(self.search(&*self.tables, puzzle, None, interrupt), limit)
    }

    /// The number of solutions that do not put `digit` in `cell`, stopping at `limit`
    /// (digging: removing a given keeps the puzzle unique exactly when this is 0). A
    /// cell off the grid or a digit outside `1..=side` excludes nothing: no solution
    /// puts it there.
    pub fn count_excluding(
        &self,
        puzzle: &VariantPuzzle,
        cell: usize,
        digit: u8,
        limit: u64,
        interrupt: &mut dyn FnMut(),
    ) -> u64 {
        let on_grid =
            cell < self.tables.cells && (1..=self.tables.side).contains(&usize::from(digit));
        let excluded = on_grid.then_some((cell, digit));
        self.count_search(
            self.search(&*self.tables, puzzle, excluded, interrupt),
            limit,
        )
    }

    /// The search that solves and counts: the band search when it can run the
    /// geometry ([`band_search`], faster), else the mask search ([`search`]) in
    /// ascending order. Both find every solution; their orders may differ.
    fn search<T: Deref<Target = Tables>, I: FnMut()>(
        &self,
        tables: T,
        puzzle: &VariantPuzzle,
        excluded: Option<(usize, u8)>,
        interrupt: I,
    ) -> AnySearch<T, I> {
        if let Some(extras) = &self.extras {
            let rules = Rc::clone(extras);
            return AnySearch::Bands(BandSearch::new(rules, puzzle, excluded, interrupt));
        }
        if self.sixteen {
            let rules = Rc::new(());
            return AnySearch::Sixteen(BandSearch::new(rules, puzzle, excluded, interrupt));
        }
        if let Some(groups) = &self.groups {
            let rules = Rc::clone(groups);
            return AnySearch::Groups(BandSearch::new(rules, puzzle, excluded, interrupt));
        }
        AnySearch::Masks(Box::new(Search::new(
            tables,
            puzzle,
            excluded,
            Order::Ascending,
            interrupt,
        )))
    }

    fn count_search<I: FnMut()>(&self, mut search: AnySearch<&Tables, I>, limit: u64) -> u64 {
        let mut found = 0;
        while found < limit && search.next_grid().is_some() {
            found += 1;
        }
        found
    }

    /// True when the puzzle has exactly one solution.
    pub fn is_unique(&self, puzzle: &VariantPuzzle, interrupt: &mut dyn FnMut()) -> bool {
        self.count(puzzle, 2, interrupt) == 1
    }

    /// The solutions in search order, up to `limit`, one at a time: memory stays flat
    /// (bounded by cells²) and the iterator resumes where it stopped.
    pub fn solutions<I: FnMut()>(
        &self,
        puzzle: &VariantPuzzle,
        limit: u64,
        interrupt: I,
    ) -> VariantSolutions<&Tables, I> {
        VariantSolutions {
            search: self.search(&*self.tables, puzzle, None, interrupt),
            left: limit,
        }
    }

    /// The solutions that put in every cell one of its `allowed` digits (a mask per cell,
    /// bit `d - 1` for digit `d`: a player's pencil marks), in search order, up to
    /// `limit`. The mask search runs them under any rules (the band searches start from
    /// the givens alone); a test compares them with the solutions the marks keep.
    pub fn solutions_within<I: FnMut()>(
        &self,
        puzzle: &VariantPuzzle,
        allowed: &[u32],
        limit: u64,
        interrupt: I,
    ) -> VariantSolutions<&Tables, I> {
        assert_eq!(allowed.len(), self.tables.cells, "a mask per cell");
        let search = Search::within(&*self.tables, puzzle, allowed, interrupt);
        VariantSolutions {
            search: AnySearch::Masks(Box::new(search)),
            left: limit,
        }
    }

    /// [`Engine::solutions_within`] owning the engine's tables (shared, not copied), for
    /// a caller that streams the solutions after the engine is gone.
    pub fn into_solutions_within<I: FnMut()>(
        self,
        puzzle: &VariantPuzzle,
        allowed: &[u32],
        limit: u64,
        interrupt: I,
    ) -> VariantSolutions<Rc<Tables>, I> {
        assert_eq!(allowed.len(), self.tables.cells, "a mask per cell");
        let search = Search::within(Rc::clone(&self.tables), puzzle, allowed, interrupt);
        VariantSolutions {
            search: AnySearch::Masks(Box::new(search)),
            left: limit,
        }
    }

    /// [`Engine::solutions`] owning the engine's tables (shared, not copied), for a
    /// caller that streams the solutions after the engine is gone (a set-returning SQL
    /// function).
    pub fn into_solutions<I: FnMut()>(
        self,
        puzzle: &VariantPuzzle,
        limit: u64,
        interrupt: I,
    ) -> VariantSolutions<Rc<Tables>, I> {
        VariantSolutions {
            search: self.search(Rc::clone(&self.tables), puzzle, None, interrupt),
            left: limit,
        }
    }

    /// A random full grid that extends the puzzle's givens and obeys the rules: digits
    /// tried in an order drawn from `rng` at every branch; `None` when there is none.
    pub fn random_solution(
        &self,
        puzzle: &VariantPuzzle,
        rng: &mut Rng,
        interrupt: &mut dyn FnMut(),
    ) -> Option<Vec<u8>> {
        let order = Order::Random(Rng::new(rng.next_u64()));
        let mut search = Search::new(&*self.tables, puzzle, None, order, interrupt);
        search.next_level().map(|level| search.grid(level))
    }

    /// The candidates the givens leave, as [`candidates`] (with this engine's tables).
    pub fn candidates(&self, puzzle: &VariantPuzzle) -> Vec<u32> {
        candidates::of_givens(&self.tables, puzzle)
    }
}

/// The solutions of a puzzle, streamed ([`Engine::solutions`]): `T` is how the search
/// holds the engine's tables (borrowed, or shared by [`Engine::into_solutions`]).
pub struct VariantSolutions<T: Deref<Target = Tables>, I: FnMut()> {
    search: AnySearch<T, I>,
    left: u64,
}

impl<T: Deref<Target = Tables>, I: FnMut()> VariantSolutions<T, I> {
    /// Search nodes tried so far.
    pub fn nodes(&self) -> u64 {
        self.search.nodes()
    }
}

impl<T: Deref<Target = Tables>, I: FnMut()> Iterator for VariantSolutions<T, I> {
    type Item = Vec<u8>;

    fn next(&mut self) -> Option<Vec<u8>> {
        if self.left == 0 {
            return None;
        }
        let grid = self.search.next_grid()?;
        self.left -= 1;
        Some(grid)
    }
}

/// One of the searches ([`Engine::search`]).
enum AnySearch<T: Deref<Target = Tables>, I: FnMut()> {
    /// Boxed: the largest state by far, and built once per search.
    Masks(Box<Search<T, I>>),
    Bands(BandSearch<bands::State, I>),
    Sixteen(BandSearch<sixteen::State, I>),
    Groups(BandSearch<groups::State, I>),
}

impl<T: Deref<Target = Tables>, I: FnMut()> AnySearch<T, I> {
    /// The next solution, or `None` when there is none.
    fn next_grid(&mut self) -> Option<Vec<u8>> {
        match self {
            AnySearch::Masks(s) => s.next_level().map(|level| s.grid(level)),
            AnySearch::Bands(s) => s.next_grid(),
            AnySearch::Sixteen(s) => s.next_grid(),
            AnySearch::Groups(s) => s.next_grid(),
        }
    }

    /// The same search, with the band searches' plain build whatever the CPU (tests).
    #[cfg(test)]
    fn plain(self) -> Self {
        match self {
            AnySearch::Bands(s) => AnySearch::Bands(s.plain()),
            AnySearch::Sixteen(s) => AnySearch::Sixteen(s.plain()),
            AnySearch::Groups(s) => AnySearch::Groups(s.plain()),
            masks => masks,
        }
    }

    fn nodes(&self) -> u64 {
        match self {
            AnySearch::Masks(s) => s.nodes(),
            AnySearch::Bands(s) => s.nodes(),
            AnySearch::Sixteen(s) => s.nodes(),
            AnySearch::Groups(s) => s.nodes(),
        }
    }
}
