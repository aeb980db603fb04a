//! Opening a game with a link's parameters: the game they give replaces the one the page
//! would open, and the others change the settings or what is shown. A bad value is ignored
//! and named in a notice; it never stops the page.

use super::layout::Layout;
use super::names::{
    CORR, FEN, FIRST_LADDER_LEVEL, FLIP, LANG, LEVEL, LINE, MODE, MOVES, NOTES, PGN, PIECES, PLY,
    SIDE, TC, VIEW,
};
use super::notes::{read_notes, read_tree_notes};
use super::params::LinkParams;
use crate::model::correspondence::Correspondence;
use crate::model::lang::Lang;
use crate::model::settings::Action as Set;
use crate::model::{Mode, Notice, Opening, PieceSet, Problem, TimeControl};
use crate::records::pgn::ImportError;
use crate::records::side::SideName;
use xiangqi::notation::parse_any;
use xiangqi::records::{compact_tree, move_number, read_pgn};
use xiangqi::{Color, Game, Position};
use xiangqi_ai::{Level, MAX_LEVEL};

/// Opens `base` (the saved game, or a new one) with the address's parameters `pairs` (read
/// into [`LinkParams`], then applied by [`LinkParams::apply`]).
pub fn apply(base: Opening, pairs: &[(String, String)]) -> Opening {
    LinkParams::read(pairs).apply(base)
}

