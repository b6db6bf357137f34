//! The outbox's SQL: queueing mails, claiming and settling them, and what mails are made from.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use sqlx::types::Json;

use super::content::{MailContent, MailKind};
use crate::ids::{AccountId, GameId, SeatId};

/// Key of an `outbox_mail` row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, sqlx::Type)]
#[sqlx(transparent)]
pub struct MailId(pub i64);

impl std::fmt::Display for MailId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// Where a mail is in its life, as stored in `outbox_mail.status`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::Type)]
#[sqlx(type_name = "mail_status", rename_all = "snake_case")]
pub enum MailStatus {
    Pending,
    Sent,
    Abandoned,
}

/// The opt-in column (on `account`) that governs a kind of mail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptIn {
    NewPhase,
    Deadline,
    GameStartEnd,
    Press,
}

impl OptIn {
    /// The name of its column, which `seat_recipients` matches on.
    fn column(self) -> &'static str {
        match self {
            OptIn::NewPhase => "notify_new_phase",
            OptIn::Deadline => "notify_deadline",
            OptIn::GameStartEnd => "notify_game_start_end",
            OptIn::Press => "notify_press",
        }
    }
}

/// Queues a mail to go at `send_after`.
pub async fn insert_mail(
    conn: &mut PgConnection,
    account_id: AccountId,
    game_id: GameId,
    content: &MailContent,
    send_after: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<MailId, sqlx::Error> {
    sqlx::query_scalar!(
        r#"insert into outbox_mail (account_id, game_id, kind, content, send_after, created_at)
         values ($1, $2, $3, $4, $5, $6) returning mail_id as "mail_id: MailId""#,
        account_id as AccountId,
        game_id as GameId,
        content.kind() as MailKind,
        Json(content) as _,
        send_after as _,
        now as _
    )
    .fetch_one(conn)
    .await
}

/// Queues mails of one kind about one game, each to its account, to go at once: one statement
/// however many there are (none when the list is empty).
pub async fn insert_mails(
    conn: &mut PgConnection,
    game_id: GameId,
    mails: &[(AccountId, MailContent)],
    now: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    let Some((_, first)) = mails.first() else { return Ok(()) };
    debug_assert!(mails.iter().all(|(_, content)| content.kind() == first.kind()), "one kind per batch");
    let accounts: Vec<AccountId> = mails.iter().map(|(account, _)| *account).collect();
    let contents: Vec<Json<&MailContent>> = mails.iter().map(|(_, content)| Json(content)).collect();
    sqlx::query!(
        "insert into outbox_mail (account_id, game_id, kind, content, send_after, created_at)
         select account, $1, $2, content, $3, $3 from unnest($4::bigint[], $5::jsonb[]) as mail(account, content)",
        game_id as GameId,
        first.kind() as MailKind,
        now as _,
        accounts as _,
        contents as _
    )
    .execute(conn)
    .await
    .map(drop)
}

/// Queues a mail about the account itself (no game), to go at once.
pub async fn insert_account_mail(
    conn: &mut PgConnection,
    account_id: AccountId,
    content: &MailContent,
    now: DateTime<Utc>,
) -> Result<MailId, sqlx::Error> {
    sqlx::query_scalar!(
        r#"insert into outbox_mail (account_id, kind, content, send_after, created_at)
         values ($1, $2, $3, $4, $4) returning mail_id as "mail_id: MailId""#,
        account_id as AccountId,
        content.kind() as MailKind,
        Json(content) as _,
        now as _
    )
    .fetch_one(conn)
    .await
}

/// Takes the links out of the account's mails of this kind, sent or not, once their tokens are used
/// up: the outbox then holds no token that still works.
pub async fn forget_account_mail_links(
    conn: &mut PgConnection,
    account_id: AccountId,
    kind: MailKind,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update outbox_mail set content = jsonb_set(content, '{link_path}', 'null')
         where account_id = $1 and kind = $2",
        account_id as AccountId,
        kind as MailKind
    )
    .execute(conn)
    .await
    .map(drop)
}

/// Takes the links out of account mails whose tokens have expired (the hourly cleanup).
pub async fn forget_expired_mail_links(db: &sqlx::PgPool, now: DateTime<Utc>) -> Result<u64, sqlx::Error> {
    sqlx::query!(
        "update outbox_mail set content = jsonb_set(content, '{link_path}', 'null')
         where content->>'link_path' is not null
           and ((kind = 'password_reset' and created_at < $1::timestamptz - interval '1 hour')
             or (kind = 'email_confirmation' and created_at < $1::timestamptz - interval '7 days'))",
        now as _
    )
    .execute(db)
    .await
    .map(|done| done.rows_affected())
}

