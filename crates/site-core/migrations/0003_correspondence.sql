-- Correspondence games (days a move, `clock_initial` the days in milliseconds) and the side to
-- act of a game being played, so that a player's "your turn" list is one query.
ALTER TABLE games ADD COLUMN correspondence BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN to_move TEXT;
