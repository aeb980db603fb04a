//! What the UCI engine asks of its host: somewhere to write lines, a clock, and the flags that
//! end a search.

use xiangqi_ai::Backing;

/// The host of a [`super::engine::UciEngine`]: the node script under `scripts/wasm-uci`, or a
/// test.
pub trait Host {
    /// Writes one line of output (without its line ending).
    fn write(&self, line: &str);
    /// Milliseconds on a clock that does not go back.
    fn now_ms(&self) -> f64;
    /// Whether the search running now must end: `stop`, `quit`, or a command that replaces
    /// the search came; or the input ended and the search would not end by itself
    /// (`ends_by_itself` false: `go infinite`, or a bare `go`).
    fn halted(&self, ends_by_itself: bool) -> bool;
    /// Returns once a `stop`, a `quit` or the end of the input came: the answer to
    /// `go infinite` waits for one, as the protocol asks.
    fn wait_for_stop(&self);
    /// A fresh random seed, for the levels that draw among near-equal moves.
    fn seed(&self) -> u64;
    /// Has helper `index` (from 1) take `message` (a [`ToWorker`]'s postcard bytes, as the
    /// page's pool sends its workers: a share of a search dealt out, or a search to help on the
    /// shared table), ending it as [`Host::halted`] says with `ends_by_itself`, or once
    /// [`Host::end_parts`] is called.
    ///
    /// [`ToWorker`]: crate::worker::protocol::ToWorker
    fn start_part(&self, index: usize, message: &[u8], ends_by_itself: bool);
    /// A helper's next reply: its index and a [`SearchReply`]'s postcard bytes; `None` when
    /// none has come, unless `wait`, when it waits for one.
    ///
    /// [`SearchReply`]: crate::worker::SearchReply
    fn next_part(&self, wait: bool) -> Option<(usize, Vec<u8>)>;
    /// Ends what the helpers search for this `go` and returns once every one is idle; their
    /// replies not yet read are dropped.
    fn end_parts(&self);
    /// A table of `mb` megabytes that the helpers search on too (made now, empty), or `None`
    /// where the host has none.
    fn shared_table(&self, mb: usize) -> Option<Box<dyn Backing>>;
    /// The bytes of the file at `path`, or why it cannot be read.
    fn read_file(&self, path: &str) -> Result<Vec<u8>, String>;
}
