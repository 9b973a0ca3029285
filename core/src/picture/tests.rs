//! Core tests of the pictures: structure, geometry, escaping, determinism and bounds.
//! What a browser lays out is tested by scripts/browser_test.sh.

use super::*;
use crate::logic::Candidate;
use crate::logic::{path, Technique};
use crate::puzzle::Puzzle;

pub(super) fn parse(svg: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not well-formed: {e}\n{svg}"))
}

fn attr_i(n: &roxmltree::Node, a: &str) -> f64 {
    n.attribute(a).unwrap().parse().unwrap()
}

/// The cell a `r<row>c<col>` name names, 0-based row and column.
fn rc(name: &str) -> (i32, i32) {
    let (r, c) = name[1..].split_once('c').unwrap();
    (r.parse::<i32>().unwrap() - 1, c.parse::<i32>().unwrap() - 1)
}

/// The border rectangle: x, y, side.
fn border(doc: &roxmltree::Document) -> (f64, f64, f64) {
    let b = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("border"))
        .unwrap();
    (attr_i(&b, "x"), attr_i(&b, "y"), attr_i(&b, "width"))
}

/// The elements of `doc` whose class is exactly `class`.
pub(super) fn with_class<'a, 'i>(
    doc: &'a roxmltree::Document<'i>,
    class: &str,
) -> Vec<roxmltree::Node<'a, 'i>> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .collect()
}

fn puzzle(text: &str) -> Puzzle {
    Puzzle::parse(text).unwrap()
}

#[test]
fn digits_sit_in_their_cells_in_two_styles() {
    let p = puzzle(EASY);
    let mut pos = Position::of_puzzle(&p);
    pos.placed[2] = 4; // r1c3
    let svg = grid_svg(&pos, &Overlay::default(), &Options::default()).unwrap();
    let doc = parse(&svg);
    let (x0, y0, side) = border(&doc);
    let cell = side / 9.0;
    let mut givens = 0;
    for n in doc.descendants().filter(|n| n.has_tag_name("text")) {
        let class = n.attribute("class").unwrap();
        let (r, c) = rc(n.attribute("data-cell").unwrap());
        let (x, y) = (attr_i(&n, "x"), attr_i(&n, "y"));
        assert_eq!(x, x0 + (c as f64 + 0.5) * cell);
        assert_eq!(y, y0 + (r as f64 + 0.5) * cell);
        let d: u8 = n.text().unwrap().parse().unwrap();
        assert_eq!(n.attribute("data-digit"), Some(&*d.to_string()));
        let index = (r * 9 + c) as usize;
        match class {
            "given" => {
                assert_eq!(p.cells[index], d);
                givens += 1;
            }
            "placed" => assert_eq!((index, d), (2, 4)),
            other => panic!("unexpected class {other}"),
        }
    }
    assert_eq!(givens, p.givens());
    assert!(svg.contains(&format!("Puzzle {}", p.to_line())));
}

#[test]
fn pencil_marks_sit_in_their_ninth_of_the_cell() {
    for (text, n, side_marks) in [(EASY, 9, 3), (FOUR, 4, 2)] {
        let p = puzzle(text);
        let pos = Position::with_candidates(&p).unwrap();
        let marks = pos.marks.unwrap();
        let svg = grid_svg(&pos, &Overlay::default(), &Options::default()).unwrap();
        let doc = parse(&svg);
        let (x0, y0, side) = border(&doc);
        let cell = side / n as f64;
        let part = cell / side_marks as f64;
        let mut count = 0;
        for t in doc
            .descendants()
            .filter(|t| t.attribute("class") == Some("mark"))
        {
            let (r, c) = rc(t.attribute("data-cell").unwrap());
            let d: i32 = t.attribute("data-digit").unwrap().parse().unwrap();
            assert_eq!(t.text(), Some(&*d.to_string()));
            assert!(marks[(r * n + c) as usize] >> (d - 1) & 1 != 0);
            let (x, y) = (attr_i(&t, "x"), attr_i(&t, "y"));
            let (sr, sc) = ((d - 1) / side_marks, (d - 1) % side_marks);
            let left = x0 + c as f64 * cell + sc as f64 * part;
            let top = y0 + r as f64 * cell + sr as f64 * part;
            assert!(x > left && x < left + part && y > top && y < top + part);
            count += 1;
        }
        let expected: u32 = marks[..p.size.cells()].iter().map(|m| m.count_ones()).sum();
        assert_eq!(count, expected as usize);
        assert!(count > 0);
    }
}

