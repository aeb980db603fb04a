//! The engine specs explained: the forms a spec may take (for error messages) and the text of
//! `xiangqi match --help`.

/// The forms a spec may take, for error messages.
pub const SPEC_FORMS: &str = "greedy, alphabeta[:depth=N][:margin=CP], \
skill[:depth=N][:temperature=CP], level=N, \
pvs[:movetime=MS][:depth=N][:nodes=N][:tc=BASE+INC][:hash=MB][:threads=N] or \
uci:COMMAND[:opt=NAME=VALUE][:ranks=1][:movetime=MS][:depth=N][:nodes=N][:tc=BASE+INC][:timeout=MS][:dir=DIR][:threads=N][:name=NAME] \
or ucci:COMMAND[...the same keys]";

/// The specs explained, for `xiangqi match --help`.
pub const SPEC_HELP: &str = "\
Plays engine A against engine B from a set of opening lines, each line twice with the
colours swapped, and prints each game's result, then A's wins/draws/losses, its score
and the Elo difference with a 95% interval.

Engine specs:
  greedy                           v1, one ply
  alphabeta[:depth=N][:margin=CP]  v2, default depth 4, margin 20
  skill[:depth=N][:temperature=CP] v2's search, every root move scored and one drawn
                                   by a softmax: CP lost halve a move's chance
                                   (default depth 2, temperature 100)
  level=N                          the level N of `xiangqi play` (1-8)
  pvs[:movetime=MS][:depth=N][:nodes=N][:tc=BASE+INC][:hash=MB][:threads=N]
                                   v3, default 100 ms a move, 16 MB, one thread
  uci:COMMAND[:opt=NAME=VALUE]...[:ranks=1][:movetime=MS][:depth=N][:nodes=N]
             [:tc=BASE+INC][:timeout=MS][:dir=DIR][:threads=N][:name=NAME]
                                   an external UCI engine; ranks=1 for engines that
                                   write h3e3 for h2e2; default go movetime 100;
                                   timeout: wait for bestmove (default 3 x movetime
                                   + 5 s), then kill it and count the game as lost;
                                   hash=MB and threads=N set Hash and Threads
  tc=BASE+INC                      a game clock instead of the default move time:
                                   BASE seconds, INC more after each move (10+0.1);
                                   the engine is sent both clocks with each go and
                                   loses on time when a move takes longer than its
                                   clock has left (the match measures each move)
  ucci:COMMAND[...the same keys]   an external UCCI engine (ElephantEye): options
                                   sent as setoption NAME VALUE, movetime as go time

Example:
  xiangqi match --a alphabeta:depth=4 --b greedy --games 20
  fsf='uci:node --no-experimental-fetch node_modules/fairy-stockfish-nnue.wasm/uci.js'
  xiangqi match --a pvs:movetime=100 --b \"$fsf:opt=UCI_Variant=xiangqi:ranks=1:name=fsf\"
  xiangqi match --a pvs --b 'ucci:./eleeye:opt=usebook=false:name=eleeye'
  xiangqi match --a uci:./new:tc=10+0.1:name=new --b uci:./old:tc=10+0.1:name=old";
