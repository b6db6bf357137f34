-- Notices (issue 30): one row per person told of an event that concerns them, written in the event's
-- own transaction and listed on /notifications. A notice says only what its recipient may read.
create table notice (
    notice_id bigint generated always as identity primary key,
    -- who is told.
    account_id bigint not null references account (account_id) on delete cascade,
    -- the game the event happened in.
    game_id bigint not null references game (game_id) on delete cascade,
    -- what happened: a `notices::NoticeKind`, snake_case.
    kind text not null,
    -- what the sentence names besides the game (a phase label, a rollback's reason), already fit for
    -- the recipient's eyes.
    detail text not null default '',
    -- the site path the notice links to.
    link_path text not null,
    created_at timestamptz not null,
    -- when the recipient opened or dismissed it; null while unread.
    read_at timestamptz
);
create index notice_by_account on notice (account_id, notice_id desc);
create index notice_unread on notice (account_id) where read_at is null;

-- Kinds of notice an account does not want by mail (a kind absent here is mailed too).
create table notice_mail_off (
    account_id bigint not null references account (account_id) on delete cascade,
    kind text not null,
    primary key (account_id, kind)
);

alter type mail_kind add value 'notice';
