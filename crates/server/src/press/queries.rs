//! SQL for conversations, messages and what each reader has read. Every query that returns a
//! conversation or its messages to a reader filters by what that reader may read, in SQL, so text a
//! reader may not see never leaves the database for their request.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use super::access::{Members, Reader, Sender, Tenure};
use super::rules::PressSettings;
use crate::games::model::PressRule;
use crate::ids::{AccountId, ConversationId, GameId, MessageId, SeatId};
use kinds::Kind;

/// A conversation's identity.
#[derive(Debug, Clone)]
pub struct ConversationRow {
    pub conversation_id: ConversationId,
    pub is_public: bool,
    /// Ascending; empty for public press.
    pub member_seat_ids: Vec<SeatId>,
    pub with_game_master: bool,
}

// What the reader may read is the same SQL over `c` (a conversation) in both queries below, with the
// parameters $3 (all press published), $4 (the reader's seat, null for none) and $5 (the reader is the GM):
//     (c.is_public or (select $3) or (select $4) = any(c.member_seat_ids) or ((select $5) and c.with_game_master))
// The parameters sit in sub-selects so that PostgreSQL cannot fold them into constants: folded, they made
// each execution cheaper on paper than the shared plan, so every game page planned the query anew (0.23 ms
// of the database's time, more than the query itself). `Reader::can_read` says the same in Rust; the
// tests check both.

/// A conversation in a list, with its reader's unread count and mute.
#[derive(Debug)]
pub struct ConversationLine {
    pub conversation: ConversationRow,
    pub last_sent_at: Option<DateTime<Utc>>,
    pub messages: i64,
    /// Messages from others after the last one the reader has seen.
    pub unread: i64,
    pub muted: bool,
}

/// The game's conversations the reader may read: public press first, then the most recent.
pub async fn readable_conversations(
    conn: &mut PgConnection,
    game_id: GameId,
    reader: &Reader,
) -> Result<Vec<ConversationLine>, sqlx::Error> {
    sqlx::query!(
        r#"select c.conversation_id as "conversation_id: ConversationId", c.is_public,
            c.member_seat_ids as "member_seat_ids: Vec<SeatId>", c.with_game_master,
            max(m.sent_at) as "last_sent_at: DateTime<Utc>", count(m.press_message_id) as "messages!",
            count(m.press_message_id) filter (where m.press_message_id > coalesce(r.last_read_message_id, 0)
                and m.sender_account_id is distinct from $2) as "unread!",
            coalesce(r.muted, false) as "muted!"
         from conversation c
         left join press_message m on m.conversation_id = c.conversation_id
            and (c.is_public or (select $3::boolean)
                or (m.phase_index >= (select $6::integer) and m.sent_at >= (select $7::timestamptz)))
         left join press_reader r on r.conversation_id = c.conversation_id and r.account_id = (select $2::bigint)
         where c.game_id = $1
            and (c.is_public or (select $3::boolean) or (select $4::bigint) = any(c.member_seat_ids)
                or ((select $5::boolean) and c.with_game_master))
         group by c.conversation_id, r.last_read_message_id, r.muted
         order by c.is_public desc, max(m.sent_at) desc nulls last, c.conversation_id"#,
        game_id as GameId,
        reader.account_id as _,
        reader.everything_published,
        reader.seat as _,
        reader.is_gm,
        reader.tenure_from.phase_index,
        reader.tenure_from.since as _
    )
    .map(|row| ConversationLine {
        conversation: ConversationRow {
            conversation_id: row.conversation_id,
            is_public: row.is_public,
            member_seat_ids: row.member_seat_ids,
            with_game_master: row.with_game_master,
        },
        last_sent_at: row.last_sent_at,
        messages: row.messages,
        unread: row.unread,
        muted: row.muted,
    })
    .fetch_all(conn)
    .await
}

/// One conversation of the game, if the reader may read it: an unknown id and a conversation the
/// reader may not read are the same `None`.
pub async fn readable_conversation(
    conn: &mut PgConnection,
    game_id: GameId,
    conversation_id: ConversationId,
    reader: &Reader,
) -> Result<Option<ConversationRow>, sqlx::Error> {
    sqlx::query_as!(
        ConversationRow,
        r#"select c.conversation_id as "conversation_id: ConversationId", c.is_public,
            c.member_seat_ids as "member_seat_ids: Vec<SeatId>", c.with_game_master
         from conversation c
         where c.game_id = $1 and c.conversation_id = $2
            and (c.is_public or (select $3::boolean) or (select $4::bigint) = any(c.member_seat_ids)
                or ((select $5::boolean) and c.with_game_master))"#,
        game_id as GameId,
        conversation_id as ConversationId,
        reader.everything_published,
        reader.seat as _,
        reader.is_gm
    )
    .fetch_optional(conn)
    .await
}

