-- the archive at scale (issue 19): every lobby tab paged by keyset, (created_at, game_id) newest first,
-- and finished games searched by name, result and player. the lobby feed reads the newest and the last
-- finished public games.

-- trigram indexes serve `ilike '%words%'`; pg_trgm is a trusted extension (no superuser needed).
create extension if not exists pg_trgm;

-- a lobby tab, all kinds or one, page after page.
create index game_lobby_page_idx on game (status, created_at desc, game_id desc) where is_public;
create index game_lobby_kind_page_idx on game (kind, status, created_at desc, game_id desc) where is_public;

-- archive search: the name and the result ("France wins", "Draw between …") of finished public games.
create index game_archive_name_idx on game using gin (name gin_trgm_ops) where is_public and status = 'finished';
create index game_archive_result_idx on game using gin (result_summary gin_trgm_ops)
    where is_public and status = 'finished';

-- finding a player by display name (usernames have `account_username_key`).
create index account_display_name_idx on account (lower(display_name));

-- the lobby feed: newest public games, and the public games that finished last.
create index game_public_created_idx on game (created_at desc) where is_public;
create index game_public_finished_idx on game (finished_at desc) where is_public and status = 'finished';
