//! What a client sends to act in a game, the same over the WebSocket and `POST
//! /api/games/ID/act`, and how it reaches the game's room.

use serde::Deserialize;
use tokio::sync::oneshot;

use crate::request::ApiError;
use crate::room::{Action, Actor, Command, Handle};

/// A client's action.
#[derive(Deserialize)]
#[serde(tag = "t", rename_all = "lowercase", deny_unknown_fields)]
pub enum Message {
    Move {
        ply: usize,
        #[serde(rename = "move")]
        text: String,
    },
    Resign,
    Draw {
        offer: bool,
    },
    Takeback {
        ask: bool,
    },
    Rematch,
    Cancel,
    Berserk,
    Ping,
}

impl Message {
    /// The room's action, or `None` for a ping.
    pub fn action(self) -> Option<Action> {
        Some(match self {
            Message::Move { ply, text } => Action::Move { ply, text },
            Message::Resign => Action::Resign,
            Message::Draw { offer } => Action::Draw(offer),
            Message::Takeback { ask } => Action::Takeback(ask),
            Message::Rematch => Action::Rematch,
            Message::Cancel => Action::Cancel,
            Message::Berserk => Action::Berserk,
            Message::Ping => return None,
        })
    }
}

/// Asks a room and waits for its answer.
pub async fn ask<T>(
    handle: &Handle,
    command: impl FnOnce(oneshot::Sender<T>) -> Command,
) -> Result<T, ApiError> {
    let (reply, answer) = oneshot::channel();
    handle
        .commands
        .send(command(reply))
        .await
        .map_err(|_| ApiError::unavailable("the game was closing; try again"))?;
    answer.await.map_err(|_| ApiError::unavailable("the game was closing; try again"))
}

/// Sends a player's action to a room; its error is the player's to read. An action that makes
/// a game (a rematch) counts against the address's games a minute.
pub async fn perform(
    app: &crate::site::Site,
    handle: &Handle,
    actor: Actor,
    action: Action,
    address: &str,
) -> Result<(), ApiError> {
    if action == Action::Rematch {
        let account = actor.user.as_ref().map(|u| crate::limits::account_key(&u.id));
        for key in std::iter::once(address.to_owned()).chain(account) {
            app.limits
                .check(crate::limits::Kind::CreateGame, &key)
                .map_err(|wait| ApiError::too_many(wait, "new games"))?;
        }
    }
    let arrived = std::time::Instant::now();
    let is_move = matches!(action, Action::Move { .. });
    ask(handle, |reply| Command::Act { actor, action, reply }).await?.map_err(ApiError::refused)?;
    if is_move {
        // Written and told to everyone: the move's round trip in the server.
        metrics::histogram!("awe_move_seconds").record(arrived.elapsed().as_secs_f64());
    }
    Ok(())
}
