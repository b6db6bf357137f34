-- issue 19: personal API tokens for the JSON API under /api/v1/ (api::auth).

create table api_token (
    api_token_id bigint generated always as identity primary key,
    account_id bigint not null references account (account_id) on delete cascade,
    -- the owner's name for it ("my bot"), shown on the tokens page.
    name text not null check (char_length(name) between 1 and 100),
    -- sha-256 of the token: the token itself is shown once, when created, and never stored.
    token_hash bytea not null unique check (octet_length(token_hash) = 32),
    created_at timestamptz not null default now(),
    -- the last request made with it (null: never used).
    last_used_at timestamptz
);

create index api_token_account_idx on api_token (account_id);
