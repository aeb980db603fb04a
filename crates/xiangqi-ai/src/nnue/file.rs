//! The network file: the one reader ([`read()`]) and the one writer ([`write()`]) of an
//! evaluation network's bytes, and the one description of their layout. The trainer writes
//! through it and the engine reads through it, so a change of layout is made here alone.
//!
//! # Layout, version 2
//!
//! Little-endian. A header of 32 bytes that says which network this is:
//!
//! | offset | field | type | this engine's |
//! |-------:|-------|------|---------------|
//! | 0 | magic | 4 bytes | `XQNN` |
//! | 4 | format version | u32 | [`VERSION`] |
//! | 8 | inputs | u32 | [`INPUTS`] |
//! | 12 | hidden neurons a side | u32 | 1 to [`MAX_HIDDEN`] |
//! | 16 | outputs | u32 | 1 to [`MAX_OUTPUTS`] |
//! | 20 | the accumulator's scale | u32 | [`QA`] |
//! | 24 | the output weights' scale | u32 | [`QB`] |
//! | 28 | centipawns in one unit of output | u32 | [`SCALE`] |
//!
//! then the weights, and nothing after them:
//! - the input weights: `inputs` rows (one per input, numbered by [`feature`]) of `hidden`
//!   i16, scaled by QA;
//! - the hidden biases: `hidden` i16, scaled by QA;
//! - the output weights, output by output: `hidden` i16 for the side to move's accumulator,
//!   then `hidden` for the other's, scaled by QB, each within ±[`MAX_OUTPUT_WEIGHT`];
//! - the output biases: one i32 an output, scaled by QA × QB.
//!
//! The outputs are buckets: a position is read by one of them, chosen by the chariots, horses
//! and cannons on the board ([`output_bucket`]), so that a network can weigh the pieces of a
//! bare ending otherwise than those of a full board.
//!
//! The version names what the numbers mean (the inputs' numbering, the layers, the
//! activation); the header's sizes and scales say how big the network is. A file of another
//! version, or of a shape this engine cannot run, is refused with both named. A later version
//! is to keep the first eight fields where they are, so that this reader can say what it
//! refuses.
//!
//! # Version 1
//!
//! Version 2's layout with one output: such files are read as they are, and written as
//! version 2.
//!
//! # Version 0
//!
//! The files before the header, the shipped `xq-r1` among them: `XQNQ`, the hidden size
//! (u32), QA and QB (u16 each), then the same weights. The inputs, outputs and centipawns a
//! unit were those of version 1. They are read, so that `xq-r1` keeps its bytes, its
//! checksum and its evaluation, and never written.
//!
//! ```
//! use xiangqi_ai::nnue::file::{read, write, Weights};
//! use xiangqi_ai::nnue::INPUTS;
//!
//! let (hidden, outputs) = (4, 2);
//! let weights = Weights {
//!     hidden,
//!     outputs,
//!     w1: vec![1; INPUTS * hidden],
//!     b1: vec![2; hidden],
//!     w2: vec![3; outputs * 2 * hidden],
//!     b2: vec![4, 5],
//! };
//! let bytes = write(&weights);
//! assert_eq!(read(&bytes), Ok(weights));
//! assert_eq!(
//!     read(&bytes[..20]).unwrap_err().to_string(),
//!     "the network file ends in its header: 20 bytes of 32"
//! );
//! ```
//!
//! [`feature`]: super::feature
//! [`output_bucket`]: super::output_bucket

use super::architecture::{INPUTS, MAX_HIDDEN, MAX_OUTPUTS, QA, QB, SCALE};
use super::kernels::MAX_OUTPUT_WEIGHT;
use core::fmt;

/// The magic of a file with a header.
pub const MAGIC: [u8; 4] = *b"XQNN";
/// The magic of the files before the header (version 0).
pub const MAGIC_V0: [u8; 4] = *b"XQNQ";
/// The format version [`write()`] writes and [`read()`] reads (besides versions 0 and 1).
pub const VERSION: u32 = 2;
/// The bytes of the header.
pub const HEADER: usize = 32;
/// The bytes of version 0's header.
const HEADER_V0: usize = 12;

/// A network's weights as the file holds them (see the module notes for their order and
/// scales).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Hidden neurons a side.
    pub hidden: usize,
    /// Outputs (buckets), 1 to [`MAX_OUTPUTS`].
    pub outputs: usize,
    /// Input weights × QA: [`INPUTS`] rows of `hidden`.
    pub w1: Vec<i16>,
    /// Hidden biases × QA.
    pub b1: Vec<i16>,
    /// Output weights × QB, output by output: `hidden` for the side to move, then `hidden`
    /// for the other side.
    pub w2: Vec<i16>,
    /// Output biases × QA × QB, one an output.
    pub b2: Vec<i32>,
}

