//! Settings resolved from the raw arguments: rule sets by name, start positions from text.

use anyhow::{Context, Result, bail};
use awe_awithlaknannai::{BoardKind, BoardOptions, RuleSet, Settings, Start};
use awe_game::Side;
use awe_search::Level;
use std::time::Duration;

use crate::args::{AwechecArgs, PlayArgs, SerpentArgs};

/// The start position of an Awélé command: the rule set by name, and a position text if given.
pub fn awele_start(
    rules: Option<&str>,
    position: Option<&str>,
    serpent: &SerpentArgs,
) -> Result<awe_awele::Position> {
    if serpent.any() {
        bail!("--board, --start, --first, --ply-limit and the line options are for awithlaknannai");
    }
    let rules: awe_awele::RuleSet = rules.map_or(Ok(Default::default()), str::parse)?;
    Ok(match position {
        Some(text) => awe_awele::Position::parse(text, rules).context("--position")?,
        None => awe_awele::Position::new(rules),
    })
}

/// The start position of an Awithlaknannai command: board, rule set, start, first player and
/// ply limit by name, and a position text if given.
pub fn awithlaknannai_start(
    rules: Option<&str>,
    position: Option<&str>,
    serpent: &SerpentArgs,
) -> Result<awe_awithlaknannai::Position> {
    let kind: BoardKind = serpent.board.as_deref().map_or(Ok(BoardKind::Mosona), str::parse)?;
    let rules: RuleSet = rules.map_or(Ok(RuleSet::default()), str::parse)?;
    let options =
        BoardOptions { outer_lines: !serpent.no_outer_lines, end_lines: !serpent.no_end_lines };
    let mut settings = Settings::new(kind, options, rules);
    if let Some(limit) = serpent.ply_limit {
        settings.ply_limit = limit;
    }
    let first = match serpent.first.as_deref() {
        None | Some("white") => Side::WHITE,
        Some("black") => Side::BLACK,
        Some(other) => bail!("--first: `{other}` is neither white nor black"),
    };
    if let Some(text) = position {
        if serpent.start.is_some() || serpent.first.is_some() {
            bail!("--position gives the whole position: --start and --first go without it");
        }
        return awe_awithlaknannai::Position::parse(text, settings).context("--position");
    }
    Ok(awe_awithlaknannai::Position::start(settings, start_name(serpent, kind)?, first)?)
}

/// The Awithlaknannai start `--start` names, or the board's own.
pub fn start_name(serpent: &SerpentArgs, kind: BoardKind) -> Result<Start> {
    Ok(serpent.start.as_deref().map_or(Ok(Start::default_for(kind)), str::parse)?)
}

/// The language `--language` names for Awechec's board, prompts and record: French by default.
pub fn awechec_language(awechec: &AwechecArgs) -> Result<awe_awechec::Language> {
    Ok(awechec.language.as_deref().map_or(Ok(awe_awechec::Language::French), str::parse)?)
}

/// The start of an Awechec command: the variant and handicaps by name, and a position text (see
/// `awe_awechec::game`) if given; the Awélé and Awithlaknannai options are refused.
pub fn awechec_start(
    rules: Option<&str>,
    position: Option<&str>,
    serpent: &SerpentArgs,
    awechec: &AwechecArgs,
) -> Result<awe_awechec::Position> {
    if rules.is_some() || serpent.any() {
        bail!("--rules and the awithlaknannai options are not for awechec");
    }
    let variant = awechec.variant.as_deref().map_or(Ok(Default::default()), str::parse)?;
    let handicaps = awechec.handicap.as_deref().map_or(Ok(Default::default()), str::parse)?;
    let start = awe_awechec::Position::new(awe_awechec::Settings { variant, handicaps });
    Ok(match position {
        Some(text) => awe_game::Position::parse_position(&start, text).context("--position")?,
        None => start,
    })
}

/// The computer's level, the person's side and the computer's time a move, if `--engine` asks
/// for the computer; `--color` and `--time` go only with it.
pub fn opponent(args: &PlayArgs) -> Result<Option<(Level, Side, Duration)>> {
    let Some(level) = &args.engine else {
        if args.color.is_some() || args.time.is_some() {
            bail!("--color and --time are for a game against the computer: add --engine LEVEL");
        }
        return Ok(None);
    };
    let level: Level = level.parse().map_err(anyhow::Error::msg).context("--engine")?;
    let person = match args.color.as_deref() {
        None | Some("white" | "south") => Side::South,
        Some("black" | "north") => Side::North,
        Some(other) => bail!("--color: `{other}` is neither white nor black"),
    };
    let time = args.time.map_or(Duration::from_secs(1), |t| t.duration());
    Ok(Some((level, person, time)))
}
