//! `xiangqi play`: a game against the computer in the terminal.
//!
//! The board is drawn with the traditional characters (帥仕相傌俥炮兵 for Red, 將士象馬車砲卒
//! for Black), the river (楚河 漢界), Black's file numbers 1-9 along the top and Red's 九-一
//! along the bottom, ranks 0-9 and files a-i for coordinates. The last move is marked: its
//! starting point with 〇, its piece in brackets. Colours are ANSI escapes, left out when
//! asked (the `NO_COLOR` convention) or when the output is not a terminal.
//!
//! Moves may be typed in any notation the engine reads: UCI (`h2e2`), ICCS (`H2-E2`), WXF
//! (`C2.5`) or Chinese (`炮二平五`). The loop reads lines from any [`BufRead`](std::io::BufRead) and writes to any
//! [`Write`](std::io::Write), so whole sessions are tested with scripted input.
//!
//! The computer is one engine session ([`xiangqi_ai::Session`]) kept for the whole game, so
//! each move (and each hint) starts from what the searches before it learned; `new` starts
//! it afresh.
//!
//! The parts: [`options`] (how a game starts), [`board`] (the drawing) and [`console`] (the
//! game, line by line).

pub mod board;
pub mod console;
pub mod options;

pub use board::render_board;
pub use console::{run, Console};
pub use options::{describe_level, want_color, PlayOptions, DEFAULT_HINT_MS, DEFAULT_LEVEL};
