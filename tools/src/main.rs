//! `sudoku-tools`: the internal programs of sudoku_ext (tests, benchmarks, rating
//! agreement, fingerprints, pictures; never shipped), one subcommand each, in the shape of
//! regex-cli:
//!
//!     sudoku-tools --help               the subcommands, a line each
//!     sudoku-tools SUBCOMMAND --help    that subcommand's usage
//!     sudoku-tools SUBCOMMAND ARGS...   runs it
//!
//! From the repository: `cargo run --release -q -p sudoku_tools -- SUBCOMMAND ARGS...`.
//! Each subcommand is a module of `cmd/` with its own argument parsing.

mod cmd;

use cmd::COMMANDS;
use std::process::ExitCode;

fn is_help(arg: &str) -> bool {
    matches!(arg, "--help" | "-h")
}

/// The usage line and the list of subcommands.
fn overview() -> String {
    let width = COMMANDS.iter().map(|c| c.name.len()).max().unwrap_or(0);
    let mut text = String::from(
        "usage: sudoku-tools SUBCOMMAND [ARGS...]\n       \
         sudoku-tools SUBCOMMAND --help\n\nsubcommands:\n",
    );
    for c in COMMANDS {
        text.push_str(&format!("  {:width$}  {}\n", c.name, c.summary));
    }
    text
}

fn main() -> ExitCode {
    quiet_on_closed_stdout();
    let mut args = std::env::args().skip(1);
    let Some(name) = args.next() else {
        eprint!("{}", overview());
        return ExitCode::from(2);
    };
    if is_help(&name) || name == "help" {
        // `sudoku-tools help NAME` is `sudoku-tools NAME --help`.
        match args.next() {
            None => print!("{}", overview()),
            Some(other) => return run(&other, vec!["--help".to_string()]),
        }
        return ExitCode::SUCCESS;
    }
    run(&name, args.collect())
}

/// A reader that closes the output early (`| head`) ends the program quietly, with the
/// status a SIGPIPE gives (141), as it ends most tools: `println!` panics on a closed
/// stdout, and this hook turns that panic, and no other, into the exit.
fn quiet_on_closed_stdout() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map_or("", String::as_str);
        if message.starts_with("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(141);
        }
        default(info);
    }));
}

fn run(name: &str, args: Vec<String>) -> ExitCode {
    let Some(command) = COMMANDS.iter().find(|c| c.name == name) else {
        eprint!("sudoku-tools: no subcommand {name}\n\n{}", overview());
        return ExitCode::from(2);
    };
    if args.iter().any(|a| is_help(a)) {
        print!("{}", command.help());
        return ExitCode::SUCCESS;
    }
    (command.run)(args);
    ExitCode::SUCCESS
}
