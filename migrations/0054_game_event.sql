-- Live pages (issue 30): what a game's event stream tells, kept for a while so that a client that
-- reconnects with `Last-Event-ID` gets what it missed. Events name what changed, never secret content;
-- pages fetch what their viewer may see. Rows older than a day are pruned hourly.
create table game_event (
    event_id bigint generated always as identity primary key,
    game_id bigint not null references game (game_id) on delete cascade,
    -- orders | phase | press | game (`live::EventKind`).
    kind text not null,
    -- the accounts that may receive it (a private conversation's members); null for every viewer of
    -- the game.
    audience bigint[],
    -- the event's fields, as sent.
    data jsonb not null,
    created_at timestamptz not null
);
create index game_event_by_game on game_event (game_id, event_id);
create index game_event_by_age on game_event (created_at);
