//! `cargo bench -p awe-awele`: perft from the start and random playouts under each rule set.

use awe_awele::{Position, RuleSet};
use awe_game::playout::random_playout;
use awe_game::repetition::Seen;
use awe_game::{Game, perft};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::SmallRng;

fn perft_from_the_start(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft 7");
    for rules in RuleSet::ALL {
        let game = Game::new(Position::new(rules));
        group.throughput(Throughput::Elements(perft::perft(&game, 7)));
        group.bench_with_input(BenchmarkId::from_parameter(rules), &game, |b, game| {
            b.iter(|| perft::perft(game, 7))
        });
    }
    group.finish();
}

fn random_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("100 random playouts");
    for rules in RuleSet::ALL {
        let start = Position::new(rules);
        // Count the plies of the games measured, so that the throughput is in plies.
        let mut rng = SmallRng::seed_from_u64(1);
        let mut seen = Seen::default();
        let plies: u64 =
            (0..100).map(|_| random_playout(&start, &mut rng, &mut seen).plies as u64).sum();
        group.throughput(Throughput::Elements(plies));
        group.bench_with_input(BenchmarkId::from_parameter(rules), &start, |b, start| {
            b.iter(|| {
                let mut rng = SmallRng::seed_from_u64(1);
                (0..100).map(|_| random_playout(start, &mut rng, &mut seen).plies).sum::<u32>()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, perft_from_the_start, random_playouts);
criterion_main!(benches);
