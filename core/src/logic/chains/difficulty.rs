//! The rating arithmetic of chains: the length bonus of a complexity, and difficulties
//! in tenths.

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
