//! `awe solve`: the value of an Awithlaknannai position, its line and a certificate; and
//! `awe solve --check FILE`, the certificate's check by a move generator of its own.

use std::io::Write;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use awe_game::Position as _;
use awe_game::Side;
use awe_proof::{Certificate, Claim, Mode};
use awe_search::solve::{Options, Phase, Progress, solve};

use crate::args::{GameName, SolveArgs};

pub fn run(args: SolveArgs) -> Result<()> {
    if let Some(path) = &args.check {
        if args.serpent.any() {
            bail!("--check reads everything from the certificate: the board options go without it");
        }
        return check(path);
    }
    match args.game {
        Some(GameName::Awithlaknannai) => {}
        Some(other) => bail!("awe solve solves Awithlaknannai positions, not {}", other.name()),
        None => bail!("name the game (awithlaknannai), or give --check FILE"),
    }
    let mut serpent = args.serpent;
    if let (Some(a), Some(b)) = (args.max_plies, serpent.ply_limit)
        && a != b
    {
        bail!("--max-plies {a} and --ply-limit {b} say two things: give one");
    }
    serpent.ply_limit = args.max_plies.or(serpent.ply_limit);
    let root = crate::settings::awithlaknannai_start(
        args.rules.as_deref(),
        args.position.as_deref(),
        &serpent,
    )?;
    let settings = *root.settings();
    let options = Options {
        pure: args.pure,
        ply_limit: settings.ply_limit,
        max_positions: args.max_positions,
    };
    let board = settings.board;
    let mode = if args.pure {
        "the pure game: only a capture ends it, no move or no piece left loses, an endless game is a draw".to_owned()
    } else {
        match settings.rules.rules().quiet_end {
            awe_awithlaknannai::QuietEnd::MorePiecesWins => format!(
                "the project's rules: a repetition or {} plies without a capture end the game, more pieces winning",
                settings.ply_limit
            ),
            awe_awithlaknannai::QuietEnd::DrawAfter(plies) => format!(
                "Ludii's rules: play goes on, a draw after {plies} plies (the solver counts an endless game a draw)"
            ),
        }
    };
    println!("awithlaknannai {} {}: {mode}", board.kind().name(), settings.rules);
    println!("position: {}", root.position_text());
    if let Some(pieces) = args.prove {
        let how = Proof {
            pieces: pieces as usize,
            from_position: args.position.is_some(),
            shortest: args.shortest,
            max_depth: args.max_depth,
            pure: args.pure,
        };
        return prove(&root, how, args.certificate);
    }
    let started = Instant::now();
    let mut shown = Instant::now();
    let solution = solve(&root, &options, |p: Progress| {
        if shown.elapsed().as_millis() < 500 && p.phase != Phase::Certifying {
            return;
        }
        shown = Instant::now();
        let seconds = started.elapsed().as_secs_f64();
        let rate = p.positions as f64 / seconds.max(0.001);
        let what = match p.phase {
            Phase::Enumerating => format!("{} positions enumerated ({rate:.0}/s)", p.positions),
            Phase::Solving => format!(
                "{} positions, layers {} of {}, {} proven better than their layer's default",
                p.positions, p.layers.0, p.layers.1, p.proven
            ),
            Phase::Certifying => {
                format!("{} positions solved; writing the certificate", p.positions)
            }
        };
        eprint!("\r{seconds:>7.1} s  {what}    ");
        let _ = std::io::stderr().flush();
    })
    .with_context(|| format!("solving {}", root.position_text()))?;
    eprintln!();
    let seconds = started.elapsed().as_secs_f64();
    let turn = root.turn();
    let side = if turn == Side::WHITE { "white" } else { "black" };
    let length = match solution.length {
        Some(plies) => format!(" in {plies} plies"),
        None => String::new(),
    };
    let mut texts = Vec::new();
    let mut position = root;
    for mv in &solution.line {
        texts.push(position.move_text(*mv));
        position = position.play(mv);
    }
    println!("line: {}", texts.join(" "));
    println!(
        "positions: {} in {} layers, {} won or lost by leaving a layer; {seconds:.1} s ({:.0} positions/s)",
        solution.positions,
        solution.layers,
        solution.proven,
        solution.positions as f64 / seconds.max(0.001)
    );
    let bytes = solution.certificate.to_bytes();
    if let Some(path) = &args.certificate {
        std::fs::write(path, &bytes).with_context(|| format!("cannot write {}", path.display()))?;
        println!(
            "certificate: {} ({} positions, {} bytes); check it with awe solve --check {}",
            path.display(),
            solution.certificate.moves.len(),
            bytes.len(),
            path.display()
        );
    }
    // Level 10 plays from what is solved under the rules it plays by.
    if !args.pure
        && let Some(dir) = awe_players::cache::cache_dir()
    {
        let name = awe_players::cache::solved_file_name(&settings, &solution.certificate);
        if std::fs::create_dir_all(&dir).is_ok() {
            let _ = std::fs::write(dir.join(name), &bytes);
        }
    }
    println!("value: {} for {side}, the side to move{length}", solution.value.name());
    Ok(())
}