/// Queues a deadline reminder unless this account already has one for the game's phase; returns whether
/// it did. The unique index makes this safe with any number of workers.
/// Records the deadline warning of this account, game and phase; false when one was already recorded
/// (by this or another worker).
pub async fn insert_warning_once(
    conn: &mut PgConnection,
    account_id: AccountId,
    game_id: GameId,
    phase_index: i32,
) -> Result<bool, sqlx::Error> {
    sqlx::query!(
        "insert into nmr_warning (account_id, game_id, phase_index) values ($1, $2, $3) on conflict do nothing",
        account_id as AccountId,
        game_id as GameId,
        phase_index
    )
    .execute(conn)
    .await
    .map(|done| done.rows_affected() == 1)
}

pub async fn insert_reminder_once(
    conn: &mut PgConnection,
    account_id: AccountId,
    game_id: GameId,
    phase_index: i32,
    content: &MailContent,
    now: DateTime<Utc>,
) -> Result<bool, sqlx::Error> {
    sqlx::query!(
        "insert into outbox_mail (account_id, game_id, kind, phase_index, content, send_after, created_at)
         values ($1, $2, 'deadline_reminder', $3, $4, $5, $5)
         on conflict (account_id, game_id, phase_index) where kind = 'deadline_reminder' do nothing",
        account_id as AccountId,
        game_id as GameId,
        phase_index,
        Json(content) as _,
        now as _
    )
    .execute(conn)
    .await
    .map(|done| done.rows_affected() == 1)
}

/// The unsent press mail of this account about this conversation, locked until the transaction ends.
/// A mail being sent right now is locked by its drainer: this waits for it, then no longer finds it.
pub async fn pending_press_mail_for_update(
    conn: &mut PgConnection,
    account_id: AccountId,
    conversation_id: i64,
) -> Result<Option<(MailId, Json<MailContent>)>, sqlx::Error> {
    sqlx::query!(
        r#"select mail_id as "mail_id: MailId", content as "content: Json<MailContent>" from outbox_mail
         where account_id = $1 and conversation_id = $2 and kind = 'press' and status = 'pending'
         for update"#,
        account_id as AccountId,
        conversation_id
    )
    .map(|row| (row.mail_id, row.content))
    .fetch_optional(conn)
    .await
}

pub async fn replace_content(
    conn: &mut PgConnection,
    mail_id: MailId,
    content: &MailContent,
) -> Result<(), sqlx::Error> {
    sqlx::query!("update outbox_mail set content = $2 where mail_id = $1", mail_id as MailId, Json(content) as _)
        .execute(conn)
        .await
        .map(drop)
}

/// Queues a press mail, at the earliest `minutes` after the previous press mail about the same
/// conversation to the same account (or at `now`). Returns `false` when another transaction queued a
/// pending one meanwhile (the caller merges into that one instead).
pub async fn insert_press_mail(
    conn: &mut PgConnection,
    account_id: AccountId,
    game_id: GameId,
    conversation_id: i64,
    content: &MailContent,
    minutes: i32,
    now: DateTime<Utc>,
) -> Result<bool, sqlx::Error> {
    sqlx::query!(
        "insert into outbox_mail (account_id, game_id, kind, conversation_id, content, send_after, created_at)
         select $1, $2, 'press', $3, $4,
                greatest($6, max(coalesce(previous.sent_at, previous.send_after)) + make_interval(mins => $5)), $6
         from (select sent_at, send_after from outbox_mail
               where account_id = $1 and conversation_id = $3 and kind = 'press') previous
         on conflict (account_id, conversation_id) where kind = 'press' and status = 'pending' do nothing",
        account_id as AccountId,
        game_id as GameId,
        conversation_id,
        Json(content) as _,
        minutes,
        now as _
    )
    .execute(conn)
    .await
    .map(|done| done.rows_affected() == 1)
}

/// A seat whose holder wants this kind of mail and has an address to get it at.
#[derive(Debug, Clone)]
pub struct Recipient {
    pub seat_id: SeatId,
    pub account_id: AccountId,
}

