//! Short sounds for a move, a capture, a check, the end of a game and a clock running low, made with Web Audio
//! oscillators (no sound files).

use std::cell::RefCell;
use web_sys::{AudioContext, OscillatorType};

/// What happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sound {
    /// A quiet move.
    Move,
    /// A capture.
    Capture,
    /// A check.
    Check,
    /// The game ended.
    End,
    /// A person's clock fell under ten seconds.
    Low,
}

thread_local! {
    static CONTEXT: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
}

/// Plays one tone: frequency, start offset and length in seconds, oscillator shape.
fn tone(ctx: &AudioContext, freq: f32, at: f64, len: f64, shape: OscillatorType, vol: f32) {
    let (Ok(osc), Ok(gain)) = (ctx.create_oscillator(), ctx.create_gain()) else {
        return;
    };
    let t = ctx.current_time() + at;
    osc.set_type(shape);
    osc.frequency().set_value(freq);
    let g = gain.gain();
    g.set_value(0.0);
    let _ = g.linear_ramp_to_value_at_time(vol, t + 0.01);
    let _ = g.exponential_ramp_to_value_at_time(0.0001, t + len);
    let _ = osc.connect_with_audio_node(&gain);
    let _ = gain.connect_with_audio_node(&ctx.destination());
    let _ = osc.start_with_when(t);
    let _ = osc.stop_with_when(t + len + 0.02);
}

/// Plays `sound`. Silently does nothing where Web Audio is missing.
pub fn play(sound: Sound) {
    CONTEXT.with(|c| {
        let mut c = c.borrow_mut();
        if c.is_none() {
            *c = AudioContext::new().ok();
        }
        let Some(ctx) = c.as_ref() else { return };
        let _ = ctx.resume();
        use OscillatorType::{Sine, Square, Triangle};
        match sound {
            Sound::Move => tone(ctx, 520.0, 0.0, 0.08, Triangle, 0.25),
            Sound::Capture => {
                tone(ctx, 220.0, 0.0, 0.12, Square, 0.12);
                tone(ctx, 160.0, 0.04, 0.14, Triangle, 0.25);
            }
            Sound::Check => {
                tone(ctx, 880.0, 0.0, 0.1, Sine, 0.25);
                tone(ctx, 1175.0, 0.11, 0.14, Sine, 0.25);
            }
            Sound::Low => {
                for i in 0..3 {
                    tone(ctx, 988.0, f64::from(i) * 0.16, 0.07, Square, 0.08);
                }
            }
            Sound::End => {
                for (i, f) in [523.0, 659.0, 784.0].into_iter().enumerate() {
                    tone(ctx, f, i as f64 * 0.13, 0.22, Triangle, 0.25);
                }
            }
        }
    });
}
