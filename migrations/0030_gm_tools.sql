-- GM tools (issue 18): preview before release, rollback by replay, the replacement of seats in civil
-- disorder. Every action below is logged in game_audit, readable by the game's players.

alter type gm_action add value 'process_now';
alter type gm_action add value 'change_gm_settings';
alter type gm_action add value 'release_results';
alter type gm_action add value 'reopen_orders';
alter type gm_action add value 'roll_back';
alter type gm_action add value 'take_over_seat';

-- when on, a passed deadline makes a preview only the GM sees; the GM releases it. off by default.
alter table game add column preview_results boolean not null default false;
-- when on, taking over a seat in civil disorder waits for the GM's approval.
alter table game add column takeover_needs_approval boolean not null default true;

-- the adjudicated but unreleased results of a game's current phase. holds secrets (private reports and
-- the next state): read only by the GM's view and by the release, which reprocesses the phase and checks
-- it gives these same results. while a preview exists the game has no deadline, so no worker claims it
-- and no order is accepted (the phase's orders are what the preview was made from).
create table phase_preview (
    game_id bigint primary key references game (game_id) on delete cascade,
    phase_index integer not null,
    -- the deadline that passed (stored on the phase when the preview is released).
    deadline_at timestamptz,
    public_report jsonb not null,
    -- [[seat_id, report], ...]: each seat's private report.
    private_reports jsonb not null,
    -- the state the next phase would start from (its board, for the GM).
    next_state jsonb not null,
    created_at timestamptz not null,
    foreign key (game_id, phase_index) references phase (game_id, phase_index) on delete cascade
);

-- a rollback: the GM took the game back to a processed phase, saying why.
create table game_rollback (
    game_rollback_id bigint generated always as identity primary key,
    game_id bigint not null references game (game_id) on delete cascade,
    to_phase_index integer not null,
    reason text not null check (char_length(reason) between 1 and 500),
    actor_account_id bigint not null references account (account_id),
    created_at timestamptz not null
);

-- the audit trail of a rollback: every phase it undid, exactly as it was stored (state, results,
-- private reports, every seat's orders). never shown to players: it holds the same secrets as phase.
create table rolled_back_phase (
    game_rollback_id bigint not null references game_rollback (game_rollback_id) on delete cascade,
    phase_index integer not null,
    code text not null,
    label text not null,
    state jsonb not null,
    started_at timestamptz not null,
    deadline_at timestamptz,
    processed_at timestamptz,
    public_report jsonb,
    -- [[seat_id, report], ...]
    private_reports jsonb not null,
    -- [[seat_id, orders, ready], ...]
    orders jsonb not null,
    primary key (game_rollback_id, phase_index)
);

-- players who offer to stand by for a running game, to take over a seat in civil disorder.
create table standby (
    game_id bigint not null references game (game_id) on delete cascade,
    account_id bigint not null references account (account_id) on delete cascade,
    created_at timestamptz not null default now(),
    primary key (game_id, account_id)
);

-- a request to take over a seat in civil disorder, waiting for the GM's approval.
create table takeover_request (
    seat_id bigint not null references seat (seat_id) on delete cascade,
    game_id bigint not null references game (game_id) on delete cascade,
    account_id bigint not null references account (account_id) on delete cascade,
    created_at timestamptz not null default now(),
    primary key (seat_id, account_id)
);
