-- issue 32, item 1: the muster of a game formed on /play. before its first phase every player confirms
-- he is there; who does not is replaced from the queue (or by a bot, or the seat opens) and the game
-- starts when the muster ends.

-- the /play choice a game was formed from (play::Choice's slug), where its replacements come from.
alter table game add column play_choice text;
-- while the game forms: the end of its muster (null for games not formed on /play, and once started).
alter table game add column muster_until timestamptz;
create index game_muster_due on game (muster_until) where muster_until is not null;

-- when the seat's holder confirmed he is there (muster only).
alter table seat add column mustered_at timestamptz;

-- a player who did not confirm at a muster: on his record, apart from missed phases (he played none).
create table muster_miss (
    account_id bigint not null references account (account_id) on delete cascade,
    game_id bigint not null references game (game_id) on delete cascade,
    missed_at timestamptz not null,
    primary key (account_id, game_id)
);
