-- a game kind's own game-master action (a Terrorism I press award), applied to the current phase's
-- state and logged with what it made public (never the GM's private note).
alter type gm_action add value 'kind_action';
