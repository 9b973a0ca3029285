//! How a hint is measured from the propagations it rests on ([`Measure`]): its flat and
//! nested complexity, and the whole [`InnerHint`] a nested rule keeps.

use super::inner_hint::*;
use super::run::*;
use crate::logic::chains::difficulty::length_bonus;
use crate::logic::chains::kind::ChainKind;
use crate::logic::primitives::*;
use std::rc::Rc;

/// The targets of a hint: each chain's end, as (the propagation it is in, potential).
pub(super) type Targets<'a> = [(&'a DeepRun, Potential)];

/// Measures hints made of propagations.
#[derive(Default)]
pub(super) struct Measure {
    pub(super) walker: Walker,
}

impl Measure {
    /// The flat complexity: the ancestor counts of the targets, summed.
    pub(super) fn flat(&mut self, targets: &Targets) -> u32 {
        targets
            .iter()
            .map(|&(run, p)| self.walker.walk(run, p, |_| {}))
            .sum()
    }

    /// The distinct inner chain hints the targets' ancestries rest on (distinct as whole
    /// chains; the first met stands for its equals), in the order met.
    pub(super) fn nested(&mut self, targets: &Targets) -> Vec<Rc<InnerHint>> {
        let mut found: Vec<Rc<InnerHint>> = Vec::new();
        for &(run, p) in targets {
            self.walker.walk(run, p, |q| {
                if let Some(h) = run.inner_of(q) {
                    if !found.iter().any(|f| Rc::ptr_eq(f, h) || f.chain == h.chain) {
                        found.push(Rc::clone(h));
                    }
                }
            });
        }
        found
    }

    /// The whole hint, for a nested rule's list: `root` is the cause given to the
    /// assumptions (a cell hint's cell, a region hint's unit; `NO_CAUSE` otherwise).
    pub(super) fn inner_hint(
        &mut self,
        targets: &Targets,
        root: u8,
        removes: Vec<Candidate>,
        base: f64,
        key: u8,
        kind: ChainKind,
    ) -> InnerHint {
        let mut causes = Vec::new();
        let mut chain = vec![targets.len() as u16];
        let mut flat = 0;
        for &(run, p) in targets {
            chain.push(p.index() as u16);
            let at = chain.len();
            chain.push(0);
            let n = self.walker.walk(run, p, |q| {
                chain.push(q.index() as u16);
                if q.is_on() {
                    let cause = match run.cause[q.index()] {
                        NO_CAUSE if run.parents(q).is_empty() => root,
                        c => c,
                    };
                    if cause != NO_CAUSE {
                        causes.push((q.candidate(), cause));
                    }
                }
            });
            chain[at] = n as u16;
            flat += n;
        }
        let nested: u32 = self.nested(targets).iter().map(|h| h.complexity).sum();
        let complexity = flat + nested;
        let mut removal_set = removes.clone();
        removal_set.sort_unstable();
        InnerHint {
            removes,
            removal_set,
            difficulty: base + length_bonus(complexity),
            complexity,
            key,
            kind,
            causes,
            chain,
        }
    }
}