#[test]
fn same_input_same_bytes_and_size_and_labels_are_honoured() {
    let p = puzzle(EASY);
    let pos = Position::with_candidates(&p).unwrap();
    let o = Options {
        size: 300,
        labels: true,
        ..Options::default()
    };
    let a = grid_svg(&pos, &Overlay::default(), &o).unwrap();
    assert_eq!(a, grid_svg(&pos, &Overlay::default(), &o).unwrap());
    let doc = parse(&a);
    let root = doc.root_element();
    assert_eq!(root.attribute("width"), Some("300"));
    let labels = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("label"))
        .count();
    assert_eq!(labels, 18);
    let plain = grid_svg(&pos, &Overlay::default(), &Options::default()).unwrap();
    assert!(!plain.contains("class=\"label\""));
    assert!(parse(&plain).root_element().attribute("width") == Some("450"));
}

#[test]
fn embedded_text_is_escaped_and_the_document_well_formed() {
    let p = puzzle(EASY);
    let nasty = "a<b>&c\"d'e]]>\u{0}\u{1b}\u{FFFE}</title><script>x</script>";
    let o = Options {
        title: nasty,
        description: nasty,
        ..Options::default()
    };
    let svg = grid_svg(&Position::of_puzzle(&p), &Overlay::default(), &o).unwrap();
    let doc = parse(&svg);
    let title = doc
        .descendants()
        .find(|n| n.has_tag_name("title"))
        .unwrap()
        .text()
        .unwrap()
        .to_string();
    assert_eq!(
        title,
        "a<b>&c\"d'e]]>\u{FFFD}\u{FFFD}\u{FFFD}</title><script>x</script>"
    );
    assert!(!doc.descendants().any(|n| n.has_tag_name("script")));
    let desc = doc.descendants().find(|n| n.has_tag_name("desc")).unwrap();
    assert!(desc.text().unwrap().starts_with("Puzzle 53..7"));
}

/// Options with labels and `long` as the title and the description.
pub(super) fn longest_options(long: &str) -> Options<'_> {
    Options {
        title: long,
        description: long,
        labels: true,
        ..Options::default()
    }
}

