//! The `push_subscription`, `notice_push_on` and `outbox_push` tables.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use sqlx::types::Json;

use super::PushPayload;
use crate::ids::AccountId;
use crate::notices::NoticeKind;

/// A device's subscription, as the browser's `PushSubscription` gives it.
#[derive(Debug, Clone, serde::Deserialize)]
pub struct Subscription {
    pub endpoint: String,
    pub p256dh: String,
    pub auth: String,
}

/// Queues the payload for every device of the account, if it wants this kind pushed.
pub async fn queue_for_devices(
    conn: &mut PgConnection,
    account_id: AccountId,
    kind: NoticeKind,
    payload: &PushPayload,
    now: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "insert into outbox_push (subscription_id, payload, send_after, created_at)
         select s.subscription_id, $3, $4, $4 from push_subscription s
         where s.account_id = $1
           and exists (select 1 from notice_push_on o where o.account_id = $1 and o.kind = $2)",
        account_id as AccountId,
        kind.as_str(),
        Json(payload) as _,
        now as _
    )
    .execute(conn)
    .await
    .map(drop)
}

/// The kinds the account wants pushed.
pub async fn kinds_on(conn: &mut PgConnection, account_id: AccountId) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!("select kind from notice_push_on where account_id = $1", account_id as AccountId)
        .fetch_all(conn)
        .await
}

/// Replaces the account's pushed kinds (the caller's transaction makes it one change).
pub async fn set_kinds_on(conn: &mut PgConnection, account_id: AccountId, kinds: &[&str]) -> Result<(), sqlx::Error> {
    let kinds: Vec<String> = kinds.iter().map(|kind| (*kind).to_owned()).collect();
    sqlx::query!("delete from notice_push_on where account_id = $1", account_id as AccountId)
        .execute(&mut *conn)
        .await?;
    sqlx::query!(
        "insert into notice_push_on (account_id, kind) select $1, unnest($2::text[])",
        account_id as AccountId,
        &kinds
    )
    .execute(conn)
    .await
    .map(drop)
}

/// Saves a device's subscription for the account, made in the session whose push key is `session_key`; a
/// device already subscribed (under any account or session) is moved to this one with its new keys.
pub async fn save_subscription(
    conn: &mut PgConnection,
    account_id: AccountId,
    subscription: &Subscription,
    session_key: &str,
    now: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "insert into push_subscription (account_id, endpoint, p256dh, auth, session_key, created_at)
         values ($1, $2, $3, $4, $5, $6)
         on conflict (endpoint) do update
           set account_id = excluded.account_id, p256dh = excluded.p256dh, auth = excluded.auth,
               session_key = excluded.session_key, created_at = excluded.created_at",
        account_id as AccountId,
        subscription.endpoint,
        subscription.p256dh,
        subscription.auth,
        session_key,
        now as _
    )
    .execute(conn)
    .await
    .map(drop)
}

/// Removes the account's subscription of this endpoint (someone else's is left alone).
pub async fn delete_subscription(
    conn: &mut PgConnection,
    account_id: AccountId,
    endpoint: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "delete from push_subscription where account_id = $1 and endpoint = $2",
        account_id as AccountId,
        endpoint
    )
    .execute(conn)
    .await
    .map(drop)
}

/// Removes the devices subscribed in the session with this push key, with their queued pushes.
pub async fn delete_session_devices(conn: &mut PgConnection, session_key: &str) -> Result<(), sqlx::Error> {
    sqlx::query!("delete from push_subscription where session_key = $1", session_key).execute(conn).await.map(drop)
}

/// Removes the account's devices subscribed in any session but the one with this push key (all of them
/// when `None`), with their queued pushes.
pub async fn delete_devices_of_other_sessions(
    conn: &mut PgConnection,
    account_id: AccountId,
    staying_key: Option<&str>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "delete from push_subscription where account_id = $1 and session_key is distinct from $2",
        account_id as AccountId,
        staying_key
    )
    .execute(conn)
    .await
    .map(drop)
}

pub async fn device_count(conn: &mut PgConnection, account_id: AccountId) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select count(*) as "count!" from push_subscription where account_id = $1"#,
        account_id as AccountId
    )
    .fetch_one(conn)
    .await
}

/// A due push, claimed (row-locked) by one drainer until its transaction ends.
#[derive(Debug, Clone)]
pub struct ClaimedPush {
    pub push_id: i64,
    pub subscription_id: i64,
    pub payload: Json<PushPayload>,
    pub attempts: i32,
    pub endpoint: String,
    pub p256dh: String,
    pub auth: String,
}

/// Claims the oldest due push no other drainer holds.
pub async fn claim_due_push(conn: &mut PgConnection, now: DateTime<Utc>) -> Result<Option<ClaimedPush>, sqlx::Error> {
    sqlx::query_as!(
        ClaimedPush,
        r#"select p.push_id, p.subscription_id, p.payload as "payload: Json<PushPayload>", p.attempts,
                  s.endpoint, s.p256dh, s.auth
           from outbox_push p join push_subscription s using (subscription_id)
           where p.send_after <= $1
           order by p.send_after, p.push_id
           limit 1
           for update of p skip locked"#,
        now as _
    )
    .fetch_optional(conn)
    .await
}

/// A push sent or given up.
pub async fn delete_push(conn: &mut PgConnection, push_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("delete from outbox_push where push_id = $1", push_id).execute(conn).await.map(drop)
}

pub async fn retry_push_at(conn: &mut PgConnection, push_id: i64, at: DateTime<Utc>) -> Result<(), sqlx::Error> {
    sqlx::query!("update outbox_push set attempts = attempts + 1, send_after = $2 where push_id = $1", push_id, at as _)
        .execute(conn)
        .await
        .map(drop)
}

/// A device the push service no longer knows: its subscription goes, with its queued pushes.
pub async fn forget_device(conn: &mut PgConnection, subscription_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("delete from push_subscription where subscription_id = $1", subscription_id)
        .execute(conn)
        .await
        .map(drop)
}
