-- issue 32: players you can count on. a reliability record per account (phases to order, phases
-- missed, games left in civil disorder, games finished), games that ask for a reliability, and players'
-- votes to pause or cancel a game.

-- who held the seat when the sheet's phase was processed: the account answerable for the sheet (a miss
-- is an empty sheet that had to be given). stamped by the turn worker in the transaction that processes
-- the phase, before the engine moves anyone (a Cabinet relief takes effect in the next phase); null for
-- a bot's or an empty seat's sheet, and not read while the phase is unprocessed (a rollback reopens it,
-- and processing it again stamps it again).
alter table seat_order add column held_by bigint references account (account_id) on delete set null;
create index seat_order_held_by_idx on seat_order (held_by, game_id) where held_by is not null;

-- the phases processed before this migration: their seats' present holders, the best the site knows.
update seat_order o set held_by = s.account_id
from seat s, phase p
where s.seat_id = o.seat_id and not s.bot
  and p.game_id = o.game_id and p.phase_index = o.phase_index and p.processed_at is not null;

-- the reliability tiers a game may ask of the players who join it (reliability::Tier).
create type reliability_tier as enum ('new', 'reliable', 'unreliable');

-- what a game asks of the players who join it or take a seat over; no row: anyone may join.
create table game_reliability_requirement (
    game_id bigint primary key references game (game_id) on delete cascade,
    -- 'reliable': only players rated Reliable; 'new': Reliable or New (anyone not rated Unreliable).
    min_tier reliability_tier check (min_tier is null or min_tier <> 'unreliable'),
    -- no missed phase among the player's last this many phases to order.
    no_miss_in_last smallint check (no_miss_in_last between 1 and 100),
    check (min_tier is not null or no_miss_in_last is not null)
);

-- a game the players cancelled by a unanimous vote: finished, with no result on anyone's record.
alter table game add column cancelled boolean not null default false;