/// The conversation with exactly these members, created if it does not exist yet. Two senders creating
/// the same conversation at once get the same one (the unique key decides).
pub async fn conversation_of(
    conn: &mut PgConnection,
    game_id: GameId,
    members: &Members,
) -> Result<ConversationId, sqlx::Error> {
    let (is_public, seats, game_master) = match members {
        Members::Public => (true, Vec::new(), false),
        Members::Private { seats, game_master } => (false, seats.iter().copied().collect(), *game_master),
    };
    sqlx::query!(
        "insert into conversation (game_id, is_public, member_seat_ids, with_game_master) values ($1, $2, $3, $4)
         on conflict (game_id, is_public, member_seat_ids, with_game_master) do nothing",
        game_id as GameId,
        is_public,
        &seats as _,
        game_master
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query_scalar!(
        r#"select conversation_id as "conversation_id: ConversationId" from conversation
         where game_id = $1 and is_public = $2 and member_seat_ids = $3 and with_game_master = $4"#,
        game_id as GameId,
        is_public,
        &seats as _,
        game_master
    )
    .fetch_one(conn)
    .await
}

/// A message as a page may show it. `sender_name` is filled only where names may be shown (not in
/// anonymous games, never for grey press); the query decides, so a hidden name never reaches a page.
#[derive(Debug)]
pub struct MessageRow {
    pub press_message_id: MessageId,
    pub phase_label: String,
    /// The sending seat; `None` for the GM, and for grey press (whose sender no page shows).
    pub sender_seat_id: Option<SeatId>,
    pub from_game_master: bool,
    pub sender_name: Option<String>,
    pub grey: bool,
    pub body: String,
    pub sent_at: DateTime<Utc>,
}

/// The messages with these ids, oldest first, as a page may show them (names only if `show_names`).
/// The functions below choose the ids; this is the one place that decides what of a message is shown.
async fn messages_with_ids(
    conn: &mut PgConnection,
    show_names: bool,
    ids: &[MessageId],
) -> Result<Vec<MessageRow>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    sqlx::query_as!(
        MessageRow,
        r#"select m.press_message_id as "press_message_id: MessageId", p.label as phase_label,
            case when m.grey then null else m.sender_seat_id end as "sender_seat_id: SeatId",
            m.sender_seat_id is null as "from_game_master!",
            case when m.grey or not $1 then null else a.display_name end as sender_name,
            m.grey, m.body, m.sent_at as "sent_at: DateTime<Utc>"
         from press_message m
         join phase p on p.game_id = m.game_id and p.phase_index = m.phase_index
         join account a on a.account_id = m.sender_account_id
         where m.press_message_id = any($2)
         order by m.press_message_id"#,
        show_names,
        ids as _
    )
    .fetch_all(conn)
    .await
}

/// Up to `limit` messages of a conversation sent from `from` on (the reader's tenure, see
/// `Reader::readable_from`), before `before` (or the newest), oldest first, and whether older
/// ones exist.
pub async fn page_of_messages(
    conn: &mut PgConnection,
    conversation_id: ConversationId,
    show_names: bool,
    from: Tenure,
    before: Option<MessageId>,
    limit: i64,
) -> Result<(Vec<MessageRow>, bool), sqlx::Error> {
    let mut ids = sqlx::query_scalar!(
        r#"select press_message_id as "press_message_id: MessageId" from press_message
         where conversation_id = $1 and ($2::bigint is null or press_message_id < $2)
            and phase_index >= $4 and sent_at >= $5
         order by press_message_id desc limit $3"#,
        conversation_id as ConversationId,
        before as _,
        limit + 1,
        from.phase_index,
        from.since as _
    )
    .fetch_all(&mut *conn)
    .await?;
    let has_older = ids.len() > usize::try_from(limit).unwrap_or(0);
    ids.truncate(usize::try_from(limit).unwrap_or(0));
    Ok((messages_with_ids(conn, show_names, &ids).await?, has_older))
}

