//! A device's push ends with the session that turned it on. Subscribing stamps the subscription with a
//! random key kept in the session's data (not the session id: that is the cookie's secret, and it
//! changes at every login). Logging out deletes the subscriptions stamped with the session's key, and
//! ending an account's other sessions ("log out everywhere else", a password change or reset) deletes
//! every one of the account's subscriptions made elsewhere: no notice of an account is pushed to a
//! browser where it is no longer signed in, whoever uses that browser next.

use rand::RngExt;
use rand::distr::Alphanumeric;
use sqlx::PgConnection;
use tower_sessions::Session;

use super::queries;
use crate::error::AppError;
use crate::ids::AccountId;

const SESSION_PUSH_KEY: &str = "push_key";

/// As long as a session id: unguessable, though it grants nothing by itself.
const KEY_CHARS: usize = 32;

/// The session's push key, made the first time a device subscribes in it.
pub(crate) async fn session_key(session: &Session) -> Result<String, AppError> {
    if let Some(key) = session.get::<String>(SESSION_PUSH_KEY).await? {
        return Ok(key);
    }
    let key: String = rand::rng().sample_iter(&Alphanumeric).take(KEY_CHARS).map(char::from).collect();
    session.insert(SESSION_PUSH_KEY, &key).await?;
    Ok(key)
}

/// Ends push for every device subscribed in this session: called before the session ends (a logout), or
/// before another account logs in over it.
pub async fn end_with_session(conn: &mut PgConnection, session: &Session) -> Result<(), AppError> {
    if let Some(key) = session.remove::<String>(SESSION_PUSH_KEY).await? {
        queries::delete_session_devices(conn, &key).await?;
    }
    Ok(())
}

/// Ends push for the account's devices subscribed in any session but `staying` (the one that ends the
/// others, if it stays signed in).
pub async fn end_with_other_sessions(
    conn: &mut PgConnection,
    account_id: AccountId,
    staying: Option<&Session>,
) -> Result<(), AppError> {
    let key = match staying {
        Some(session) => session.get::<String>(SESSION_PUSH_KEY).await?,
        None => None,
    };
    queries::delete_devices_of_other_sessions(conn, account_id, key.as_deref()).await?;
    Ok(())
}
