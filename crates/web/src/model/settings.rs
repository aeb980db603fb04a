//! The settings: who plays which side, the computer's level, the side drawn at the bottom, the
//! move list's notation, the page's language, the sound, the piece set and the time control.
//! They go with the game into the saved copy and into links, and change only through
//! [`Action`]s, which keep them consistent (a level within 1..=[`MAX_LEVEL`], the person's side
//! at the bottom when chosen).

use super::lang::Lang;
use xiangqi::notation::Notation;
use xiangqi::Color;
use xiangqi_ai::MAX_LEVEL;

/// The notations the move list offers, in the order of its switch, Chinese first (the default).
pub const NOTATIONS: [Notation; 4] = [
    Notation::Chinese,
    Notation::Wxf,
    Notation::Iccs,
    Notation::Uci,
];

/// The notation whose stable key ([`Notation::key`], the switch's option value) is `key_text`:
/// exactly, as the switch and the saved game write it.
pub fn notation_from_key(key_text: &str) -> Option<Notation> {
    NOTATIONS.into_iter().find(|n| n.key() == key_text)
}

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
}

/// A text that is not a mode's [`Mode::param`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownMode;

impl std::fmt::Display for UnknownMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("not a mode: ai, pvp or watch")
    }
}

impl std::error::Error for UnknownMode {}

/// The mode a `mode` link parameter or a saved game names ([`Mode::param`]).
impl std::str::FromStr for Mode {
    type Err = UnknownMode;

    fn from_str(v: &str) -> Result<Mode, UnknownMode> {
        Mode::ALL
            .into_iter()
            .find(|m| m.param() == v)
            .ok_or(UnknownMode)
    }
}

/// How the pieces are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PieceSet {
    /// The Chinese characters.
    #[default]
    Traditional,
    /// Symbols that show how each piece moves, for players who do not read Chinese.
    International,
}

impl PieceSet {
    /// Both sets, in the order the selector offers them.
    pub const ALL: [PieceSet; 2] = [PieceSet::Traditional, PieceSet::International];

    /// The stable value: of the selector's option, the board's `data-pieces`, the `pieces`
    /// link parameter and the saved game.
    pub fn key(self) -> &'static str {
        match self {
            PieceSet::Traditional => "traditional",
            PieceSet::International => "international",
        }
    }

    /// The label shown in the selector.
    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            PieceSet::Traditional => lang.t("Chinese characters", "汉字"),
            PieceSet::International => lang.t("International symbols", "国际符号"),
        }
    }
}

/// A text that is not a piece set's [`PieceSet::key`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownPieceSet;

impl std::fmt::Display for UnknownPieceSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("not a piece set: traditional or international")
    }
}

impl std::error::Error for UnknownPieceSet {}

/// The set for [`PieceSet::key`].
impl std::str::FromStr for PieceSet {
    type Err = UnknownPieceSet;

    fn from_str(key: &str) -> Result<PieceSet, UnknownPieceSet> {
        PieceSet::ALL
            .into_iter()
            .find(|p| p.key() == key)
            .ok_or(UnknownPieceSet)
    }
}

/// A time control: minutes for the game and seconds added after each move, written "3+2".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// Minutes each side has for the game, 1..=[`TimeControl::MAX_MINUTES`].
    pub minutes: u32,
    /// Seconds added to a side's clock after each of its moves, 0..=[`TimeControl::MAX_INCREMENT`].
    pub increment: u32,
}

impl TimeControl {
    /// The presets the selector offers.
    pub const PRESETS: [TimeControl; 4] = [
        TimeControl::new(3, 2),
        TimeControl::new(5, 3),
        TimeControl::new(10, 5),
        TimeControl::new(15, 10),
    ];
    /// The longest game a custom control may have, in minutes.
    pub const MAX_MINUTES: u32 = 180;
    /// The largest custom increment, in seconds.
    pub const MAX_INCREMENT: u32 = 60;

    /// `minutes` + `increment` seconds.
    pub const fn new(minutes: u32, increment: u32) -> TimeControl {
        TimeControl { minutes, increment }
    }

    /// Each side's time at the start, in milliseconds.
    pub fn base_ms(self) -> u64 {
        u64::from(self.minutes) * 60_000
    }

    /// The increment in milliseconds.
    pub fn increment_ms(self) -> u64 {
        u64::from(self.increment) * 1_000
    }

    /// The value of PGN's TimeControl tag: seconds, '+', increment, such as "180+2".
    pub fn pgn_tag(self) -> String {
        format!("{}+{}", self.minutes * 60, self.increment)
    }

