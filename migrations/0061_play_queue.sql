-- issue 32, item 1: games that start fast. a signed-in player waits on /play for the next game of a
-- choice (a kind, a pace, a press rule); a game forms as soon as enough wait (play::form).

-- who waits for what: one choice at a time per account. a row never names its game: it is deleted in
-- the transaction that seats its player.
create table play_queue (
    account_id bigint primary key references account (account_id) on delete cascade,
    -- play::Choice's slug.
    choice text not null,
    -- the player lets bots take the seats still empty once the choice's wait has passed.
    allows_bots boolean not null,
    joined_at timestamptz not null
);

create index play_queue_choice_idx on play_queue (choice, joined_at);

-- the account that is GM of the games the queue forms: no person, so no player of them sees the GM's view.
-- created by the first forming, and never able to sign in (no password, deleted).
create table play_site_gm (
    singleton boolean primary key default true check (singleton),
    account_id bigint not null references account (account_id)
);
