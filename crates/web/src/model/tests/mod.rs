//! The state's rules across its parts, as a person meets them: moves by click and drag, undo
//! and redo, browsing and the editor ([`play`]); the computer's turn, the worker's replies,
//! hints and a restarted worker ([`computer`]).

mod analysis;
mod clock;
mod computer;
mod play;
mod rated;
mod review;

use super::*;
use crate::model::lang::Lang;
use crate::worker::protocol::{Progress, SearchReply};
use std::rc::Rc;
use xiangqi::notation::parse_uci;
use xiangqi::notation::Notation;
use xiangqi::{Color, Game, Move, Position, Square};
use xiangqi::{Kind, Piece, PositionError, Setup};
use xiangqi_ai::Score;

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn mv(text: &str) -> Move {
    parse_uci(text).unwrap()
}

fn two_players() -> State {
    let mut s = State::default();
    s.apply(settings::Action::SetMode(Mode::TwoPlayers).into(), 0);
    s
}

fn play(s: &mut State, moves: &[&str]) {
    for m in moves {
        s.apply(Action::Click(mv(m).from()), 0);
        s.apply(Action::Click(mv(m).to()), 0);
    }
}

fn progress(pv: &[&str]) -> Progress {
    Progress {
        depth: 3,
        nodes: 1000,
        time_ms: 50,
        nps: 20_000,
        score: Score::Cp(12),
        pv: pv.iter().map(|s| mv(s)).collect(),
        workers: 1,
        shared: false,
        network: false,
        lines: Vec::new(),
    }
}

/// The id of the search the state wants; panics if none.
fn wanted(s: &State) -> u64 {
    s.search().request().expect("a search is wanted").id
}

fn reply(r: SearchReply) -> Action {
    search::Action::Reply(r).into()
}

fn done(id: u64, best: &str) -> Action {
    reply(SearchReply::Done {
        id,
        best: Some(mv(best)),
        progress: progress(&[best]),
    })
}

fn game(a: game::Action) -> Action {
    a.into()
}
