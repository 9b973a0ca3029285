//! The subcommands of `sudoku-tools`, one module a program. Each module has
//! `pub fn run(args: Vec<String>)`, called with the arguments after the subcommand's name,
//! and its module documentation is what `sudoku-tools NAME --help` prints (read from the
//! module's own source, so the help and the code's documentation cannot differ).

/// One subcommand: its name on the command line, a line for the list, its entry point,
/// and the source of its module (whose leading `//!` lines are its help).
pub struct Command {
    pub name: &'static str,
    pub summary: &'static str,
    pub run: fn(Vec<String>),
    source: &'static str,
}

impl Command {
    /// The module documentation of the subcommand, without the `//!` markers.
    pub fn help(&self) -> String {
        let mut text = String::new();
        for line in self.source.lines() {
            let Some(rest) = line.strip_prefix("//!") else {
                break;
            };
            text.push_str(rest.strip_prefix(' ').unwrap_or(rest));
            text.push('\n');
        }
        text
    }
}

/// Declares each module and lists it in `COMMANDS`, in the order given.
macro_rules! commands {
    ($($name:ident: $summary:literal,)*) => {
        $(pub mod $name;)*
        pub const COMMANDS: &[Command] = &[$(Command {
            name: stringify!($name),
            summary: $summary,
            run: $name::run,
            source: include_str!(concat!(stringify!($name), ".rs")),
        },)*];
    };
}

commands! {
    canonical_bench: "times the canonical form against the `sudoku` crate's (benchmark)",
    canonical_classes: "equivalence classes of a puzzle file, each pair's transformation checked",
    chain_positions: "chain producers on pencil-mark positions against Sukaku Explainer",
    compare: "times the solver against the `sudoku` crate on a puzzle file (scripts/bench.sh)",
    contest_csv: "writes a puzzle file as the contest's `id,puzzle` CSV (scripts/demo.sh)",
    fpuzzles: "variant puzzles to f-puzzles JSON, payloads or links, and back",
    generate: "generates COUNT puzzles, one a line",
    generate_bench: "graded generation per ER band and symmetry (scripts/bench_generate.sh)",
    generate_variants: "variant generation per family, median ms (scripts/bench_generate_variants.sh)",
    generate_near: "generation near the hardest puzzles (scripts/bench_generate_near.sh)",
    marks_positions: "pencil-mark positions and their ratings and costs (scripts/bench_marks.sh)",
    nested_agreement: "ratings of the hardest puzzles against the published ones, per band",
    pictures: "writes the SVG golden files (tests) or the pictures of the docs (docs)",
    rate_soundness: "checks every step of the ladder against the solution",
    rate_times: "rates every puzzle of a file, with the time of each rating",
    rating_check: "ratings against Sukaku Explainer's per band, exits 1 below the targets",
    rating_fingerprint: "every puzzle's rating and a digest of its path, to diff two builds",
    solve_file: "solves every puzzle of a file and checks every answer",
    step_times: "times each step of each path, split by the ladder's stages",
    stress: "randomised inputs through the parser and the solvers (the core layer)",
    text_solve: "in-memory baseline of the in-database solve benchmark",
    variant_ratings: "ratings under variant rules against Sukaku Explainer's, per family and band (scripts/variant_agreement.sh)",
    variant_steps: "a puzzle's path under variant rules, step by step, beside Sukaku Explainer's",
    variants: "variant puzzles solved a line in the Interactive Sudoku Solver's format (scripts/bench_variants.sh)",
}
