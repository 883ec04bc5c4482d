//! Looks for endgames worth practising: positions the databases call won (or drawn) for the side
//! to move, where some moves give the result away. `cargo run -p awe-site-learn --example
//! find_practice -- awele` prints candidates; a person picks one and writes its file.

use awe_site_core::model::Match;
use awe_site_core::spec::Spec;
use awe_site_learn::oracle::{self, Class};

fn main() {
    let game = std::env::args().nth(1).unwrap_or_else(|| "awele".into());
    let mut seed = 7u64;
    let mut next = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let mut found = 0;
    for _ in 0..20_000 {
        let (spec, text) = if game == "awele" {
            let mut pits = [0u32; 12];
            let seeds = 5 + next(6) as u32;
            for _ in 0..seeds {
                pits[next(12) as usize] += 1;
            }
            if pits[..6].iter().all(|&p| p == 0) || pits[6..].iter().all(|&p| p == 0) {
                continue;
            }
            let south = 24 - seeds / 2 - 1 + next(3) as u32;
            let north = 48 - seeds - south;
            let row = |r: &[u32]| r.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(",");
            (
                Spec::Awele { rules: Some("awechec".into()) },
                format!("{}/{} S {south} {north}", row(&pits[..6]), row(&pits[6..])),
            )
        } else {
            let mut cells = ['.'; 25];
            let (w, b) = (2 + next(2) as usize, 1 + next(2) as usize);
            for (count, c) in [(w, 'w'), (b, 'b')] {
                let mut put = 0;
                while put < count {
                    let i = next(25) as usize;
                    if cells[i] == '.' {
                        cells[i] = c;
                        put += 1;
                    }
                }
            }
            let s: String = cells.iter().collect();
            (
                Spec::Awithlaknannai {
                    board: Some("mosona".into()),
                    rules: Some("wikipedia".into()),
                    outer_lines: None,
                    end_lines: None,
                },
                format!("{}/{}/{} w 0", &s[..8], &s[8..17], &s[17..]),
            )
        };
        let Ok(start) = Match::new(&spec, Some(&text)) else { continue };
        if start.outcome().is_some() {
            continue;
        }
        let me = start.turn();
        let Some(class) = oracle::class(&start, me, None) else { continue };
        let moves = oracle::moves(&start, None);
        let keeping =
            moves.iter().filter(|(_, s)| s.is_some_and(|s| Class::of(s) >= class)).count();
        let giving = moves.iter().filter(|(_, s)| s.is_some_and(|s| Class::of(s) < class)).count();
        let score = oracle::score(&start, me, None).unwrap_or(0);
        if class != Class::Loss && keeping >= 1 && giving >= 1 && keeping <= 2 && moves.len() >= 3 {
            println!("{class:?} {score} keeping {keeping} of {}: {text}", moves.len());
            found += 1;
            if found >= 25 {
                break;
            }
        }
    }
}
