-- each phase's supply centers per power at its start, as the public board shows them, so that the
-- history and the results pages read one small column instead of every phase's whole state. filled
-- when the phase opens; rows from before this migration are filled the first time a page reads them.
alter table phase add column center_counts jsonb;
comment on column phase.center_counts is
    'public supply centers per power at the start of the phase ({"France": 5}); null until computed';
