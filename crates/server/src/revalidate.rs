//! Cheap revalidation of pages: every successful GET answer carries a strong `ETag` (a digest of its
//! body) and `Cache-Control: private, no-cache`, so a browser asks again each time (players must see
//! new results and deadlines at once) but gets an empty `304 Not Modified` when nothing changed. Pages
//! are per viewer, so no shared cache may keep them (`private`).

use axum::body::{Body, to_bytes};
use axum::extract::Request;
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// Answers larger than this are passed on without an `ETag` rather than held in memory.
const MAX_TAGGED_BODY: usize = 4 * 1024 * 1024;

pub async fn revalidate(request: Request, next: Next) -> Response {
    let is_read = matches!(*request.method(), Method::GET | Method::HEAD);
    let asked = request.headers().get(header::IF_NONE_MATCH).cloned();
    let response = next.run(request).await;
    // An event stream never ends, so it is never held to be tagged.
    let streams = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|kind| kind.as_bytes().starts_with(b"text/event-stream"));
    if !is_read || response.status() != StatusCode::OK || response.headers().contains_key(header::ETAG) || streams {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let Ok(bytes) = to_bytes(body, MAX_TAGGED_BODY).await else {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    let tag = entity_tag(&bytes);
    parts.headers.insert(header::ETAG, tag.clone());
    parts.headers.entry(header::CACHE_CONTROL).or_insert(HeaderValue::from_static("private, no-cache"));
    if asked.is_some_and(|asked| matches(&asked, &tag)) {
        parts.status = StatusCode::NOT_MODIFIED;
        parts.headers.remove(header::CONTENT_LENGTH);
        return Response::from_parts(parts, Body::empty());
    }
    Response::from_parts(parts, Body::from(bytes))
}

/// `"` + the body's 128-bit XXH3 in hex + `"`. A tag only has to change when the page does, for the
/// one viewer who asks again for the same address: a fast non-cryptographic hash does that, where a
/// SHA-256 of every 100 KB board page was a tenth of the server's time.
fn entity_tag(body: &[u8]) -> HeaderValue {
    let hash = xxhash_rust::xxh3::xxh3_128(body);
    HeaderValue::from_str(&format!("\"{hash:032x}\"")).expect("hex digits make a valid header value")
}

/// Whether `If-None-Match` (one tag, a list, or `*`) names this tag; weak tags compare weakly, as
/// RFC 9110 asks for `If-None-Match`.
fn matches(asked: &HeaderValue, tag: &HeaderValue) -> bool {
    let Ok(asked) = asked.to_str() else { return false };
    let tag = tag.to_str().unwrap_or_default();
    asked.split(',').map(str::trim).any(|candidate| candidate == "*" || candidate.trim_start_matches("W/") == tag)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn if_none_match_finds_the_tag_in_a_list_weakly_or_as_a_star() {
        let tag = entity_tag(b"<html>");
        let quoted = tag.to_str().unwrap().to_owned();
        for asked in [quoted.clone(), format!("\"x\", {quoted}"), format!("W/{quoted}"), "*".to_owned()] {
            assert!(matches(&HeaderValue::from_str(&asked).unwrap(), &tag), "{asked}");
        }
        assert!(!matches(&HeaderValue::from_static("\"other\""), &tag));
        assert_ne!(entity_tag(b"<html>"), entity_tag(b"<html> "), "one byte more is another tag");
    }
}
