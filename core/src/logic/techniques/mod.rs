//! The technique families below the chains, one family a module, each exposing its
//! finders (`fn(&Marks) -> Option<Step>`): each returns the step Sukaku Explainer would
//! take with that technique. The ladder (`logic::ladder`) tries them in its order.

pub mod aligned;
pub mod fish;
pub mod intersections;
pub mod nc;
pub mod singles;
pub mod strong_links;
pub mod subsets;
pub mod uniqueness;
pub mod wings;
