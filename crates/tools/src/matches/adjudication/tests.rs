use super::*;

#[test]
fn rules_read_and_write_back() {
    assert_eq!("standard".parse(), Ok(Adjudication::STANDARD));
    assert_eq!("none".parse(), Ok(Adjudication::NONE));
    assert_eq!(
        Adjudication::STANDARD.to_string(),
        "draw=40/8/20,resign=4/1000"
    );
    assert_eq!(Adjudication::NONE.to_string(), "none");
    let r: Adjudication = "resign=3/600".parse().unwrap();
    assert_eq!(r.draw, None);
    assert_eq!(r.resign, Some(ResignRule { moves: 3, cp: 600 }));
    let d: Adjudication = " draw=34/8/10 ".parse().unwrap();
    assert_eq!(d.to_string(), "draw=34/8/10");
    for text in ["draw=34/8/10,resign=3/600", "draw=40/8/20,resign=4/1000"] {
        let a: Adjudication = text.parse().unwrap();
        assert_eq!(a.to_string(), text);
    }
}

#[test]
fn bad_rules_are_named() {
    for (text, said) in [
        ("", "not of the form"),
        ("draw", "not of the form"),
        ("draw=40/8", "3 numbers"),
        ("draw=40/8/20/1", "3 numbers"),
        ("draw=40/x/20", "`x` is not a whole number"),
        ("draw=0/8/20", "`0` is not a whole number from 1"),
        ("resign=4", "2 numbers"),
        ("resign=-4/1000", "`-4`"),
        ("resign=2000/1000", "at most 1000 moves"),
        ("resign=4/1000,resign=3/600", "given twice"),
        ("mercy=4/1000", "`mercy` is not a rule"),
    ] {
        let e = text.parse::<Adjudication>().unwrap_err().to_string();
        assert!(e.contains(said), "{text}: {e}");
        assert!(e.contains("draw=40/8/20,resign=4/1000"), "{text}: {e}");
    }
}

/// Plays `scores` (Red's, Black's, Red's, ... from ply `from`) through a judge; the ply after
/// which it gave a result, and the result.
fn judge(rules: &str, from: usize, scores: &[Option<i32>]) -> Option<(usize, Option<Color>)> {
    let mut j = Judge::new(rules.parse().unwrap());
    for (k, &s) in scores.iter().enumerate() {
        let ply = from + k;
        let side = if ply % 2 == 0 {
            Color::Red
        } else {
            Color::Black
        };
        if let Some(r) = j.after_move(side, s, ply + 1) {
            return Some((ply + 1, r));
        }
    }
    None
}

#[test]
fn a_loss_needs_both_sides_to_agree_for_the_moves_asked() {
    // Black (to move second) scores itself lost, Red scores itself won, each 3 moves: Black
    // loses after Black's third such move.
    let s = [
        Some(700),
        Some(-650),
        Some(800),
        Some(-900),
        Some(900),
        Some(-700),
    ];
    assert_eq!(judge("resign=3/600", 0, &s), Some((6, Some(Color::Red))));
    // One side does not agree: no result.
    let s = [
        Some(700),
        Some(-650),
        Some(800),
        Some(-900),
        Some(100),
        Some(-700),
    ];
    assert_eq!(judge("resign=3/600", 0, &s), None);
    // A move with no score breaks the count; so does one short of the margin.
    let s = [
        Some(700),
        Some(-650),
        None,
        Some(-900),
        Some(900),
        Some(-700),
    ];
    assert_eq!(judge("resign=3/600", 0, &s), None);
    let s = [
        Some(700),
        Some(-650),
        Some(599),
        Some(-900),
        Some(900),
        Some(-700),
    ];
    assert_eq!(judge("resign=3/600", 0, &s), None);
    // Red lost: Red's scores low, Black's high; decided on Red's own third move too.
    let s = [
        Some(650),
        Some(-700),
        Some(900),
        Some(-800),
        Some(700),
        Some(-900),
    ];
    assert_eq!(judge("resign=3/600", 1, &s), Some((7, Some(Color::Black))));
    // Exactly at the margin counts.
    let s = [Some(600), Some(-600)];
    assert_eq!(judge("resign=1/600", 0, &s), Some((2, Some(Color::Red))));
}

#[test]
fn a_draw_waits_for_its_move_and_both_sides_level() {
    let level = vec![Some(5); 20];
    // From move 10: the counts are full after ply 4, but move 10 begins after ply 18.
    assert_eq!(judge("draw=10/2/20", 0, &level), Some((18, None)));
    // Already past move 10: as soon as each side has 2 level scores.
    assert_eq!(judge("draw=10/2/20", 30, &level), Some((34, None)));
    // One side's score outside the margin resets its count.
    let mut s = vec![Some(5); 6];
    s[4] = Some(-21);
    assert_eq!(judge("draw=1/3/20", 0, &s), None);
    // Red's count starts again: three more level moves of Red's (at the margin) end it.
    s.extend([Some(20), Some(-20), Some(20), Some(-20), Some(20)]);
    assert_eq!(judge("draw=1/3/20", 0, &s), Some((11, None)));
    // No scores, no draw.
    assert_eq!(judge("draw=1/1/20", 0, &[None; 10]), None);
}

#[test]
fn no_rules_never_end_a_game() {
    let s: Vec<Option<i32>> = (0..200)
        .map(|k| Some(if k % 2 == 0 { 5000 } else { -5000 }))
        .collect();
    assert_eq!(judge("none", 0, &s), None);
    assert_eq!(judge("draw=1/1/100", 0, &s), None);
    let s = vec![Some(0); 200];
    assert_eq!(judge("resign=1/1", 0, &s), None);
}
