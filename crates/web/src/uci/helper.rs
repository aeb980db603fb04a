//! A helper of a split search (`Threads` above one): it answers the shares the UCI engine
//! deals out (see [`super::Host::start_part`]) with an [`Engine`] of its own, as a worker of
//! the page's pool answers its share.

use crate::worker::engine::Engine;
use crate::worker::protocol::{SearchReply, SearchRequest};
use core::sync::atomic::{AtomicBool, Ordering};

/// Answers `request` (a [`SearchRequest`]'s postcard bytes) with `engine`, handing each
/// reply's postcard bytes to `reply`; the search ends early once `halted()` says so, which
/// it is asked every thousand nodes or so with the clock (`clock`, in milliseconds since the
/// start). A request that cannot be read is answered as a crash.
pub fn answer_share(
    engine: &mut Engine,
    request: &[u8],
    seed: u64,
    clock: &dyn Fn() -> u64,
    halted: &dyn Fn() -> bool,
    reply: &mut dyn FnMut(Vec<u8>),
) {
    let mut send = |r: SearchReply| {
        if let Ok(bytes) = postcard::to_allocvec(&r) {
            reply(bytes);
        }
    };
    let Ok(request) = postcard::from_bytes::<SearchRequest>(request) else {
        let reason = "a share of a search could not be read".to_string();
        return send(SearchReply::Crashed { reason });
    };
    let stop = AtomicBool::new(false);
    let clock = || {
        if halted() {
            stop.store(true, Ordering::Relaxed);
        }
        clock()
    };
    engine.answer(&request, seed, &clock, &stop, &mut |_| true, &mut send);
}
