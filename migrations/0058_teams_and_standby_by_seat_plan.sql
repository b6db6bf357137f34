-- Teams and the standby list belong to the seat plan of powers shared among posts
-- (`kinds::SeatPlan::PostsPerPower`), not to one kind: the server's generic modules name no kind.
alter table cabinet_team rename to team;
alter table team rename column cabinet_team_id to team_id;
alter index cabinet_team_game_idx rename to team_game_idx;
alter table cabinet_team_member rename to team_member;
alter table team_member rename column cabinet_team_id to team_id;
alter table team_member rename constraint cabinet_team_member_game_id_account_id_key to team_member_game_id_account_id_key;
alter table cabinet_standby rename to post_standby;
