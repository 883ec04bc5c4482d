//! Play: the games themselves. A room a game ([`room`]) that owns it on this server and writes
//! every change before anyone learns of it; the engines' pool ([`pool`]) and the analyses it
//! runs ([`analysis`]); the games' API ([`games`]) and WebSocket ([`ws`]); the lobby's signal
//! ([`lobby`]); and [`Site`], what every feature of the site holds: the core, the rooms and the
//! engines.
//!
//! It builds on the core (`awe-site-core`) only; the features build on it. See docs/server.md.

pub mod analysis;
pub mod games;
pub mod handle;
pub mod lobby;
pub mod message;
pub mod pool;
pub mod room;
pub mod site;
pub mod sweep;
pub mod ws;

// The core's modules, by their names, inside this crate.
use awe_site_core::{ids, limits, metrics, model, request, store, text};

pub use site::Site;
