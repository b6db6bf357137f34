-- playing a game: every phase's state and results, each seat's orders, and reports only a seat may read.

-- the kind of deadline a phase uses (games::PhaseStage).
create type phase_stage as enum ('movement', 'retreat', 'adjustment', 'day');

-- the seat's number inside the game kind's state (games::SeatId), given when the game starts.
-- for standard diplomacy it is the power's alphabetical index (austria = 0 .. turkey = 6).
alter table seat add column game_seat smallint check (game_seat >= 0);
alter table seat add constraint seat_game_seat_key unique (game_id, game_seat);

-- process a phase as soon as every seat that must order is ready, instead of waiting for the deadline:
-- the last seat to get ready brings the deadline forward to that moment.
alter table game add column process_when_ready boolean not null default true;

-- the turn worker looks for running games whose deadline has passed.
create index game_due_idx on game (deadline_at) where status = 'running';

-- one row per phase of a started game. the current phase is the one not processed yet; its deadline is
-- `game.deadline_at` (the GM's pause and extend act there), copied here when the phase is processed.
create table phase (
    game_id bigint not null references game (game_id) on delete cascade,
    -- 0 for the first phase, then 1, 2, ... in the order they are played.
    phase_index integer not null check (phase_index >= 0),
    -- short and sortable within a game: `S1901M`.
    code text not null,
    -- for people: `Spring 1901 Movement`.
    label text not null,
    stage phase_stage not null,
    -- the whole game at the start of the phase (games::AnyGame::to_json()). holds every secret: only the
    -- turn worker and per-seat projections read it, never a page directly.
    state jsonb not null,
    started_at timestamptz not null,
    -- the deadline the phase was processed at (null while it is the current phase).
    deadline_at timestamptz,
    processed_at timestamptz,
    -- what everyone may read about the phase's results (games::Report); null until processed.
    public_report jsonb,
    primary key (game_id, phase_index),
    check ((processed_at is null) = (public_report is null))
);

-- at most one current (unprocessed) phase per game.
create unique index phase_current_key on phase (game_id) where processed_at is null;

-- a seat's orders for one phase: the accepted lines only, in the kind's canonical notation.
create table seat_order (
    game_id bigint not null,
    phase_index integer not null,
    seat_id bigint not null references seat (seat_id) on delete cascade,
    orders text not null default '',
    -- whether the seat has orders to give this phase (fixed when the phase starts).
    must_order boolean not null,
    ready boolean not null default false,
    updated_at timestamptz not null default now(),
    primary key (game_id, phase_index, seat_id),
    foreign key (game_id, phase_index) references phase (game_id, phase_index) on delete cascade
);

create trigger seat_order_set_updated_at before update on seat_order
    for each row execute function set_updated_at();

-- results of a processed phase that only one seat may read (games::Report).
create table private_report (
    game_id bigint not null,
    phase_index integer not null,
    seat_id bigint not null references seat (seat_id) on delete cascade,
    report jsonb not null,
    primary key (game_id, phase_index, seat_id),
    foreign key (game_id, phase_index) references phase (game_id, phase_index) on delete cascade
);

-- told to a game's players about its current deadline (e.g. that it was extended because the site was
-- down when it passed); cleared when the phase is processed.
alter table game add column deadline_notice text;

-- one row: when a turn worker last looked for due games. a longer gap than a worker ever leaves means
-- the site was down, and deadlines that passed meanwhile are extended instead of processed.
create table turn_worker_heartbeat (
    singleton boolean primary key default true check (singleton),
    last_seen_at timestamptz not null
);

-- set when the worker failed to process the game's phase (logged): it is not tried again before then,
-- so one broken game cannot hold up the others. cleared when a phase is processed.
alter table game add column turn_retry_at timestamptz;

-- how a finished game ended, in words for its pages (`France wins`, `Draw between ...`); null while it is
-- played, and when the GM ended it.
alter table game add column result_summary text;

-- a seat's standing vote for a draw (a row is a yes). secret: a page shows a seat only its own vote; the
-- draw passes when every surviving seat has voted for it, and then the game ends.
create table draw_vote (
    game_id bigint not null references game (game_id) on delete cascade,
    seat_id bigint not null references seat (seat_id) on delete cascade,
    voted_at timestamptz not null default now(),
    primary key (game_id, seat_id)
);

-- a seat's standing concession to another seat (secret, like draw votes). when every other surviving seat
-- concedes to the same surviving seat, that seat wins and the game ends.
create table concession (
    game_id bigint not null references game (game_id) on delete cascade,
    seat_id bigint not null references seat (seat_id) on delete cascade,
    to_seat_id bigint not null references seat (seat_id) on delete cascade,
    conceded_at timestamptz not null default now(),
    primary key (game_id, seat_id),
    check (seat_id <> to_seat_id)
);