/// Messages of a conversation sent from `from` on (the reader's tenure), after `after`, oldest first (the feed).
pub async fn messages_after(
    conn: &mut PgConnection,
    conversation_id: ConversationId,
    show_names: bool,
    from: Tenure,
    after: MessageId,
    limit: i64,
) -> Result<Vec<MessageRow>, sqlx::Error> {
    let ids = sqlx::query_scalar!(
        r#"select press_message_id as "press_message_id: MessageId" from press_message
         where conversation_id = $1 and press_message_id > $2 and phase_index >= $4 and sent_at >= $5
         order by press_message_id limit $3"#,
        conversation_id as ConversationId,
        after as MessageId,
        limit,
        from.phase_index,
        from.since as _
    )
    .fetch_all(&mut *conn)
    .await?;
    messages_with_ids(conn, show_names, &ids).await
}

/// Public press sent during one phase, oldest first (shown with the phase's results).
pub async fn public_messages_of_phase(
    conn: &mut PgConnection,
    game_id: GameId,
    show_names: bool,
    phase_index: i32,
) -> Result<Vec<MessageRow>, sqlx::Error> {
    let ids = sqlx::query_scalar!(
        r#"select m.press_message_id as "press_message_id: MessageId"
         from press_message m join conversation c on c.conversation_id = m.conversation_id
         where c.game_id = $1 and c.is_public and m.phase_index = $2"#,
        game_id as GameId,
        phase_index
    )
    .fetch_all(&mut *conn)
    .await?;
    messages_with_ids(conn, show_names, &ids).await
}

/// The latest public press of the game, oldest first (shown on the game page).
pub async fn latest_public_messages(
    conn: &mut PgConnection,
    game_id: GameId,
    show_names: bool,
    limit: i64,
) -> Result<Vec<MessageRow>, sqlx::Error> {
    let ids = sqlx::query_scalar!(
        r#"select m.press_message_id as "press_message_id: MessageId"
         from press_message m join conversation c on c.conversation_id = m.conversation_id
         where c.game_id = $1 and c.is_public
         order by m.press_message_id desc limit $2"#,
        game_id as GameId,
        limit
    )
    .fetch_all(&mut *conn)
    .await?;
    messages_with_ids(conn, show_names, &ids).await
}

pub struct NewMessage<'a> {
    pub conversation_id: ConversationId,
    pub game_id: GameId,
    pub phase_index: i32,
    pub sender: Sender,
    pub sender_account_id: AccountId,
    pub grey: bool,
    pub body: &'a str,
    pub sent_at: DateTime<Utc>,
}

pub async fn insert_message(conn: &mut PgConnection, message: &NewMessage<'_>) -> Result<MessageId, sqlx::Error> {
    sqlx::query_scalar!(
        r#"insert into press_message
            (conversation_id, game_id, phase_index, sender_seat_id, sender_account_id, grey, body, sent_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning press_message_id as "press_message_id: MessageId""#,
        message.conversation_id as ConversationId,
        message.game_id as GameId,
        message.phase_index,
        message.sender.seat() as _,
        message.sender_account_id as AccountId,
        message.grey,
        message.body,
        message.sent_at as _
    )
    .fetch_one(conn)
    .await
}

/// The game's latest phase (the open one, or the last once the game is over): its state, to ask the
/// kind where a holder's tenure starts.
pub async fn latest_state(conn: &mut PgConnection, game_id: GameId) -> Result<Option<serde_json::Value>, sqlx::Error> {
    sqlx::query_scalar!(
        "select state from phase where game_id = $1 order by phase_index desc limit 1",
        game_id as GameId
    )
    .fetch_optional(conn)
    .await
}

/// When the seat's holder took it (the site's record; a new holder of the same seat resets it).
pub async fn seat_taken_at(conn: &mut PgConnection, seat_id: SeatId) -> Result<Option<DateTime<Utc>>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select joined_at as "joined_at: DateTime<Utc>" from seat where seat_id = $1"#,
        seat_id as SeatId
    )
    .fetch_optional(conn)
    .await
}

/// The index of the game's phase with this code.
pub async fn phase_index_of(conn: &mut PgConnection, game_id: GameId, code: &str) -> Result<Option<i32>, sqlx::Error> {
    sqlx::query_scalar!("select phase_index from phase where game_id = $1 and code = $2", game_id as GameId, code)
        .fetch_optional(conn)
        .await
}

