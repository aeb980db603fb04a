//! The protocol loop: lines from the input, answers on the output, until `quit` or the end
//! of the input.

use super::engine::Engine;
use crate::flow::Flow;
use std::io::{self, BufRead, Write};

/// Runs the loop: reads lines from `input` until `quit` or the end of input, answering on
/// `out`, which is flushed after every line. Lines are read as bytes, so any input is
/// accepted; `\r\n` endings are fine.
pub fn run<R: BufRead, W: Write>(input: R, out: &mut W) -> io::Result<()> {
    run_with(Engine::new(), input, out)
}

/// Runs the loop with `engine` (whose search writes to its own sink); at the end of input
/// it finishes the search still owed an answer (see [`Engine::finish`]).
pub fn run_with<R: BufRead, W: Write>(
    mut engine: Engine,
    mut input: R,
    out: &mut W,
) -> io::Result<()> {
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            engine.finish();
            return Ok(());
        }
        let flow = engine.handle_bytes(&line, out)?;
        out.flush()?;
        if flow == Flow::Quit {
            return Ok(());
        }
    }
}
