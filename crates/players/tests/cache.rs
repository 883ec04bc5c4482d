//! The cache of endgame databases: a larger database built while a program runs (as the web
//! server does in the background) is taken up by the evaluations loaded after it is saved.
//! One test in its own process, since it sets the cache folder for the whole process.

use awe_awele::{Position, RuleSet};
use awe_game::Position as _;
use awe_players::Playable;
use awe_players::cache;
use awe_search::Evaluator;

#[test]
fn a_larger_database_built_while_running_is_used_from_then_on() {
    let dir = std::env::temp_dir().join(format!("awe-cache-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    // SAFETY: this test binary runs this one test, so no other thread reads the environment.
    unsafe { std::env::set_var("AWE_CACHE", &dir) };
    cache::build_when_missing(true);

    let start = Position::new(RuleSet::Awechec);
    // Eight seeds on the board, 20 captured each.
    let eight = start.parse_position("1,1,1,1,0,0/1,1,1,1,0,0 S 20 20").unwrap();
    let six = start.parse_position("1,1,1,0,0,0/1,1,1,0,0,0 S 21 21").unwrap();

    let mut layers = Vec::new();
    let built = cache::build_awele(RuleSet::Awechec, 6, |seeds, done| layers.push((seeds, done)));
    let path = built.expect("the build works").expect("the cache had nothing: it builds");
    assert!(path.ends_with("awele-awechec-6.db"), "{}", path.display());
    assert_eq!(layers.iter().map(|l| l.0).collect::<Vec<_>>(), (0..=6).collect::<Vec<_>>());
    assert!(layers.windows(2).all(|w| w[0].1 < w[1].1 && w[1].1 < 1.0), "{layers:?}");

    let eval = Position::evaluator(&start);
    assert!(eval.exact(&six, 0).is_some(), "the 6-seed database knows six seeds");
    assert!(eval.exact(&eight, 0).is_none(), "and not eight");

    // As large as what the cache holds: nothing to build.
    assert!(cache::build_awele(RuleSet::Awechec, 6, |_, _| {}).unwrap().is_none());
    assert!(cache::build_awele(RuleSet::Awechec, 25, |_, _| {}).is_err());

    let built = cache::build_awele(RuleSet::Awechec, 8, |_, _| {}).unwrap();
    assert!(built.is_some_and(|p| p.exists()));
    let eval = Position::evaluator(&start);
    assert!(eval.exact(&eight, 0).is_some(), "the evaluation loaded again knows eight seeds");

    // Building off (AWE_ENDGAME=off, or the program says so): nothing is built.
    cache::build_when_missing(false);
    assert!(cache::build_awele(RuleSet::Awari, 6, |_, _| {}).unwrap().is_none());
    let _ = std::fs::remove_dir_all(&dir);
}
