-- accounts, their sessions and the login throttle.

create table account (
    account_id bigint generated always as identity primary key,
    -- the login name; compared case-insensitively, stored as typed.
    username text not null check (username ~ '^[A-Za-z0-9_.-]{3,32}$'),
    -- the name shown to other players (never in anonymous games).
    display_name text not null check (char_length(display_name) between 1 and 50),
    email text check (email is null or char_length(email) between 3 and 254),
    -- argon2id hash in PHC string form.
    password_hash text not null,
    -- IANA zone name used to show every time on the site to this account.
    time_zone text not null default 'UTC',
    -- notification opt-ins (sent from issue 4 on).
    notify_new_phase boolean not null default true,
    notify_deadline boolean not null default true,
    notify_game_start_end boolean not null default true,
    notify_press boolean not null default false,
    -- hours before a deadline at which a reminder goes out.
    deadline_reminder_hours integer not null default 12 check (deadline_reminder_hours between 1 and 72),
    is_site_admin boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

create unique index account_username_key on account (lower(username));
create unique index account_email_key on account (lower(email)) where email is not null;

create trigger account_set_updated_at before update on account
    for each row execute function set_updated_at();

-- every login attempt, kept so throttling works across replicas and restarts.
create table login_attempt (
    login_attempt_id bigint generated always as identity primary key,
    -- the username as typed, lower-cased: throttles per account even for unknown names.
    username text not null,
    -- the client address as the server saw it (or from X-Forwarded-For when trusted).
    address text not null,
    succeeded boolean not null,
    attempted_at timestamptz not null default now()
);

create index login_attempt_username_idx on login_attempt (username, attempted_at);
create index login_attempt_address_idx on login_attempt (address, attempted_at);

-- tower-sessions' store table, created here so migrations own every table.
create schema if not exists tower_sessions;

create table if not exists tower_sessions.session (
    id text primary key not null,
    data bytea not null,
    expiry_date timestamptz not null
);