/// The largest inputs: every candidate of an empty grid as a pencil mark, each one
/// removed or placed, every cell and unit highlighted, the most links, the longest
/// texts; and a page of six with the longest labels.
#[test]
fn worst_cases_fit_their_limits() {
    let empty = Puzzle::parse(&".".repeat(81)).unwrap();
    let pos = Position::with_candidates(&empty).unwrap();
    let all: Vec<Candidate> = (0..81u8)
        .flat_map(|cell| (1..=9u8).map(move |digit| Candidate { cell, digit }))
        .collect();
    let cells: Vec<u8> = (0..81).collect();
    let units: Vec<u8> = (0..27).collect();
    let mut links = Vec::new();
    for i in 0..MAX_LINKS {
        links.push(Link {
            from: all[i % 729],
            to: all[(i * 7 + 100) % 729],
            strong: i % 2 == 0,
        });
    }
    let long = "&".repeat(MAX_DESCRIPTION_CHARS * 2);
    let o = longest_options(&long);
    let overlay = Overlay {
        cells: &cells,
        units: &units,
        digits: 0x1FF,
        placements: &all[..364],
        eliminations: &all[364..],
        pivots: &cells,
        fins: &cells,
        links: &links,
    };
    let svg = grid_svg(&pos, &overlay, &o).unwrap();
    assert!(svg.len() <= GRID_LIMIT, "{} bytes", svg.len());
    parse(&svg);
    let too_many = vec![links[0]; MAX_LINKS + 1];
    let overlay = Overlay {
        links: &too_many,
        ..overlay
    };
    assert_eq!(
        grid_svg(&pos, &overlay, &o),
        Err(PictureError::TooManyLinks {
            found: MAX_LINKS + 1
        })
    );
    let solved = crate::solve(&empty, 1).unwrap().solution.unwrap();
    let label = "\u{10FFFF}&".repeat(MAX_LABEL_CHARS);
    let items: Vec<PageItem> = (0..6)
        .map(|_| PageItem {
            puzzle: empty,
            marks: None,
            label: &label,
            rating: Some(200),
            solution: Some(solved),
        })
        .collect();
    // The same with every mark of an empty grid (a pencil-mark puzzle: 729 marks a grid,
    // and its 729-character line in the description).
    let all_marks = crate::position::Position::from_marks(&[0x1FF; 81]).unwrap();
    let marked: Vec<PageItem> = items
        .iter()
        .map(|item| PageItem {
            marks: Some(&all_marks),
            ..*item
        })
        .collect();
    for items in [&items, &marked] {
        for kind in [PageKind::Puzzles, PageKind::Solutions] {
            for paper in [Paper::A4, Paper::Letter] {
                let layout = PageLayout { per_page: 6, paper };
                let page = page(items, layout, kind, 99, 99).unwrap();
                assert!(page.len() <= PAGE_LIMIT, "{} bytes", page.len());
                parse(&page);
            }
        }
    }
}

use super::samples::{CYCLE, EASY, FOUR, RECTANGLE, WINGS};

/// The first step of `puzzle`'s path taken with `technique`.
fn step_with(puzzle_text: &str, want: fn(Technique) -> bool) -> (Puzzle, StepAt) {
    let p = puzzle(puzzle_text);
    let steps = path(&p, &mut || {}).unwrap();
    let i = steps
        .iter()
        .position(|s| want(s.technique))
        .expect("the path takes it");
    let at = locate_step(&p, i + 1, &mut crate::Silent).unwrap();
    assert_eq!(at.step, steps[i]);
    (p, at)
}

/// The picture of a step shows its cells, units and removals as the step lists them.
fn check_step_picture(p: &Puzzle, at: &StepAt) -> String {
    let svg = draw_step(p, at, 450, true).unwrap();
    let doc = parse(&svg);
    let of = |class: &str| with_class(&doc, class);
    let size = p.size;
    let names = |v: &[roxmltree::Node]| -> Vec<String> {
        v.iter()
            .map(|n| n.attribute("data-cell").unwrap().to_string())
            .collect()
    };
    let pattern: Vec<String> = at
        .step
        .cells
        .iter()
        .map(|&c| size.cell_name(c as usize))
        .collect();
    assert_eq!(names(&of("cell")), pattern);
    assert_eq!(of("unit").len(), at.step.units.len());
    let removed: Vec<String> = at
        .step
        .eliminations
        .iter()
        .map(|e| format!("{}:{}", size.cell_name(e.cell as usize), e.digit))
        .collect();
    let with_digit = |v: &[roxmltree::Node]| -> Vec<String> {
        v.iter()
            .map(|n| {
                format!(
                    "{}:{}",
                    n.attribute("data-cell").unwrap(),
                    n.attribute("data-digit").unwrap()
                )
            })
            .collect()
    };
    assert!(!removed.is_empty() || !at.step.placements.is_empty());
    assert_eq!(with_digit(&of("off")), removed, "discs");
    assert_eq!(with_digit(&of("mark off")), removed, "digits");
    assert_eq!(with_digit(&of("strike")), removed, "strikes");
    svg
}

