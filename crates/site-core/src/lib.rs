//! The site's core: what every part of `awe serve` builds on, and none of them owns.
//!
//! - the model of a game the site plays ([`model`], [`spec`], [`clock`], [`rating`]);
//! - the database, its queries and its migrations ([`store`], [`backup`]);
//! - the requests' helpers and the API's errors ([`request`], [`error`], [`tokens`], [`ids`],
//!   [`text`]);
//! - the defences ([`limits`], [`fairplay`]), stopping ([`shutdown`]) and [`metrics`];
//! - what the features share at run time ([`context::Core`]), the chat's channels included
//!   ([`channels`]), through which a feature speaks to another without knowing it.
//!
//! See docs/server.md for the map of the site's crates.

pub mod backup;
pub mod channels;
pub mod clock;
pub mod context;
pub mod error;
pub mod fairplay;
pub mod ids;
pub mod limits;
pub mod metrics;
pub mod model;
pub mod rating;
pub mod request;
pub mod shutdown;
pub mod spec;
pub mod store;
#[doc(hidden)]
pub mod testing;
pub mod text;
pub mod tokens;

pub use context::Core;
