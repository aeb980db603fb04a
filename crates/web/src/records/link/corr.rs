//! Links of games played by link: the query that carries the game to the other side, and what
//! a received link does to the game this device keeps (see [`crate::model::correspondence`]).
//! Pure; the page finds the kept game in its store (`hooks/use_saved_game.rs`).

use super::corr_line::encode;
use super::names::{CORR, LINE};
use super::share::game_params;
use crate::model::correspondence::{Correspondence, Received};
use crate::model::{Notice, Opening, State};

/// The query (from '?') of the link that carries the game on the board, as it is now, to the
/// friend; `None` if it is not a game played by link. It always has `line` (empty before the
/// first move), so that it opens a game even then.
pub fn corr_query(state: &State) -> Option<String> {
    let c = state.corr()?;
    let mut parts = game_params(state.history().tree());
    if !parts.iter().any(|(k, _)| *k == LINE) {
        parts.push((LINE, String::new()));
    }
    parts.push((CORR, encode(c)));
    Some(super::names::query(&parts))
}

/// What opens when `link` (the game of a link with `corr`, joined on the other side as if new)
/// meets `kept`, the game of the same identity this device has (if any): the link's moves added
/// to it, or the kept game unchanged when the link is its own side's, older, or changes moves
/// already played; with what became of the link, said in the notice.
pub fn take_in(link: Opening, kept: Option<Opening>) -> (Opening, Received) {
    let Some(joined) = link.corr.clone() else {
        return (link, Received::New);
    };
    let Some(mut kept) = kept else {
        let notice = link.notice.clone().or(Some(Notice::Corr(Received::New)));
        return (Opening { notice, ..link }, Received::New);
    };
    let Some(mut ours) = kept.corr.clone() else {
        return (link, Received::New);
    };
    // The link's side is the one this device would have joined as, turned back.
    let sent = Correspondence {
        mine: !joined.mine,
        ..joined
    };
    let received = ours.receive(&kept.game, &sent, &link.game);
    if received == Received::Update {
        ours.update(&sent);
        kept.game = link.game;
        kept.tree = link.tree;
        kept.comments = link.comments;
        kept.ply = None;
        kept.review = None;
        kept.clock = None;
    }
    kept.corr = Some(ours);
    kept.notice = Some(Notice::Corr(received.clone()));
    (kept, received)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::link::apply;
    use crate::records::link::codec::query_pairs;
    use xiangqi::Color;

    fn open(q: &str) -> Opening {
        apply(Opening::default(), &query_pairs(q))
    }

    #[test]
    fn a_received_link_joins_then_updates_and_a_rewritten_one_changes_nothing() {
        use crate::model::correspondence::Action as C;
        use crate::model::Action;
        // A starts as Red and moves; the link opens on B as Black, B's move.
        let mut a = State::default();
        a.apply(
            C::Start {
                id: "game0001".into(),
                mine: Color::Red,
                days: Some(3),
            }
            .into(),
            0,
        );
        for sq in ["h2", "e2"] {
            a.apply(Action::Click(sq.parse().unwrap()), 0);
        }
        let q = corr_query(&a).unwrap();
        let (b_open, r) = take_in(open(&q), None);
        assert_eq!(r, Received::New);
        let mut b = State::new(b_open);
        assert_eq!(b.corr().unwrap().mine, Color::Black);
        assert!(b.person_to_move());
        for sq in ["h9", "g7"] {
            b.apply(Action::Click(sq.parse().unwrap()), 0);
        }
        assert!(!b.person_to_move(), "now the friend's move");
        // A move sent is not taken back, and the players stay.
        assert!(!b.can_undo());
        b.apply(crate::model::game::Action::Undo.into(), 0);
        b.apply(
            crate::model::settings::Action::SetMode(crate::model::Mode::Computer).into(),
            0,
        );
        assert_eq!(
            (b.game().len(), b.settings().mode()),
            (2, crate::model::Mode::TwoPlayers)
        );
        // B's link on A: the move is added.
        let kept = saved_opening(&a);
        let (a_open, r) = take_in(open(&corr_query(&b).unwrap()), Some(kept.clone()));
        assert_eq!(r, Received::Update);
        assert_eq!(a_open.game.len(), 2);
        assert_eq!(a_open.corr.as_ref().unwrap().mine, Color::Red);
        // A's own link on A, or an older one: nothing changes.
        let (_, r) = take_in(open(&q), Some(saved_opening(&State::new(a_open.clone()))));
        assert_eq!(r, Received::Own);
        let a2 = State::new(a_open);
        let (_, r) = take_in(
            open(&q.replace("corr=game0001+red", "corr=game0001+black")),
            Some(saved_opening(&a2)),
        );
        assert_eq!(r, Received::Older);
        // A link with another first move: refused, the kept game as it was.
        let mut c = State::default();
        c.apply(
            C::Start {
                id: "game0001".into(),
                mine: Color::Black,
                days: None,
            }
            .into(),
            0,
        );
        let mut other = open(&corr_query(&c).unwrap().replace("line=", "line=ep"));
        other.game = open("?line=fp").game;
        let (o, r) = take_in(other, Some(saved_opening(&a2)));
        assert_eq!(r, Received::Rewritten);
        assert_eq!(o.game.moves(), a2.game().moves());
        // A resignation travels.
        b.apply(C::Resign.into(), 0);
        assert!(b.over());
        let (a3, r) = take_in(open(&corr_query(&b).unwrap()), Some(saved_opening(&a2)));
        assert_eq!(r, Received::Update);
        assert!(State::new(a3).over());
    }

    /// The game as this device keeps it: written and read back.
    fn saved_opening(s: &State) -> Opening {
        crate::records::saved::game::read_opening(&crate::records::saved::write(s)).unwrap()
    }

    #[test]
    fn the_link_of_a_hundred_move_game_stays_under_two_thousand_characters() {
        // 200 plies of a deterministic pseudo-random game that does not end.
        let mut game = xiangqi::Game::new();
        let mut seed: u64 = 7;
        while game.len() < 200 {
            let legal = game.position().legal_moves();
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let first = (seed >> 33) as usize % legal.len();
            let next = (0..legal.len())
                .map(|i| legal[(first + i) % legal.len()])
                .find_map(|m| {
                    let mut after = game.clone();
                    after.play(m).ok()?;
                    after.outcome().is_none().then_some(after)
                })
                .expect("a move that goes on");
            game = next;
        }
        let s = State::new(Opening {
            game,
            corr: Some(Correspondence {
                id: "Ab3dEf6hIj".into(),
                mine: Color::Red,
                days: Some(7),
                offer: Some(Color::Red),
                ended: None,
            }),
            ..Opening::default()
        });
        let url = format!(
            "https://example.github.io/xiangqi/{}",
            corr_query(&s).unwrap()
        );
        // The figure in docs/playing.md (`cargo test -p xiangqi-web hundred_move -- --nocapture`).
        println!("a 100-move game's link: {} characters", url.len());
        assert!(url.len() < 2000, "{url}");
        let (o, r) = take_in(open(&corr_query(&s).unwrap()), None);
        assert_eq!((r, o.game.len()), (Received::New, 200));
    }
}
