//! The studies' routes: the shipped ones (`study.rs`) and those accounts write.
//!
//! - `GET /api/studies`: the shipped studies, and the public ones accounts wrote.
//! - `POST /api/studies` `{"title","visibility","from"}`: a new study of the signed-in account,
//!   its first chapter `from` a position (`{"kind":"position","spec","position"}`), one of the
//!   account's games (`{"kind":"game","id"}`) or a record (`{"kind":"record","text"}`: an
//!   Awélé or Awithlaknannai record keeps its comments and variations).
//! - `GET /api/studies/ID`: a study (shipped, public, or unlisted: whoever has the link).
//! - `POST /api/studies/ID` `{"title","visibility","chapters"}`: its owner saves it (`chapters`
//!   may be left out: the title and visibility alone); every move is checked by the rules.
//! - `POST /api/studies/ID/chapters` `{"title","from"}`: its owner adds a chapter.
//! - `POST /api/studies/ID/chapters/N` `{"chapter"}`: its owner saves chapter `N` (from 0), as
//!   the editor does at each change: a chapter may be larger than the site's usual body limit,
//!   up to [`CHAPTER_BYTES`], and the study up to [`STUDY_BYTES`].
//! - `GET /api/studies/ID/record?chapter=N&language=L`: a chapter as a record of its game.

use axum::Json;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::HeaderMap;
use axum::response::IntoResponse;
use serde::Deserialize;
use serde_json::{Value, json};

use awe_site_core::context::Core;
use awe_site_core::limits::Kind;
use awe_site_core::model::Match;
use awe_site_core::request::{ApiError, ApiResult, account, body, client_address, signed_in};
use awe_site_core::spec::Spec;
use awe_site_core::store::{StudyRow, now_ms};

use crate::failed;
use crate::stage::Text;
use crate::study::{self, Chapter, MAX_CHAPTERS, Node};

/// Where a new chapter comes from.
#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum Source {
    Position {
        spec: Spec,
        #[serde(default)]
        position: Option<String>,
    },
    Game {
        id: String,
    },
    Record {
        text: String,
    },
}

fn both(text: &str) -> Text {
    Text { en: text.to_owned(), fr: text.to_owned() }
}

/// A line of moves as a chain of nodes.
pub fn chain(moves: &[String]) -> Node {
    let mut root = Node::default();
    for text in moves.iter().rev() {
        let below = std::mem::take(&mut root);
        root = Node {
            text: text.clone(),
            children: if below.text.is_empty() { below.children } else { vec![below] },
            ..Node::default()
        };
    }
    // `root` is the first move (or nothing): hang it under an empty root.
    if root.text.is_empty() { root } else { Node { children: vec![root], ..Node::default() } }
}

/// The chapter a source gives, titled `title`.
async fn chapter_from(
    core: &Core,
    user: &str,
    title: &str,
    from: Source,
) -> Result<Chapter, ApiError> {
    let mut chapter = match from {
        Source::Position { spec, position } => {
            Chapter { title: both(title), spec, position, root: Node::default() }
        }
        Source::Game { id } => {
            let (row, moves) =
                core.store.load(&id).await.map_err(failed)?.ok_or_else(ApiError::not_found)?;
            if !row.seats.iter().any(|s| s.user.as_deref() == Some(user)) {
                return Err(ApiError::bad("a study is made from one of your own games"));
            }
            let spec: Spec = serde_json::from_str(&row.spec)
                .map_err(|e| ApiError::bad(format!("the game's spec: {e}")))?;
            let moves: Vec<String> = moves.into_iter().map(|m| m.text).collect();
            Chapter { title: both(title), spec, position: row.start_position, root: chain(&moves) }
        }
        Source::Record { text } => {
            let (spec, game) =
                Match::from_record(&text).map_err(|e| ApiError::bad(format!("the record: {e}")))?;
            let position = game.start_text(&spec);
            let record =
                awe_game::record::Record::parse(&text).map_err(|e| ApiError::bad(e.to_string()))?;
            // Awélé and Awithlaknannai write records in the site's own move texts: their
            // comments and variations are read as a study's; Awechec's by the game's reader.
            let root = match spec {
                Spec::Awechec { .. } => crate::awechec::read(&record)
                    .ok_or_else(|| ApiError::bad("the record's moves do not play"))?,
                _ => {
                    let movetext: String = record
                        .movetext()
                        .split_whitespace()
                        .filter(|w| !matches!(*w, "1-0" | "0-1" | "1/2-1/2" | "*"))
                        .collect::<Vec<_>>()
                        .join(" ");
                    study::parse_moves(&spec, position.as_deref(), &movetext)
                        .map_err(ApiError::bad)?
                }
            };
            Chapter { title: both(title), spec, position, root }
        }
    };
    study::check(&mut chapter).map_err(ApiError::bad)?;
    Ok(chapter)
}

/// The most studies one account may write.
pub const MAX_STUDIES: i64 = 100;

/// The largest body of a chapter's save: a long game, every move commented.
pub const CHAPTER_BYTES: usize = 256 * 1024;

