//! Core tests of the variant pictures: the golden files, the classic path kept byte for
//! byte, and the structure of what each rule draws (cages, region borders, shading,
//! diagonals, caption, giant grids, bounds). What a browser lays out is tested by
//! scripts/browser_test.sh (tests/browser/check.py).

use super::tests::{longest_options, parse, with_class};
use super::variant_samples::{variant_pictures, JIGSAW, JIGSAW_MAP, KILLER, KILLER_RULES};
use super::*;
use crate::puzzle::Puzzle;
use crate::variant::geometry::{ASTERISK, CENTER_DOT, GIRANDOLA};
use crate::variant::{Cage, Cages, Geometry, Rules, Shape, VariantPuzzle};
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

fn num(n: &roxmltree::Node, a: &str) -> i32 {
    n.attribute(a).unwrap().parse().unwrap()
}

fn draw(puzzle: &str, rules: &str) -> String {
    let puzzle = VariantPuzzle::parse(puzzle).unwrap();
    let geometry = Geometry::new(puzzle.shape, &Rules::parse(rules).unwrap()).unwrap();
    variant_svg(&puzzle, &geometry, &Options::default()).unwrap()
}

fn empty(shape: Shape) -> String {
    ".".repeat(shape.cells())
}

/// The border rectangle: x, y, side.
fn border(doc: &roxmltree::Document) -> (i32, i32, i32) {
    let b = &with_class(doc, "border")[0];
    (num(b, "x"), num(b, "y"), num(b, "width"))
}

/// The segments of path data made of `M x y H x2` and `M x y V y2` only.
fn segments(d: &str) -> Vec<((i32, i32), (i32, i32))> {
    let mut out = Vec::new();
    for part in d.split('M').filter(|p| !p.is_empty()) {
        let (start, rest) = part.split_once(['H', 'V']).unwrap();
        let (x, y) = start.split_once(' ').unwrap();
        let (x, y): (i32, i32) = (x.parse().unwrap(), y.parse().unwrap());
        let to: i32 = rest.parse().unwrap();
        let end = if part.contains('H') { (to, y) } else { (x, to) };
        out.push(((x, y), end));
    }
    out
}

/// The golden directory, `tests/pictures/variants/` of the repository.
fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/pictures/variants")
}

/// The golden files are what the code draws, byte for byte. With
/// `SUDOKU_UPDATE_PICTURES=1` the test writes them instead (as
/// `scripts/browser_test.sh --update` does).
#[test]
fn golden_files_are_what_the_code_draws() {
    let dir = golden_dir();
    let update = std::env::var_os("SUDOKU_UPDATE_PICTURES").is_some();
    if update {
        std::fs::create_dir_all(&dir).unwrap();
    }
    let pictures = variant_pictures().unwrap();
    assert_eq!(pictures.len(), 15);
    for (file, svg) in &pictures {
        parse(svg);
        let path = dir.join(file);
        if update {
            std::fs::write(&path, svg).unwrap();
            continue;
        }
        let kept = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            kept == *svg,
            "{} differs from what the code draws (SUDOKU_UPDATE_PICTURES=1 cargo test -p sudoku_core golden_files rewrites it)",
            path.display()
        );
    }
    let names: BTreeSet<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let drawn: BTreeSet<String> = pictures.iter().map(|(f, _)| f.to_string()).collect();
    assert_eq!(
        names,
        drawn,
        "files in {} that no sample draws",
        dir.display()
    );
}

