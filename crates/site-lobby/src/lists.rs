//! The lobby: the open challenges (game, rules, clock, rated or not) that anyone may accept, the
//! games being played and the games just finished. `GET /api/lobby` reads them; `/ws/lobby`
//! sends them again whenever they change, here or on another server (through the bus), at most
//! a few times a second.

use std::time::Duration;

use awe_site_core::clock::clock_json;
use awe_site_core::store::{GameRow, SeatRow};
use awe_site_play::Site;
use awe_site_play::lobby::ADJOURNED;
use serde_json::{Value, json};

/// How long the lobby waits after a change for others before it reads the lists again.
const SETTLE: Duration = Duration::from_millis(200);

/// How often the lists are read again without a change (games leave them by their age).
const REFRESH: Duration = Duration::from_secs(60);

/// Reads the lists again after every change, while someone watches the lobby.
pub async fn run(app: Site) {
    loop {
        tokio::select! {
            () = app.lobby.notified() => tokio::time::sleep(SETTLE).await,
            () = tokio::time::sleep(REFRESH) => {}
        }
        if !app.lobby.watched() {
            continue;
        }
        match lists(&app).await {
            Ok(lists) => {
                let text = json!({ "t": "lobby", "lobby": lists }).to_string();
                app.lobby.send(text);
            }
            Err(error) => tracing::error!("lobby: {error}"),
        }
    }
}

/// A game as the lists show it.
fn summary(app: &Site, row: &GameRow) -> Value {
    let seats: Vec<Value> = row
        .seats
        .iter()
        .map(|seat| match seat {
            SeatRow { level: Some(level), .. } => json!({ "kind": "computer", "level": level }),
            SeatRow { secret: Some(_), name, user, rating, diff, .. } => json!({
                "kind": "human", "name": name, "account": user.is_some(), "rating": rating,
                "diff": diff, "bot": user.as_deref().is_some_and(|u| app.is_bot(u)),
            }),
            SeatRow { name, .. } => json!({ "kind": "empty", "name": name }),
        })
        .collect();
    let spec: Value = serde_json::from_str(&row.spec).unwrap_or(Value::Null);
    json!({
        "id": row.id, "spec": spec, "kind": row.kind, "status": row.status, "seats": seats,
        "clock": clock_json(row),
        "rated": row.rated, "category": row.category,
        "result": row.result, "updated_at": row.updated_at,
    })
}

/// The lobby's lists: open challenges (with their challengers' ratings where rated), games
/// being played (changed within [`ADJOURNED`]), games finished.
pub async fn lists(app: &Site) -> Result<Value, sqlx::Error> {
    let active = awe_site_core::store::now_ms() - ADJOURNED.as_millis() as i64;
    let playing = app.store.list_since("playing", None, active, 20).await?;
    let open = app.store.list("waiting", Some("open"), 50).await?;
    let finished = app.store.list("over", None, 20).await?;
    let mut challenges = Vec::new();
    for row in &open {
        let mut game = summary(app, row);
        if let (true, Some(category)) = (row.rated, &row.category) {
            let users: Vec<String> = row.seats.iter().filter_map(|s| s.user.clone()).collect();
            let found = app.store.ratings_in(category, &users).await?;
            for (i, seat) in row.seats.iter().enumerate() {
                let Some(user) = &seat.user else { continue };
                // A newcomer to the category has the first rating, provisional.
                let rating = found.iter().find(|r| &r.user == user).map(|r| r.rating);
                let rating = rating.unwrap_or_default();
                game["seats"][i]["rating"] = json!(rating.rating.round() as i64);
                game["seats"][i]["provisional"] = json!(rating.is_provisional());
            }
        }
        challenges.push(game);
    }
    let bots = app.store.bots_online().await?;
    Ok(json!({
        "playing": playing.iter().map(|row| summary(app, row)).collect::<Vec<_>>(),
        "open": challenges,
        "finished": finished.iter().map(|row| summary(app, row)).collect::<Vec<_>>(),
        "bots": bots.iter().map(|bot| json!({ "name": bot.name })).collect::<Vec<_>>(),
    }))
}
