//! A game by link's part as text: the saved game's `corr` line and a link's `corr` parameter
//! (see [`crate::model::correspondence`]), written and read here for both.

use crate::model::correspondence::{Correspondence, Ended};
use crate::records::side::SideName;

/// The saved game's `corr` line and a link's `corr` parameter for `c`: `ID SIDE [days=N]
/// [offer=SIDE] [end=resign-SIDE|draw]`, the side this device's (in a link: the sender's).
pub fn encode(c: &Correspondence) -> String {
    let mut out = format!("{} {}", c.id, c.mine.name());
    if let Some(d) = c.days {
        out.push_str(&format!(" days={d}"));
    }
    if let Some(o) = c.offer {
        out.push_str(&format!(" offer={}", o.name()));
    }
    match c.ended {
        Some(Ended::Resigned(side)) => out.push_str(&format!(" end=resign-{}", side.name())),
        Some(Ended::DrawAgreed) => out.push_str(" end=draw"),
        None => {}
    }
    out
}

/// The game's part that a `corr` line or parameter gives, if it can be read: an identity as the
/// page draws them (6 to 24 characters of base64url), a side, then the optional fields.
pub fn decode(text: &str) -> Option<Correspondence> {
    let side = |name: &str| name.parse().ok().map(|SideName(c)| c);
    let mut words = text.split_whitespace();
    let id = words.next().filter(|id| {
        (6..=24).contains(&id.len())
            && id
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    })?;
    let mut c = Correspondence {
        id: id.to_string(),
        mine: side(words.next()?)?,
        days: None,
        offer: None,
        ended: None,
    };
    for w in words {
        match w.split_once('=')? {
            ("days", d) => c.days = Some(d.parse().ok()?),
            ("offer", o) => c.offer = Some(side(o)?),
            ("end", "draw") => c.ended = Some(Ended::DrawAgreed),
            ("end", e) => c.ended = Some(Ended::Resigned(side(e.strip_prefix("resign-")?)?)),
            _ => return None,
        }
    }
    Some(c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::Color;

    #[test]
    fn the_saved_line_reads_back_and_bad_ones_are_refused() {
        let c = Correspondence {
            id: "Ab-_0123".into(),
            mine: Color::Black,
            days: Some(2),
            offer: Some(Color::Red),
            ended: Some(Ended::DrawAgreed),
        };
        assert_eq!(encode(&c), "Ab-_0123 black days=2 offer=red end=draw");
        assert_eq!(decode(&encode(&c)), Some(c));
        let resigned = "abcdefgh red end=resign-black";
        assert_eq!(
            decode(resigned).and_then(|c| c.ended),
            Some(Ended::Resigned(Color::Black))
        );
        for bad in [
            "",
            "abc red",
            "abcdefgh blue",
            "abcdefgh red days=x",
            "abcdefgh red end=resign-green",
            "abcdefgh red what=1",
        ] {
            assert_eq!(decode(bad), None, "{bad}");
        }
    }
}
