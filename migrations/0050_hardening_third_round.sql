-- issue 27: the third round of hardening.

-- an API token may be given a date after which it stops working (null: it works until revoked).
alter table api_token add column expires_at timestamptz;

-- an address belongs to the account that confirms it first: an unconfirmed address no longer holds the
-- unique index, so nobody can squat an address its real owner then cannot register with.
drop index account_email_key;
create unique index account_email_key on account (lower(email)) where email is not null and email_confirmed;