    /// The control written "3+2" (or "3 2": an address's `tc=3+2`, where a `+` reads as a
    /// space); `None` for "none", "off" or an empty text; `Err` for anything else that is not
    /// two whole numbers in range.
    pub fn parse(text: &str) -> Result<Option<TimeControl>, BadTimeControl> {
        let text = text.trim();
        if matches!(text, "" | "none" | "off" | "-") {
            return Ok(None);
        }
        let (m, i) = text
            .split_once('+')
            .or_else(|| text.split_once(' '))
            .ok_or(BadTimeControl)?;
        let minutes: u32 = m.trim().parse().map_err(|_| BadTimeControl)?;
        let increment: u32 = i.trim().parse().map_err(|_| BadTimeControl)?;
        if (1..=Self::MAX_MINUTES).contains(&minutes) && increment <= Self::MAX_INCREMENT {
            Ok(Some(TimeControl::new(minutes, increment)))
        } else {
            Err(BadTimeControl)
        }
    }
}

/// A text that is not a time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadTimeControl;

impl std::fmt::Display for TimeControl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}+{}", self.minutes, self.increment)
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
    /// Choose how the pieces are drawn.
    SetPieces(PieceSet),
    /// Choose the time control (`None`: no clocks). The clocks start again from it.
    SetTimeControl(Option<TimeControl>),
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
    /// How the move list writes moves, once chosen; until then the language's own.
    notation: Option<Notation>,
    /// The page's language.
    lang: Lang,
    /// Sounds are off.
    muted: bool,
    /// How the pieces are drawn.
    pieces: PieceSet,
    /// The time control, if the game is played on clocks.
    time_control: Option<TimeControl>,
}

impl Default for Settings {
    /// Red against the computer at level 15 (v2 at depth 4), English with its notation (WXF), with sound,
    /// the Chinese characters, no clocks.
    fn default() -> Self {
        Settings {
            mode: Mode::Computer,
            human: Color::Red,
            level: 15,
            orientation: Color::Red,
            notation: None,
            lang: Lang::En,
            muted: false,
            pieces: PieceSet::Traditional,
            time_control: None,
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
            Action::SetNotation(n) => self.notation = Some(n),
            Action::Flip => self.orientation = !self.orientation,
            Action::Orient(color) => self.orientation = color,
            Action::SetLang(lang) => self.lang = lang,
            Action::Mute(muted) => self.muted = muted,
            Action::SetPieces(p) => self.pieces = p,
            Action::SetTimeControl(tc) => self.time_control = tc,
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

    /// How the move list writes moves: the one chosen, else the language's own (WXF in
    /// English, Chinese in Chinese).
    pub fn notation(&self) -> Notation {
        self.notation.unwrap_or(match self.lang {
            Lang::En => Notation::Wxf,
            Lang::Zh => Notation::Chinese,
        })
    }

    /// The notation if one was chosen (not the language's default).
    pub fn chosen_notation(&self) -> Option<Notation> {
        self.notation
    }

    /// How the pieces are drawn.
    pub fn pieces(&self) -> PieceSet {
        self.pieces
    }

    /// The time control, if the game is played on clocks.
    pub fn time_control(&self) -> Option<TimeControl> {
        self.time_control
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
    fn the_notation_follows_the_language_until_one_is_chosen() {
        let s = Settings::default();
        assert_eq!(s.notation(), Notation::Wxf);
        let s = s.with(Action::SetLang(Lang::Zh));
        assert_eq!(s.notation(), Notation::Chinese);
        let s = s.with(Action::SetNotation(Notation::Iccs));
        assert_eq!(s.with(Action::SetLang(Lang::En)).notation(), Notation::Iccs);
    }

    #[test]
    fn time_controls_read_as_minutes_plus_seconds() {
        assert_eq!(TimeControl::parse("3+2"), Ok(Some(TimeControl::new(3, 2))));
        assert_eq!(
            TimeControl::parse(" 15 + 10 "),
            Ok(Some(TimeControl::new(15, 10)))
        );
        assert_eq!(TimeControl::parse("none"), Ok(None));
        // An address's `tc=3+2`: the browser reads the `+` as a space.
        assert_eq!(TimeControl::parse("3 2"), Ok(Some(TimeControl::new(3, 2))));
        for bad in ["3", "0+2", "181+0", "3+61", "3+-1", "a+b", "3+2+1"] {
            assert_eq!(TimeControl::parse(bad), Err(BadTimeControl), "{bad}");
        }
        let tc = TimeControl::new(3, 2);
        assert_eq!(
            (tc.to_string(), tc.pgn_tag()),
            ("3+2".into(), "180+2".into())
        );
        assert_eq!((tc.base_ms(), tc.increment_ms()), (180_000, 2_000));
        for p in PieceSet::ALL {
            assert_eq!(p.key().parse(), Ok(p));
        }
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
