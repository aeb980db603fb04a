//! v3, the strong searcher.
//!
//! Iterative deepening of a principal variation search (PVS) with aspiration windows, a
//! transposition table, quiescence on captures and check evasions, move ordering (the hash
//! move, tried before the other moves are generated; then captures by MVV/LVA with losing
//! ones by static exchange last, two killers per ply, then quiet moves by their butterfly
//! and continuation histories, see `history.rs`), null-move pruning, reverse futility,
//! futility and late-move pruning, late-move reductions (smaller for moves with a good
//! history, larger for a bad one), internal iterative reduction, a check extension and
//! mate-distance pruning. While the side to move's evaluation is improving (above its value
//! two plies before), reverse futility cuts with a margin one ply smaller and late moves are
//! reduced a ply less. The static evaluation the pruning
//! rules and quiescence read is corrected by what searches of positions with the same
//! soldiers and the same material found (correction history, `correction.rs`).
//! Limits by depth, nodes and time, a stop flag polled every 1024 nodes, progress after every
//! iteration, and multi-PV for hints and analysis. A search stopped in the middle of an
//! iteration plays a move of that iteration if it was searched in full and beat the last
//! iteration's best.
//!
//! Repetition: the game's history since the last capture is part of the search path. A
//! position repeated on the path is a draw, unless one side gave check with every one of its
//! moves in the cycle and the other did not: then the checking side loses (the perpetual
//! check rule). At the root the game's full rules, chase included, are applied to every move
//! (see `root.rs`), so a move that loses by the rules is never chosen while another exists.
//!
//! Files: `searcher.rs` holds the searcher's state, `threads.rs` runs it on its threads and
//! polls the limits, `iterate.rs` deepens and searches the root moves, `tree.rs` searches
//! the tree below them, `history.rs` keeps the quiet moves' histories, `correction.rs` the
//! evaluation's corrections (by the keys of `correction_keys.rs`, which the search's node
//! keeps), and `params.rs` the tuning constants. Moves are ordered by the crate's move picker
//! (`movepicker.rs`) and time is managed in `time.rs`, both shared with the randomized
//! alpha-beta player.

mod correction;
pub(crate) mod correction_keys;
mod history;
mod iterate;
pub mod params;
pub(crate) mod searcher;
mod threads;
mod tree;

pub use searcher::{MAX_DEPTH, MAX_PLY};
