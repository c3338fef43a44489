-- ICCF's `moves N in D days`: the N of a game with that time control (NULL for the others). Its
-- D is `days_per_move`; each seat's reserve is kept in `bank_first` and `bank_second`, as a time
-- bank's.
ALTER TABLE games ADD COLUMN period_moves BIGINT;
