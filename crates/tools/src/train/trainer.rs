//! Fitting the network ([`Net`]) to self-play positions: the target blends the game's result
//! with the search's score, the loss is the squared error of `sigmoid(output)` against it,
//! and Adam steps through mini-batches whose gradient is summed on every core. The loss on
//! held-out positions is printed after each epoch.

use super::games::{is_mate, GameRecord};
use super::net::{features, majors, screlu, Net, INPUTS, MAX_ACTIVE, SCALE};
use xiangqi::Color;

/// One training position: both sides' inputs, the side to move's first, and its target.
#[derive(Clone, Debug)]
pub struct Sample {
    inputs: [[u16; MAX_ACTIVE]; 2],
    counts: [u8; 2],
    /// The chariots, horses and cannons on the board: which output reads it.
    majors: u8,
    /// What `sigmoid(output)` should be: the side to move's expected score, 0 to 1.
    pub target: f32,
    /// The hand-set evaluation of the position for the side to move, in centipawns: the
    /// network's yardstick.
    pub hand_set: i16,
}

impl Sample {
    fn us(&self) -> &[u16] {
        &self.inputs[0][..self.counts[0] as usize]
    }

    fn them(&self) -> &[u16] {
        &self.inputs[1][..self.counts[1] as usize]
    }

