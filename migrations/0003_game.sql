-- games, their seats and the GM's audit log.

-- the six game kinds; which are playable is decided in the server, not here.
create type game_kind as enum (
    'standard', 'covert_dip', 'cabinet_diplomacy', 'terrorism_i', 'diplobucks', 'covert_operations'
);

create type game_status as enum ('forming', 'running', 'paused', 'finished');

create type press_rule as enum ('full', 'public_only', 'none');

create type deadline_mode as enum ('per_phase', 'fixed_time');

create type power_assignment as enum ('players_choose', 'random', 'gm_assigns');

create type start_rule as enum ('when_full', 'by_gm');

-- what a seat does: Cabinet Diplomacy has three seats per power, the other kinds one `player` seat each.
create type seat_role as enum ('player', 'head_of_state', 'general', 'admiral');

-- the seven great powers of the standard map.
create type power as enum ('austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey');

create table game (
    game_id bigint generated always as identity primary key,
    kind game_kind not null,
    name text not null check (char_length(name) between 1 and 80),
    description text not null default '' check (char_length(description) <= 4000),
    -- the game master; a site admin may act as GM of any game too.
    gm_account_id bigint not null references account (account_id),
    status game_status not null default 'forming',
    -- private games are listed nowhere and joined through the invite link holding this code.
    is_public boolean not null default true,
    invite_code text not null unique,
    press press_rule not null default 'full',
    -- names hidden from everyone but the GM until the game ends.
    anonymous boolean not null default false,
    deadline_mode deadline_mode not null default 'per_phase',
    movement_minutes integer not null default 1440 check (movement_minutes between 5 and 20160),
    retreat_minutes integer not null default 720 check (retreat_minutes between 5 and 20160),
    adjustment_minutes integer not null default 720 check (adjustment_minutes between 5 and 20160),
    -- with deadline_mode 'fixed_time': every deadline falls at this time of day in this zone.
    fixed_deadline_time time,
    deadline_time_zone text not null default 'UTC',
    -- bit n (0 = Monday .. 6 = Sunday) set: nothing is processed on that weekday.
    no_process_weekdays smallint not null default 0 check (no_process_weekdays between 0 and 127),
    power_assignment power_assignment not null default 'players_choose',
    start_rule start_rule not null default 'when_full',
    -- how many player seats the game has (fixed by the kind except for Covert Operations).
    seat_count smallint not null check (seat_count between 2 and 30),
    -- settings only one kind has (bribe prices, Covert Operations parameters, ...), validated by the server.
    kind_settings jsonb not null default '{}'::jsonb,
    -- seed of the game's random generator (rulings 0.4); never shown to players.
    rng_seed bigint not null,
    -- the current phase's deadline (issue 4 fills phases in); null before the start and while paused.
    deadline_at timestamptz,
    -- time left on the deadline when the game was paused.
    paused_remaining_seconds bigint,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    started_at timestamptz,
    finished_at timestamptz,
    check (deadline_mode = 'per_phase' or fixed_deadline_time is not null)
);

create index game_status_idx on game (status, is_public, created_at desc);
create index game_gm_idx on game (gm_account_id);

create trigger game_set_updated_at before update on game
    for each row execute function set_updated_at();

-- a place at the table. Empty (account_id null) after a GM removes a player from a running game.
create table seat (
    seat_id bigint generated always as identity primary key,
    game_id bigint not null references game (game_id) on delete cascade,
    account_id bigint references account (account_id),
    role seat_role not null default 'player',
    joined_at timestamptz not null default now(),
    unique (game_id, account_id)
);

create index seat_account_idx on seat (account_id);

-- the powers a seat holds: one in Standard, several for a Terrorism I player, none in Covert Operations.
create table seat_power (
    seat_id bigint not null references seat (seat_id) on delete cascade,
    game_id bigint not null references game (game_id) on delete cascade,
    power power not null,
    role seat_role not null default 'player',
    primary key (seat_id, power),
    -- one holder per power and role in a game (Cabinet: one head of state, general and admiral each).
    unique (game_id, power, role)
);

create type gm_action as enum (
    'create', 'edit_settings', 'start', 'pause', 'resume', 'extend_deadline', 'end',
    'remove_player', 'replace_player', 'assign_power'
);

-- every GM action, readable by the game's players.
create table game_audit (
    game_audit_id bigint generated always as identity primary key,
    game_id bigint not null references game (game_id) on delete cascade,
    actor_account_id bigint not null references account (account_id),
    action gm_action not null,
    -- a sentence written for the players; never holds account names in anonymous games.
    detail text not null default '',
    created_at timestamptz not null default now()
);

create index game_audit_game_idx on game_audit (game_id, created_at);