impl LinkParams {
    /// Opens `base` with these parameters: a game in `pgn`, or `fen` with `line` or `moves`,
    /// replaces the game (the person then plays the side to move of its start); the others
    /// change the settings or what is shown. The parameters that cannot be used are named in
    /// the notice.
    pub fn apply(self, base: Opening) -> Opening {
        let Opening {
            mut game,
            mut comments,
            mut tree,
            mut ply,
            mut settings,
            mut corr,
            mut notice,
            review,
            clock,
            rated,
        } = base;
        let players = |s: &crate::model::Settings| (s.mode(), s.human(), s.level());
        let old_players = players(&settings);
        let mut bad: Vec<(String, String, Problem)> = Vec::new();
        let mut replaced = false;
        if let Some(text) = self.pgn {
            match read_pgn(&text) {
                Ok(record) => {
                    game = record.game;
                    comments = record.comments;
                    tree = None;
                    replaced = true;
                }
                Err(e) => bad.push((PGN.into(), text, Problem::Record(ImportError::from(e)))),
            }
        }
        let mut start = None;
        if let Some(fen) = self.fen.filter(|_| !replaced) {
            match Position::from_fen(&fen) {
                Ok(pos) => start = Some(pos),
                Err(e) => bad.push((FEN.into(), fen, Problem::Fen(e))),
            }
        }
        let line = self.line.filter(|_| !replaced);
        let moves_text = self.moves.filter(|_| !replaced && line.is_none());
        if !replaced && (start.is_some() || line.is_some() || moves_text.is_some()) {
            let start = start.unwrap_or_else(Position::start);
            game = Game::from_position(start.clone());
            comments = Vec::new();
            tree = None;
            replaced = true;
            let stop = |game: &Game, name: &str, text: &str, bad: &mut Vec<_>| {
                let (number, side) = move_number(&start, game.len());
                bad.push((name.into(), text.into(), Problem::Move { number, side }));
            };
            if let Some(text) = &line {
                // Its main line on the board, its variations kept; after a fault, the main
                // line's moves before it, as with `moves`.
                let (t, error) = compact_tree::decode_partial(start.clone(), text);
                game = t.main_line();
                match error {
                    None => tree = Some(t),
                    Some(_) => stop(&game, LINE, text, &mut bad),
                }
            }
            if let Some(text) = &moves_text {
                let toks = text
                    .split(|c: char| c.is_whitespace() || c == ',')
                    .filter(|t| !t.is_empty());
                for tok in toks {
                    let played = parse_any(game.position(), tok)
                        .ok()
                        .filter(|&m| game.play(m).is_ok());
                    if played.is_none() {
                        stop(&game, MOVES, tok, &mut bad);
                        break;
                    }
                }
            }
        }
        if replaced {
            ply = None;
            settings.apply(Set::SetSide(game.start_position().turn()));
        }
        if let Some(v) = self.notes {
            // On a tree, each by its place; else by its ply on the game.
            let read = match &mut tree {
                Some(t) => read_tree_notes(&v, t),
                None => read_notes(&v, game.len()).map(|notes| comments = notes),
            };
            if read.is_err() {
                bad.push((NOTES.into(), v, Problem::Value));
            }
        }
        if let Some(v) = self.ply {
            match v.parse::<usize>() {
                Ok(n) if n <= game.len() => ply = (n < game.len()).then_some(n),
                _ => bad.push((PLY.into(), v, Problem::Value)),
            }
        }
        if let Some(v) = self.view {
            if Layout::from_param(&v).is_none() {
                bad.push((VIEW.into(), v, Problem::Value));
            }
        }
        if let Some(v) = self.mode {
            match v.parse::<Mode>() {
                Ok(m) => settings.apply(Set::SetMode(m)),
                Err(_) => bad.push((MODE.into(), v, Problem::Value)),
            }
        }
        if let Some(v) = self.side {
            match side(&v) {
                Some(c) => settings.apply(Set::SetSide(c)),
                None => bad.push((SIDE.into(), v, Problem::Value)),
            }
        }
        if let Some(v) = self.level {
            match v.parse::<u8>() {
                Ok(l) if (1..=MAX_LEVEL).contains(&l) => settings.apply(Set::SetLevel(l)),
                _ => bad.push((LEVEL.into(), v, Problem::Value)),
            }
        } else if let Some(v) = self.first_ladder_level {
            match v.parse::<u8>() {
                Ok(l) if (1..=8).contains(&l) => {
                    settings.apply(Set::SetLevel(Level::from_first_ladder(l).number()))
                }
                _ => bad.push((FIRST_LADDER_LEVEL.into(), v, Problem::Value)),
            }
        }
        if let Some(v) = self.flip {
            match v.as_str() {
                "1" | "true" | "yes" | "" => settings.apply(Set::Flip),
                "0" | "false" | "no" => {}
                _ => bad.push((FLIP.into(), v, Problem::Value)),
            }
        }
        if let Some(v) = self.lang {
            match Lang::from_key(&v) {
                Some(l) => settings.apply(Set::SetLang(l)),
                None => bad.push((LANG.into(), v, Problem::Value)),
            }
        }
        if let Some(v) = self.pieces {
            match v.parse::<PieceSet>() {
                Ok(p) => settings.apply(Set::SetPieces(p)),
                Err(_) => bad.push((PIECES.into(), v, Problem::Value)),
            }
        }
        let old_tc = settings.time_control();
        if let Some(v) = self.tc {
            match TimeControl::parse(&v) {
                Ok(tc) => settings.apply(Set::SetTimeControl(tc)),
                Err(_) => bad.push((TC.into(), v, Problem::Value)),
            }
        }
        // A game played by link: this device joins it on the other side (the saved games
        // are looked at by the page, which knows them: `hooks/use_saved_game.rs`).
        if let Some(v) = self.corr {
            match super::corr_line::decode(&v).filter(|_| replaced) {
                Some(sent) => {
                    let joined = Correspondence::joined(&sent);
                    settings.apply(Set::SetMode(Mode::TwoPlayers));
                    settings.apply(Set::Orient(joined.mine));
                    corr = Some(joined);
                }
                None => bad.push((CORR.into(), v, Problem::Value)),
            }
        } else if replaced {
            corr = None;
        }
        if !bad.is_empty() {
            notice = Some(Notice::BadParams(bad));
        }
        Opening {
            game,
            comments,
            tree,
            ply,
            settings,
            corr,
            notice,
            // A review belongs to the game it was of, and so do its clocks.
            review: if replaced { None } else { review },
            clock: clock.filter(|_| !replaced && settings.time_control() == old_tc),
            // Another game, or a saved one's players or level changed by the link: it no
            // longer counts (a new game from the start counts all the same: `State::new`).
            rated: if replaced || players(&settings) != old_players {
                rated.helped()
            } else {
                rated
            },
        }
    }
}

/// The side a `side` value names: a side's name, or its first letter (`w` for Red, as FEN
/// writes it).
fn side(text: &str) -> Option<Color> {
    let name = match text {
        "r" | "w" => "red",
        "b" => "black",
        name => name,
    };
    name.parse().ok().map(|SideName(c)| c)
}
