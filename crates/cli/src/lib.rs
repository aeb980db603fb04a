//! The native `xiangqi` command as a library, so that tests and fuzzers drive the same code
//! as the binary: [`uci`] is the protocol loop, [`perft`] the perft command and its output.

pub mod bench;
pub mod fuzzing;
pub mod perft;
pub mod uci;

/// The usage printed by `xiangqi --help`.
pub const USAGE: &str = "\
usage: xiangqi [COMMAND]

Commands:
  uci                       speak UCI on stdin/stdout (Pikafish conventions)
  perft <depth> [--fen FEN] count the legal move tree, split by root move
  bench [AB_DEPTH [PVS_DEPTH]]
                            time the alpha-beta and strong searches on fixed positions
  help                      print this text

With no command and stdin not a terminal (a GUI or a pipe), xiangqi speaks UCI.
Options: -h/--help, -V/--version.
";