/// What `--prove` is asked.
struct Proof {
    pieces: usize,
    /// A position was given (not the start).
    from_position: bool,
    shortest: bool,
    max_depth: u16,
    pure: bool,
}

/// The pure game's database of `settings` up to `pieces` pieces: from the cache, or built (with
/// its progress) and kept there.
fn pure_database(
    settings: awe_awithlaknannai::Settings,
    pieces: usize,
) -> Result<awe_search::endgame::SerpentEndgame> {
    use awe_search::endgame::SerpentEndgame;
    use awe_search::endgame::awithlaknannai::pure_file_name;
    let cached =
        awe_players::cache::cache_dir().map(|dir| dir.join(pure_file_name(&settings, pieces)));
    let started = Instant::now();
    match cached.as_ref().map(|path| SerpentEndgame::load_pure(path, settings, pieces)) {
        Some(Ok(table)) => Ok(table),
        _ => {
            let total = SerpentEndgame::positions(settings, pieces);
            println!("building the pure database of up to {pieces} pieces ({total} positions)");
            let mut shown = Instant::now();
            let table = SerpentEndgame::build_pure(
                settings,
                pieces,
                |on_board, iteration, changed| {
                    if shown.elapsed().as_millis() < 500 {
                        return;
                    }
                    shown = Instant::now();
                    eprint!(
                        "\r{:>7.1} s  {on_board} pieces, iteration {iteration:>3}, {changed:>10} changed    ",
                        started.elapsed().as_secs_f64()
                    );
                    let _ = std::io::stderr().flush();
                },
            )?;
            eprintln!();
            if let Some(path) = &cached {
                let saved = path
                    .parent()
                    .map_or(Ok(()), std::fs::create_dir_all)
                    .map_err(Into::into)
                    .and_then(|()| table.save(path));
                if let Err(e) = saved {
                    eprintln!(
                        "warning: the database is not kept in the cache ({}): {e}",
                        path.display()
                    );
                }
            }
            Ok(table)
        }
    }
}

