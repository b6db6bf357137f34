-- The person a captain names as a teammate is told by mail (issue 26, teams by consent).
alter type mail_kind add value 'team_invitation';
