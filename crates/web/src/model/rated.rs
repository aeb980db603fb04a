//! Whether the game on the board counts toward the person's rating against the computer
//! (`records::saved::rating`). A rated game is one against the computer from the start
//! position, played through without help: no move taken back or played again, no hint, no
//! analysis, no move from an earlier position, and no change of mode, side or level once it
//! has begun. It counts once, when it ends (by the rules or on time); a game left unfinished
//! does not count.

/// A game's part in the person's rating.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Rated {
    /// It does not count: it had help, or is not a game against the computer from the start.
    #[default]
    Off,
    /// It counts when it ends.
    Open,
    /// It ended and was counted.
    Counted,
}

impl Rated {
    /// How a saved game writes it (`None`: not written, [`Rated::Off`]).
    pub fn key(self) -> Option<&'static str> {
        match self {
            Rated::Off => None,
            Rated::Open => Some("open"),
            Rated::Counted => Some("counted"),
        }
    }

    /// What a saved game's `key` says; anything else is [`Rated::Off`].
    pub fn from_key(key: &str) -> Rated {
        match key {
            "open" => Rated::Open,
            "counted" => Rated::Counted,
            _ => Rated::Off,
        }
    }

    /// After help, or a change that makes the game another: an open game no longer counts (a
    /// counted one stays counted, so it is never counted twice).
    pub fn helped(self) -> Rated {
        match self {
            Rated::Open => Rated::Off,
            r => r,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_read_back_and_help_closes_only_an_open_game() {
        for r in [Rated::Off, Rated::Open, Rated::Counted] {
            assert_eq!(Rated::from_key(r.key().unwrap_or("")), r);
        }
        assert_eq!(Rated::from_key("yes"), Rated::Off);
        assert_eq!(Rated::Open.helped(), Rated::Off);
        assert_eq!(Rated::Counted.helped(), Rated::Counted);
    }
}