/// The most a study's chapters may take, as stored (JSON): an account's studies take at most
/// [`MAX_STUDIES`] times this.
pub const STUDY_BYTES: usize = 1024 * 1024;

/// The chapters as stored, within [`STUDY_BYTES`].
fn stored_text(chapters: &[Chapter]) -> Result<String, ApiError> {
    let text = serde_json::to_string(chapters).map_err(|e| ApiError::bad(e.to_string()))?;
    if text.len() > STUDY_BYTES {
        return Err(ApiError::bad(format!(
            "a study takes {} kB at most ({} kB here)",
            STUDY_BYTES / 1024,
            text.len() / 1024
        )));
    }
    Ok(text)
}

fn visibility(v: &str) -> Result<&'static str, ApiError> {
    match v {
        "public" => Ok("public"),
        "unlisted" => Ok("unlisted"),
        _ => Err(ApiError::bad("visibility: public or unlisted")),
    }
}

fn title_of(t: &str) -> Result<String, ApiError> {
    let t = t.trim();
    if t.is_empty() || t.chars().count() > 120 {
        return Err(ApiError::bad("title: 1 to 120 characters"));
    }
    Ok(t.to_owned())
}

/// `GET /api/studies`.
pub async fn list(State(core): State<Core>) -> ApiResult {
    let shipped: Vec<Value> = study::all()
        .iter()
        .map(|s| {
            let chapters: Vec<Value> = s
                .chapters
                .iter()
                .map(|c| json!({ "title": c.title, "game": c.spec.game() }))
                .collect();
            json!({ "name": s.name, "title": s.title, "intro": s.intro, "chapters": chapters })
        })
        .collect();
    let public: Vec<Value> = core
        .store
        .public_studies(50)
        .await
        .map_err(failed)?
        .into_iter()
        .map(|(id, title, owner)| json!({ "id": id, "title": title, "owner": owner }))
        .collect();
    Ok(Json(json!({ "studies": shipped, "public": public })).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewStudy {
    title: String,
    #[serde(default = "unlisted")]
    visibility: String,
    from: Source,
    #[serde(default)]
    chapter: Option<String>,
}

fn unlisted() -> String {
    "unlisted".into()
}

/// `POST /api/studies`.
pub async fn create(
    State(core): State<Core>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> ApiResult {
    let new: NewStudy = body(&headers, &bytes)?;
    let address = client_address(&core, &headers, peer);
    core.limits.check(Kind::Import, &address).map_err(|w| ApiError::too_many(w, "studies"))?;
    let user = account(&core, &headers, "write a study").await?;
    if core.store.count_studies(&user.id).await.map_err(failed)? >= MAX_STUDIES {
        return Err(ApiError::bad(format!("{MAX_STUDIES} studies an account at most")));
    }
    let title = title_of(&new.title)?;
    let visibility = visibility(&new.visibility)?;
    let chapter =
        chapter_from(&core, &user.id, new.chapter.as_deref().unwrap_or(&title), new.from).await?;
    let now = now_ms();
    let row = StudyRow {
        id: awe_site_core::ids::new_id(),
        owner_id: user.id.clone(),
        title,
        visibility: visibility.into(),
        chapters: stored_text(&[chapter])?,
        created_at: now,
        updated_at: now,
    };
    core.store.add_study(&row).await.map_err(failed)?;
    Ok(Json(json!({ "id": row.id })).into_response())
}

/// A study of an account, its chapters read.
async fn stored(core: &Core, id: &str) -> Result<(StudyRow, String, Vec<Chapter>), ApiError> {
    if !awe_site_core::ids::valid_id(id) {
        return Err(ApiError::not_found());
    }
    let (row, owner) =
        core.store.study(id).await.map_err(failed)?.ok_or_else(ApiError::not_found)?;
    let chapters: Vec<Chapter> = serde_json::from_str(&row.chapters)
        .map_err(|e| ApiError::unavailable(format!("the study's chapters: {e}")))?;
    Ok((row, owner, chapters))
}

/// `GET /api/studies/ID`.
pub async fn show(
    State(core): State<Core>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult {
    if let Some(s) = study::find(&id) {
        let chapters: Vec<Value> = s.chapters.iter().map(study::chapter_view).collect();
        return Ok(Json(json!({ "name": s.name, "title": s.title, "intro": s.intro, "chapters": chapters, "owner": null, "editable": false, "visibility": "public" }))
            .into_response());
    }
    let (row, owner, chapters) = stored(&core, &id).await?;
    let me = signed_in(&core, &headers).await?;
    let views: Vec<Value> = chapters.iter().map(study::chapter_view).collect();
    Ok(Json(json!({
        "name": row.id,
        "title": both(&row.title),
        "intro": null,
        "chapters": views,
        "owner": owner,
        "editable": me.is_some_and(|u| u.id == row.owner_id),
        "visibility": row.visibility,
        "source": chapters,
    }))
    .into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Saved {
    title: String,
    visibility: String,
    #[serde(default)]
    chapters: Option<Vec<Chapter>>,
}

/// `POST /api/studies/ID`: the owner saves the study: its title and visibility, and its
/// chapters if given.
pub async fn save(
    State(core): State<Core>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> ApiResult {
    let mut saved: Saved = body(&headers, &bytes)?;
    let address = client_address(&core, &headers, peer);
    core.limits.check(Kind::Lesson, &address).map_err(|w| ApiError::too_many(w, "saves"))?;
    let user = account(&core, &headers, "save a study").await?;
    let (row, _, stored_chapters) = stored(&core, &id).await?;
    if row.owner_id != user.id {
        return Err(ApiError::bad("only its author saves a study"));
    }
    let title = title_of(&saved.title)?;
    let visibility = visibility(&saved.visibility)?;
    let chapters = match saved.chapters.take() {
        None => stored_chapters,
        Some(mut chapters) => {
            if chapters.is_empty() || chapters.len() > MAX_CHAPTERS {
                return Err(ApiError::bad(format!("chapters: 1 to {MAX_CHAPTERS}")));
            }
            for (i, chapter) in chapters.iter_mut().enumerate() {
                study::check(chapter)
                    .map_err(|e| ApiError::bad(format!("chapter {}: {e}", i + 1)))?;
            }
            chapters
        }
    };
    let text = stored_text(&chapters)?;
    core.store.save_study(&id, &user.id, &title, visibility, &text).await.map_err(failed)?;
    Ok(Json(json!({ "id": id })).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedChapter {
    chapter: Chapter,
}

/// `POST /api/studies/ID/chapters/N`: the owner saves one chapter.
pub async fn save_chapter(
    State(core): State<Core>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path((id, n)): Path<(String, usize)>,
    headers: HeaderMap,
    bytes: Bytes,
) -> ApiResult {
    let address = client_address(&core, &headers, peer);
    core.limits.check(Kind::Lesson, &address).map_err(|w| ApiError::too_many(w, "saves"))?;
    let mut saved: SavedChapter = body(&headers, &bytes)?;
    let user = account(&core, &headers, "save a study").await?;
    let (row, _, mut chapters) = stored(&core, &id).await?;
    if row.owner_id != user.id {
        return Err(ApiError::bad("only its author saves a study"));
    }
    let Some(slot) = chapters.get_mut(n) else {
        return Err(ApiError::bad(format!("the study has {} chapters", chapters.len())));
    };
    study::check(&mut saved.chapter)
        .map_err(|e| ApiError::bad(format!("chapter {}: {e}", n + 1)))?;
    *slot = saved.chapter;
    let text = stored_text(&chapters)?;
    core.store
        .save_study(&id, &user.id, &row.title, &row.visibility, &text)
        .await
        .map_err(failed)?;
    Ok(Json(json!({ "id": id, "chapter": n })).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewChapter {
    title: String,
    from: Source,
}

/// `POST /api/studies/ID/chapters`: the owner adds a chapter.
pub async fn add_chapter(
    State(core): State<Core>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> ApiResult {
    let new: NewChapter = body(&headers, &bytes)?;
    let address = client_address(&core, &headers, peer);
    core.limits.check(Kind::Import, &address).map_err(|w| ApiError::too_many(w, "chapters"))?;
    let user = account(&core, &headers, "write a study").await?;
    let (row, _, mut chapters) = stored(&core, &id).await?;
    if row.owner_id != user.id {
        return Err(ApiError::bad("only its author adds chapters"));
    }
    if chapters.len() >= MAX_CHAPTERS {
        return Err(ApiError::bad(format!("{MAX_CHAPTERS} chapters at most")));
    }
    let title = title_of(&new.title)?;
    chapters.push(chapter_from(&core, &user.id, &title, new.from).await?);
    let text = stored_text(&chapters)?;
    core.store
        .save_study(&id, &user.id, &row.title, &row.visibility, &text)
        .await
        .map_err(failed)?;
    Ok(Json(json!({ "id": id, "chapter": chapters.len() - 1 })).into_response())
}

#[derive(Deserialize)]
pub struct RecordQuery {
    #[serde(default)]
    chapter: usize,
    #[serde(default)]
    language: Option<String>,
}

/// `GET /api/studies/ID/record?chapter=N&language=L`: the chapter as a record, to download.
pub async fn record(
    State(core): State<Core>,
    Path(id): Path<String>,
    Query(query): Query<RecordQuery>,
) -> ApiResult {
    let language = match query.language.as_deref() {
        Some("fr") => "fr",
        _ => "en",
    };
    let (title, chapter) = match study::find(&id) {
        Some(s) => {
            let title = if language == "fr" { s.title.fr.clone() } else { s.title.en.clone() };
            (title, s.chapters.get(query.chapter).cloned().ok_or_else(ApiError::not_found)?)
        }
        None => {
            let (row, _, chapters) = stored(&core, &id).await?;
            (row.title, chapters.into_iter().nth(query.chapter).ok_or_else(ApiError::not_found)?)
        }
    };
    let text = study::record(&chapter, &title, language);
    let file = format!("attachment; filename=\"study-{}-{}.txt\"", id, query.chapter + 1);
    Ok((
        [
            (axum::http::header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()),
            (axum::http::header::CONTENT_DISPOSITION, file),
        ],
        text,
    )
        .into_response())
}