#[test]
fn classic_grids_go_through_the_classic_picture_byte_for_byte() {
    let options = Options {
        title: "Classic",
        labels: true,
        ..Options::default()
    };
    for text in [samples::EASY, samples::FOUR] {
        let p = Puzzle::parse(text).unwrap();
        let v = VariantPuzzle::parse(text).unwrap();
        let geometry = Geometry::new(v.shape, &Rules::classic()).unwrap();
        let classic = grid_svg(&Position::of_puzzle(&p), &Overlay::default(), &options).unwrap();
        assert_eq!(variant_svg(&v, &geometry, &options).unwrap(), classic);
        // Placed digits too.
        let mut placed = vec![0u8; v.cells.len()];
        placed[2] = 4;
        let mut position = Position::of_puzzle(&p);
        position.placed[2] = 4;
        let classic = grid_svg(&position, &Overlay::default(), &options).unwrap();
        let drawn = variant_solution_svg(&v, &placed, &geometry, &options).unwrap();
        assert_eq!(drawn, classic);
    }
}

#[test]
fn a_puzzle_of_another_shape_than_its_rules_is_refused() {
    let p = VariantPuzzle::parse(&empty(Shape::SIXTEEN)).unwrap();
    let geometry = Geometry::new(Shape::NINE, &Rules::parse("x").unwrap()).unwrap();
    assert_eq!(
        variant_svg(&p, &geometry, &Options::default()),
        Err(PictureError::ShapeMismatch {
            cells: 256,
            expected: 81
        })
    );
    let p = VariantPuzzle::parse(&empty(Shape::NINE)).unwrap();
    assert_eq!(
        variant_solution_svg(&p, &[0; 80], &geometry, &Options::default()),
        Err(PictureError::ShapeMismatch {
            cells: 80,
            expected: 81
        })
    );
}

/// One dashed path per cage, one sum per cage with a sum, in the cage's first cell
/// (top-most then left-most), in the cell's top-left corner; digits of a killer grid
/// sit below the sum.
#[test]
fn every_cage_has_one_dashed_outline_and_its_sum_in_its_first_cell() {
    let svg = draw(KILLER, KILLER_RULES);
    let doc = parse(&svg);
    let geometry = Geometry::new(Shape::NINE, &Rules::parse(KILLER_RULES).unwrap()).unwrap();
    let paths = with_class(&doc, "cage");
    assert_eq!(paths.len(), geometry.cages.len());
    let sums = with_class(&doc, "sum");
    assert_eq!(sums.len(), geometry.cages.len());
    let (x0, y0, _) = border(&doc);
    for (k, (cage, sum)) in geometry.cages.iter().zip(&sums).enumerate() {
        let first = usize::from(cage.cells[0]);
        assert_eq!(
            sum.attribute("data-cell").unwrap(),
            Shape::NINE.cell_name(first)
        );
        assert_eq!(sum.text().unwrap(), cage.sum.unwrap().to_string());
        assert_eq!(paths[k].attribute("data-cage"), sum.attribute("data-cage"));
        let (cx, cy) = (
            x0 + Shape::NINE.col(first) as i32 * CELL,
            y0 + Shape::NINE.row(first) as i32 * CELL,
        );
        let (x, y) = (num(sum, "x"), num(sum, "y"));
        assert!(x > cx && x < cx + CELL / 4 && y > cy && y < cy + CELL / 4);
    }
    for digit in with_class(&doc, "given") {
        let cell = digit.attribute("data-cell").unwrap();
        let (r, c) = (
            cell[1..2].parse::<i32>().unwrap() - 1,
            cell[3..].parse::<i32>().unwrap() - 1,
        );
        assert_eq!(num(&digit, "x"), x0 + c * CELL + CELL / 2);
        assert!(num(&digit, "y") > y0 + r * CELL + CELL / 2);
    }
    assert!(svg.contains("class=\"sudoku variant side9 killer\""));
}