/// How many messages the sender (a seat, or the game's GM) sent in the game since `since`. Holds a
/// transaction-scoped advisory lock on the sender until commit, so two sends racing on two replicas
/// count one after the other and the limit holds exactly.
pub async fn lock_and_count_recent(
    conn: &mut PgConnection,
    game_id: GameId,
    sender: Sender,
    since: DateTime<Utc>,
) -> Result<i64, sqlx::Error> {
    let key = match sender {
        Sender::GameMaster => format!("press-rate:{game_id}:gm"),
        Sender::Seat(seat) => format!("press-rate:{game_id}:{seat}"),
    };
    sqlx::query!("select pg_advisory_xact_lock(hashtextextended($1, 0))", key).execute(&mut *conn).await?;
    let count = match sender {
        Sender::GameMaster => sqlx::query_scalar!(
            r#"select count(*) as "count!" from press_message where game_id = $1 and sender_seat_id is null and sent_at > $2"#,
            game_id as GameId,
            since as _
        ),
        Sender::Seat(seat) => sqlx::query_scalar!(
            r#"select count(*) as "count!" from press_message where game_id = $1 and sender_seat_id = $3 and sent_at > $2"#,
            game_id as GameId,
            since as _,
            seat as SeatId
        ),
    };
    count.fetch_one(conn).await
}

/// Remembers that the reader has seen the conversation up to `up_to` (never moving backwards).
pub async fn mark_read(
    conn: &mut PgConnection,
    conversation_id: ConversationId,
    account_id: AccountId,
    up_to: MessageId,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "insert into press_reader (conversation_id, account_id, last_read_message_id) values ($1, $2, $3)
         on conflict (conversation_id, account_id) do update
         set last_read_message_id = greatest(press_reader.last_read_message_id, excluded.last_read_message_id)",
        conversation_id as ConversationId,
        account_id as AccountId,
        up_to as MessageId
    )
    .execute(conn)
    .await
    .map(drop)
}

pub async fn set_muted(
    conn: &mut PgConnection,
    conversation_id: ConversationId,
    account_id: AccountId,
    muted: bool,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "insert into press_reader (conversation_id, account_id, muted) values ($1, $2, $3)
         on conflict (conversation_id, account_id) do update set muted = excluded.muted",
        conversation_id as ConversationId,
        account_id as AccountId,
        muted
    )
    .execute(conn)
    .await
    .map(drop)
}

/// Unread messages per conversation for the account, in the running games where it holds a seat or
/// that it runs as GM (its own conversations from its own tenure, those with the GM for the GM, and
/// public press), muted conversations left out.
#[derive(Debug)]
pub struct UnreadLine {
    pub game_id: GameId,
    pub conversation: ConversationRow,
    pub unread: i64,
}

/// The kinds whose engine moves people between seats: there a holder reads (and counts as unread)
/// only his own tenure's private press (CAB.1), which starts when he took the seat.
fn kinds_with_tenures() -> Vec<String> {
    Kind::ALL
        .iter()
        .filter(|kind| kind.facts().seats.engine_seats_people())
        .map(|kind| kind.slug().to_owned())
        .collect()
}

pub async fn unread_in_my_games(
    conn: &mut PgConnection,
    account_id: AccountId,
) -> Result<Vec<UnreadLine>, sqlx::Error> {
    sqlx::query!(
        r#"select c.game_id as "game_id: GameId", c.conversation_id as "conversation_id: ConversationId",
            c.is_public, c.member_seat_ids as "member_seat_ids: Vec<SeatId>", c.with_game_master,
            count(*) as "unread!"
         from game g
         join conversation c on c.game_id = g.game_id
         left join press_reader r on r.conversation_id = c.conversation_id and r.account_id = $1
         join press_message m on m.conversation_id = c.conversation_id
            and m.press_message_id > coalesce(r.last_read_message_id, 0) and m.sender_account_id <> $1
         where g.status in ('running', 'paused') and not coalesce(r.muted, false)
            and (g.gm_account_id = $1 or exists (select 1 from seat s where s.game_id = g.game_id and s.account_id = $1))
            and (c.is_public
                or (c.with_game_master and g.gm_account_id = $1)
                or exists (select 1 from seat s
                    where s.game_id = g.game_id and s.account_id = $1 and s.seat_id = any(c.member_seat_ids)
                        and (g.kind <> all($2) or m.sent_at >= s.joined_at)))
         group by c.game_id, c.conversation_id
         order by c.game_id, c.is_public desc, c.conversation_id"#,
        account_id as AccountId,
        &kinds_with_tenures() as _
    )
    .map(|row| UnreadLine {
        game_id: row.game_id,
        conversation: ConversationRow {
            conversation_id: row.conversation_id,
            is_public: row.is_public,
            member_seat_ids: row.member_seat_ids,
            with_game_master: row.with_game_master,
        },
        unread: row.unread,
    })
    .fetch_all(conn)
    .await
}

