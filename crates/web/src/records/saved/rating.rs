//! The person's rating against the computer, kept in the browser under [`KEY`]: Glicko-2
//! ([`crate::model::glicko`]) from the results of rated games ([`crate::model::rated`]), each
//! level an opponent of its measured rating (`xiangqi_ai::level::ratings`), known to within
//! [`LEVEL_RD`] ([`ESTIMATE_RD`] where the figure is an estimate). A person without a rated
//! game has none.
//!
//! The text is one line of whole numbers: `xiangqi-rating 1 RATING RD VOLATILITY GAMES`, the
//! rating and deviation in hundredths of a point and the volatility in millionths (the page
//! neither prints nor reads a decimal fraction: either would bring the float formatting or
//! parsing code, some 25 KB, into its first load). One that cannot be read is no rating, and
//! the next rated game starts a new one.

use crate::model::glicko::Rating;
use xiangqi_ai::{Level, MAX_LEVEL};

/// The localStorage key.
pub const KEY: &str = "xiangqi.rating";
/// How well a measured level's rating is known, as a rating deviation (the ladder's chain of
/// matches places the levels to within some fifty to a hundred points).
pub const LEVEL_RD: f64 = 70.0;
/// How well a level's estimated rating is known.
pub const ESTIMATE_RD: f64 = 150.0;
/// The lowest rating kept: the levels' scale goes well below zero.
const LOWEST: f64 = -3000.0;
/// The header's first word and the format's version.
const MAGIC: &str = "xiangqi-rating 1";

/// The person's rating and how many rated games made it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayerRating {
    /// The rating, its deviation and volatility.
    pub rating: Rating,
    /// Rated games counted.
    pub games: u32,
}

impl PlayerRating {
    /// The rating read from its stored `text`, if it is one.
    pub fn read(text: &str) -> Option<PlayerRating> {
        let rest = text.trim().strip_prefix(MAGIC)?;
        let mut numbers = rest.split_whitespace();
        let mut next = || numbers.next()?.parse::<i64>().ok();
        let (rating, rd, vol, games) = (next()?, next()?, next()?, next()?);
        let scaled = |n: i64, per: f64| n as f64 / per;
        Some(PlayerRating {
            rating: Rating {
                rating: scaled(rating, 100.0),
                rd: scaled(rd, 100.0),
                vol: scaled(vol, 1e6),
            }
            .held_from(LOWEST),
            games: games.clamp(0, i64::from(u32::MAX)) as u32,
        })
    }

    /// The text kept.
    pub fn write(&self) -> String {
        let r = self.rating;
        let whole = |x: f64, per: f64| (x * per).round() as i64;
        format!(
            "{MAGIC} {} {} {} {}",
            whole(r.rating, 100.0),
            whole(r.rd, 100.0),
            whole(r.vol, 1e6),
            self.games
        )
    }

    /// The rating after a rated game against `level` with `score` (1 won, ½ drawn, 0 lost),
    /// from `before` (none: a new player's, 1500 ± 350).
    pub fn after(before: Option<PlayerRating>, level: u8, score: f64) -> PlayerRating {
        let old = before.unwrap_or(PlayerRating {
            rating: Rating::default(),
            games: 0,
        });
        let level = Level::new(level);
        let rd = if level.measured() {
            LEVEL_RD
        } else {
            ESTIMATE_RD
        };
        PlayerRating {
            rating: old
                .rating
                .after_one(f64::from(level.rating()), rd, score)
                .held_from(LOWEST),
            games: old.games.saturating_add(1),
        }
    }

    /// The rating as shown, a whole number.
    pub fn shown(&self) -> i32 {
        self.rating.shown()
    }

    /// Its deviation as shown, a whole number.
    pub fn shown_rd(&self) -> i32 {
        self.rating.rd.round() as i32
    }

    /// The level to play next: the strongest one rated at or below the person's rating (an
    /// even game leans to the person), or the weakest.
    pub fn suggested_level(&self) -> u8 {
        let r = self.shown();
        (1..=MAX_LEVEL)
            .rev()
            .find(|&n| Level::new(n).rating() <= r)
            .unwrap_or(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rating_is_written_and_read_back_and_nonsense_is_none() {
        let r = PlayerRating::after(None, 15, 1.0);
        assert_eq!(r.games, 1);
        let back = PlayerRating::read(&r.write()).unwrap();
        assert!((back.rating.rating - r.rating.rating).abs() < 0.01);
        assert!((back.rating.rd - r.rating.rd).abs() < 0.01);
        for bad in [
            "",
            "xiangqi-rating 1",
            "xiangqi-rating 1 a b c d",
            "150000 35000 60000 1",
            "xiangqi-rating 1 1500.5 35000 60000 1",
            "xiangqi-rating 1 NaN 35000 60000 1",
            "xiangqi-rating 1 99999999999999999999 35000 60000 1",
        ] {
            assert_eq!(PlayerRating::read(bad), None, "{bad:?}");
        }
        assert_eq!(
            PlayerRating::read("xiangqi-rating 1 118049 9512 59990 12").map(|r| (
                r.shown(),
                r.shown_rd(),
                r.games
            )),
            Some((1180, 95, 12))
        );
        // Numbers out of range are held to it.
        let held = PlayerRating::read("xiangqi-rating 1 9999999 -5 7000000 3").unwrap();
        assert_eq!(
            (
                held.rating.rating,
                held.rating.rd,
                held.rating.vol,
                held.games
            ),
            (4000.0, 45.0, 1.0, 3)
        );
    }

    #[test]
    fn wins_raise_losses_lower_and_a_stronger_level_counts_more() {
        let start = PlayerRating::after(None, 15, 0.5);
        let won = PlayerRating::after(Some(start), 15, 1.0);
        let lost = PlayerRating::after(Some(start), 15, 0.0);
        assert!(won.shown() > start.shown() && lost.shown() < start.shown());
        let beat_weak = PlayerRating::after(Some(start), 5, 1.0);
        let beat_strong = PlayerRating::after(Some(start), 22, 1.0);
        assert!(beat_strong.shown() > beat_weak.shown());
        assert!(won.shown_rd() < start.shown_rd(), "each game tells more");
    }

    #[test]
    fn a_player_who_loses_to_the_weakest_goes_below_them_and_is_offered_them() {
        let mut r = None;
        for _ in 0..30 {
            r = Some(PlayerRating::after(r, 1, 0.0));
        }
        let r = r.unwrap();
        assert!(r.shown() < Level::new(1).rating(), "{r:?}");
        assert_eq!(r.suggested_level(), 1);
        // One who beats every level is offered the strongest.
        let mut r = None;
        for _ in 0..30 {
            r = Some(PlayerRating::after(r, MAX_LEVEL, 1.0));
        }
        assert_eq!(r.unwrap().suggested_level(), MAX_LEVEL);
    }

    #[test]
    fn the_suggested_level_is_the_strongest_at_or_below_the_rating() {
        for n in 2..=MAX_LEVEL {
            let at = Level::new(n).rating();
            let r = PlayerRating {
                rating: Rating {
                    rating: f64::from(at) + 1.0,
                    ..Rating::default()
                },
                games: 5,
            };
            assert_eq!(r.suggested_level(), n, "level {n} at {at}");
        }
    }
}
