//! The puzzle set as the page holds it once fetched (`puzzles.txt`), the theme filter, and
//! the choice of the next puzzle: one of those nearest the solver's rating among the theme's,
//! not tried lately. Reading the set takes only each puzzle's number, themes and rating (the
//! rules' [`Listing`]), which is quick; a puzzle's position and solution are read and checked
//! when it is opened, so the page never stalls over thousands of them at once.

use xiangqi::records::puzzle::{read_listings, Listing, PuzzleError, Theme};

/// Puzzles nearest the rating among which the next is drawn.
pub const NEAREST: usize = 12;

/// The themes a person may choose: every puzzle, the mates, or one tactic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Filter {
    /// Every puzzle.
    All,
    /// Mates in any number of moves.
    Mates,
    /// Puzzles with this theme.
    Theme(Theme),
}

impl Filter {
    /// Every filter, in the order the menu lists them.
    pub fn all() -> Vec<Filter> {
        let mut v = vec![Filter::All, Filter::Mates];
        v.extend((1..=3).map(|n| Filter::Theme(Theme::Mate(n))));
        v.extend(Theme::TACTICS.map(Filter::Theme));
        v
    }

    /// Its key, as kept (empty for all).
    pub fn key(self) -> String {
        match self {
            Filter::All => String::new(),
            Filter::Mates => "mate".into(),
            Filter::Theme(t) => t.to_string(),
        }
    }

    /// The filter kept as `key`; all puzzles for anything else.
    pub fn from_key(key: &str) -> Filter {
        match key {
            "mate" => Filter::Mates,
            k => k.parse().map_or(Filter::All, Filter::Theme),
        }
    }

    /// Whether `p` passes.
    pub fn admits(self, p: &Listing) -> bool {
        match self {
            Filter::All => true,
            Filter::Mates => p.themes.iter().any(|t| matches!(t, Theme::Mate(_))),
            Filter::Theme(t) => p.themes.contains(&t),
        }
    }
}

/// The set, as listed: each puzzle's number, themes and difficulty (its position and solution
/// are read when it is opened).
#[derive(Debug, Default, PartialEq)]
pub struct Set(pub Vec<Listing>);

impl Set {
    /// The set in `text`.
    pub fn read(text: &str) -> Result<Set, PuzzleError> {
        read_listings(text).map(Set)
    }

    /// Puzzle number `id`.
    pub fn get(&self, id: u32) -> Option<&Listing> {
        self.0.iter().find(|p| p.id == id)
    }

    /// How many puzzles `filter` admits.
    pub fn count(&self, filter: Filter) -> usize {
        self.0.iter().filter(|p| filter.admits(p)).count()
    }

    /// The next puzzle for a solver rated `rating`: drawn (by `random`, in 0..1) among the
    /// [`NEAREST`] to the rating that `filter` admits and that are not in `recent` or
    /// `current`; the tried ones come back only when no other is left.
    pub fn pick(
        &self,
        rating: f64,
        filter: Filter,
        recent: &[u32],
        current: Option<u32>,
        random: f64,
    ) -> Option<&Listing> {
        let admitted = || {
            self.0
                .iter()
                .filter(|p| filter.admits(p) && Some(p.id) != current)
        };
        let fresh: Vec<&Listing> = admitted().filter(|p| !recent.contains(&p.id)).collect();
        let mut pool = if fresh.is_empty() {
            admitted().collect()
        } else {
            fresh
        };
        pool.sort_by_key(|p| (f64::from(p.rating) - rating).abs() as i64);
        pool.truncate(NEAREST);
        let i = ((random.clamp(0.0, 1.0) * pool.len() as f64) as usize).min(pool.len().max(1) - 1);
        pool.get(i).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set() -> Set {
        let lines: String = (1..=40)
            .map(|i| {
                let theme = if i % 2 == 0 { "mate1" } else { "fork" };
                format!(
                    "{i};3k5/9/5a3/9/5R3/9/9/2r6/4Ap3/4KA3 b;c2c0;{theme};{}\n",
                    500 + 50 * i
                )
            })
            .collect();
        Set::read(&lines).unwrap()
    }

    #[test]
    fn the_next_puzzle_is_near_the_rating_of_the_theme_and_new() {
        let s = set();
        for r in [0.0, 0.5, 0.99] {
            let p = s.pick(1500.0, Filter::All, &[], None, r).unwrap();
            assert!(
                (f64::from(p.rating) - 1500.0).abs() <= 300.0,
                "{}",
                p.rating
            );
            let m = s.pick(1500.0, Filter::Mates, &[], None, r).unwrap();
            assert!(m.id % 2 == 0);
            let f = s
                .pick(1500.0, Filter::Theme(Theme::Fork), &[], None, r)
                .unwrap();
            assert!(f.id % 2 == 1);
        }
        let recent: Vec<u32> = (1..=39).collect();
        assert_eq!(
            s.pick(1500.0, Filter::All, &recent, None, 0.3).unwrap().id,
            40
        );
        // When every puzzle was tried lately, they come back, but not the one on the board.
        let all: Vec<u32> = (1..=40).collect();
        let p = s.pick(400.0, Filter::All, &all, Some(1), 0.0).unwrap();
        assert_ne!(p.id, 1);
        assert!(s
            .pick(1500.0, Filter::Theme(Theme::Pin), &[], None, 0.5)
            .is_none());
        assert_eq!(s.get(7).unwrap().puzzle().unwrap().line.len(), 1);
    }

    #[test]
    fn a_bad_line_is_named_and_a_bad_puzzle_says_so_when_opened() {
        assert_eq!(Set::read("# x\n1;a;b;fork\n").unwrap_err().line, 2);
        assert!(Set::read("1;a;b;smother;800")
            .unwrap_err()
            .what
            .contains("not a theme"));
        assert!(Set::read("1;a;b;fork;800\n1;a;b;fork;800")
            .unwrap_err()
            .what
            .contains("twice"));
        let s = Set::read("3;nonsense;b;fork;800").unwrap();
        assert!(s.0[0].puzzle().unwrap_err().starts_with("the position"));
    }

    #[test]
    fn filters_read_back_from_their_keys() {
        for f in Filter::all() {
            assert_eq!(Filter::from_key(&f.key()), f);
        }
        assert_eq!(Filter::from_key("nonsense"), Filter::All);
    }
}