/// Every segment of a cage's outline lies inside the cage's cells, `CAGE_INSET` units
/// from the side it follows, and the segments meet end to end in closed loops.
fn check_cage_outlines(geometry: &Geometry, svg: &str) {
    let doc = parse(svg);
    let (x0, y0, _) = border(&doc);
    let paths = with_class(&doc, "cage");
    assert_eq!(paths.len(), geometry.cages.len());
    let shape = geometry.shape;
    for (k, path) in paths.iter().enumerate() {
        let in_cage = |x: i32, y: i32| {
            let (c, r) = ((x - x0).div_euclid(CELL), (y - y0).div_euclid(CELL));
            let n = shape.side() as i32;
            (0..n).contains(&r)
                && (0..n).contains(&c)
                && geometry.cage_of[shape.cell(r as usize, c as usize)] == Some(k as u16)
        };
        let mut ends: BTreeMap<(i32, i32), usize> = BTreeMap::new();
        for (a, b) in segments(path.attribute("d").unwrap()) {
            assert!(a < b, "a segment drawn backwards: {a:?} {b:?}");
            let mid = ((a.0 + b.0) / 2, (a.1 + b.1) / 2);
            for p in [a, b, mid] {
                assert!(in_cage(p.0, p.1), "cage {k}: {p:?} outside the cage");
                let off = |v: i32, v0: i32| (v - v0).rem_euclid(CELL);
                let (ox, oy) = (off(p.0, x0), off(p.1, y0));
                let inset = |o: i32| o == CAGE_INSET || o == CELL - CAGE_INSET;
                assert!(
                    if a.0 == b.0 { inset(ox) } else { inset(oy) },
                    "cage {k}: {p:?} not on an inset line"
                );
            }
            *ends.entry(a).or_default() += 1;
            *ends.entry(b).or_default() += 1;
        }
        assert!(!ends.is_empty());
        assert!(
            ends.values().all(|&k| k == 2),
            "cage {k}: open outline {ends:?}"
        );
    }
}

#[test]
fn cage_outlines_of_the_killer_sample_close_inside_their_cages() {
    let geometry = Geometry::new(Shape::NINE, &Rules::parse(KILLER_RULES).unwrap()).unwrap();
    check_cage_outlines(&geometry, &draw(KILLER, KILLER_RULES));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Cages of any shape, connected or not, with holes or not: their outlines close
    /// inside them.
    #[test]
    fn cage_outlines_close_inside_any_cages(labels in proptest::collection::vec(0u16..14, 81)) {
        let mut cages: Vec<Cage> = Vec::new();
        for k in 0..13u16 {
            let cells: Vec<u16> = (0..81u16).filter(|&c| labels[usize::from(c)] == k).collect();
            if !cells.is_empty() && cells.len() <= 9 {
                cages.push(Cage { cells, sum: None });
            }
        }
        prop_assume!(!cages.is_empty());
        let rules = Rules {
            cages: Cages::Killer { map_cells: 81, cages },
            ..Rules::default()
        };
        let geometry = Geometry::new(Shape::NINE, &rules).unwrap();
        let p = VariantPuzzle::empty(Shape::NINE);
        let svg = variant_svg(&p, &geometry, &Options::default()).unwrap();
        check_cage_outlines(&geometry, &svg);
        prop_assert_eq!(svg.matches("class=\"sum\"").count(), 0);
    }
}

/// The unit edges of the thick (or thin) path: (x, y, vertical) of each edge's start.
fn unit_edges(doc: &roxmltree::Document, class: &str) -> BTreeSet<(i32, i32, bool)> {
    let path = &with_class(doc, class)[0];
    let mut out = BTreeSet::new();
    for (a, b) in segments(path.attribute("d").unwrap()) {
        let vertical = a.0 == b.0;
        let (from, to) = if vertical { (a.1, b.1) } else { (a.0, b.0) };
        assert_eq!((to - from) % CELL, 0);
        for k in (from..to).step_by(CELL as usize) {
            let edge = if vertical {
                (a.0, k, true)
            } else {
                (k, a.1, false)
            };
            assert!(out.insert(edge), "edge {edge:?} drawn twice");
        }
    }
    out
}

