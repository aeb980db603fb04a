//! The native `xiangqi` command as a library, so that tests and fuzzers drive the same code
//! as the binary: [`uci`] is the protocol loop, [`perft`] the perft command and its output,
//! [`play`] the game in the terminal and [`matches`] engine-against-engine matches.

pub mod bench;
pub mod fuzzing;
pub mod matches;
pub mod perft;
pub mod play;
pub mod uci;

/// The usage printed by `xiangqi --help`.
pub const USAGE: &str = "\
usage: xiangqi [COMMAND]

Commands:
  uci                       speak UCI on stdin/stdout (Pikafish conventions)
  perft <depth> [--fen FEN] count the legal move tree, split by root move
  bench [AB_DEPTH [PVS_DEPTH]]
                            time the alpha-beta and strong searches on fixed positions
  play [--level N] [--side red|black] [--fen FEN]
                            play against the computer in the terminal
  match --a SPEC --b SPEC [--games N] ...
                            play two engines against each other (match --help)
  help                      print this text

With no command and stdin not a terminal (a GUI or a pipe), xiangqi speaks UCI.
Options: -h/--help, -V/--version.
";
