-- shared helpers used by later migrations.

-- keeps an `updated_at` column true on every update of a row.
create or replace function set_updated_at() returns trigger as $$
begin
    new.updated_at = now();
    return new;
end;
$$ language plpgsql;
