//! What correction history (`correction.rs`) indexes its tables by: a hash of both sides'
//! soldiers' points and both sides' piece counts. The search's node keeps them as moves are
//! made ([`Keys::after`]), which costs far less than working them out at every node.

use xiangqi::{code, Position};

/// What the tables are indexed by, kept by the searches' node (`crate::node::Node`) as moves are made: a hash of
/// both sides' soldiers' points, and both sides' piece counts (3 bits a kind and side).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Keys {
    soldiers: u64,
    counts: u64,
}

/// The pieces the counts hold, in the order of their bits (the first the highest): for each
/// side its chariots, cannons, horses, advisors, elephants and soldiers.
const COUNTED: [u8; 12] = [
    code::chariot(0),
    code::cannon(0),
    code::horse(0),
    code::advisor(0),
    code::elephant(0),
    code::soldier(0),
    code::chariot(1),
    code::cannon(1),
    code::horse(1),
    code::advisor(1),
    code::elephant(1),
    code::soldier(1),
];

/// What taking a piece of each code takes off the counts (0 for a general or no piece).
const TAKEN: [u64; 16] = {
    let mut taken = [0u64; 16];
    let mut i = 0;
    while i < COUNTED.len() {
        taken[COUNTED[i] as usize] = 1 << (3 * (COUNTED.len() - 1 - i));
        i += 1;
    }
    taken
};

impl Keys {
    /// The keys of `pos`, worked out afresh.
    pub fn of(pos: &Position) -> Keys {
        let counts = COUNTED.iter().fold(0u64, |counts, &c| {
            counts << 3 | pos.code_bits(c).count_ones() as u64
        });
        Keys {
            soldiers: soldiers(pos),
            counts,
        }
    }

    /// The keys after a move of `moved` that took `captured` ([`code::EMPTY`] for none),
    /// `after` being the position it left: the soldiers' hash is worked out again only when a
    /// soldier moved or was taken, and the counts only lose the piece taken.
    #[inline(always)]
    pub fn after(self, after: &Position, moved: u8, captured: u8) -> Keys {
        let soldier = |c: u8| c == code::soldier(0) || c == code::soldier(1);
        Keys {
            soldiers: if soldier(moved) || soldier(captured) {
                soldiers(after)
            } else {
                self.soldiers
            },
            counts: self.counts - TAKEN[captured as usize],
        }
    }
}

/// The hash of both sides' soldiers' points.
#[inline(always)]
fn soldiers(pos: &Position) -> u64 {
    let red = pos.code_bits(code::soldier(0));
    let black = pos.code_bits(code::soldier(1));
    let halves = [
        red as u64,
        (red >> 64) as u64,
        black as u64,
        (black >> 64) as u64,
    ];
    halves.iter().fold(0, |h, &x| mix(h ^ x))
}

impl Keys {
    /// The soldiers' hash.
    #[inline(always)]
    pub fn soldiers(self) -> u64 {
        self.soldiers
    }

    /// A hash of the piece counts.
    #[inline(always)]
    pub fn material(self) -> u64 {
        mix(self.counts)
    }
}

/// A 64-bit finalizer (splitmix64's), so that nearby keys land far apart.
#[inline(always)]
fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}
