-- "Forgot your password?" requests wait here for the mail worker, which looks up the address and
-- mails a link if a live account has it confirmed. The request itself writes the same row whatever the
-- address, so its answer takes the same time for known and unknown addresses (issue 27, item 11).
create table password_reset_request (
    request_id bigint generated always as identity primary key,
    email text not null,
    requested_at timestamptz not null
);
