-- accounts' own mail: e-mail address confirmation and password reset by a mailed link (issue 19), and
-- deleting one's account.

-- the two kinds of account mail; neither is about a game.
alter type mail_kind add value 'email_confirmation';
alter type mail_kind add value 'password_reset';
alter table outbox_mail alter column game_id drop not null;

-- no mail but the confirmation itself goes to an address until its owner proved it is theirs. accounts
-- that exist now (the demo data, every player so far) keep getting their mail: they count as confirmed.
alter table account add column email_confirmed boolean not null default true;
alter table account alter column email_confirmed set default false;
update account set email_confirmed = false where email is null;

-- a deleted account keeps its row (games, audit lines and press refer to it), emptied of everything
-- personal: no address, no password, a placeholder name.
alter table account add column deleted_at timestamptz;

create type account_token_purpose as enum ('email_confirmation', 'password_reset');

-- single-use tokens sent by mail. only the SHA-256 of a token is kept: whoever reads this table cannot
-- use what it holds.
create table account_token (
    token_hash bytea primary key check (octet_length(token_hash) = 32),
    account_id bigint not null references account (account_id) on delete cascade,
    purpose account_token_purpose not null,
    -- the address the token was mailed to: it confirms this address only, and a reset stops working when
    -- the account's address changes.
    email text not null,
    created_at timestamptz not null,
    expires_at timestamptz not null,
    used_at timestamptz
);

create index account_token_account_idx on account_token (account_id, purpose) where used_at is null;
