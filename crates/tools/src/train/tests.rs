//! The network's pipeline end to end on a tiny scale: self-play games, a tiny network
//! trained on them whose held-out loss falls, and the engine's integer network, read from the
//! trainer's file, agreeing with it.

use super::games::GameRecord;
use super::net::Net;
use super::quant::quantize;
use super::trainer::{loss, samples, train, Sample, TrainConfig};
use crate::tune::datagen::{run, DatagenConfig, Format};

fn games(n: usize) -> Vec<GameRecord> {
    let cfg = DatagenConfig {
        games: n,
        first_game: 0,
        nodes: 400,
        random_plies: 6,
        threads: 2,
        seed: 5,
        format: Format::Games,
        progress: false,
        network: None,
    };
    let mut out = Vec::new();
    run(&cfg, &mut out, &mut std::io::sink()).unwrap();
    super::read_games(&mut &out[..])
        .map(Result::unwrap)
        .collect()
}

#[test]
fn a_tiny_network_learns_and_its_integer_form_agrees() {
    tiny_network(1);
}

#[test]
fn a_tiny_network_of_output_buckets_learns_and_its_integer_form_agrees() {
    tiny_network(4);
}

/// Trains a network of 16 neurons and `outputs` outputs on a dozen self-play games: its
/// held-out loss falls, and the engine, reading it through the network file, evaluates as it
/// does.
fn tiny_network(outputs: usize) {
    let records = games(12);
    let all: Vec<Sample> = records.iter().flat_map(|r| samples(r, 0.3)).collect();
    assert!(all.len() > 300, "{} positions", all.len());
    let (held_out, train_set): (Vec<_>, Vec<_>) = all
        .iter()
        .cloned()
        .enumerate()
        .partition(|(i, _)| i % 10 == 9);
    let held_out: Vec<Sample> = held_out.into_iter().map(|(_, s)| s).collect();
    let train_set: Vec<Sample> = train_set.into_iter().map(|(_, s)| s).collect();
    let mut net = Net::new(16, outputs, 3);
    let before = loss(&net, &held_out);
    let mut losses = Vec::new();
    let cfg = TrainConfig {
        epochs: 30,
        batch: 64,
        rate: 0.01,
        decay: 1.0,
        threads: 2,
    };
    train(
        &mut net,
        &train_set,
        &held_out,
        &cfg,
        &mut |_, _, train, held| {
            losses.push((train, held));
            true
        },
    );
    let after = losses.last().unwrap().1;
    assert_eq!(losses.len(), 30);
    assert!(
        after < before * 0.8,
        "the held-out loss falls: {before:.5} then {after:.5}"
    );
    // The integer network gives what the float one does, to a few centipawns on average and
    // within 2% of the largest score at worst, on the positions of the games (this one: 4 cp
    // on average, 15 at worst, scores to 1,540).
    let quant =
        xiangqi_ai::nnue::Network::from_bytes(&xiangqi_ai::nnue::file::write(&quantize(&net)))
            .expect("the engine reads the trainer's file");
    let (mut worst, mut sum, mut n, mut range) = (0.0f32, 0.0f32, 0, 0.0f32);
    for r in &records {
        for (pos, _, _) in r.positions().unwrap() {
            let float = net.evaluate(&pos);
            let diff = (float - quant.evaluate_position(&pos) as f32).abs();
            worst = worst.max(diff);
            sum += diff;
            n += 1;
            range = range.max(float.abs());
        }
    }
    let mean = sum / n as f32;
    assert!(
        mean < 6.0 && worst < 0.02 * range,
        "the integer network is {mean} cp off on average, {worst} at worst, over scores to {range}"
    );
}
