-- Cabinet Diplomacy II (rules 3, 8, 9, 11): teams signing up together, and the standby list.

-- a team signing up together: its captain named the two teammates and who takes which position.
create table cabinet_team (
    cabinet_team_id bigint generated always as identity primary key,
    game_id bigint not null references game (game_id) on delete cascade,
    captain_account_id bigint not null references account (account_id),
    created_at timestamptz not null default now()
);

create index cabinet_team_game_idx on cabinet_team (game_id);

-- the three members of a team, the captain included; a team counts once all three confirmed.
create table cabinet_team_member (
    cabinet_team_id bigint not null references cabinet_team (cabinet_team_id) on delete cascade,
    game_id bigint not null references game (game_id) on delete cascade,
    account_id bigint not null references account (account_id),
    -- the position the captain chose for this member: head_of_state, general or admiral.
    role seat_role not null check (role <> 'player'),
    confirmed boolean not null default false,
    primary key (cabinet_team_id, account_id),
    -- one team per person per game, and one member per position in a team.
    unique (game_id, account_id),
    unique (cabinet_team_id, role)
);

-- players waiting to be seated in a started game (rules 8, 9, 11).
create table cabinet_standby (
    game_id bigint not null references game (game_id) on delete cascade,
    account_id bigint not null references account (account_id),
    joined_at timestamptz not null default now(),
    primary key (game_id, account_id)
);