/// The header's sizes and scales: what a network file says it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Inputs.
    pub inputs: u32,
    /// Hidden neurons a side.
    pub hidden: u32,
    /// Outputs.
    pub outputs: u32,
    /// The accumulator's scale.
    pub qa: u32,
    /// The output weights' scale.
    pub qb: u32,
    /// Centipawns in one unit of output.
    pub scale: u32,
}

impl Shape {
    /// This engine's shape with `hidden` neurons a side and `outputs` outputs.
    pub fn of_this_engine(hidden: usize, outputs: usize) -> Shape {
        Shape {
            inputs: INPUTS as u32,
            hidden: hidden as u32,
            outputs: outputs as u32,
            qa: QA as u32,
            qb: QB as u32,
            scale: SCALE as u32,
        }
    }

    /// True if this engine runs a network of this shape.
    pub fn is_this_engines(&self) -> bool {
        let (hidden, outputs) = (self.hidden as usize, self.outputs as usize);
        (1..=MAX_HIDDEN).contains(&hidden)
            && (1..=MAX_OUTPUTS).contains(&outputs)
            && *self == Shape::of_this_engine(hidden, outputs)
    }

    /// The bytes of a file of this shape, header `header` bytes long.
    fn file_len(&self, header: usize) -> usize {
        let (hidden, outputs) = (self.hidden as usize, self.outputs as usize);
        header + 2 * (INPUTS + 1) * hidden + outputs * (2 * 2 * hidden + 4)
    }
}

impl Shape {
    /// Writes the shape with `hidden` for its hidden size and `outputs` for its outputs
    /// (plural unless it is 1).
    fn describe(
        &self,
        f: &mut fmt::Formatter<'_>,
        hidden: &dyn fmt::Display,
        outputs: &dyn fmt::Display,
    ) -> fmt::Result {
        let s = |n: &dyn fmt::Display| if n.to_string() == "1" { "" } else { "s" };
        write!(
            f,
            "{} input{}, {hidden} hidden, {outputs} output{}, scales {} and {}, {} cp a unit",
            self.inputs,
            s(&self.inputs),
            s(outputs),
            self.qa,
            self.qb,
            self.scale
        )
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.describe(f, &self.hidden, &self.outputs)
    }
}

/// What this engine reads, for a message: its version and shape, any hidden size it runs.
struct ThisEngine;

impl fmt::Display for ThisEngine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "this engine reads version {VERSION} (")?;
        Shape::of_this_engine(MAX_HIDDEN, MAX_OUTPUTS).describe(
            f,
            &format_args!("1 to {MAX_HIDDEN}"),
            &format_args!("1 to {MAX_OUTPUTS}"),
        )?;
        write!(f, ") and the versions before it")
    }
}

/// Why bytes are not a network this engine reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileError {
    /// They start with neither [`MAGIC`] nor [`MAGIC_V0`].
    NotANetwork,
    /// They end inside the header.
    Header {
        /// The bytes there are.
        actual: usize,
        /// The bytes the header takes.
        header: usize,
    },
    /// A format version this engine does not read.
    Version {
        /// The file's version.
        version: u32,
        /// The file's shape, where its header is long enough to hold one.
        shape: Option<Shape>,
    },
    /// A shape this engine does not run: other sizes or scales, a hidden layer of none or
    /// more than [`MAX_HIDDEN`] neurons, outputs none or more than [`MAX_OUTPUTS`] (or more
    /// than one before version 2).
    Shape {
        /// The file's version.
        version: u32,
        /// The file's shape.
        shape: Shape,
    },
    /// The length does not match the shape: the file is cut short or has bytes after it.
    Length {
        /// The hidden size the file gives.
        hidden: usize,
        /// The outputs the file gives.
        outputs: usize,
        /// The bytes a network of that size takes.
        expected: usize,
        /// The bytes there are.
        actual: usize,
    },
    /// An output weight beyond ±[`MAX_OUTPUT_WEIGHT`], which the engine's sums cannot hold.
    OutputWeight {
        /// The weight.
        value: i16,
    },
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::NotANetwork => write!(f, "not an evaluation network (no XQNN header)"),
            FileError::Header { actual, header } => write!(
                f,
                "the network file ends in its header: {actual} bytes of {header}"
            ),
            FileError::Version {
                version,
                shape: Some(shape),
            } => write!(
                f,
                "the network file is version {version} ({shape}), {ThisEngine}"
            ),
            FileError::Version {
                version,
                shape: None,
            } => write!(f, "the network file is version {version}, {ThisEngine}"),
            FileError::Shape { version, shape } => write!(
                f,
                "the network file is version {version} ({shape}), {ThisEngine}"
            ),
            FileError::Length {
                hidden,
                outputs,
                expected,
                actual,
            } => write!(
                f,
                "a network of {hidden} hidden neurons and {outputs} output{} takes {expected} \
                 bytes, not {actual}",
                if *outputs == 1 { "" } else { "s" }
            ),
            FileError::OutputWeight { value } => write!(
                f,
                "an output weight of {value}, beyond the ±{MAX_OUTPUT_WEIGHT} this engine reads"
            ),
        }
    }
}