/// Inner edges are thick exactly where the cells on either side lie in different
/// regions (jigsaw) or boxes (a 16×16 grid), thin everywhere else.
#[test]
fn region_borders_are_thick_exactly_where_regions_differ() {
    let jigsaw = format!("jigsaw={JIGSAW_MAP}");
    for (puzzle, rules) in [
        (JIGSAW.to_string(), jigsaw.as_str()),
        (empty(Shape::SIXTEEN), "x"),
        (empty(Shape::TWENTY_FIVE), "classic"),
        (empty(Shape::FOUR), "x"),
    ] {
        let svg = draw(&puzzle, rules);
        let doc = parse(&svg);
        let p = VariantPuzzle::parse(&puzzle).unwrap();
        let geometry = Geometry::new(p.shape, &Rules::parse(rules).unwrap()).unwrap();
        let region = |cell: usize| -> usize {
            let groups = &geometry.groups;
            groups
                .iter()
                .filter(|g| {
                    matches!(
                        g.kind,
                        crate::variant::GroupKind::Box | crate::variant::GroupKind::Region
                    )
                })
                .position(|g| g.cells.contains(&(cell as u16)))
                .unwrap()
        };
        let (x0, y0, side) = border(&doc);
        let n = p.shape.side();
        assert_eq!(side, n as i32 * CELL);
        let (mut thick, mut thin) = (BTreeSet::new(), BTreeSet::new());
        for r in 0..n {
            for c in 0..n {
                let (x, y) = (x0 + c as i32 * CELL, y0 + r as i32 * CELL);
                let cell = p.shape.cell(r, c);
                if c + 1 < n {
                    let edge = (x + CELL, y, true);
                    let differ = region(cell) != region(cell + 1);
                    if differ {
                        thick.insert(edge)
                    } else {
                        thin.insert(edge)
                    };
                }
                if r + 1 < n {
                    let edge = (x, y + CELL, false);
                    let differ = region(cell) != region(cell + n);
                    if differ {
                        thick.insert(edge)
                    } else {
                        thin.insert(edge)
                    };
                }
            }
        }
        assert_eq!(unit_edges(&doc, "thick"), thick, "{rules}");
        assert_eq!(unit_edges(&doc, "thin"), thin, "{rules}");
    }
}

#[test]
fn windows_and_single_extra_groups_are_shaded() {
    let doc_svg = draw(&empty(Shape::NINE), "windoku");
    let doc = parse(&doc_svg);
    let (x0, y0, _) = border(&doc);
    let shades = with_class(&doc, "shade");
    let corners: Vec<(i32, i32, i32)> = shades
        .iter()
        .map(|s| (num(s, "x") - x0, num(s, "y") - y0, num(s, "width")))
        .collect();
    let w = |r: i32, c: i32| (c * CELL, r * CELL, 3 * CELL);
    assert_eq!(corners, vec![w(1, 1), w(1, 5), w(5, 1), w(5, 5)]);
    for (rule, cells) in [
        ("girandola", GIRANDOLA),
        ("asterisk", ASTERISK),
        ("center-dot", CENTER_DOT),
    ] {
        let svg = draw(&empty(Shape::NINE), rule);
        let doc = parse(&svg);
        let shaded: Vec<String> = with_class(&doc, "shade")
            .iter()
            .map(|s| s.attribute("data-cell").unwrap().to_string())
            .collect();
        let want: Vec<String> = cells
            .iter()
            .map(|&c| Shape::NINE.cell_name(usize::from(c)))
            .collect();
        assert_eq!(shaded, want, "{rule}");
        assert!(!svg.contains("class=\"caption\""));
    }
}

#[test]
fn disjoint_groups_tint_every_cell_by_its_place() {
    for shape in [Shape::NINE, Shape::SIXTEEN] {
        let svg = draw(&empty(shape), "dg");
        let doc = parse(&svg);
        let tints = with_class(&doc, "place");
        assert_eq!(tints.len(), shape.cells());
        let mut colour_of_place: BTreeMap<String, String> = BTreeMap::new();
        for (cell, t) in tints.iter().enumerate() {
            let place = shape.place_in_box(cell);
            assert_eq!(t.attribute("data-place").unwrap(), (place + 1).to_string());
            let fill = t.attribute("fill").unwrap().to_string();
            let kept = colour_of_place
                .entry(place.to_string())
                .or_insert(fill.clone());
            assert_eq!(*kept, fill);
        }
        let colours: BTreeSet<&String> = colour_of_place.values().collect();
        assert_eq!(colours.len(), shape.side(), "one colour per place");
    }
}

