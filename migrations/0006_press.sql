-- press: conversations and messages inside a game, under the game's press rules.

-- 'rulebook': full press, but none between players in retreat and adjustment phases (the 2000 rulebook).
alter type press_rule add value 'rulebook';

-- grey press: players may publish public messages without their name. the sender is still stored
-- (press_message.sender_seat_id), for the site's operators only: no page ever shows it.
alter table game add column grey_press boolean not null default false;

-- once the game has ended, everyone who may see the game may read every conversation in it.
alter table game add column press_published_after_end boolean not null default false;

-- a conversation is the set of its members: one per game for public press (no members, everyone reads
-- it), and one per set of seats (with or without the game master) for private press.
create table conversation (
    conversation_id bigint generated always as identity primary key,
    game_id bigint not null references game (game_id) on delete cascade,
    is_public boolean not null,
    -- the member seats in ascending order; empty for public press.
    member_seat_ids bigint[] not null,
    -- whether the game master (the game's GM, or a site admin acting as GM) is a member.
    with_game_master boolean not null,
    created_at timestamptz not null default now(),
    -- the same members are always the same conversation.
    unique (game_id, is_public, member_seat_ids, with_game_master),
    check (not is_public or (cardinality(member_seat_ids) = 0 and not with_game_master)),
    check (is_public or cardinality(member_seat_ids) + with_game_master::int >= 2)
);

-- one message, sent in one phase of the game.
create table press_message (
    press_message_id bigint generated always as identity primary key,
    conversation_id bigint not null references conversation (conversation_id) on delete cascade,
    game_id bigint not null,
    -- the phase in which it was sent.
    phase_index integer not null,
    -- the seat that wrote it; null when the game master wrote it.
    sender_seat_id bigint references seat (seat_id) on delete cascade,
    -- the account that wrote it (the seat's holder at the time, or the GM). shown only in games that are
    -- not anonymous, and never for grey press.
    sender_account_id bigint not null references account (account_id),
    -- grey press: shown without a sender.
    grey boolean not null default false,
    body text not null check (char_length(body) between 1 and 2000),
    sent_at timestamptz not null,
    foreign key (game_id, phase_index) references phase (game_id, phase_index) on delete cascade,
    check (not grey or sender_seat_id is not null)
);

create index press_message_conversation_idx on press_message (conversation_id, press_message_id);
-- the per-seat rate limit counts a sender's recent messages in a game.
create index press_message_sender_idx on press_message (game_id, sender_seat_id, sent_at);

-- what one account has read of one conversation, and whether it muted it.
create table press_reader (
    conversation_id bigint not null references conversation (conversation_id) on delete cascade,
    account_id bigint not null references account (account_id) on delete cascade,
    -- the newest message the reader has seen; later messages from others count as unread.
    last_read_message_id bigint not null default 0,
    -- a muted conversation counts no unread messages and sends no mail.
    muted boolean not null default false,
    primary key (conversation_id, account_id)
);
