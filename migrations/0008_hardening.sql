-- issue 14: sessions that a password change ends, and throttle counters taken in one statement.

-- which generation of sessions is valid: a session remembers the value at its login, and a password
-- change or "log out everywhere else" bumps it, ending every other session of the account.
alter table account add column session_epoch integer not null default 0;

-- fixed-window counters for throttling logins and registrations (accounts::throttle).
create table throttle_counter (
    -- what is counted: login_account, login_account_address, login_address, register_address.
    scope text not null,
    -- whose attempts: a lower-cased username, a client address, or both separated by a space.
    key text not null,
    -- when the current window began; a window older than the scope's length starts over at 1.
    window_started_at timestamptz not null,
    -- attempts in the current window (a successful login gives its slot back).
    hits integer not null check (hits >= 0),
    primary key (scope, key)
);

create index throttle_counter_window_idx on throttle_counter (window_started_at);

-- replaced by throttle_counter: counting rows and then inserting one let parallel attempts all pass.
drop table login_attempt;
