//! Where the engine's lines go: the search thread's sink, written a whole line at a time,
//! and the `info string` replies of the loop.

use std::io::{self, Write};
use std::sync::{Arc, Mutex};

/// Where the search thread writes its `info` and `bestmove` lines.
pub type Sink = Arc<Mutex<Box<dyn Write + Send>>>;

/// Writes one line to the search's output and flushes it.
pub(super) fn write_line(sink: &Sink, line: String) {
    let mut out = sink.lock().unwrap_or_else(|e| e.into_inner());
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Lines for the sink, each written whole: what is written is kept until `flush`.
pub(super) struct SinkLines<'a> {
    pub(super) sink: &'a Sink,
    pub(super) buf: Vec<u8>,
}

impl Write for SinkLines<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.buf.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        let mut out = self.sink.lock().unwrap_or_else(|e| e.into_inner());
        out.write_all(&self.buf)?;
        self.buf.clear();
        out.flush()
    }
}

/// Answers with `info string TEXT`, on one line whatever the text holds.
pub(super) fn info<W: Write>(out: &mut W, text: &str) -> io::Result<()> {
    writeln!(out, "{}", xiangqi_uci::output::info_string(text))
}
