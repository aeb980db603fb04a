//! The trainer's checkpoint: the floating-point network it resumes from, little-endian:
//! `XQNF`, the hidden size (u32), then `w1`, `b1`, `w2` and `b2` as f32 ([`Net`]'s fields).
//! The integer network the engine reads is written by the engine's own
//! `xiangqi_ai::nnue::file`, which describes its layout.

use super::net::{Net, INPUTS};

/// The bytes of a checkpoint.
pub fn net_bytes(net: &Net) -> Vec<u8> {
    let mut out = b"XQNF".to_vec();
    out.extend_from_slice(&(net.hidden as u32).to_le_bytes());
    for w in net.w1.iter().chain(&net.b1).chain(&net.w2) {
        out.extend_from_slice(&w.to_le_bytes());
    }
    out.extend_from_slice(&net.b2.to_le_bytes());
    out
}

/// A checkpoint read back; the error says what is wrong.
pub fn net_from_bytes(bytes: &[u8]) -> Result<Net, String> {
    if bytes.len() < 8 || &bytes[..4] != b"XQNF" {
        return Err("not a network checkpoint (no XQNF)".to_string());
    }
    let hidden = u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]) as usize;
    let n = (INPUTS + 3) * hidden + 1;
    if hidden == 0 || hidden > xiangqi_ai::nnue::MAX_HIDDEN || bytes.len() != 8 + 4 * n {
        return Err(format!(
            "a checkpoint of {hidden} hidden neurons takes {} bytes, not {}",
            8 + 4 * n,
            bytes.len()
        ));
    }
    let mut words = bytes[8..]
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]));
    let mut take = |k: usize| words.by_ref().take(k).collect::<Vec<f32>>();
    let w1 = take(INPUTS * hidden);
    let b1 = take(hidden);
    let w2 = take(2 * hidden);
    let b2 = take(1)[0];
    let net = Net {
        hidden,
        w1,
        b1,
        w2,
        b2,
    };
    if !net.is_finite() {
        return Err(
            "the checkpoint holds weights that are not finite (NaN or infinite)".to_string(),
        );
    }
    Ok(net)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_checkpoint_reads_back_and_a_bad_one_is_named() {
        let net = Net::new(4, 1);
        let bytes = net_bytes(&net);
        assert_eq!(net_from_bytes(&bytes).unwrap(), net);
        assert_eq!(
            net_from_bytes(&bytes[..bytes.len() - 1]).unwrap_err(),
            format!(
                "a checkpoint of 4 hidden neurons takes {} bytes, not {}",
                bytes.len(),
                bytes.len() - 1
            )
        );
        assert!(net_from_bytes(b"XQNQ").is_err());
        // A checkpoint of a training that diverged is refused, not resumed from.
        let mut diverged = net.clone();
        diverged.w2[3] = f32::NAN;
        assert!(!diverged.is_finite());
        assert_eq!(
            net_from_bytes(&net_bytes(&diverged)).unwrap_err(),
            "the checkpoint holds weights that are not finite (NaN or infinite)"
        );
        diverged.w2[3] = 0.0;
        diverged.b2 = f32::INFINITY;
        assert!(net_from_bytes(&net_bytes(&diverged)).is_err());
    }
}
