-- issue 28: seats played by bots (crates/bots), chosen when a game is made, by the GM, or by the worker
-- for a seat in civil disorder.

-- a seat held by a bot has no account; the turn worker gives its orders, ready, when each phase opens.
alter table seat add column bot boolean not null default false;
-- a bot standing in for a seat in civil disorder: anyone may take the seat over from the standby page,
-- as they would an empty seat. a bot seated otherwise (the start, the GM) leaves only by the GM's hand.
alter table seat add column bot_stands_in boolean not null default false;
alter table seat add constraint seat_bot_has_no_account check (not bot or account_id is null);
alter table seat add constraint seat_bot_stands_in_is_a_bot check (not bot_stands_in or bot);

-- the start fills the seats still empty with bots (instead of waiting for players).
alter table game add column bots_fill_at_start boolean not null default false;
-- the turn worker gives a seat in civil disorder to a bot, until a human takes it over.
alter table game add column bots_replace_disorder boolean not null default false;

alter type gm_action add value 'give_seat_to_bot';
alter type gm_action add value 'take_seat_from_bot';