#[test]
fn diagonals_run_corner_to_corner() {
    for (rules, count) in [("x", 2), ("diagonal+", 1), ("diagonal-", 1), ("windoku", 0)] {
        let svg = draw(&empty(Shape::NINE), rules);
        let doc = parse(&svg);
        let (x0, y0, side) = border(&doc);
        let lines = with_class(&doc, "diagonal");
        assert_eq!(lines.len(), count, "{rules}");
        for l in lines {
            let (x1, y1, x2, y2) = (num(&l, "x1"), num(&l, "y1"), num(&l, "x2"), num(&l, "y2"));
            assert_eq!((x1, x2), (x0, x0 + side));
            let up = l.attribute("data-group") == Some("the anti-diagonal");
            let want = if up { (y0 + side, y0) } else { (y0, y0 + side) };
            assert_eq!((y1, y2), want);
            assert_eq!(up, rules == "diagonal+" || (rules == "x" && y1 > y2));
        }
    }
}

/// Rules without a drawing are named in a caption under the grid, which makes the
/// picture taller; other rules have none.
#[test]
fn anti_knight_anti_king_and_nc_are_named_in_the_caption() {
    let svg = draw(&empty(Shape::NINE), "nc,anti-king,anti-knight,x");
    let doc = parse(&svg);
    let caption = &with_class(&doc, "caption")[0];
    assert_eq!(
        caption.text(),
        Some("anti-knight \u{b7} anti-king \u{b7} nc")
    );
    let root = doc.root_element();
    let view: Vec<i32> = root
        .attribute("viewBox")
        .unwrap()
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    let (_, y0, side) = border(&doc);
    assert!(view[3] > view[2]);
    assert!(num(caption, "y") > y0 + side && num(caption, "y") < view[3]);
    let height: i32 = num(&root, "height");
    assert_eq!(height, 450 * view[3] / view[2]);
    assert!(svg.contains("Rules: x,anti-knight,anti-king,nc."));
    let plain = draw(&empty(Shape::NINE), "x");
    assert!(!plain.contains("class=\"caption\""));
}

/// Giant grids write digits 10 and up as letters, each centred in its cell.
#[test]
fn giant_grids_write_letters_centred_in_their_cells() {
    for (shape, last) in [(Shape::SIXTEEN, 'G'), (Shape::TWENTY_FIVE, 'P')] {
        let line: String = (0..shape.cells())
            .map(|c| shape.digit_char((c % shape.side()) as u8 + 1))
            .collect();
        let svg = draw(&line, "classic");
        let doc = parse(&svg);
        let (x0, y0, _) = border(&doc);
        let digits = with_class(&doc, "given");
        assert_eq!(digits.len(), shape.cells());
        for (cell, t) in digits.iter().enumerate() {
            let d = (cell % shape.side()) as u8 + 1;
            assert_eq!(t.attribute("data-digit").unwrap(), d.to_string());
            assert_eq!(t.text().unwrap(), shape.digit_char(d).to_string());
            assert_eq!(num(t, "x"), x0 + shape.col(cell) as i32 * CELL + CELL / 2);
            assert_eq!(num(t, "y"), y0 + shape.row(cell) as i32 * CELL + CELL / 2);
        }
        assert_eq!(digits[shape.side() - 1].text().unwrap(), last.to_string());
        assert!(svg.contains(&format!("class=\"sudoku variant side{}\"", shape.side())));
    }
}

