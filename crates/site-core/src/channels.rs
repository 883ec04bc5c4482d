//! The chat's channels on this server: who reads each, and the lines sent to them. The chat
//! (its routes, its rules, moderation) is a feature of its own; the sockets of games and
//! tournaments, and the bots' game streams, read its channels here, and a bot speaks through
//! [`Speaker`], which the chat implements.

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};
use tokio::sync::broadcast;

use crate::error::ApiResult;
use crate::store::{ChatLine, User};

/// The channels of this server that someone reads, each with its readers.
#[derive(Debug, Default)]
pub struct Channels {
    channels: Mutex<HashMap<String, broadcast::Sender<Arc<str>>>>,
}

impl Channels {
    /// The lines of `channel` from now on, as the socket sends them.
    pub fn subscribe(&self, channel: &str) -> broadcast::Receiver<Arc<str>> {
        let mut channels = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        // Forget the channels nobody reads any more.
        if channels.len() > 1000 {
            channels.retain(|_, sender| sender.receiver_count() > 0);
        }
        channels.entry(channel.to_owned()).or_insert_with(|| broadcast::channel(16).0).subscribe()
    }

    /// Sends a line to the readers of its channel on this server.
    pub fn publish(&self, line: &ChatLine) {
        let channels = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(sender) = channels.get(&line.channel) {
            let text = json!({ "t": "chat", "line": view(line) }).to_string();
            let _ = sender.send(text.into());
        }
    }
}

/// A line as the pages get it.
pub fn view(line: &ChatLine) -> Value {
    json!({ "id": line.id, "name": line.name, "text": line.text, "at": line.created_at })
}

/// The channel of a game's players, or of its spectators.
pub fn game_channel(id: &str, player: bool) -> String {
    format!("game:{id}:{}", if player { "players" } else { "spectators" })
}

/// The channel of a tournament: everyone's.
pub fn tournament_channel(id: &str) -> String {
    format!("tournament:{id}")
}

/// What says a line in a channel for an account, within the chat's rules (its rate, its
/// silences, its cleaning): the chat implements it, and a bot's game speaks through it.
pub trait Speaker: Send + Sync + std::fmt::Debug {
    /// A line `user` sends to `channel`: the line as the pages get it, or why it was refused.
    fn speak<'a>(
        &'a self,
        user: User,
        channel: String,
        text: &'a str,
    ) -> Pin<Box<dyn Future<Output = ApiResult> + Send + 'a>>;
}
