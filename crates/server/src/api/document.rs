//! What every operation of the OpenAPI document shares, added once after generation rather than
//! repeated on each handler (where one would be forgotten): the problem answers each can give, as
//! `application/problem+json`; the rate-limit headers on every answer; and the optional token on reads,
//! so a generated client sends its token there too.

use utoipa::openapi::header::HeaderBuilder;
use utoipa::openapi::path::Operation;
use utoipa::openapi::security::SecurityRequirement;
use utoipa::openapi::{ContentBuilder, OpenApi, Ref, RefOr, Response, ResponseBuilder, Type};

/// The problems an operation may answer, by what it takes.
fn problem_statuses(path: &str, operation: &Operation) -> Vec<u16> {
    let mut statuses = vec![400, 401, 429, 503];
    let with_path = path.contains('{');
    let with_token = operation.security.as_ref().is_some_and(|security| !security.is_empty());
    if with_path {
        statuses.push(404);
    }
    if with_path && with_token {
        statuses.extend([403, 409]);
    }
    if operation.request_body.is_some() {
        statuses.extend([413, 415, 422]);
    }
    statuses.sort_unstable();
    statuses
}

fn problem_description(status: u16) -> &'static str {
    match status {
        400 => "The query, path or `Authorization` header could not be read, or a value is refused.",
        401 => "No token where one is needed, or a token that is unknown, expired or revoked (on reads too).",
        403 => "The caller may not do this here (no seat in the game, or not its GM).",
        404 => "Nothing here, or nothing the caller may see (a private game without its invite).",
        409 => "Not in the game's present state (started, full, phase already processed, paused...).",
        413 => "The body is too large.",
        415 => "A body that is not `Content-Type: application/json`.",
        422 => "JSON of the wrong shape, or an invalid setting (each named in `detail`).",
        429 => "Over the requests per minute; `Retry-After` says when to try again.",
        503 => "The database is away for a moment; nothing was changed. Try again shortly.",
        _ => "A problem.",
    }
}

fn problem_response(status: u16) -> Response {
    let content = ContentBuilder::new().schema(Some(Ref::from_schema_name("Problem"))).build();
    ResponseBuilder::new().description(problem_description(status)).content("application/problem+json", content).build()
}

fn integer_header(description: &str) -> utoipa::openapi::header::Header {
    HeaderBuilder::new()
        .schema(utoipa::openapi::ObjectBuilder::new().schema_type(Type::Integer))
        .description(Some(description))
        .build()
}

fn text_header(description: &str) -> utoipa::openapi::header::Header {
    HeaderBuilder::new()
        .schema(utoipa::openapi::ObjectBuilder::new().schema_type(Type::String))
        .description(Some(description))
        .build()
}

/// The headers of an answer with this status.
fn add_headers(status: u16, response: &mut Response) {
    response.headers.insert(
        "RateLimit".to_owned(),
        text_header("The caller's allowance now (IETF draft): `\"per-minute\";r=<remaining>;t=<seconds to reset>`."),
    );
    response.headers.insert(
        "RateLimit-Policy".to_owned(),
        text_header("The allowance (IETF draft): `\"per-minute\";q=<requests>;w=60`."),
    );
    match status {
        429 => {
            response.headers.insert("Retry-After".to_owned(), integer_header("Seconds until the window ends."));
        }
        401 => {
            response.headers.insert("WWW-Authenticate".to_owned(), text_header("`Bearer`."));
        }
        _ => {}
    }
}

fn complete_operation(path: &str, operation: &mut Operation) {
    for status in problem_statuses(path, operation) {
        operation.responses.responses.insert(status.to_string(), RefOr::T(problem_response(status)));
    }
    for (status, response) in &mut operation.responses.responses {
        let status: u16 = status.parse().unwrap_or(0);
        if let RefOr::T(response) = response {
            if status >= 400 {
                *response = problem_response(status);
            }
            add_headers(status, response);
        }
    }
    // A read without a token answers what a visitor sees; with one, what its account sees.
    if operation.security.as_ref().is_none_or(Vec::is_empty) {
        let token = SecurityRequirement::new("token", Vec::<String>::new());
        operation.security = Some(vec![SecurityRequirement::default(), token]);
    }
}

/// Completes every operation of the generated document and registers the shared schemas.
pub fn complete(openapi: &mut OpenApi) {
    for (path, item) in &mut openapi.paths.paths {
        let operations = [&mut item.get, &mut item.post, &mut item.put, &mut item.delete, &mut item.patch];
        for operation in operations.into_iter().flatten() {
            complete_operation(path, operation);
        }
    }
    let components = openapi.components.get_or_insert_with(Default::default);
    super::schema::register(components);
}