/// `rules` on a 25×25 grid with a cage on every cell, its sum the cell's column.
fn caged_everywhere(rules: &str) -> Rules {
    let cages: Vec<Cage> = (0..625u16)
        .map(|c| Cage {
            cells: vec![c],
            sum: Some(c % 25 + 1),
        })
        .collect();
    Rules {
        cages: Cages::Killer {
            map_cells: 625,
            cages,
        },
        ..Rules::parse(rules).unwrap()
    }
}

/// The largest variant picture: a 25×25 grid under every rule that fits it, a cage on
/// every cell, every cell given or placed, labels and the longest texts.
#[test]
fn the_largest_variant_picture_fits_its_limit() {
    let shape = Shape::TWENTY_FIVE;
    let rules = caged_everywhere("x,dg,anti-knight,anti-king,nc");
    let geometry = Geometry::new(shape, &rules).unwrap();
    let mut p = VariantPuzzle::empty(shape);
    for (c, d) in p.cells.iter_mut().enumerate().step_by(2) {
        *d = (c % 25) as u8 + 1;
    }
    let placed: Vec<u8> = (0..625).map(|c| (c % 25) as u8 + 1).collect();
    let long = "&".repeat(MAX_DESCRIPTION_CHARS * 2);
    let o = longest_options(&long);
    let svg = variant_solution_svg(&p, &placed, &geometry, &o).unwrap();
    assert!(svg.len() <= GRID_LIMIT, "{} bytes", svg.len());
    let doc = parse(&svg);
    assert_eq!(with_class(&doc, "cage").len(), 625);
    assert_eq!(with_class(&doc, "placed").len(), 312);
}

fn page_item<'a>(puzzle: &'a VariantPuzzle, geometry: &'a Geometry) -> VariantPageItem<'a> {
    VariantPageItem {
        puzzle,
        geometry,
        label: "No. 1",
        solution: None,
    }
}

/// A page holds its variant grids, each captioned with its label and its rules' names;
/// a solution page draws the solution's digits, or says there is none.
#[test]
fn variant_pages_hold_their_grids_captions_and_solutions() {
    use super::variant_samples::{X, X_SOLUTION};
    let x = VariantPuzzle::parse(X.1).unwrap();
    let x_rules = Geometry::new(Shape::NINE, &Rules::parse("x,nc").unwrap()).unwrap();
    let killer = VariantPuzzle::parse(KILLER).unwrap();
    let killer_rules = Geometry::new(Shape::NINE, &Rules::parse(KILLER_RULES).unwrap()).unwrap();
    let solution = VariantPuzzle::parse(X_SOLUTION).unwrap();
    let items = [
        VariantPageItem {
            solution: Some(&solution.cells),
            ..page_item(&x, &x_rules)
        },
        page_item(&killer, &killer_rules),
    ];
    let layout = PageLayout {
        per_page: 2,
        paper: Paper::Letter,
    };
    let svg = variant_page(&items, layout, PageKind::Puzzles, 1, 3).unwrap();
    let doc = parse(&svg);
    let grids: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("svg") && n.attribute("data-item").is_some())
        .collect();
    assert_eq!(grids.len(), 2);
    assert_eq!(
        grids[1].attribute("class"),
        Some("sudoku variant side9 killer")
    );
    let captions: Vec<&str> = with_class(&doc, "caption")
        .iter()
        .filter_map(|c| c.text())
        .collect();
    assert_eq!(
        captions,
        ["1 / 3", "No. 1 \u{b7} x \u{b7} nc", "No. 1 \u{b7} killer"]
    );
    assert_eq!(with_class(&doc, "cage").len(), killer_rules.cages.len());
    assert_eq!(with_class(&doc, "placed").len(), 0);
    let solved = variant_page(&items, layout, PageKind::Solutions, 1, 1).unwrap();
    let doc = parse(&solved);
    assert_eq!(with_class(&doc, "placed").len(), x.blanks());
    assert!(solved.contains(&format!("solution {X_SOLUTION}")));
    assert!(solved.contains("No. 1 \u{b7} no solution"));
    let wrong = [VariantPageItem {
        solution: Some(&solution.cells[..80]),
        ..page_item(&x, &x_rules)
    }];
    assert_eq!(
        variant_page(&wrong, layout, PageKind::Solutions, 1, 1),
        Err(PictureError::ShapeMismatch {
            cells: 80,
            expected: 81
        })
    );
}

