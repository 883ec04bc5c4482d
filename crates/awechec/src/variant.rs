//! The variants of the rules, chosen by name.

use std::fmt;
use std::str::FromStr;

/// How powers are used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// The standard rules: the powers of a whole Awélé game are saved up, then used at chess one
    /// by one, each owner deciding whether the side to move plays or passes.
    #[default]
    Standard,
    /// Forced powers: the owner has no choice; the side to move plays when the power is its own
    /// and passes (the null move) otherwise.
    Forced,
    /// Synchronous: each Awélé capture is turned at once into chess half-moves, one per power,
    /// then the Awélé game goes on.
    Synchronous,
}

impl Variant {
    /// Every variant.
    pub const ALL: [Variant; 3] = [Variant::Standard, Variant::Forced, Variant::Synchronous];

    /// The name a user types (`--variant NAME`) and records write.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Forced => "forced",
            Variant::Synchronous => "synchronous",
        }
    }
}

impl Variant {
    /// The variant as a player reads it in `language`: `standard variant`, `variante standard`.
    pub const fn title(self, language: crate::Language) -> &'static str {
        match (language, self) {
            (crate::Language::French, Variant::Standard) => "variante standard",
            (crate::Language::French, Variant::Forced) => "variante des pouvoirs imposés",
            (crate::Language::French, Variant::Synchronous) => "variante synchrone",
            (crate::Language::English, Variant::Standard) => "standard variant",
            (crate::Language::English, Variant::Forced) => "forced-powers variant",
            (crate::Language::English, Variant::Synchronous) => "synchronous variant",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no variant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant `{0}` (known: standard, forced, synchronous)")]
pub struct ParseVariantError(pub String);

impl FromStr for Variant {
    type Err = ParseVariantError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == s)
            .ok_or_else(|| ParseVariantError(s.to_owned()))
    }
}
