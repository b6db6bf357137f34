-- issue 32, item 5: a passed players' vote is logged as "the players' vote", tied to no account (not
-- even the GM's, who did not act): a null actor.
alter table game_audit alter column actor_account_id drop not null;