/// Six 25×25 puzzles of the sample's density, with diagonals, fit a page; a page of
/// six grids full of cages and tints is refused as too large, not cut.
#[test]
fn six_giant_grids_fit_a_page_and_larger_pages_are_refused() {
    use super::variant_samples::TWENTY_FIVE;
    let p = VariantPuzzle::parse(TWENTY_FIVE).unwrap();
    let g = Geometry::new(p.shape, &Rules::parse("x").unwrap()).unwrap();
    let items = vec![page_item(&p, &g); 6];
    let layout = PageLayout {
        per_page: 6,
        paper: Paper::A4,
    };
    let svg = variant_page(&items, layout, PageKind::Puzzles, 1, 1).unwrap();
    assert!(svg.len() <= PAGE_LIMIT, "{} bytes", svg.len());
    parse(&svg);
    let rules = caged_everywhere("dg");
    let full = Geometry::new(p.shape, &rules).unwrap();
    let items = vec![page_item(&p, &full); 6];
    assert_eq!(
        variant_page(&items, layout, PageKind::Puzzles, 1, 1),
        Err(PictureError::TooLarge { limit: PAGE_LIMIT })
    );
}

/// The windoku and anti-king samples of `variant_samples`, ready for the engine.
fn ruled_sample(
    rules: &str,
    puzzle: &str,
) -> (crate::variant_explain::RuledPuzzle, VariantPuzzle, Geometry) {
    let puzzle = VariantPuzzle::parse(puzzle).unwrap();
    let geometry = Geometry::new(puzzle.shape, &Rules::parse(rules).unwrap()).unwrap();
    let engine = crate::variant::engine::Engine::new(&geometry);
    let p = crate::variant_explain::RuledPuzzle::new("test", &puzzle, &geometry, &engine).unwrap();
    (p, puzzle, geometry)
}

#[test]
fn a_variant_step_is_drawn_on_its_position_with_its_groups() {
    use super::variant_samples::WINDOKU_STEP;
    let (rules, text, number) = WINDOKU_STEP;
    let (p, puzzle, geometry) = ruled_sample(rules, text);
    let at = locate_variant_step(&p, number, &mut || {}).unwrap();
    let svg =
        draw_variant_position(&p, &puzzle, &geometry, Some(&at), &Options::default()).unwrap();
    let doc = parse(&svg);
    assert!(svg.contains("<title id=\"title\">Step 32: turbot_fish (4.2)</title>"));
    // Its groups, a cell at a time: column 3, box 8 and window 6.
    let units = with_class(&doc, "unit");
    let mut per_group: BTreeMap<&str, usize> = BTreeMap::new();
    for u in &units {
        *per_group
            .entry(u.attribute("data-unit").unwrap())
            .or_default() += 1;
    }
    assert_eq!(
        per_group,
        BTreeMap::from([("box 8", 9), ("col 3", 9), ("window 6", 9)])
    );
    // Its removals on red discs, struck; the digits placed before it in blue.
    let off: BTreeSet<(String, String)> = with_class(&doc, "off")
        .iter()
        .filter(|n| n.tag_name().name() == "circle")
        .map(|n| {
            (
                n.attribute("data-cell").unwrap().into(),
                n.attribute("data-digit").unwrap().into(),
            )
        })
        .collect();
    let want: BTreeSet<(String, String)> = at
        .step
        .eliminations
        .iter()
        .map(|c| {
            (
                Shape::NINE.cell_name(usize::from(c.cell)),
                c.digit.to_string(),
            )
        })
        .collect();
    assert_eq!(off, want);
    assert_eq!(with_class(&doc, "strike").len(), want.len());
    let placed = (0..81)
        .filter(|&c| puzzle.cells[c] == 0 && at.before.values[c] != 0)
        .count();
    assert_eq!(with_class(&doc, "placed").len(), placed);
    assert!(placed > 0);
    // The marks drawn are the position's, cell by cell.
    let marks = with_class(&doc, "mark").len() + with_class(&doc, "mark off").len();
    let want_marks: u32 = (0..81)
        .filter(|&c| at.before.values[c] == 0)
        .map(|c| at.before.cands[c].count_ones())
        .sum();
    assert_eq!(marks as u32, want_marks);
    // The windows stay shaded beneath.
    assert_eq!(with_class(&doc, "shade").len(), 4);
}