#[test]
fn a_step_shows_its_pattern_placements_and_removals() {
    for (text, want) in [
        (
            WINGS,
            (|t| t == Technique::Fish(2)) as fn(Technique) -> bool,
        ),
        (RECTANGLE, |t| matches!(t, Technique::UniqueLoop(_))),
        (CYCLE, |t| matches!(t, Technique::Chain(_))),
    ] {
        let (p, at) = step_with(text, want);
        check_step_picture(&p, &at);
    }
    let (p, at) = step_with(WINGS, |t| t == Technique::Fish(2));
    let svg = check_step_picture(&p, &at);
    let doc = parse(&svg);
    let of = |class: &str| with_class(&doc, class);
    let size = p.size;
    // The x-wing's digit in its four cells sits on blue discs.
    assert_eq!(of("pat").len(), 4);
    assert!(doc
        .descendants()
        .find(|n| n.has_tag_name("title"))
        .unwrap()
        .text()
        .unwrap()
        .contains("x_wing"));

    // The hint of the easy puzzle places a digit: on a green disc.
    let p = puzzle(EASY);
    let hint = locate_step(&p, 0, &mut crate::Silent).unwrap();
    let svg = draw_step(&p, &hint, 450, false).unwrap();
    let doc = parse(&svg);
    let placed = &hint.step.placements[0];
    let on: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("on"))
        .collect();
    assert_eq!(on.len(), 1);
    assert_eq!(
        on[0].attribute("data-cell"),
        Some(&*size.cell_name(placed.cell as usize))
    );
    assert!(svg.starts_with("<?xml"));
    assert!(svg.contains("<title id=\"title\">Hint: hidden_single_box (1.2)</title>"));
}

#[test]
fn steps_out_of_range_and_hints_of_full_grids_are_errors() {
    let p = puzzle(EASY);
    let steps = path(&p, &mut || {}).unwrap().len();
    assert_eq!(
        locate_step(&p, steps + 1, &mut crate::Silent).unwrap_err(),
        StepError::OutOfRange {
            asked: steps + 1,
            steps
        }
    );
    let last = locate_step(&p, steps, &mut crate::Silent).unwrap();
    assert_eq!(last.before.blanks(), 1);
    let solved = Puzzle::from_cells(crate::solve(&p, 1).unwrap().solution.unwrap());
    assert_eq!(
        locate_step(&solved, 0, &mut crate::Silent).unwrap_err(),
        StepError::NoHint { solved: true }
    );
    let bad = puzzle(&("55".to_string() + &".".repeat(79)));
    assert!(matches!(
        locate_step(&bad, 0, &mut crate::Silent),
        Err(StepError::Puzzle(_))
    ));
}

#[test]
fn wings_name_their_pivot() {
    let (_, at) = step_with(WINGS, |t| t == Technique::XYWing);
    let pivots = pivots_of(&at.before, &at.step);
    assert_eq!(pivots.len(), 1);
    let pivot = pivots[0] as usize;
    let size = at.before.size;
    // The pivot sees both wings, holds two candidates and not the removed digit.
    for &c in &at.step.cells {
        if c as usize != pivot {
            assert!(size.peers(pivot).contains(&c));
        }
    }
    let z = at.step.eliminations[0].digit;
    assert!(!at.before.has(pivot, z));
    assert_eq!(at.before.cands[pivot].count_ones(), 2);
}

