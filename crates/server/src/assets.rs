//! The pages' files, built by web/build.mjs and embedded by build.rs, as the site serves them:
//! compressed the way the browser takes them (brotli, else gzip, prepared at build time), the
//! files named after their content (`/app.3f9a0c1d2e.js`) kept by browsers for a year, the page
//! itself revalidated by its entity tag (a second visit downloads only a `304`).

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// A file of the pages.
#[derive(Debug)]
pub struct Asset {
    /// Its path on the site.
    pub path: &'static str,
    /// Its `Content-Type`.
    pub kind: &'static str,
    pub bytes: &'static [u8],
    /// The same, compressed, where it is worth it.
    pub brotli: Option<&'static [u8]>,
    pub gzip: Option<&'static [u8]>,
    /// Its entity tag, quoted.
    pub etag: &'static str,
}

mod built {
    use super::Asset;
    include!(concat!(env!("OUT_DIR"), "/assets.rs"));
}

pub use built::{ASSETS, ICON, SCRIPT, STYLE};

/// How long a file named after its content may be kept: a year, never asked again.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// The file at `path` on the site. The plain names of the files named after their content
/// (`/app.js`) are kept for pages loaded before the site was updated.
pub fn find(path: &str) -> Option<&'static Asset> {
    let path = match path {
        "/app.js" => SCRIPT,
        "/app.css" => STYLE,
        "/favicon.svg" => ICON,
        other => other,
    };
    ASSETS.iter().find(|a| a.path == path)
}

/// Whether a path is named after its content: `name.<ten hexadecimal digits>.ext`.
fn named_by_content(path: &str) -> bool {
    let mut parts = path.rsplit('.');
    let (_, hash) = (parts.next(), parts.next());
    hash.is_some_and(|h| h.len() == 10 && h.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Which of the encodings the request accepts: brotli first, then gzip (a `q=0` refuses one).
fn accepts(headers: &HeaderMap, coding: &str) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|item| {
            let mut parts = item.split(';').map(str::trim);
            let name = parts.next().unwrap_or_default();
            let refused = parts.any(|p| p.replace(' ', "") == "q=0" || p == "q=0.0");
            (name.eq_ignore_ascii_case(coding) || name == "*") && !refused
        })
}

/// The answer for `asset` to a request with `headers`: `304` if the browser holds it already
/// (`If-None-Match`), else its bytes, compressed as the browser takes them.
pub fn response(asset: &'static Asset, requested: &str, headers: &HeaderMap) -> Response {
    let cache = if named_by_content(requested) { IMMUTABLE } else { "no-cache" };
    let mut response = if headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|tags| tags.split(',').any(|t| t.trim() == asset.etag || t.trim() == "*"))
    {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let (bytes, coding) = match (asset.brotli, asset.gzip) {
            (Some(br), _) if accepts(headers, "br") => (br, Some("br")),
            (_, Some(gz)) if accepts(headers, "gzip") => (gz, Some("gzip")),
            _ => (asset.bytes, None),
        };
        let mut response = bytes.into_response();
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(asset.kind));
        if let Some(coding) = coding {
            headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
        }
        response
    };
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    headers.insert(header::ETAG, HeaderValue::from_static(asset.etag));
    if asset.brotli.is_some() || asset.gzip.is_some() {
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_static(value));
        }
        map
    }

    #[test]
    fn the_files_are_named_after_their_content_and_compressed() {
        for name in [SCRIPT, STYLE, ICON] {
            assert!(named_by_content(name), "{name}");
            let asset = find(name).expect("embedded");
            assert!(asset.brotli.is_some() && asset.gzip.is_some(), "{name}");
        }
        assert!(!named_by_content("/index.html") && !named_by_content("/app.js"));
        assert_eq!(find("/app.js").map(|a| a.path), Some(SCRIPT));
        let page = find("/index.html").expect("the page");
        let html = std::str::from_utf8(page.bytes).unwrap();
        assert!(html.contains(SCRIPT) && html.contains(STYLE) && html.contains(ICON), "{html}");
    }

    #[test]
    fn encodings_are_chosen_as_the_browser_accepts_them() {
        assert!(accepts(&headers(&[("accept-encoding", "gzip, deflate, br, zstd")]), "br"));
        assert!(!accepts(&headers(&[("accept-encoding", "gzip, br;q=0")]), "br"));
        assert!(accepts(&headers(&[("accept-encoding", "gzip, br;q=0")]), "gzip"));
        assert!(!accepts(&headers(&[]), "gzip"));
        let script = find(SCRIPT).unwrap();
        let served = |pairs| {
            let r = response(script, SCRIPT, &headers(pairs));
            let coding =
                r.headers().get(header::CONTENT_ENCODING).map(|v| v.to_str().unwrap().to_owned());
            (r.status(), coding, r.headers()[header::CACHE_CONTROL].to_str().unwrap().to_owned())
        };
        assert_eq!(served(&[("accept-encoding", "gzip, br")]).1.as_deref(), Some("br"));
        assert_eq!(served(&[("accept-encoding", "gzip")]).1.as_deref(), Some("gzip"));
        assert_eq!(served(&[]).1, None);
        assert_eq!(served(&[]).2, IMMUTABLE);
        // Known already: 304, nothing sent.
        let known = response(script, SCRIPT, &headers(&[("if-none-match", script.etag)]));
        assert_eq!(known.status(), StatusCode::NOT_MODIFIED);
        // The plain name is revalidated, not kept.
        let plain = response(script, "/app.js", &headers(&[]));
        assert_eq!(plain.headers()[header::CACHE_CONTROL], "no-cache");
    }
}
