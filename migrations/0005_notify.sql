-- e-mail notifications: an outbox filled in the same transaction as the event it tells about (a phase
-- processed, a game started or ended, a deadline extended, a press message), drained after the commit by
-- the mail worker every server process runs.

-- what a mail is about (notify::MailContent).
create type mail_kind as enum (
    'game_start', 'new_phase', 'deadline_reminder', 'deadline_extended', 'game_end', 'press'
);

-- 'pending' until sent; 'abandoned' after too many failed attempts (or when the account has no address
-- any more when its turn comes).
create type mail_status as enum ('pending', 'sent', 'abandoned');

-- at most one mail per press conversation per this many minutes (the player's choice).
alter table account add column press_mail_minutes integer not null default 30
    check (press_mail_minutes between 1 and 1440);

create table outbox_mail (
    mail_id bigint generated always as identity primary key,
    -- the recipient; the address is read from the account when the mail is sent.
    account_id bigint not null references account (account_id) on delete cascade,
    game_id bigint not null references game (game_id) on delete cascade,
    kind mail_kind not null,
    -- deadline reminders: the phase reminded of (one reminder per account, game and phase).
    phase_index integer,
    -- press mails: the conversation (press's `conversation.conversation_id`; no foreign key, the outbox
    -- only groups by it).
    conversation_id bigint,
    -- what the mail says (notify::MailContent as json); rendered when sent, in the recipient's time zone.
    -- holds only what the recipient may read: public results, their own seat's facts, power names.
    content jsonb not null,
    status mail_status not null default 'pending',
    -- not sent before this: press batching, and the backoff after a failed attempt.
    send_after timestamptz not null,
    attempts integer not null default 0 check (attempts >= 0),
    -- why the last attempt failed (for operators; never shown to players).
    last_error text,
    created_at timestamptz not null,
    sent_at timestamptz,
    check ((status = 'sent') = (sent_at is not null)),
    check ((kind = 'press') = (conversation_id is not null)),
    check ((kind = 'deadline_reminder') = (phase_index is not null))
);

-- the mail worker's queue: pending mails by the time they may go.
create index outbox_mail_due_idx on outbox_mail (send_after) where status = 'pending';
-- a player's own mails, newest first (the local mailbox page).
create index outbox_mail_account_idx on outbox_mail (account_id, mail_id desc);
-- exactly one deadline reminder per account, game and phase, however many workers look for them.
create unique index outbox_mail_reminder_key on outbox_mail (account_id, game_id, phase_index)
    where kind = 'deadline_reminder';
-- one unsent press mail per account and conversation: new messages are merged into it.
create unique index outbox_mail_press_pending_key on outbox_mail (account_id, conversation_id)
    where kind = 'press' and status = 'pending';
-- the previous press mail of a conversation, which sets when the next may go.
create index outbox_mail_press_idx on outbox_mail (account_id, conversation_id, send_after desc)
    where kind = 'press';
