-- Issue 30, item 4: a device's push ends with the session that turned it on. Each subscription records
-- a random key kept in that session's data (never the session id, which is the cookie's secret), so
-- logging out, or ending the account's other sessions, deletes the subscriptions made in them: no notice
-- of an account is pushed to a browser where it logged out. Rows from before have no key: they end at
-- the account's next "log out everywhere else", password change or reset.
alter table push_subscription add column session_key text;
create index push_subscription_by_session_key on push_subscription (session_key);
