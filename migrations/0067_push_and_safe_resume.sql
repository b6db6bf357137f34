-- Issue 30, item 4: Web Push. One row per device (a browser's push subscription, unique by its
-- endpoint), the kinds of notice each account wants pushed (none until the account opts in), and an
-- outbox of encrypted-at-send pushes filled in the notice's own transaction and drained by the mail
-- worker of any replica (`FOR UPDATE SKIP LOCKED`).
create table push_subscription (
    subscription_id bigint generated always as identity primary key,
    account_id bigint not null references account (account_id) on delete cascade,
    -- the push service's URL for this device; a device subscribing again under another account moves.
    endpoint text not null unique,
    -- the device's P-256 public key and auth secret, base64url as the browser gives them.
    p256dh text not null,
    auth text not null,
    created_at timestamptz not null
);
create index push_subscription_by_account on push_subscription (account_id);

create table notice_push_on (
    account_id bigint not null references account (account_id) on delete cascade,
    kind text not null,
    primary key (account_id, kind)
);

create table outbox_push (
    push_id bigint generated always as identity primary key,
    subscription_id bigint not null references push_subscription (subscription_id) on delete cascade,
    -- what the notification shows (title, body, url), written for the subscription's account alone.
    payload jsonb not null,
    send_after timestamptz not null,
    attempts integer not null default 0,
    created_at timestamptz not null
);
create index outbox_push_due on outbox_push (send_after, push_id);

-- The VAPID key generated for a site configured without one: the first replica to start writes it,
-- every other one reads the same, so subscriptions made through any replica verify on all.
create table vapid_key (
    only_row boolean primary key default true check (only_row),
    private_key text not null,
    created_at timestamptz not null
);

-- Deadline warnings reach every player whose orders are missing (on /notifications), mailed only to
-- those who chose reminder mail: one warning per account, game and phase, however many workers.
create table nmr_warning (
    account_id bigint not null references account (account_id) on delete cascade,
    game_id bigint not null references game (game_id) on delete cascade,
    phase_index integer not null,
    primary key (account_id, game_id, phase_index)
);
insert into nmr_warning (account_id, game_id, phase_index)
select account_id, game_id, phase_index from outbox_mail where kind = 'deadline_reminder'
on conflict do nothing;

-- Resuming a stream safely: ids are drawn at insert but transactions commit in any order, so an event
-- with a lower id may commit after a higher one was sent. Each event records its transaction and the
-- oldest transaction still running when it was written (its snapshot's xmin): every event committed
-- later belongs to a transaction at least that old, so a resume re-reads from there.
alter table game_event
    add column xact_id bigint not null default (pg_current_xact_id()::text::bigint),
    add column horizon bigint not null default (pg_snapshot_xmin(pg_current_snapshot())::text::bigint);
create index game_event_by_xact on game_event (game_id, xact_id);