/// The game's seat holders who opted in to `opt_in` and have an e-mail address.
pub async fn seat_recipients(
    conn: &mut PgConnection,
    game_id: GameId,
    opt_in: OptIn,
) -> Result<Vec<Recipient>, sqlx::Error> {
    sqlx::query_as!(
        Recipient,
        r#"select s.seat_id as "seat_id: SeatId", a.account_id as "account_id: AccountId"
         from seat s join account a on a.account_id = s.account_id
         where s.game_id = $1 and a.email is not null and a.email_confirmed
           and case $2::text
                when 'notify_new_phase' then a.notify_new_phase
                when 'notify_deadline' then a.notify_deadline
                when 'notify_game_start_end' then a.notify_game_start_end
                when 'notify_press' then a.notify_press
               end
         order by s.seat_id"#,
        game_id as GameId,
        opt_in.column()
    )
    .fetch_all(conn)
    .await
}

/// Of `accounts`, those who want press mail and have an address, with their press batching minutes.
pub async fn press_recipients(
    conn: &mut PgConnection,
    accounts: &[AccountId],
) -> Result<Vec<(AccountId, i32)>, sqlx::Error> {
    let ids: Vec<i64> = accounts.iter().map(|account| account.0).collect();
    sqlx::query!(
        r#"select account_id as "account_id: AccountId", press_mail_minutes from account
         where account_id = any($1) and email is not null and email_confirmed and notify_press
         order by account_id"#,
        &ids
    )
    .map(|row| (row.account_id, row.press_mail_minutes))
    .fetch_all(conn)
    .await
}

/// What mails say about a game as a whole.
#[derive(Debug, Clone)]
pub struct GameFacts {
    pub name: String,
    pub deadline_at: Option<DateTime<Utc>>,
    pub result_summary: Option<String>,
}

pub async fn game_facts(conn: &mut PgConnection, game_id: GameId) -> Result<GameFacts, sqlx::Error> {
    sqlx::query_as!(
        GameFacts,
        r#"select name, deadline_at as "deadline_at: DateTime<Utc>", result_summary from game where game_id = $1"#,
        game_id as GameId
    )
    .fetch_one(conn)
    .await
}

/// The label of the game's current (unprocessed) phase, if it has one.
pub async fn current_phase_label(conn: &mut PgConnection, game_id: GameId) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar!("select label from phase where game_id = $1 and processed_at is null", game_id as GameId)
        .fetch_optional(conn)
        .await
}

/// A processed phase's label and its public report (never a private one).
pub async fn processed_phase(
    conn: &mut PgConnection,
    game_id: GameId,
    phase_index: i32,
) -> Result<(String, Json<kinds::Report>), sqlx::Error> {
    sqlx::query!(
        r#"select label, public_report as "public_report!: Json<kinds::Report>" from phase
         where game_id = $1 and phase_index = $2 and public_report is not null"#,
        game_id as GameId,
        phase_index
    )
    .map(|row| (row.label, row.public_report))
    .fetch_one(conn)
    .await
}

/// The index of the game's last processed phase, if any was.
pub async fn last_processed_index(conn: &mut PgConnection, game_id: GameId) -> Result<Option<i32>, sqlx::Error> {
    sqlx::query_scalar!(
        "select max(phase_index) from phase where game_id = $1 and processed_at is not null",
        game_id as GameId
    )
    .fetch_one(conn)
    .await
}

/// A seat whose deadline reminder is due: its holder wants reminders, has an address, must order in
/// the current phase and has not saved orders or not marked them ready; the deadline is less than the
/// holder's `deadline_reminder_hours` away (or, in a phase shorter than that, half of it has passed, so
/// the reminder does not arrive together with the new-phase mail).
#[derive(Debug, Clone)]
pub struct DueReminder {
    pub account_id: AccountId,
    pub game_id: GameId,
    pub game_name: String,
    pub phase_index: i32,
    pub phase_label: String,
    pub deadline_at: DateTime<Utc>,
    pub orders_saved: bool,
    pub ready: bool,
    /// Whether the account chose reminder mail (and has a confirmed address): everyone else is told on
    /// `/notifications` only.
    pub mailed: bool,
}

