-- issue 32, item 4: civil disorder by the rules everyone knows. a game may say that a player who misses
-- this many movement phases in a row leaves his seat open (null: no such rule).
alter table game add column disorder_after_misses smallint check (disorder_after_misses between 1 and 20);

-- each time the rule took a seat from its player: on his record as a game left in civil disorder. the
-- phase is the one whose processing triggered it; the record counts it only while that phase stays
-- processed, so a rollback before it takes it off, and replaying the phase writes it again.
create table seat_left_in_disorder (
    game_id bigint not null references game (game_id) on delete cascade,
    account_id bigint not null references account (account_id) on delete cascade,
    phase_index integer not null,
    seat_id bigint not null references seat (seat_id) on delete cascade,
    primary key (game_id, account_id, phase_index)
);