pub async fn muted(
    conn: &mut PgConnection,
    conversation_id: ConversationId,
    account_id: AccountId,
) -> Result<bool, sqlx::Error> {
    let muted: Option<bool> = sqlx::query_scalar!(
        "select muted from press_reader where conversation_id = $1 and account_id = $2",
        conversation_id as ConversationId,
        account_id as AccountId
    )
    .fetch_optional(conn)
    .await?;
    Ok(muted.unwrap_or(false))
}

pub async fn update_settings(
    conn: &mut PgConnection,
    game_id: GameId,
    settings: PressSettings,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update game set press = $2, grey_press = $3, press_published_after_end = $4 where game_id = $1",
        game_id as GameId,
        settings.rule as PressRule,
        settings.grey,
        settings.published_after_end
    )
    .execute(conn)
    .await
    .map(drop)
}

/// The accounts to mail about a new message in a private conversation: its seats' holders and, if a
/// member, the game's GM; not the sender, not those who muted it.
pub async fn mail_recipients(
    conn: &mut PgConnection,
    conversation_id: ConversationId,
    sender: AccountId,
) -> Result<Vec<AccountId>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select distinct member.account_id as "account_id!: AccountId" from (
            select s.account_id from conversation c join seat s on s.seat_id = any(c.member_seat_ids)
            where c.conversation_id = $1 and s.account_id is not null
            union
            select g.gm_account_id from conversation c join game g on g.game_id = c.game_id
            where c.conversation_id = $1 and c.with_game_master
         ) member
         where member.account_id <> $2
            and not exists (select 1 from press_reader r
                where r.conversation_id = $1 and r.account_id = member.account_id and r.muted)
         order by member.account_id"#,
        conversation_id as ConversationId,
        sender as AccountId
    )
    .fetch_all(conn)
    .await
}

/// Takes a share lock on the game row until the transaction ends. The turn worker (and every change to
/// the game) locks the row for update, so while this is held the game's phase, status and settings do
/// not change; it waits for a phase being processed to commit. Answers whether the game exists.
pub async fn lock_game_for_share(conn: &mut PgConnection, game_id: GameId) -> Result<bool, sqlx::Error> {
    sqlx::query!("select 1 as locked from game where game_id = $1 for share", game_id as GameId)
        .fetch_optional(conn)
        .await
        .map(|row| row.is_some())
}

/// Deletes a queued press mail (`outbox_mail.mail_id`) that is no longer wanted at the moment it is
/// to be sent, and says whether it did. A press mail is wanted while its recipient wants press mail, has
/// not muted the conversation and still is one of its members (holds one of its seats, or runs the
/// game and the GM is a member): any of these may have changed since the mail was queued. The outbox
/// only groups by the conversation's id (no foreign key): a mail about an id that names no conversation
/// is left to notify. Other kinds of mail are left alone.
pub async fn cancel_unwanted_press_mail(conn: &mut PgConnection, mail_id: i64) -> Result<bool, sqlx::Error> {
    sqlx::query!(
        "delete from outbox_mail o
         where o.mail_id = $1 and o.kind = 'press'
            and exists (select 1 from conversation c where c.conversation_id = o.conversation_id)
            and not exists (
            select 1 from account a
            join conversation c on c.conversation_id = o.conversation_id and not c.is_public
            join game g on g.game_id = c.game_id
            where a.account_id = o.account_id and a.notify_press
                and not exists (select 1 from press_reader r
                    where r.conversation_id = c.conversation_id and r.account_id = o.account_id and r.muted)
                and (exists (select 1 from seat s
                        where s.seat_id = any(c.member_seat_ids) and s.account_id = o.account_id)
                    or (c.with_game_master and g.gm_account_id = o.account_id)))",
        mail_id
    )
    .execute(conn)
    .await
    .map(|done| done.rows_affected() == 1)
}
