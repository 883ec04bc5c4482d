-- The opening explorer: for each rating category (`awele:abapa`…), each position of the first
-- plies of the finished games from the usual start, and each move played there: how many games,
-- and how they ended. `games.explored` marks a game counted (each is counted once, whichever
-- server does it).
CREATE TABLE explorer (
    category TEXT NOT NULL,
    position TEXT NOT NULL,
    move TEXT NOT NULL,
    games BIGINT NOT NULL DEFAULT 0,
    south BIGINT NOT NULL DEFAULT 0,
    north BIGINT NOT NULL DEFAULT 0,
    draws BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (category, position, move)
);

ALTER TABLE games ADD COLUMN explored BIGINT NOT NULL DEFAULT 0;
CREATE INDEX games_unexplored ON games (explored, status);

-- The export's pages: the finished games in the order they began.
CREATE INDEX games_by_start ON games (status, created_at, id);
