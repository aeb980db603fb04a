//! The trainer's checkpoint: the floating-point network it resumes from, little-endian:
//! `XQNO`, the hidden size and the outputs (u32 each), then `w1`, `b1`, `w2` and `b2` as f32
//! ([`Net`]'s fields). The checkpoints before outputs, `XQNF` and the hidden size, then the
//! same fields for one output, are read too. The integer network the engine reads is written
//! by the engine's own `xiangqi_ai::nnue::file`, which describes its layout.

use super::net::{Net, INPUTS, MAX_OUTPUTS};

/// The bytes of a checkpoint.
pub fn net_bytes(net: &Net) -> Vec<u8> {
    let mut out = b"XQNO".to_vec();
    out.extend_from_slice(&(net.hidden as u32).to_le_bytes());
    out.extend_from_slice(&(net.outputs as u32).to_le_bytes());
    for w in net.w1.iter().chain(&net.b1).chain(&net.w2).chain(&net.b2) {
        out.extend_from_slice(&w.to_le_bytes());
    }
    out
}

/// A checkpoint read back; the error says what is wrong.
pub fn net_from_bytes(bytes: &[u8]) -> Result<Net, String> {
    let u32_at =
        |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    let (hidden, outputs, start) = match bytes.get(..4) {
        Some(b"XQNO") if bytes.len() >= 12 => (u32_at(4) as usize, u32_at(8) as usize, 12),
        Some(b"XQNF") if bytes.len() >= 8 => (u32_at(4) as usize, 1, 8),
        _ => return Err("not a network checkpoint (no XQNO or XQNF)".to_string()),
    };
    if !(1..=MAX_OUTPUTS).contains(&outputs) {
        return Err(format!(
            "a checkpoint of {outputs} outputs; a network has 1 to {MAX_OUTPUTS}"
        ));
    }
    let n = (INPUTS + 1) * hidden + outputs * (2 * hidden + 1);
    if hidden == 0 || hidden > xiangqi_ai::nnue::MAX_HIDDEN || bytes.len() != start + 4 * n {
        return Err(format!(
            "a checkpoint of {hidden} hidden neurons and {outputs} output{} takes {} bytes, \
             not {}",
            if outputs == 1 { "" } else { "s" },
            start + 4 * n,
            bytes.len()
        ));
    }
    let mut words = bytes[start..]
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]));
    let mut take = |k: usize| words.by_ref().take(k).collect::<Vec<f32>>();
    let w1 = take(INPUTS * hidden);
    let b1 = take(hidden);
    let w2 = take(outputs * 2 * hidden);
    let b2 = take(outputs);
    let net = Net {
        hidden,
        outputs,
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
        for outputs in [1, 8] {
            let net = Net::new(4, outputs, 1);
            assert_eq!(net_from_bytes(&net_bytes(&net)).unwrap(), net);
        }
        let net = Net::new(4, 1, 1);
        let bytes = net_bytes(&net);
        assert_eq!(
            net_from_bytes(&bytes[..bytes.len() - 1]).unwrap_err(),
            format!(
                "a checkpoint of 4 hidden neurons and 1 output takes {} bytes, not {}",
                bytes.len(),
                bytes.len() - 1
            )
        );
        assert!(net_from_bytes(b"XQNQ").is_err());
        assert!(net_from_bytes(b"XQNO\x04\0\0").is_err());
        let mut none = bytes.clone();
        none[8..12].copy_from_slice(&0u32.to_le_bytes());
        assert_eq!(
            net_from_bytes(&none).unwrap_err(),
            "a checkpoint of 0 outputs; a network has 1 to 13"
        );
        // A checkpoint from before outputs: XQNF, the hidden size, one output's weights.
        let mut before = b"XQNF".to_vec();
        before.extend_from_slice(&bytes[4..8]);
        before.extend_from_slice(&bytes[12..]);
        assert_eq!(net_from_bytes(&before).unwrap(), net);
        // A checkpoint of a training that diverged is refused, not resumed from.
        let mut diverged = net.clone();
        diverged.w2[3] = f32::NAN;
        assert!(!diverged.is_finite());
        assert_eq!(
            net_from_bytes(&net_bytes(&diverged)).unwrap_err(),
            "the checkpoint holds weights that are not finite (NaN or infinite)"
        );
        diverged.w2[3] = 0.0;
        diverged.b2[0] = f32::INFINITY;
        assert!(net_from_bytes(&net_bytes(&diverged)).is_err());
    }
}
