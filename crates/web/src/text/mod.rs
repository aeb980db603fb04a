//! What the page writes for people: its two languages and the Chinese wording of the rules'
//! messages ([`i18n`]), the notices ([`notices`]), moves in the chosen notation ([`moves`]),
//! scores ([`scores`]), numbers and clock times ([`figures`]), and the moves said in words for
//! screen readers ([`announce`]).

pub mod announce;
pub mod figures;
pub mod i18n;
pub mod levels;
pub mod moves;
pub mod notices;
pub mod scores;
