//! Proofs of solved Awithlaknannai positions: the certificate a solver writes (for a win, the
//! winner's move in every position reachable under every defence; for a draw, both sides'), and
//! a checker that replays every defence against it with a plain move generator of its own,
//! written separately from the engines' fast one and from the solver.
//!
//! - [`reference`]: the plain move generator, from RULES.md §1.
//! - [`certificate`]: the certificate and its format.
//! - [`check`]: the checker.

pub mod certificate;
pub mod check;
pub mod reference;

pub use certificate::{Certificate, Claim, FormatError, Mode, Root};
pub use check::{CheckError, Verdict, check};