#[test]
fn links_are_arrows_between_their_candidates() {
    let p = puzzle(EASY);
    let pos = Position::with_candidates(&p).unwrap();
    let g = Geometry::new(p.size, false);
    // Hand-written links of both kinds: r1c3:1 => r1c3:2 -> r2c2:2 => r8c2:2.
    let links = super::samples::links();
    let overlay = Overlay {
        links: &links,
        ..Overlay::default()
    };
    let svg = grid_svg(&pos, &overlay, &Options::default()).unwrap();
    let doc = parse(&svg);
    let groups: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("link")))
        .collect();
    assert_eq!(groups.len(), links.len());
    for (gnode, link) in groups.iter().zip(&links) {
        let kind = if link.strong {
            "link strong"
        } else {
            "link weak"
        };
        assert_eq!(gnode.attribute("class"), Some(kind));
        let line = gnode.children().find(|n| n.has_tag_name("line")).unwrap();
        let (ax, ay) = g.mark_at(link.from.cell as usize, link.from.digit);
        let (bx, by) = g.mark_at(link.to.cell as usize, link.to.digit);
        let (x1, y1) = (attr_i(&line, "x1"), attr_i(&line, "y1"));
        let head = gnode
            .children()
            .find(|n| n.has_tag_name("polygon"))
            .unwrap();
        let tip: Vec<f64> = head
            .attribute("points")
            .unwrap()
            .split([' ', ','])
            .take(2)
            .map(|v| v.parse().unwrap())
            .collect();
        let near = |x: f64, y: f64, cx: i32, cy: i32| {
            ((x - cx as f64).powi(2) + (y - cy as f64).powi(2)).sqrt() <= g.disc() as f64 + 1.5
        };
        assert!(near(x1, y1, ax, ay), "starts at its source");
        assert!(near(tip[0], tip[1], bx, by), "points at its target");
        // Both ends are on discs.
        for cand in [link.from, link.to] {
            let name = p.size.cell_name(cand.cell as usize);
            assert!(doc
                .descendants()
                .any(|n| n.attribute("class") == Some("pat")
                    && n.attribute("data-cell") == Some(&*name)
                    && n.attribute("data-digit") == Some(&*cand.digit.to_string())));
        }
    }
}

#[test]
fn pages_hold_their_puzzles_captions_and_solutions() {
    let p = puzzle(EASY);
    let solution = crate::solve(&p, 1).unwrap().solution;
    let items: Vec<PageItem> = ["one", "two & <three>", "", "four"]
        .iter()
        .map(|label| PageItem {
            puzzle: p,
            marks: None,
            label,
            rating: Some(12),
            solution,
        })
        .collect();
    for per_page in PageLayout::PER_PAGE {
        let layout = PageLayout {
            per_page,
            paper: Paper::Letter,
        };
        let shown = &items[..per_page.min(items.len())];
        let svg = page(shown, layout, PageKind::Puzzles, 1, 1).unwrap();
        let doc = parse(&svg);
        let root = doc.root_element();
        assert_eq!(root.attribute("width"), Some("8.5in"));
        let captions: Vec<String> = doc
            .descendants()
            .filter(|n| {
                n.attribute("class") == Some("caption") && n.attribute("data-item").is_some()
            })
            .map(|n| n.text().unwrap().to_string())
            .collect();
        assert_eq!(captions.len(), shown.len());
        assert_eq!(captions[0], "one \u{b7} ER 1.2");
        // The grids do not overlap and stay on the paper.
        let grids: Vec<(f64, f64, f64)> = doc
            .descendants()
            .filter(|n| n.has_tag_name("svg") && n.attribute("data-item").is_some())
            .map(|n| (attr_i(&n, "x"), attr_i(&n, "y"), attr_i(&n, "width")))
            .collect();
        assert_eq!(grids.len(), shown.len());
        for (i, a) in grids.iter().enumerate() {
            assert!(a.0 >= 0.0 && a.1 >= 0.0 && a.0 + a.2 <= 2159.0 && a.1 + a.2 <= 2794.0);
            for b in &grids[i + 1..] {
                let apart =
                    a.0 + a.2 <= b.0 || b.0 + b.2 <= a.0 || a.1 + a.2 <= b.1 || b.1 + b.2 <= a.1;
                assert!(apart, "{a:?} {b:?}");
            }
        }
    }
    let layout = PageLayout {
        per_page: 4,
        paper: Paper::A4,
    };
    let svg = page(&items, layout, PageKind::Solutions, 2, 2).unwrap();
    let doc = parse(&svg);
    let placed = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("placed"))
        .count();
    assert_eq!(placed, 4 * p.blanks());
    assert!(svg.contains("two &amp; &lt;three&gt; \u{b7} solution"));
    assert!(svg.contains(">2 / 2<"));
}

