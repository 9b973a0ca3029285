//! Tests of the unique loops and the BUG.

use super::bug::*;
use super::unique_loops::*;
use crate::grid::Size;
use crate::logic::marks::{Candidate, Marks};
use crate::logic::step::Technique;
use crate::logic::testing::*;

fn grid(cells: &[(usize, usize, &'static str)], filler: &'static str) -> Marks {
    let mut cands: Vec<&str> = vec![filler; 81];
    for &(r, c, t) in cells {
        cands[r * 9 + c] = t;
    }
    marks_from_candidates(&cands.join(" "))
}

#[test]
fn unique_rectangle_type_1() {
    // r1c1, r1c4, r2c1, r2c4 on 1,2 (two boxes, two rows, two columns); r2c4 holds 3.
    let m = grid(
        &[(0, 0, "12"), (0, 3, "12"), (1, 0, "12"), (1, 3, "123")],
        "+9",
    );
    let s = unique_loop(&m).unwrap();
    assert_eq!(s.technique, Technique::UniqueLoop(1));
    assert_eq!(s.rating, 45);
    assert_eq!(
        s.eliminations,
        vec![cand(Size::Nine, 1, 3, 1), cand(Size::Nine, 1, 3, 2)]
    );
    assert_eq!(s.cells, vec![0, 3, 9, 12]);
}

#[test]
fn no_rectangle_within_one_box() {
    // Four cells in one box, rows and columns: swapping there is not a deadly pattern
    // of the kind a unique rectangle needs (it covers one box only).
    let m = grid(
        &[(0, 0, "12"), (0, 1, "12"), (1, 0, "12"), (1, 1, "123")],
        "+9",
    );
    assert_eq!(unique_loop(&m), None);
}

#[test]
fn unique_rectangle_type_2() {
    let m = grid(
        &[
            (0, 0, "12"),
            (0, 3, "12"),
            (1, 0, "123"),
            (1, 3, "123"),
            (1, 6, "34"),
        ],
        "+9",
    );
    let s = unique_loop(&m).unwrap();
    assert_eq!(s.technique, Technique::UniqueLoop(2));
    assert_eq!(s.eliminations, vec![cand(Size::Nine, 1, 6, 3)]);
}

#[test]
fn unique_rectangle_type_4() {
    // r2c1 {1,2,3}, r2c4 {1,2,4}: extras differ (no type 2); in row 2, 1 is only in
    // those two cells, so neither can hold 2.
    let m = grid(
        &[
            (0, 0, "12"),
            (0, 3, "12"),
            (1, 0, "123"),
            (1, 3, "124"),
            (1, 6, "234"),
        ],
        "+9",
    );
    let s = unique_loop(&m).unwrap();
    assert_eq!(s.technique, Technique::UniqueLoop(4));
    assert_eq!(s.rating, 45);
    assert_eq!(
        s.eliminations,
        vec![cand(Size::Nine, 1, 0, 2), cand(Size::Nine, 1, 3, 2)]
    );
}

#[test]
fn unique_rectangle_type_3_naked_pair() {
    // r2c1 {1,2,3} and r2c4 {1,2,4}: one of them holds 3 or 4, which with r2c7 {3,4}
    // make a naked pair of row 2, so r2c8 loses 3. (1 and 2 are also in r2c8, so no
    // type 4; row 2 has four blanks, too few for the hidden form.)
    let m = grid(
        &[
            (0, 0, "12"),
            (0, 3, "12"),
            (1, 0, "123"),
            (1, 3, "124"),
            (1, 6, "34"),
            (1, 7, "1235"),
        ],
        "+9",
    );
    let s = unique_loop(&m).unwrap();
    assert_eq!(s.technique, Technique::UniqueLoop(3));
    assert_eq!(s.rating, 46);
    assert_eq!(s.eliminations, vec![cand(Size::Nine, 1, 7, 3)]);
}

#[test]
fn unique_rectangle_type_3_hidden_pair() {
    // As above with a fifth blank in row 2: 1 and 2 are then confined to one of
    // r2c1/r2c4 and r2c8, which keeps only 1 and 2 (4.5).
    let m = grid(
        &[
            (0, 0, "12"),
            (0, 3, "12"),
            (1, 0, "123"),
            (1, 3, "124"),
            (1, 6, "34"),
            (1, 7, "1235"),
            (1, 8, "35"),
        ],
        "+9",
    );
    let s = unique_loop(&m).unwrap();
    assert_eq!(s.technique, Technique::UniqueLoop(3));
    assert_eq!(s.rating, 45);
    assert_eq!(
        s.eliminations,
        vec![cand(Size::Nine, 1, 7, 3), cand(Size::Nine, 1, 7, 5)]
    );
}

#[test]
fn bug_type_1() {
    // A 4x4 bivalue grave: every cell two candidates, each digit twice per unit, but
    // r1c1 holds a third.
    let m = grid(&[], "+1");
    assert_eq!(bug(&m), None);
    let m4 = marks_from_candidates("123 34 12 34  34 12 34 12  12 34 12 34  34 12 34 12");
    // r1c1: 3 appears three times in row 1, column 1 and box 1.
    let s = bug(&m4).unwrap();
    assert_eq!(s.technique, Technique::Bug(1));
    assert_eq!(s.rating, 56);
    assert_eq!(
        s.eliminations,
        vec![
            Candidate { cell: 0, digit: 1 },
            Candidate { cell: 0, digit: 2 }
        ]
    );
}