#[test]
fn a_variant_grid_with_pencil_marks_draws_the_candidates_its_rules_leave() {
    use super::variant_samples::ANTI_KING_MARKS;
    let (p, puzzle, geometry) = ruled_sample(ANTI_KING_MARKS.0, ANTI_KING_MARKS.1);
    let svg = draw_variant_position(&p, &puzzle, &geometry, None, &Options::default()).unwrap();
    let doc = parse(&svg);
    let m = p.marks();
    let drawn: BTreeSet<(String, String)> = with_class(&doc, "mark")
        .iter()
        .map(|n| {
            (
                n.attribute("data-cell").unwrap().into(),
                n.attribute("data-digit").unwrap().into(),
            )
        })
        .collect();
    let want: BTreeSet<(String, String)> = (0..81)
        .filter(|&c| m.values[c] == 0)
        .flat_map(|c| {
            crate::grid::digits_of(m.cands[c])
                .map(move |d| (Shape::NINE.cell_name(c), d.to_string()))
        })
        .collect();
    assert_eq!(drawn, want);
    // r1c3 holds 1: a king's step away, r2c2 and r2c4 lose it; a classic grid would not.
    assert!(!drawn.contains(&("r2c2".into(), "1".into())));
    assert!(with_class(&doc, "caption")[0].text() == Some("anti-king"));
    assert!(with_class(&doc, "unit").is_empty() && with_class(&doc, "off").is_empty());
}

#[test]
fn a_variant_step_that_is_not_there_is_an_error() {
    use super::variant_samples::WINDOKU_STEP;
    let (p, _, _) = ruled_sample(WINDOKU_STEP.0, WINDOKU_STEP.1);
    let steps = p.path(&mut || {}).unwrap().unwrap().len();
    assert_eq!(
        locate_variant_step(&p, steps + 1, &mut || {}).unwrap_err(),
        StepError::OutOfRange {
            asked: steps + 1,
            steps
        }
    );
    assert_eq!(
        locate_variant_step(&p, steps, &mut || {}).unwrap().number,
        steps
    );
    let (full, _, _) = ruled_sample(
        "x",
        "679834512428751639153296487761425893842319765395687241537148926286973154914562378",
    );
    assert_eq!(
        locate_variant_step(&full, 0, &mut || {}).unwrap_err(),
        StepError::NoHint { solved: true }
    );
    // A puzzle Sukaku Explainer rates 10.6 under x and anti-king: part way its path
    // takes nested forcing chains over the diagonals' links, a step like any other.
    let (nested, _, _) = ruled_sample(
        "x,anti-king",
        "..9....7....5........7....9.......6.9.......3.....6..............86....74.1.9....",
    );
    let path = nested.path(&mut || {}).unwrap().unwrap();
    let at = 1 + path
        .iter()
        .position(|s| s.rating >= 95)
        .expect("a nested step");
    assert_eq!(
        locate_variant_step(&nested, at, &mut || {}).unwrap().number,
        at
    );
    assert!(matches!(
        locate_variant_step(&nested, path.len() + 1, &mut || {}),
        Err(StepError::OutOfRange { .. })
    ));
}