/// The XY-cycle's step carries its links: a closed round, each link between two
/// candidates of one cell or of one digit in one unit, strong and weak alternating; the
/// picture draws one arrow per link, solid or dashed as its kind.
#[test]
fn a_cycle_carries_its_links_and_is_drawn_with_arrows() {
    let (p, at) = step_with(CYCLE, |t| matches!(t, Technique::Chain(_)));
    let links = &at.step.links;
    assert!(links.len() >= 4, "{links:?}");
    let size = p.size;
    for (i, l) in links.iter().enumerate() {
        let next = &links[(i + 1) % links.len()];
        assert_eq!(l.to, next.from, "the round is closed");
        assert_ne!(l.strong, next.strong, "strong and weak alternate");
        let (a, b) = (l.from.cell as usize, l.to.cell as usize);
        let same_cell = a == b && l.from.digit != l.to.digit;
        let same_unit = a != b && l.from.digit == l.to.digit && size.peers(a).contains(&(b as u8));
        assert!(same_cell || same_unit, "{l:?} is a link");
        assert!(at.before.has(a, l.from.digit) && at.before.has(b, l.to.digit));
    }
    let svg = draw_step(&p, &at, 450, true).unwrap();
    let doc = parse(&svg);
    let strong = with_class(&doc, "link strong").len();
    let weak = with_class(&doc, "link weak").len();
    assert_eq!(strong, links.iter().filter(|l| l.strong).count());
    assert_eq!(strong + weak, links.len());
}

/// The pencil marks of `m` as the 729-character form holds them: a filled cell's digit
/// alone, an open cell's candidates.
fn masks_of(m: &crate::logic::Marks) -> [u16; 81] {
    std::array::from_fn(|c| match m.values[c] {
        0 => m.cands[c],
        d => 1 << (d - 1),
    })
}

/// The pencil marks of `p` (the candidates its givens leave) with one crossed out by the
/// player that is not the solution's: the first of a cell with three or more; with that
/// cell and digit.
fn marks_crossed_out(p: &Puzzle, solution: &[u8; 81]) -> ([u16; 81], usize, u8) {
    let mut masks = masks_of(&crate::logic::Marks::from_puzzle(p));
    let (cell, digit) = (0..81)
        .filter(|&c| p.cells[c] == 0 && masks[c].count_ones() >= 3)
        .flat_map(|c| (1..=9u8).map(move |d| (c, d)))
        .find(|&(c, d)| masks[c] >> (d - 1) & 1 == 1 && solution[c] != d)
        .unwrap();
    masks[cell] &= !(1 << (digit - 1));
    (masks, cell, digit)
}

