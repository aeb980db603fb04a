//! The names of the evaluation's terms beyond material and piece-square tables, in the order
//! their weights are kept (in `weights.rs` and in the tuning vector of `layout.rs`).

/// The weights other than material and piece-square tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(usize)]
pub enum Term {
    /// Per point a chariot reaches.
    ChariotMobility,
    /// Per point a horse reaches (not blocked at its leg, not onto its own piece).
    HorseMobility,
    /// A horse with no move at all.
    HorseTrapped,
    /// Per empty point a cannon slides to.
    CannonMobility,
    /// Per missing advisor, times the enemy's attackers (chariots count twice).
    MissingAdvisor,
    /// Per missing elephant, times the enemy's attackers.
    MissingElephant,
    /// An enemy cannon on the general's file with nothing between (空头炮).
    EmptyHeadCannon,
    /// An enemy cannon on the general's file behind a screen.
    CannonOnFile,
    /// A second enemy cannon on the file (重炮).
    DoubleCannon,
    /// An enemy chariot on the general's file behind at most one piece.
    ChariotOnFile,
    /// One of our pieces alone between our chariot and the enemy general.
    ChariotDiscovery,
    /// Two of our pieces between our cannon and the enemy general, the nearer one ours.
    CannonDiscovery,
    /// The side to move's bonus.
    Tempo,
    /// Per missing advisor, times the enemy's attackers across the river in our half.
    MissingAdvisorNear,
    /// Per missing elephant, times the enemy's attackers across the river in our half.
    MissingElephantNear,
    /// Per pair of our soldiers side by side across the river.
    ConnectedSoldiers,
}

/// How many [`Term`]s there are.
pub const TERM_COUNT: usize = 16;

/// Every term, in order.
pub const ALL_TERMS: [Term; TERM_COUNT] = [
    Term::ChariotMobility,
    Term::HorseMobility,
    Term::HorseTrapped,
    Term::CannonMobility,
    Term::MissingAdvisor,
    Term::MissingElephant,
    Term::EmptyHeadCannon,
    Term::CannonOnFile,
    Term::DoubleCannon,
    Term::ChariotOnFile,
    Term::ChariotDiscovery,
    Term::CannonDiscovery,
    Term::Tempo,
    Term::MissingAdvisorNear,
    Term::MissingElephantNear,
    Term::ConnectedSoldiers,
];
