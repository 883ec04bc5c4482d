//! Settings resolved from the raw arguments: rule sets by name, start positions from text.

use anyhow::{Context, Result};

/// The start position of an Awélé command: the rule set by name, and a position text if given.
pub fn awele_start(rules: Option<&str>, position: Option<&str>) -> Result<awe_awele::Position> {
    let rules: awe_awele::RuleSet = rules.map_or(Ok(Default::default()), str::parse)?;
    Ok(match position {
        Some(text) => awe_awele::Position::parse(text, rules).context("--position")?,
        None => awe_awele::Position::new(rules),
    })
}
