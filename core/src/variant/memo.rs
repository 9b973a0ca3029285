//! The geometry and engine of the rules a thread read last, kept for its next puzzle.
//!
//! A query that solves a table of puzzles under one set of rules reads the same rules
//! on every row; laying them on the grid ([`Geometry::new`]) and building the engine's
//! tables ([`Engine::new`]) cost more than solving an easy puzzle (on 16×16, about
//! 0.1 ms a row). [`geometry_of`] keeps the last `(shape, rules)` and its geometry, and
//! [`engine_of`] that geometry's engine once asked for, one entry per thread (a
//! PostgreSQL backend has one thread): a call under other rules replaces them.
//!
//! Why the answer is the same: both are pure functions of `(shape, rules)` (no
//! randomness, no state), and the entry is used only when both are equal to the ones
//! it was built from (the engine: when the geometry is the very one the entry holds).
//! The tests compare the memo's geometry and engine with fresh ones.

use super::engine::Engine;
use super::error::VariantError;
use super::geometry::Geometry;
use super::rules::Rules;
use super::shape::Shape;
use std::cell::RefCell;
use std::rc::Rc;

/// The last rules read, their geometry, and its engine once built.
struct Entry {
    shape: Shape,
    rules: Rules,
    geometry: Rc<Geometry>,
    engine: Option<Engine>,
}

thread_local! {
    static LAST: RefCell<Option<Entry>> = const { RefCell::new(None) };
}

/// The rules laid on the shape ([`Geometry::new`]), shared with the last call under
/// the same shape and rules on this thread.
pub fn geometry_of(shape: Shape, rules: &Rules) -> Result<Rc<Geometry>, VariantError> {
    let kept = LAST.with_borrow(|last| match last {
        Some(e) if e.shape == shape && e.rules == *rules => Some(Rc::clone(&e.geometry)),
        _ => None,
    });
    if let Some(geometry) = kept {
        return Ok(geometry);
    }
    let geometry = Rc::new(Geometry::new(shape, rules)?);
    LAST.set(Some(Entry {
        shape,
        rules: rules.clone(),
        geometry: Rc::clone(&geometry),
        engine: None,
    }));
    Ok(geometry)
}

/// The engine of a geometry ([`Engine::new`]): the one kept when the geometry is the
/// one [`geometry_of`] last gave on this thread (built once), else a new one.
pub fn engine_of(geometry: &Rc<Geometry>) -> Engine {
    let kept = LAST.with_borrow(|last| match last {
        Some(e) if Rc::ptr_eq(&e.geometry, geometry) => Some(e.engine.clone()),
        _ => None,
    });
    match kept {
        Some(Some(engine)) => engine,
        Some(None) => {
            let engine = Engine::new(geometry);
            LAST.with_borrow_mut(|last| {
                if let Some(e) = last.as_mut().filter(|e| Rc::ptr_eq(&e.geometry, geometry)) {
                    e.engine = Some(engine.clone());
                }
            });
            engine
        }
        None => Engine::new(geometry),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::text::VariantPuzzle;

    fn rules(text: &str) -> Rules {
        Rules::parse(text).unwrap()
    }

    #[test]
    fn the_same_rules_share_one_geometry_and_other_rules_replace_it() {
        let x = geometry_of(Shape::NINE, &rules("x")).unwrap();
        let again = geometry_of(Shape::NINE, &rules("x")).unwrap();
        assert!(Rc::ptr_eq(&x, &again));
        assert_eq!(*x, Geometry::new(Shape::NINE, &rules("x")).unwrap());
        let nc = geometry_of(Shape::NINE, &rules("nc")).unwrap();
        assert!(!Rc::ptr_eq(&x, &nc));
        assert_eq!(*nc, Geometry::new(Shape::NINE, &rules("nc")).unwrap());
        // The same rules on another shape are another geometry.
        let four = geometry_of(Shape::FOUR, &rules("x")).unwrap();
        assert_eq!(four.shape, Shape::FOUR);
        assert!(geometry_of(Shape::NINE, &rules("x")).is_ok_and(|g| !Rc::ptr_eq(&g, &x)));
    }

    #[test]
    fn the_kept_engine_counts_as_a_new_one() {
        let puzzle = VariantPuzzle::parse(&".".repeat(81)).unwrap();
        let mut p = puzzle.clone();
        // 1 in r1c1 and r9c9: no solution under x (one diagonal), many under the others,
        // so an engine kept for the wrong rules would count wrong.
        p.cells[0] = 1;
        p.cells[80] = 1;
        for (text, expected) in [("x", 0), ("anti-king", 3), ("x", 0), ("nc", 3)] {
            let geometry = geometry_of(Shape::NINE, &rules(text)).unwrap();
            let kept = engine_of(&geometry);
            let again = engine_of(&geometry);
            let fresh = Engine::new(&Geometry::new(Shape::NINE, &rules(text)).unwrap());
            let count = |e: &Engine| e.count(&p, 3, &mut || {});
            assert_eq!(count(&fresh), expected, "{text}");
            assert_eq!(count(&kept), expected, "{text}");
            assert_eq!(count(&again), count(&fresh), "{text}");
        }
        // A geometry the memo does not hold still gets its engine.
        let other = Rc::new(Geometry::new(Shape::NINE, &rules("dg")).unwrap());
        assert_eq!(engine_of(&other).count(&puzzle, 2, &mut || {}), 2);
    }
}
