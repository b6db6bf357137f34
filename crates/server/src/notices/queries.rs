//! The `notice` and `notice_mail_off` tables.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use super::{Notice, NoticeKind};
use crate::games::model::StoredKind;
use crate::ids::{AccountId, GameId};

pub async fn insert_notice(
    conn: &mut PgConnection,
    recipient: AccountId,
    notice: &Notice<'_>,
    now: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "insert into notice (account_id, game_id, kind, detail, link_path, created_at) values ($1, $2, $3, $4, $5, $6)",
        recipient as AccountId,
        notice.game_id as GameId,
        notice.kind.as_str(),
        notice.detail,
        notice.link_path,
        now as _
    )
    .execute(conn)
    .await
    .map(drop)
}

/// Whether the account gets mail (a confirmed address) and has not turned off this kind's.
pub async fn wants_mail(conn: &mut PgConnection, account_id: AccountId, kind: NoticeKind) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists (
             select 1 from account a where a.account_id = $1 and a.email is not null and a.email_confirmed
               and not exists (select 1 from notice_mail_off o where o.account_id = a.account_id and o.kind = $2)
           ) as "wants!""#,
        account_id as AccountId,
        kind.as_str()
    )
    .fetch_one(conn)
    .await
}

pub async fn game_name(conn: &mut PgConnection, game_id: GameId) -> Result<String, sqlx::Error> {
    sqlx::query_scalar!("select name from game where game_id = $1", game_id as GameId).fetch_one(conn).await
}

pub async fn gm_of(conn: &mut PgConnection, game_id: GameId) -> Result<AccountId, sqlx::Error> {
    sqlx::query_scalar!(r#"select gm_account_id as "gm: AccountId" from game where game_id = $1"#, game_id as GameId)
        .fetch_one(conn)
        .await
}

/// The accounts holding a seat in the game (bots hold none), and its GM when `with_gm`, each once.
pub async fn table_accounts(
    conn: &mut PgConnection,
    game_id: GameId,
    with_gm: bool,
) -> Result<Vec<AccountId>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select account_id as "account_id!: AccountId" from seat where game_id = $1 and account_id is not null
           union
           select gm_account_id from game where game_id = $1 and $2
           order by 1"#,
        game_id as GameId,
        with_gm
    )
    .fetch_all(conn)
    .await
}

/// A notice as its recipient's page lists it.
#[derive(Debug, Clone)]
pub struct ListedNotice {
    pub notice_id: i64,
    pub game_id: GameId,
    pub game_name: String,
    pub kind: String,
    pub detail: String,
    pub created_at: DateTime<Utc>,
    pub read: bool,
}

/// The account's latest notices, unread first, newest first within each.
pub async fn own_notices(
    conn: &mut PgConnection,
    account_id: AccountId,
    limit: i64,
) -> Result<Vec<ListedNotice>, sqlx::Error> {
    sqlx::query_as!(
        ListedNotice,
        r#"select n.notice_id, n.game_id as "game_id: GameId", g.name as game_name, n.kind, n.detail,
              n.created_at as "created_at: DateTime<Utc>", n.read_at is not null as "read!"
           from notice n join game g on g.game_id = n.game_id
           where n.account_id = $1
           order by n.read_at is not null, n.notice_id desc
           limit $2"#,
        account_id as AccountId,
        limit
    )
    .fetch_all(conn)
    .await
}

/// Marks the account's notice read and answers where it links; `None` when it is not theirs.
pub async fn mark_read(
    conn: &mut PgConnection,
    account_id: AccountId,
    notice_id: i64,
    now: DateTime<Utc>,
) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar!(
        "update notice set read_at = coalesce(read_at, $3) where notice_id = $1 and account_id = $2 returning link_path",
        notice_id,
        account_id as AccountId,
        now as _
    )
    .fetch_optional(conn)
    .await
}

pub async fn mark_all_read(
    conn: &mut PgConnection,
    account_id: AccountId,
    now: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update notice set read_at = $2 where account_id = $1 and read_at is null",
        account_id as AccountId,
        now as _
    )
    .execute(conn)
    .await
    .map(drop)
}

/// The kinds whose mail the account turned off.
pub async fn mail_off(conn: &mut PgConnection, account_id: AccountId) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!("select kind from notice_mail_off where account_id = $1 order by kind", account_id as AccountId)
        .fetch_all(conn)
        .await
}

/// Replaces the kinds whose mail the account turned off.
pub async fn set_mail_off(conn: &mut PgConnection, account_id: AccountId, kinds: &[&str]) -> Result<(), sqlx::Error> {
    sqlx::query!("delete from notice_mail_off where account_id = $1", account_id as AccountId)
        .execute(&mut *conn)
        .await?;
    sqlx::query!(
        "insert into notice_mail_off (account_id, kind) select $1, kind from unnest($2::text[]) as off(kind)",
        account_id as AccountId,
        kinds as _
    )
    .execute(conn)
    .await
    .map(drop)
}

/// Who holds each numbered seat of the game, by its number in the kind's state (bots hold none).
pub async fn holders_by_game_seat(
    conn: &mut PgConnection,
    game_id: GameId,
) -> Result<Vec<(i16, AccountId)>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"select game_seat as "game_seat!", account_id as "account_id!: AccountId" from seat
           where game_id = $1 and game_seat is not null and account_id is not null"#,
        game_id as GameId
    )
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|row| (row.game_seat, row.account_id)).collect())
}

pub async fn game_kind(conn: &mut PgConnection, game_id: GameId) -> Result<kinds::Kind, sqlx::Error> {
    sqlx::query_scalar!(r#"select kind as "kind: StoredKind" from game where game_id = $1"#, game_id as GameId)
        .fetch_one(conn)
        .await
        .map(Into::into)
}

/// The account's username; `None` when no account has the id (a rule may name a person by any number).
pub async fn username(conn: &mut PgConnection, account_id: AccountId) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar!("select username from account where account_id = $1", account_id as AccountId)
        .fetch_optional(conn)
        .await
}