    /// The same position with its files turned left for right: the rules and the
    /// evaluation are the same both ways, so it is a second sample with the same target.
    pub fn mirrored(&self) -> Sample {
        let mut m = self.clone();
        for (k, side) in m.inputs.iter_mut().enumerate() {
            for f in &mut side[..self.counts[k] as usize] {
                let file = *f % 90 % 9;
                *f = *f - file + (8 - file);
            }
        }
        m
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The quiet positions of a game as samples (the side to move not in check, the move chosen
/// not a capture, the score no mate), the target `lambda` parts the result and the rest the
/// search's score. A game that does not replay gives none.
pub fn samples(record: &GameRecord, lambda: f32) -> Vec<Sample> {
    let red_result = record.outcome.for_red() as f32;
    let Ok(positions) = record.positions() else {
        return Vec::new();
    };
    positions
        .into_iter()
        .filter(|(pos, m, s)| !pos.in_check() && pos.piece_at(m.to()).is_none() && !is_mate(*s))
        .map(|(pos, _, s)| {
            let us = pos.turn();
            let result = if us == Color::Red {
                red_result
            } else {
                1.0 - red_result
            };
            let mut inputs = [[0u16; MAX_ACTIVE]; 2];
            let mut counts = [0u8; 2];
            for (k, side) in [us, !us].into_iter().enumerate() {
                let f = features(&pos, side);
                inputs[k][..f.len()].copy_from_slice(&f);
                counts[k] = f.len() as u8;
            }
            let hand_set = xiangqi_ai::eval::evaluate_position(&pos).clamp(-30_000, 30_000);
            Sample {
                inputs,
                counts,
                majors: majors(&pos) as u8,
                target: lambda * result + (1.0 - lambda) * sigmoid(f32::from(s) / SCALE),
                hand_set: hand_set as i16,
            }
        })
        .collect()
}

/// How to train.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    /// Passes over the training positions.
    pub epochs: usize,
    /// Positions per step.
    pub batch: usize,
    /// Adam's step size in the first epoch.
    pub rate: f32,
    /// What the step size is multiplied by after each epoch (1 keeps it).
    pub decay: f32,
    /// Threads that share each batch's gradient.
    pub threads: usize,
}

/// The gradient of the loss, in the network's shape.
struct Grad {
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: Vec<f32>,
    loss: f64,
}

impl Grad {
    fn zero(net: &Net) -> Grad {
        let (hidden, outputs) = (net.hidden, net.outputs);
        Grad {
            w1: vec![0.0; INPUTS * hidden],
            b1: vec![0.0; hidden],
            w2: vec![0.0; outputs * 2 * hidden],
            b2: vec![0.0; outputs],
            loss: 0.0,
        }
    }

    fn add(&mut self, other: &Grad) {
        for (a, b) in self.w1.iter_mut().zip(&other.w1) {
            *a += b;
        }
        for (a, b) in self.b1.iter_mut().zip(&other.b1) {
            *a += b;
        }
        for (a, b) in self.w2.iter_mut().zip(&other.w2) {
            *a += b;
        }
        for (a, b) in self.b2.iter_mut().zip(&other.b2) {
            *a += b;
        }
        self.loss += other.loss;
    }
}

/// The squared error of one sample.
fn error(net: &Net, s: &Sample) -> f64 {
    let bucket = net.bucket(usize::from(s.majors));
    let y = net.output(&net.accumulate(s.us()), &net.accumulate(s.them()), bucket);
    f64::from(sigmoid(y) - s.target).powi(2)
}

/// Adds the gradient of one sample's squared error to `g`.
fn backprop(net: &Net, s: &Sample, g: &mut Grad) {
    let h = net.hidden;
    let us = net.accumulate(s.us());
    let them = net.accumulate(s.them());
    let bucket = net.bucket(usize::from(s.majors));
    let p = sigmoid(net.output(&us, &them, bucket));
    g.loss += f64::from(p - s.target).powi(2);
    let dy = 2.0 * (p - s.target) * p * (1.0 - p);
    g.b2[bucket] += dy;
    let out = bucket * 2 * h;
    for (side, acc, active) in [(0, &us, s.us()), (1, &them, s.them())] {
        let w2 = &net.w2[out + side * h..][..h];
        let gw2 = &mut g.w2[out + side * h..][..h];
        let mut dacc = vec![0.0f32; h];
        for i in 0..h {
            gw2[i] += dy * screlu(acc[i]);
            if acc[i] > 0.0 && acc[i] < 1.0 {
                dacc[i] = dy * w2[i] * 2.0 * acc[i];
            }
        }
        for (b, d) in g.b1.iter_mut().zip(&dacc) {
            *b += d;
        }
        for &f in active {
            for (w, d) in g.w1[f as usize * h..][..h].iter_mut().zip(&dacc) {
                *w += d;
            }
        }
    }
}

/// Adam's moments for one array of weights.
struct Moments {
    m: Vec<f32>,
    v: Vec<f32>,
}

impl Moments {
    fn new(n: usize) -> Moments {
        Moments {
            m: vec![0.0; n],
            v: vec![0.0; n],
        }
    }

    fn step(&mut self, w: &mut [f32], g: &[f32], rate: f32, t: i32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        let (c1, c2) = (1.0 - B1.powi(t), 1.0 - B2.powi(t));
        for i in 0..w.len() {
            self.m[i] = B1 * self.m[i] + (1.0 - B1) * g[i];
            self.v[i] = B2 * self.v[i] + (1.0 - B2) * g[i] * g[i];
            w[i] -= rate * (self.m[i] / c1) / ((self.v[i] / c2).sqrt() + 1e-8);
        }
    }
}

/// The mean squared error over `samples` of the hand-set evaluation read as the network's
/// output is (`sigmoid(eval / SCALE)`): what the network has to beat.
pub fn hand_set_loss(samples: &[Sample]) -> f64 {
    let error = |s: &Sample| f64::from(sigmoid(f32::from(s.hand_set) / SCALE) - s.target).powi(2);
    samples.iter().map(error).sum::<f64>() / samples.len().max(1) as f64
}

/// The mean squared error over `samples`.
pub fn loss(net: &Net, samples: &[Sample]) -> f64 {
    samples.iter().map(|s| error(net, s)).sum::<f64>() / samples.len().max(1) as f64
}

/// Trains `net` on `train`, reporting after each epoch its mean training loss and the loss on
/// `held_out` to `on_epoch(epoch, train, held_out)`, which may stop the training by returning
/// false (after saving a checkpoint, say). Positions are taken in order: shuffle them first.
pub fn train(
    net: &mut Net,
    train: &[Sample],
    held_out: &[Sample],
    cfg: &TrainConfig,
    on_epoch: &mut dyn FnMut(usize, &Net, f64, f64) -> bool,
) {
    let h = net.hidden;
    let (mut m1, mut mb1, mut m2, mut mb2) = (
        Moments::new(INPUTS * h),
        Moments::new(h),
        Moments::new(net.w2.len()),
        Moments::new(net.outputs),
    );
    let threads = cfg.threads.max(1);
    let mut t = 0;
    let mut rate = cfg.rate;
    for epoch in 1..=cfg.epochs {
        let mut total = 0.0;
        for batch in train.chunks(cfg.batch.max(1)) {
            let part = batch.len().div_ceil(threads);
            let grads: Vec<Grad> = std::thread::scope(|scope| {
                let net = &*net;
                let handles: Vec<_> = batch
                    .chunks(part)
                    .map(|chunk| {
                        scope.spawn(move || {
                            let mut g = Grad::zero(net);
                            for s in chunk {
                                backprop(net, s, &mut g);
                            }
                            g
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|j| j.join().unwrap_or_else(|_| Grad::zero(net)))
                    .collect()
            });
            let mut g = Grad::zero(net);
            for part in &grads {
                g.add(part);
            }
            total += g.loss;
            let n = batch.len() as f32;
            let mean = |v: &mut Vec<f32>| v.iter_mut().for_each(|x| *x /= n);
            mean(&mut g.w1);
            mean(&mut g.b1);
            mean(&mut g.w2);
            mean(&mut g.b2);
            t += 1;
            m1.step(&mut net.w1, &g.w1, rate, t);
            mb1.step(&mut net.b1, &g.b1, rate, t);
            m2.step(&mut net.w2, &g.w2, rate, t);
            mb2.step(&mut net.b2, &g.b2, rate, t);
        }
        rate *= cfg.decay;
        let train_loss = total / train.len().max(1) as f64;
        if !on_epoch(epoch, net, train_loss, loss(net, held_out)) {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::train::games::Outcome;
    use xiangqi::notation::parse_uci;

    #[test]
    fn the_gradient_is_the_slope_of_the_error() {
        let moves = ["h2e2", "h9g7", "h0g2", "i9h9", "b2c2", "b7e7"]
            .map(|m| parse_uci(m).unwrap())
            .to_vec();
        let record = GameRecord {
            moves,
            first_scored: 4,
            scores: vec![60, -35],
            outcome: Outcome::Win,
        };
        let s = &samples(&record, 0.5)[0];
        // One output, and buckets (the opening's 12 major pieces are read by the last).
        for outputs in [1, 8] {
            let mut net = Net::new(8, outputs, 9);
            // Some accumulators inside the ReLU's slope.
            net.b1
                .iter_mut()
                .enumerate()
                .for_each(|(i, b)| *b = 0.1 * i as f32);
            slopes_match(&mut net, s);
        }
    }

    /// The gradient of `s`'s error by backpropagation against its slope by small changes, for
    /// an input weight, a hidden bias, output weights of both sides and the output bias.
    fn slopes_match(net: &mut Net, s: &Sample) {
        let mut g = Grad::zero(net);
        backprop(net, s, &mut g);
        let out = net.bucket(usize::from(s.majors));
        assert_eq!(out, net.outputs - 1);
        let w2 = out * 16;
        let eps = 1e-3;
        let slope = |net: &mut Net, at: &mut dyn FnMut(&mut Net) -> &mut f32| {
            *at(net) += eps;
            let up = error(net, s);
            *at(net) -= 2.0 * eps;
            let down = error(net, s);
            *at(net) += eps;
            ((up - down) / (2.0 * f64::from(eps))) as f32
        };
        let f = s.us()[3] as usize * 8 + 5;
        let checks = [
            (slope(net, &mut |n| &mut n.w1[f]), g.w1[f]),
            (slope(net, &mut |n| &mut n.b1[2]), g.b1[2]),
            (slope(net, &mut |n| &mut n.w2[w2 + 5]), g.w2[w2 + 5]),
            (slope(net, &mut |n| &mut n.w2[w2 + 8 + 6]), g.w2[w2 + 8 + 6]),
            (slope(net, &mut |n| &mut n.b2[out]), g.b2[out]),
        ];
        // The other outputs learn nothing from a position they do not read.
        let others = (0..net.outputs).filter(|&k| k != out);
        assert!(others.clone().all(|k| g.b2[k] == 0.0));
        assert!(others
            .clone()
            .all(|k| g.w2[k * 16..][..16].iter().all(|&w| w == 0.0)));
        assert!(checks.iter().all(|&(_, a)| a.abs() > 1e-6), "{checks:?}");
        for (numeric, analytic) in checks {
            assert!(
                (numeric - analytic).abs() < 1e-3 + 0.02 * analytic.abs(),
                "{numeric} by the slope, {analytic} by backpropagation"
            );
        }
    }

    #[test]
    fn a_mirrored_sample_is_the_mirrored_position_s() {
        // The same opening played on the other wing: every file turned left for right.
        let turn = |text: &str| {
            let b = text.as_bytes();
            let file = |c: u8| (b'a' + (8 - (c - b'a'))) as char;
            format!(
                "{}{}{}{}",
                file(b[0]),
                b[1] as char,
                file(b[2]),
                b[3] as char
            )
        };
        let line = ["h2e2", "h9g7", "h0g2", "i9h9", "b2c2", "b7e7"];
        let record = |texts: Vec<String>| GameRecord {
            moves: texts.iter().map(|m| parse_uci(m).unwrap()).collect(),
            first_scored: 0,
            scores: vec![10, -20, 30, -40, 50, -60],
            outcome: Outcome::Draw,
        };
        let plain = samples(&record(line.map(String::from).to_vec()), 0.5);
        let other_wing = samples(&record(line.map(turn).to_vec()), 0.5);
        assert_eq!(plain.len(), other_wing.len());
        assert!(!plain.is_empty());
        let sorted = |v: &[u16]| {
            let mut v = v.to_vec();
            v.sort_unstable();
            v
        };
        for (a, b) in plain.iter().zip(&other_wing) {
            let m = a.mirrored();
            assert_eq!(sorted(m.us()), sorted(b.us()));
            assert_eq!(sorted(m.them()), sorted(b.them()));
            assert_eq!(m.target, a.target);
        }
        // Past the (symmetric) start, the two wings' positions differ.
        let differ = plain
            .iter()
            .zip(&other_wing)
            .filter(|(a, b)| sorted(a.us()) != sorted(b.us()));
        assert!(differ.count() >= plain.len() - 1);
    }
}
