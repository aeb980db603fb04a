//! A helper of the UCI engine (`Threads` above one): it takes what the engine sends (see
//! [`super::Host::start_part`]) with an [`Engine`] of its own, as a worker of the page's pool
//! does: it answers a share of a split search, or helps a search on the shared table.

use crate::worker::engine::Engine;
use crate::worker::protocol::{SearchReply, ToWorker};
use core::sync::atomic::{AtomicBool, Ordering};

/// Takes `message` (a [`ToWorker`]'s postcard bytes) with `engine`: answers a search, handing
/// each reply's postcard bytes to `reply`, or helps one, replying nothing. The search ends
/// early once `halted()` says so, which it is asked every thousand nodes or so with the clock
/// (`clock`, in milliseconds since the start); a helper's ends only so. A message that cannot
/// be read is answered as a crash.
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
    let stop = AtomicBool::new(false);
    let clock = || {
        if halted() {
            stop.store(true, Ordering::Relaxed);
        }
        clock()
    };
    match postcard::from_bytes::<ToWorker>(request) {
        Ok(ToWorker::Search(request)) => {
            engine.answer(&request, seed, &clock, &stop, &mut |_| true, &mut send);
        }
        Ok(ToWorker::Help { request, helper }) => {
            engine.help(&request, helper, &clock, &stop);
        }
        Ok(ToWorker::Stop { .. }) => {}
        Ok(ToWorker::Network(bytes)) => {
            let _ = engine.set_network(&bytes);
        }
        Err(_) => {
            let reason = "a share of a search could not be read".to_string();
            send(SearchReply::Crashed { reason });
        }
    }
}