pub async fn due_reminders(conn: &mut PgConnection, now: DateTime<Utc>) -> Result<Vec<DueReminder>, sqlx::Error> {
    sqlx::query_as!(
        DueReminder,
        r#"select a.account_id as "account_id: AccountId", g.game_id as "game_id: GameId", g.name as game_name,
                p.phase_index, p.label as phase_label, g.deadline_at as "deadline_at!: DateTime<Utc>",
                o.orders <> '' as "orders_saved!", o.ready,
                (a.email is not null and a.email_confirmed and a.notify_deadline) as "mailed!"
         from game g
         join phase p on p.game_id = g.game_id and p.processed_at is null
         join seat_order o on o.game_id = g.game_id and o.phase_index = p.phase_index
         join seat s on s.seat_id = o.seat_id
         join account a on a.account_id = s.account_id
         where g.status = 'running' and g.deadline_at > $1
           and o.must_order and (o.orders = '' or not o.ready)
           and greatest(g.deadline_at - make_interval(hours => a.deadline_reminder_hours),
                        p.started_at + (g.deadline_at - p.started_at) / 2) <= $1
           and not exists (select 1 from nmr_warning w
                           where w.account_id = a.account_id and w.game_id = g.game_id
                             and w.phase_index = p.phase_index)
         order by g.deadline_at, a.account_id"#,
        now as _
    )
    .fetch_all(conn)
    .await
}

/// A due mail, claimed (row-locked) by one drainer until its transaction ends.
#[derive(Debug, Clone)]
pub struct ClaimedMail {
    pub mail_id: MailId,
    pub content: Json<MailContent>,
    pub attempts: i32,
    pub created_at: DateTime<Utc>,
    pub email: Option<String>,
    pub email_confirmed: bool,
    pub time_zone: String,
}

/// Claims the oldest due pending mail that no other drainer holds.
pub async fn claim_due_mail(conn: &mut PgConnection, now: DateTime<Utc>) -> Result<Option<ClaimedMail>, sqlx::Error> {
    sqlx::query_as!(
        ClaimedMail,
        r#"select m.mail_id as "mail_id: MailId", m.content as "content: Json<MailContent>", m.attempts,
            m.created_at as "created_at: DateTime<Utc>", a.email, a.email_confirmed, a.time_zone
         from outbox_mail m join account a on a.account_id = m.account_id
         where m.status = 'pending' and m.send_after <= $1
         order by m.send_after, m.mail_id
         limit 1
         for update of m skip locked"#,
        now as _
    )
    .fetch_optional(conn)
    .await
}

pub async fn mark_sent(conn: &mut PgConnection, mail_id: MailId, now: DateTime<Utc>) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update outbox_mail set status = 'sent', sent_at = $2, attempts = attempts + 1, last_error = null
         where mail_id = $1",
        mail_id as MailId,
        now as _
    )
    .execute(conn)
    .await
    .map(drop)
}

/// Records a failed attempt: the mail waits until `retry_at`, or is abandoned when `retry_at` is `None`.
pub async fn record_failure(
    conn: &mut PgConnection,
    mail_id: MailId,
    error: &str,
    retry_at: Option<DateTime<Utc>>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update outbox_mail set attempts = attempts + 1, last_error = $2,
            send_after = coalesce($3, send_after),
            status = case when $3::timestamptz is null then 'abandoned'::mail_status else status end
         where mail_id = $1",
        mail_id as MailId,
        error,
        retry_at as _
    )
    .execute(conn)
    .await
    .map(drop)
}

/// One of a player's own mails, for their mailbox page.
#[derive(Debug, Clone)]
pub struct OwnMail {
    pub mail_id: MailId,
    pub kind: MailKind,
    pub content: Json<MailContent>,
    pub status: MailStatus,
    pub created_at: DateTime<Utc>,
}

/// The account's newest mails, at most `limit`. Only ever called with the signed-in account's own id.
pub async fn own_mails(
    conn: &mut PgConnection,
    account_id: AccountId,
    limit: i64,
) -> Result<Vec<OwnMail>, sqlx::Error> {
    sqlx::query_as!(
        OwnMail,
        r#"select mail_id as "mail_id: MailId", kind as "kind: MailKind", content as "content: Json<MailContent>",
            status as "status: MailStatus", created_at as "created_at: DateTime<Utc>"
         from outbox_mail where account_id = $1 order by mail_id desc limit $2"#,
        account_id as AccountId,
        limit
    )
    .fetch_all(conn)
    .await
}

/// Deletes sent and abandoned mails queued before `before`; pending ones stay whatever their age.
pub async fn delete_old_mails(db: &sqlx::PgPool, before: DateTime<Utc>) -> Result<u64, sqlx::Error> {
    sqlx::query!("delete from outbox_mail where status <> 'pending' and created_at < $1", before as _)
        .execute(db)
        .await
        .map(|done| done.rows_affected())
}
