-- A game's kind is the slug its game kind declares in the kinds crate (`kinds::Kind::slug`), read back
-- through `Kind::from_slug`: the list of kinds lives in one place, the crate, so adding a kind needs no
-- migration. The check keeps the column to slug-shaped words.
alter table game alter column kind type text using kind::text;
alter table game add constraint game_kind_is_a_slug check (kind ~ '^[a-z][a-z0-9_]{0,39}$');
drop type game_kind;
