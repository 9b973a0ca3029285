//! The rating arithmetic of chains: the length bonus of a complexity, difficulties in
//! tenths, and the order of a nested rule's hints.

/// Sukaku Explainer's length bonus: +0.1 each time `complexity - 2` exceeds a ceiling
/// growing 4, 6, 8, 12, 16, 24, 32, ... Returned as the f64 it adds (sum of 0.1s) so
/// that ties between ratings compare as they do there.
pub fn length_bonus(complexity: u32) -> f64 {
    let length = complexity as i64 - 2;
    let mut ceil = 4i64;
    let mut added = 0.0f64;
    let mut odd = false;
    while length > ceil {
        added += 0.1;
        ceil = if !odd { ceil * 3 / 2 } else { ceil * 4 / 3 };
        odd = !odd;
    }
    added
}

/// The rating in tenths of a difficulty computed as Sukaku Explainer does.
pub fn tenths(d: f64) -> u16 {
    (d * 10.0).round() as u16
}

/// Sorts a nested rule's hints as Sukaku Explainer does (stable: difficulty, complexity,
/// sort key as `rank` gives them, then the order found) and keeps the first of those
/// with the same removals (`removals`: ascending; its `LinkedHashSet` of hints, equal
/// where their removals are).
pub(crate) fn sort_and_dedup<T>(
    hints: &mut Vec<T>,
    rank: impl Fn(&T) -> (f64, u32, u8),
    removals: impl Fn(&T) -> &[crate::logic::primitives::Candidate],
) {
    hints.sort_by(|a, b| {
        let ((da, ca, ka), (db, cb, kb)) = (rank(a), rank(b));
        da.partial_cmp(&db)
            .expect("finite difficulties")
            .then(ca.cmp(&cb))
            .then(ka.cmp(&kb))
    });
    let mut seen = std::collections::HashSet::new();
    hints.retain(|h| seen.insert(removals(h).to_vec()));
}
