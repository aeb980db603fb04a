//! The settings: who plays which side, the computer's level, the side drawn at the bottom, the
//! move list's notation, the page's language and the sound. They go with the game into the
//! saved copy and into links, and change only through [`Action`]s, which keep them consistent
//! (a level within 1..=[`MAX_LEVEL`], the person's side at the bottom when chosen).

use crate::ai::MAX_LEVEL;
use crate::i18n::Lang;
use crate::notation::Notation;
use xiangqi::Color;

/// Who plays the two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// One person against the computer; [`Settings::human`] says which side the person has.
    Computer,
    /// Two people on one device.
    TwoPlayers,
    /// The computer plays both sides.
    Watch,
}

impl Mode {
    /// Every mode, in the order the selector offers them.
    pub const ALL: [Mode; 3] = [Mode::Computer, Mode::TwoPlayers, Mode::Watch];

    /// The stable value of the selector option.
    pub fn key(self) -> &'static str {
        match self {
            Mode::Computer => "computer",
            Mode::TwoPlayers => "two",
            Mode::Watch => "watch",
        }
    }

    /// The mode for [`Mode::key`].
    pub fn from_key(key: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.key() == key)
    }

    /// The label shown in the selector.
    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            Mode::Computer => lang.t("You v computer", "人机对弈"),
            Mode::TwoPlayers => lang.t("Two players", "双人对弈"),
            Mode::Watch => lang.t("Computer v computer", "电脑对电脑"),
        }
    }

    /// The value of the `mode` link parameter.
    pub fn param(self) -> &'static str {
        match self {
            Mode::Computer => "ai",
            Mode::TwoPlayers => "pvp",
            Mode::Watch => "watch",
        }
    }

    /// The mode for a `mode` link parameter.
    pub fn from_param(v: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.param() == v)
    }
}

/// A change of the settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Choose who plays.
    SetMode(Mode),
    /// Choose the person's side against the computer; it is then drawn at the bottom.
    SetSide(Color),
    /// Choose the computer's level (clamped to 1..=[`MAX_LEVEL`]).
    SetLevel(u8),
    /// Choose the move list's notation.
    SetNotation(Notation),
    /// Turn the board round.
    Flip,
    /// Draw this side at the bottom.
    Orient(Color),
    /// Choose the page's language.
    SetLang(Lang),
    /// Turn sounds off (`true`) or on.
    Mute(bool),
}

/// The settings of a game and of the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Who plays.
    mode: Mode,
    /// The person's side in [`Mode::Computer`].
    human: Color,
    /// The computer's level, 1..=[`MAX_LEVEL`].
    level: u8,
    /// The side drawn at the bottom of the board.
    orientation: Color,
    /// How the move list writes moves.
    notation: Notation,
    /// The page's language.
    lang: Lang,
    /// Sounds are off.
    muted: bool,
}

impl Default for Settings {
    /// Red against the computer at level 3, Chinese notation, English, with sound.
    fn default() -> Self {
        Settings {
            mode: Mode::Computer,
            human: Color::Red,
            level: 3,
            orientation: Color::Red,
            notation: Notation::Chinese,
            lang: Lang::En,
            muted: false,
        }
    }
}

impl Settings {
    /// Applies `action`.
    pub fn apply(&mut self, action: Action) {
        match action {
            Action::SetMode(mode) => self.mode = mode,
            Action::SetSide(color) => {
                self.human = color;
                self.orientation = color;
            }
            Action::SetLevel(level) => self.level = level.clamp(1, MAX_LEVEL),
            Action::SetNotation(n) => self.notation = n,
            Action::Flip => self.orientation = !self.orientation,
            Action::Orient(color) => self.orientation = color,
            Action::SetLang(lang) => self.lang = lang,
            Action::Mute(muted) => self.muted = muted,
        }
    }

    /// These settings after `action`.
    pub fn with(mut self, action: Action) -> Settings {
        self.apply(action);
        self
    }

    /// Who plays.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The person's side against the computer.
    pub fn human(&self) -> Color {
        self.human
    }

    /// The computer's level.
    pub fn level(&self) -> u8 {
        self.level
    }

    /// The side drawn at the bottom.
    pub fn orientation(&self) -> Color {
        self.orientation
    }

    /// How the move list writes moves.
    pub fn notation(&self) -> Notation {
        self.notation
    }

    /// The page's language.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Sounds are off.
    pub fn muted(&self) -> bool {
        self.muted
    }

    /// True if `color` is moved by the computer.
    pub fn is_computer(&self, color: Color) -> bool {
        match self.mode {
            Mode::Computer => color != self.human,
            Mode::TwoPlayers => false,
            Mode::Watch => true,
        }
    }

    /// The person's side when playing the computer, for undo and redo to take back or play
    /// again a move and its reply together; `None` in the other modes.
    pub fn person_side(&self) -> Option<Color> {
        (self.mode == Mode::Computer).then_some(self.human)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choosing_a_side_puts_it_at_the_bottom_and_levels_stay_in_range() {
        let s = Settings::default()
            .with(Action::SetSide(Color::Black))
            .with(Action::SetLevel(99));
        assert_eq!(
            (s.human(), s.orientation(), s.level()),
            (Color::Black, Color::Black, MAX_LEVEL)
        );
        let s = s.with(Action::Flip).with(Action::SetLevel(0));
        assert_eq!((s.orientation(), s.level()), (Color::Red, 1));
    }

    #[test]
    fn who_the_computer_plays_follows_the_mode() {
        let s = Settings::default();
        assert!(s.is_computer(Color::Black) && !s.is_computer(Color::Red));
        let s = s.with(Action::SetMode(Mode::TwoPlayers));
        assert!(!s.is_computer(Color::Red) && !s.is_computer(Color::Black));
        assert_eq!(s.person_side(), None);
        let s = s.with(Action::SetMode(Mode::Watch));
        assert!(s.is_computer(Color::Red) && s.is_computer(Color::Black));
    }
}