impl std::error::Error for FileError {}

/// The little-endian u32 at `at` of `bytes`, which must hold it.
fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

/// The little-endian u16 at `at` of `bytes`, which must hold it.
fn u16_at(bytes: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([bytes[at], bytes[at + 1]])
}

/// The version, the shape and the header's length of the file `bytes`, checked against
/// what this engine reads.
fn header(bytes: &[u8]) -> Result<(u32, Shape, usize), FileError> {
    let magic = bytes.get(..4);
    let (version, shape, header) = if magic == Some(&MAGIC_V0) {
        if bytes.len() < HEADER_V0 {
            return Err(FileError::Header {
                actual: bytes.len(),
                header: HEADER_V0,
            });
        }
        let shape = Shape {
            qa: u32::from(u16_at(bytes, 8)),
            qb: u32::from(u16_at(bytes, 10)),
            ..Shape::of_this_engine(u32_at(bytes, 4) as usize, 1)
        };
        (0, shape, HEADER_V0)
    } else if magic == Some(&MAGIC) {
        if bytes.len() < HEADER {
            let version = (bytes.len() >= 8).then(|| u32_at(bytes, 4));
            return Err(match version {
                Some(version) if !(1..=VERSION).contains(&version) => FileError::Version {
                    version,
                    shape: None,
                },
                _ => FileError::Header {
                    actual: bytes.len(),
                    header: HEADER,
                },
            });
        }
        let field = |i: usize| u32_at(bytes, 8 + 4 * i);
        let shape = Shape {
            inputs: field(0),
            hidden: field(1),
            outputs: field(2),
            qa: field(3),
            qb: field(4),
            scale: field(5),
        };
        let version = u32_at(bytes, 4);
        if !(1..=VERSION).contains(&version) {
            let shape = Some(shape);
            return Err(FileError::Version { version, shape });
        }
        if version == 1 && shape.outputs != 1 {
            return Err(FileError::Shape { version, shape });
        }
        (version, shape, HEADER)
    } else {
        return Err(FileError::NotANetwork);
    };
    if !shape.is_this_engines() {
        return Err(FileError::Shape { version, shape });
    }
    Ok((version, shape, header))
}

/// The weights in `bytes`, a network file of version 2, 1 or 0 of a shape this engine runs;
/// the error says what else they are.
pub fn read(bytes: &[u8]) -> Result<Weights, FileError> {
    let (_, shape, header) = header(bytes)?;
    let (hidden, outputs) = (shape.hidden as usize, shape.outputs as usize);
    let expected = shape.file_len(header);
    if bytes.len() != expected {
        return Err(FileError::Length {
            hidden,
            outputs,
            expected,
            actual: bytes.len(),
        });
    }
    let end = bytes.len() - 4 * outputs;
    let mut words = bytes[header..end]
        .chunks_exact(2)
        .map(|c| i16::from_le_bytes([c[0], c[1]]));
    let mut take = |k: usize| words.by_ref().take(k).collect::<Vec<i16>>();
    let w1 = take(INPUTS * hidden);
    let b1 = take(hidden);
    let w2 = take(outputs * 2 * hidden);
    let b2 = bytes[end..]
        .chunks_exact(4)
        .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    if let Some(&value) = w2.iter().find(|w| w.abs() > MAX_OUTPUT_WEIGHT) {
        return Err(FileError::OutputWeight { value });
    }
    Ok(Weights {
        hidden,
        outputs,
        w1,
        b1,
        w2,
        b2,
    })
}

/// The file of version [`VERSION`] that holds `weights`.
///
/// # Panics
///
/// If the weights' lengths are not those of `weights.hidden` neurons and `weights.outputs`
/// outputs: a file that no reader would take is not written.
pub fn write(weights: &Weights) -> Vec<u8> {
    let Weights {
        hidden,
        outputs,
        w1,
        b1,
        w2,
        b2,
    } = weights;
    assert!(
        w1.len() == INPUTS * hidden
            && b1.len() == *hidden
            && w2.len() == outputs * 2 * hidden
            && b2.len() == *outputs,
        "weights of {} inputs, {} biases, {} output weights and {} output biases are no \
         network of {hidden} hidden neurons and {outputs} outputs",
        w1.len() / hidden.max(&1),
        b1.len(),
        w2.len(),
        b2.len()
    );
    let shape = Shape::of_this_engine(*hidden, *outputs);
    let mut out = Vec::with_capacity(shape.file_len(HEADER));
    out.extend_from_slice(&MAGIC);
    let fields = [
        VERSION,
        shape.inputs,
        shape.hidden,
        shape.outputs,
        shape.qa,
        shape.qb,
        shape.scale,
    ];
    for field in fields {
        out.extend_from_slice(&field.to_le_bytes());
    }
    for w in w1.iter().chain(b1).chain(w2) {
        out.extend_from_slice(&w.to_le_bytes());
    }
    for b in b2 {
        out.extend_from_slice(&b.to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests;
