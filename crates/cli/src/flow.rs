//! What a loop that reads lines does after one: the UCI loop and the terminal game both
//! answer each line with a [`Flow`].

/// Whether the loop goes on after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// `quit` was received (the GUI's or the person's).
    Quit,
}