/// `--prove N`: the proof search over the pure database of up to `pieces` pieces, its
/// certificate checked here by the separate checker before the value is told.
fn prove(
    root: &awe_awithlaknannai::Position,
    Proof { pieces, from_position, shortest, max_depth, pure }: Proof,
    certificate_path: Option<std::path::PathBuf>,
) -> Result<()> {
    use awe_awithlaknannai::QuietEnd;
    let settings = *root.settings();
    // Over by the rules' own ends, or (the pure game, which has no ply limit) by moves alone.
    let fresh = awe_awithlaknannai::Position::from_pieces(
        [root.pieces(Side::WHITE), root.pieces(Side::BLACK)],
        root.turn(),
        settings,
    )?;
    if fresh.outcome().is_some() || (!pure && root.outcome().is_some()) {
        bail!("the game is already over at {}", root.position_text());
    }
    if !pure && from_position && matches!(settings.rules.rules().quiet_end, QuietEnd::DrawAfter(_))
    {
        bail!(
            "under {}'s rules a turn limit counts the plies from the start of the game, which a position does not tell: prove it with --pure, or from the start",
            settings.rules
        );
    }
    let started = Instant::now();
    let table = pure_database(settings, pieces)?;
    if table.probe(&fresh) == Some(awe_search::endgame::awithlaknannai::Value::Draw) {
        bail!(
            "the pure database holds a draw here, and this search proves wins only: `awe solve --pure` without --prove gives the draw with its certificate"
        );
    }
    println!(
        "pure database: up to {pieces} pieces, {} positions ({:.1} s)",
        table.len(),
        started.elapsed().as_secs_f64()
    );
    let started = Instant::now();
    let mut prover = if shortest {
        awe_search::prove::Prover::exact(&table)
    } else {
        awe_search::prove::Prover::new(&table)
    };
    let winner = prover.prove(root, max_depth, |p| {
        let seconds = started.elapsed().as_secs_f64();
        eprintln!(
            "{seconds:>7.1} s  depth {:>3}: {} positions searched ({:.0}/s), {} remembered: {} proven won, {} not won as deep; no win for either side at the root yet",
            p.depth,
            p.nodes,
            p.nodes as f64 / seconds.max(0.001),
            p.memo,
            p.proven,
            p.refuted
        );
    });
    let seconds = started.elapsed().as_secs_f64();
    let Some(winner) = winner else {
        bail!(
            "not proven: neither side forces a win within {max_depth} plies{} (a draw, or deeper: this search proves no draw)",
            if shortest { "" } else { " above the database" }
        );
    };
    let mut certificate = awe_search::solve::certify_proof(&prover, root)
        .context("the proof's strategy does not cover every defence (a bug: please report it)")?;
    // The pure game's win first, then (without --pure) the same strategy on the real rules.
    let verdict = awe_proof::check(&certificate).map_err(|e| {
        anyhow::anyhow!("the certificate is refused (a bug: please report it): {e}")
    })?;
    let mut by_limit = false;
    if !pure && let QuietEnd::MorePiecesWins = settings.rules.rules().quiet_end {
        // Checked as the rules are: no repetition, no stretch without capture reaching the limit
        // where the side is not ahead.
        certificate.mode = Mode::Rules { ply_limit: settings.ply_limit };
        let under_rules = awe_proof::check(&certificate).map_err(|e| {
            anyhow::anyhow!(
                "the pure game is won (its certificate checked), but not this way under the project's rules: {e}"
            )
        })?;
        by_limit = under_rules.by_limit;
    }
    let longest = verdict.longest.context("a proven win has a longest game")?;
    if let (false, QuietEnd::DrawAfter(plies)) = (pure, settings.rules.rules().quiet_end) {
        anyhow::ensure!(
            longest < plies as u32,
            "the pure game is won, but its longest game ({longest} plies) reaches the turn limit ({plies})"
        );
    }
    if shortest {
        // The depth that first proved the root is the shortest win; the longest game under its
        // strategy must be exactly that.
        let proven = prover.proven(root).map(|p| p.1 as u32);
        anyhow::ensure!(
            proven == Some(longest),
            "the search proved a win in {proven:?} plies but the certificate allows {longest} (a bug: please report it)"
        );
        certificate.length = Some(longest);
    }
    let mut texts = Vec::new();
    let mut position = *root;
    for mv in prover.line(root, 80) {
        texts.push(position.move_text(mv));
        position = position.play(&mv);
    }
    println!("line: {}", texts.join(" "));
    println!(
        "search: {} positions, {} remembered; {seconds:.1} s ({:.0} positions/s)",
        prover.nodes(),
        prover.remembered(),
        prover.nodes() as f64 / seconds.max(0.001)
    );
    let bytes = certificate.to_bytes();
    println!(
        "certificate: {} positions, {} bytes, checked: {} positions replayed with the reference move generator",
        certificate.moves.len(),
        bytes.len(),
        verdict.positions
    );
    if let Some(path) = &certificate_path {
        std::fs::write(path, &bytes).with_context(|| format!("cannot write {}", path.display()))?;
        println!(
            "certificate: {}; check it with awe solve --check {}",
            path.display(),
            path.display()
        );
    }
    if !pure
        && certificate.mode != Mode::Pure
        && let Some(dir) = awe_players::cache::cache_dir()
    {
        // Level 10 plays from it.
        let name = awe_players::cache::solved_file_name(&settings, &certificate);
        if std::fs::create_dir_all(&dir).is_ok() {
            let _ = std::fs::write(dir.join(name), &bytes);
        }
    }
    let side = if root.turn() == Side::WHITE { "white" } else { "black" };
    let value = if winner == root.turn() { Claim::Win } else { Claim::Loss };
    let length = if shortest {
        format!(
            "in {longest} plies (the fastest win against the longest defence: no shorter one within the plies searched)"
        )
    } else if pure {
        format!(
            "within {longest} plies (the longest game the certificate allows; --shortest gives the shortest)"
        )
    } else if by_limit {
        format!(
            "every game over within {longest} plies, some by the limit of {} plies without a capture (the side with more pieces winning)",
            settings.ply_limit
        )
    } else {
        format!(
            "every game over by moves within {longest} plies (the longest the certificate allows)"
        )
    };
    println!("value: {} for {side}, the side to move, {length}", value.name());
    Ok(())
}

fn check(path: &std::path::Path) -> Result<()> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let certificate =
        Certificate::from_bytes(&bytes).with_context(|| format!("{}", path.display()))?;
    let mode = match certificate.mode {
        Mode::Pure => "the pure game".to_owned(),
        Mode::Rules { ply_limit } => {
            format!("the project's rules, {ply_limit} plies without capture")
        }
    };
    println!(
        "certificate: awithlaknannai {} {}, {mode}; {} positions",
        certificate.board.name(),
        certificate.rules,
        certificate.moves.len()
    );
    let started = Instant::now();
    let verdict = awe_proof::check(&certificate).map_err(|e| anyhow::anyhow!("refused: {e}"))?;
    let side = if certificate.root.turn == Side::WHITE { "white" } else { "black" };
    let longest = match (verdict.claim, verdict.longest, certificate.mode) {
        (Claim::Draw, _, _) | (_, None, _) => String::new(),
        (_, Some(plies), Mode::Rules { ply_limit }) if verdict.by_limit => format!(
            ", every game over within {plies} plies, some by the limit of {ply_limit} plies \
             without a capture (the side with more pieces winning)"
        ),
        (_, Some(plies), _) => format!(", every game over by moves within {plies} plies"),
    };
    println!(
        "checked {} positions in {:.1} s with the reference move generator",
        verdict.positions,
        started.elapsed().as_secs_f64()
    );
    println!("proved: {} for {side}, the side to move{longest}", verdict.claim.name());
    Ok(())
}