/// Steps on a pencil-mark position are the position engine's (`sudoku_hint` and
/// `sudoku_steps` on its text), drawn on the player's own marks less what earlier steps
/// removed: a candidate the player crossed out is never drawn.
#[test]
fn steps_on_pencil_marks_are_drawn_on_the_players_marks() {
    use crate::position::{engine, Position as Marked};
    let p = puzzle(EASY);
    let solution = crate::solve(&p, 1).unwrap().solution.unwrap();
    let (masks, cell, digit) = marks_crossed_out(&p, &solution);
    let position = Marked::from_marks(&masks).unwrap();
    let givens = Puzzle::from_cells(position.givens);
    let steps = engine::path(&position, &mut crate::Silent).unwrap();
    let hint = locate_position_step(&position, 0, &mut crate::Silent).unwrap();
    assert_eq!(
        Some(hint.step.clone()),
        engine::hint(&position, &mut crate::Silent)
    );
    assert_eq!(hint.before.cands, position.cands);
    for n in [1, 5, steps.len()] {
        let at = locate_position_step(&position, n, &mut crate::Silent).unwrap();
        assert_eq!(at.step, steps[n - 1], "step {n}");
        let svg = check_step_picture(&givens, &at);
        let doc = parse(&svg);
        let title = doc
            .descendants()
            .find(|n| n.has_tag_name("title"))
            .unwrap()
            .text()
            .unwrap()
            .to_string();
        assert!(title.starts_with(&format!("Step {n}: ")), "{title}");
        // The marks drawn are those of the position after the earlier steps.
        let mut m = position.to_marks();
        for s in &steps[..n - 1] {
            s.apply(&mut m);
        }
        let drawn = doc
            .descendants()
            .filter(|x| {
                x.has_tag_name("text")
                    && x.attribute("class").is_some_and(|c| c.starts_with("mark"))
            })
            .count() as u32;
        let open: u32 = (0..81)
            .filter(|&c| m.values[c] == 0)
            .map(|c| m.cands[c].count_ones())
            .sum();
        assert_eq!(drawn, open, "step {n}");
        let crossed = format!(
            "data-cell=\"{}\" data-digit=\"{digit}\"",
            p.size.cell_name(cell)
        );
        assert!(!svg.contains(&crossed), "a crossed-out candidate drawn");
    }
    // Errors as for puzzles: past the end, and no hint on a full grid or without solution.
    assert_eq!(
        locate_position_step(&position, steps.len() + 1, &mut crate::Silent).unwrap_err(),
        StepError::OutOfRange {
            asked: steps.len() + 1,
            steps: steps.len()
        }
    );
    // The solution's digit crossed out in another open cell: no solution is left.
    let mut wrong = masks;
    let other = (0..81)
        .find(|&c| p.cells[c] == 0 && c != cell && wrong[c].count_ones() >= 2)
        .unwrap();
    wrong[other] &= !(1 << (solution[other] - 1));
    let broken = Marked::from_marks(&wrong).unwrap();
    assert_eq!(
        locate_position_step(&broken, 0, &mut crate::Silent).unwrap_err(),
        StepError::NoHint { solved: false }
    );
    let full = Marked::from_marks(&std::array::from_fn(|c| 1 << (solution[c] - 1))).unwrap();
    assert_eq!(
        locate_position_step(&full, 0, &mut crate::Silent).unwrap_err(),
        StepError::NoHint { solved: true }
    );
}

/// A pencil-mark puzzle on a page: its marks drawn (a candidate crossed out is not), its
/// givens bold, its 729 characters in the description; on the solution page, the grid
/// solved and no mark.
#[test]
fn pencil_mark_puzzles_are_drawn_with_their_marks_on_pages() {
    let p = puzzle(EASY);
    let solution = crate::solve(&p, 1).unwrap().solution.unwrap();
    let (masks, cell, digit) = marks_crossed_out(&p, &solution);
    let marked = crate::position::Position::from_marks(&masks).unwrap();
    let item = PageItem {
        puzzle: Puzzle::from_cells(marked.givens),
        marks: Some(&marked),
        label: "marks",
        rating: None,
        solution: Some(solution),
    };
    let layout = PageLayout {
        per_page: 1,
        paper: Paper::A4,
    };
    let candidates: u32 = masks
        .iter()
        .zip(&marked.values)
        .filter(|&(_, &v)| v == 0)
        .map(|(m, _)| m.count_ones())
        .sum();
    let svg = page(&[item], layout, PageKind::Puzzles, 1, 1).unwrap();
    let doc = parse(&svg);
    assert_eq!(with_class(&doc, "mark").len(), candidates as usize);
    let name = crate::grid::Size::Nine.cell_name(cell);
    assert!(!with_class(&doc, "mark").iter().any(|n| {
        n.attribute("data-cell") == Some(&*name)
            && n.attribute("data-digit") == Some(&*digit.to_string())
    }));
    let givens = p.cells.iter().filter(|&&d| d != 0).count();
    assert_eq!(with_class(&doc, "given").len(), givens);
    let desc = doc
        .descendants()
        .find(|n| n.has_tag_name("desc"))
        .unwrap()
        .text()
        .unwrap();
    assert!(
        desc.contains(&crate::position::text::write_line(&masks)),
        "{desc}"
    );
    let svg = page(&[item], layout, PageKind::Solutions, 1, 1).unwrap();
    let doc = parse(&svg);
    assert!(with_class(&doc, "mark").is_empty());
    assert_eq!(with_class(&doc, "placed").len(), 81 - givens);
}

