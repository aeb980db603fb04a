//! The network the engine ships: `nets/xq-r1.nnue`, trained by `xiangqi train` on the
//! engine's own games (docs/tuning.md gives its round, data and match). Built into the
//! binary with the feature `built-in-network`; the page's workers fetch the same file.

use super::network::Network;
use std::sync::Arc;

/// The shipped network's name: its file is `nets/{NAME}.nnue`.
pub const NAME: &str = "xq-r1";

/// The shipped network's bytes.
#[cfg(feature = "built-in-network")]
pub const BYTES: &[u8] = include_bytes!("../../nets/xq-r1.nnue");

/// The shipped network's file, byte for byte; `None` in a build without it.
pub fn bytes() -> Option<&'static [u8]> {
    #[cfg(feature = "built-in-network")]
    {
        Some(BYTES)
    }
    #[cfg(not(feature = "built-in-network"))]
    None
}

/// The shipped network, read once; `None` in a build without it.
pub fn built_in() -> Option<Arc<Network>> {
    #[cfg(feature = "built-in-network")]
    {
        static NET: std::sync::OnceLock<Option<Arc<Network>>> = std::sync::OnceLock::new();
        NET.get_or_init(|| Network::from_bytes(BYTES).ok().map(Arc::new))
            .clone()
    }
    #[cfg(not(feature = "built-in-network"))]
    None
}

#[cfg(all(test, feature = "built-in-network"))]
mod tests {
    #[test]
    fn the_shipped_network_reads() {
        assert!(super::built_in().is_some());
    }
}
