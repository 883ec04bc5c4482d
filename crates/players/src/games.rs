//! The three games as the engines play them: each one's evaluation with the databases of the
//! cache (loaded once a process), its sides' names, and Awechec's baselines.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use anyhow::Result;
use awe_game::{Game, Side};

use crate::playable::{Playable, Special};

impl Playable for awe_awele::Position {
    type Eval = awe_search::awele::AweleEval;

    fn side_name(side: Side) -> &'static str {
        side.name()
    }

    fn evaluator(start: &Self) -> Self::Eval {
        static LOADED: Loaded<awe_awele::RuleSet, awe_search::awele::AweleEval> = Loaded::new();
        LOADED.get(start.rule_set(), || {
            let lookup = crate::cache::awele_or_build(start.rule_set());
            crate::cache::report(&lookup.ignored);
            let eval = match lookup.database {
                Some(db) => awe_search::awele::AweleEval::with_endgame(Arc::new(db)),
                None => Self::Eval::default(),
            };
            match network(start.rule_set()) {
                Some(net) => eval.with_network(net),
                None => eval,
            }
        })
    }
}

/// The learned network of the rule set (see `awe_search::awele_net`): the one awe ships, or the
/// file `AWE_NET=FILE` names, or none with `AWE_NET=off` (to measure without). A file that does
/// not load is reported, and the engine plays without a network.
fn network(rules: awe_awele::RuleSet) -> Option<Arc<awe_search::awele_net::Network>> {
    let Some(path) = std::env::var_os("AWE_NET").filter(|p| !p.is_empty()) else {
        return awe_search::awele_net::shipped(rules);
    };
    if path == "off" {
        return None;
    }
    match awe_search::awele_net::Network::load(std::path::Path::new(&path), rules) {
        Ok(net) => Some(Arc::new(net)),
        Err(error) => {
            eprintln!("awe: AWE_NET: {error}; the engine plays without the network");
            None
        }
    }
}

impl Playable for awe_awechec::Position {
    type Eval = awe_search::awechec::AwechecEval;

    fn summary(game: &Game<Self>) -> Option<String> {
        use awe_awechec::{Action, Decision};
        let count = |f: fn(&Action) -> bool| game.moves().iter().filter(|a| f(a)).count();
        let awele = count(|a| matches!(a, Action::Awele(_)));
        let chess = count(|a| matches!(a, Action::Chess(_)));
        let nulls = count(|a| matches!(a, Action::Decide(Decision::Null)));
        let games = game.current().awele_games();
        let plural = if games == 1 { "" } else { "s" };
        Some(format!(
            "{games} Awélé game{plural} of {awele} moves, {chess} chess half-moves, {nulls} null moves"
        ))
    }

    fn special(spec: &str, seed: u64) -> Option<Result<Box<dyn Special<Self>>>> {
        let baseline = crate::baseline::Baseline::parse(spec, seed)?;
        Some(baseline.map(|b| Box::new(b) as Box<dyn Special<Self>>))
    }
}

impl Playable for awe_awithlaknannai::Position {
    type Eval = awe_search::awithlaknannai::SerpentEval;

    fn evaluator(start: &Self) -> Self::Eval {
        static LOADED: Loaded<
            awe_awithlaknannai::Settings,
            awe_search::awithlaknannai::SerpentEval,
        > = Loaded::new();
        LOADED.get(*start.settings(), || {
            let settings = start.settings();
            let lookup = crate::cache::awithlaknannai(*settings);
            crate::cache::report(&lookup.ignored);
            let eval = match lookup.database {
                Some(db) => awe_search::awithlaknannai::SerpentEval::with_endgame(Arc::new(db)),
                None => Self::Eval::default(),
            };
            let eval = eval.with_contempt(contempt());
            match solved(settings) {
                Some(proven) => eval.with_solved(proven),
                None => eval,
            }
        })
    }
}

/// The Awithlaknannai engine's contempt for simplifying while the sides are level
/// (`SerpentEval::with_contempt`), in hundredths of a piece for each piece on the board:
/// [`CONTEMPT`] unless `AWE_CONTEMPT=N` asks for another (0 for none, to measure it against). A
/// value that is not a number from 0 to 50 is reported, and the engine keeps the default.
fn contempt() -> awe_search::score::Score {
    let Some(text) = std::env::var_os("AWE_CONTEMPT").filter(|t| !t.is_empty()) else {
        return CONTEMPT;
    };
    match text.to_str().and_then(|t| t.parse().ok()).filter(|n| (0..=50).contains(n)) {
        Some(n) => n,
        None => {
            eprintln!("awe: AWE_CONTEMPT: {text:?} is not a number from 0 to 50; {CONTEMPT} kept");
            CONTEMPT
        }
    }
}

/// The contempt the engine plays with: against Ludii's AlphaBeta on Mosona at 0.2 s, the four
/// games of five drawn without it (level endings traded down to 1 v 1) were three wins and a
/// draw with it (BENCHMARKS.md, issue 46). It counts only under rules whose quiet games end in a
/// draw (`ludii`).
const CONTEMPT: awe_search::score::Score = 5;

/// The proven moves of the solved positions of the game `settings` describe (the certificates
/// shipped with awe and those in the cache), read once for the process and shared by whoever
/// asks (level 10, the site's practice): `None` where no certificate is of this game.
pub fn solved(settings: &awe_awithlaknannai::Settings) -> Option<Arc<awe_search::solve::Proven>> {
    static LOADED: Loaded<awe_awithlaknannai::Settings, Option<Arc<awe_search::solve::Proven>>> =
        Loaded::new();
    LOADED.get(*settings, || {
        let certificates = crate::cache::awithlaknannai_solved(settings);
        let proven = awe_search::solve::Proven::from_certificates(settings, &certificates);
        (!proven.is_empty()).then(|| Arc::new(proven))
    })
}

/// Evaluations loaded from the cache, kept for the process: a database is read once, however
/// many games use it (a server plays many at once). Keyed by the cache folder too, which a
/// process may change; loaded again once the process has saved a database since
/// ([`crate::cache::generation`]), which may be larger.
struct Loaded<K, E> {
    map: Mutex<Vec<Entry<K, E>>>,
}

/// An evaluation loaded: the cache folder, the key, the [`crate::cache::generation`] it was
/// loaded at, and the evaluation.
type Entry<K, E> = (Option<PathBuf>, K, u64, E);

impl<K: PartialEq, E: Clone> Loaded<K, E> {
    const fn new() -> Self {
        Loaded { map: Mutex::new(Vec::new()) }
    }

    fn get(&self, key: K, load: impl FnOnce() -> E) -> E {
        let dir = crate::cache::cache_dir();
        let generation = crate::cache::generation();
        let mut map = self.map.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let found = map.iter().position(|(d, k, _, _)| *d == dir && *k == key);
        if let Some(i) = found {
            if map[i].2 == generation {
                return map[i].3.clone();
            }
            map.swap_remove(i);
        }
        let eval = load();
        // The generation before loading: a database saved while loading is looked for again.
        map.push((dir, key, generation, eval.clone()));
        eval
    }
}