/// The first step of `text`'s path taken with chain technique `kind`, located (with its
/// links; the ladder's own step has none, and is otherwise the same).
fn located_chain_step(text: &str, kind: crate::logic::chains::ChainKind) -> (Puzzle, StepAt) {
    let p = puzzle(text);
    let steps = path(&p, &mut || {}).unwrap();
    let i = steps
        .iter()
        .position(|s| s.technique == Technique::Chain(kind))
        .expect("the path takes it");
    assert!(steps[i].links.is_empty(), "the ladder computes no links");
    let at = locate_step(&p, i + 1, &mut crate::Silent).unwrap();
    let plain = crate::logic::Step {
        links: Vec::new(),
        ..at.step.clone()
    };
    assert_eq!(plain, steps[i]);
    (p, at)
}

/// The step's links join candidates of its position and are drawn, one arrow each,
/// strong ones solid.
fn check_arrows(p: &Puzzle, at: &StepAt) {
    let links = &at.step.links;
    assert!(links.len() >= 4, "{links:?}");
    for l in links {
        assert!(at.before.has(l.from.cell as usize, l.from.digit));
        assert!(at.before.has(l.to.cell as usize, l.to.digit));
    }
    let svg = check_step_picture(p, at);
    let doc = parse(&svg);
    let strong = with_class(&doc, "link strong").len();
    let weak = with_class(&doc, "link weak").len();
    assert_eq!(strong, links.iter().filter(|l| l.strong).count());
    assert_eq!(strong + weak, links.len());
}

/// A chain step made of propagations carries its links once located (the ladder's own
/// step has none): drawn as arrows between candidates of the position, on a puzzle and
/// on the same position read from its pencil marks.
#[test]
fn chain_steps_of_propagations_are_drawn_with_their_arrows() {
    use super::samples::FORCING;
    use crate::logic::chains::ChainKind;
    let (p, at) = located_chain_step(FORCING, ChainKind::DynamicContradiction);
    check_arrows(&p, &at);

    // The same position as a pencil-mark text: its hint is that step, with the same links.
    let position = crate::position::Position::from_marks(&masks_of(&at.before)).unwrap();
    let hint = locate_position_step(&position, 0, &mut crate::Silent).unwrap();
    assert_eq!(hint.step, at.step);
}

/// A nested chain step (level 2) is drawn with the arrows of its outer chains (its
/// links: `chains::levels2to4::links`).
#[test]
#[cfg_attr(debug_assertions, ignore = "long in a debug build")]
fn nested_chain_steps_are_drawn_with_their_arrows() {
    use super::samples::NESTED;
    use crate::logic::chains::ChainKind;
    let (p, at) = located_chain_step(NESTED, ChainKind::Nested(2));
    check_arrows(&p, &at);
}

/// 4×4 puzzles have steps too (no chains: those are 9×9 only): the hint and every step
/// of the path drawn as they are listed, the marks in their quarters of the cell.
#[test]
fn four_by_four_steps_are_drawn() {
    let p = puzzle(FOUR);
    let steps = path(&p, &mut || {}).unwrap();
    assert!(!steps.is_empty());
    for n in 0..=steps.len() {
        let at = locate_step(&p, n, &mut crate::Silent).unwrap();
        if n > 0 {
            assert_eq!(at.step, steps[n - 1]);
        }
        let svg = draw_step(&p, &at, 200, true).unwrap();
        let doc = parse(&svg);
        assert!(doc
            .root_element()
            .attribute("class")
            .unwrap()
            .contains("four"));
        for l in doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("placed"))
        {
            let (r, c) = rc(l.attribute("data-cell").unwrap());
            assert!((0..4).contains(&r) && (0..4).contains(&c));
        }
        if !at.step.eliminations.is_empty() {
            check_step_picture(&p, &at);
        }
    }
}
