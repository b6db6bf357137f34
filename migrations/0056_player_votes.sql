-- issue 32, item 5: players' votes to pause or cancel a game, besides draws and concessions.

-- what a players' vote asks (votes::Motion).
create type player_vote_motion as enum ('pause', 'cancel');

-- a seat's standing vote (a row is a yes). secret, like draw votes: a page shows a seat only its own
-- votes; the motion passes when every seat that decides the game's end and is held by a person has voted
-- for it. a passed pause spends the pause votes; a cancel ends the game.
create table player_vote (
    game_id bigint not null references game (game_id) on delete cascade,
    seat_id bigint not null references seat (seat_id) on delete cascade,
    motion player_vote_motion not null,
    voted_at timestamptz not null default now(),
    primary key (game_id, seat_id, motion)
);

-- the audit lines of passed votes (written under the GM's name: no player is tied to a vote).
alter type gm_action add value 'players_pause';
alter type gm_action add value 'players_cancel';
