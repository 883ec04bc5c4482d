-- Puzzles (docs/server.md): positions of the site's games, or of the engine's self-play, where
-- the side to move forces a win within a few plies by one move only, with the line that follows;
-- each rated by Glicko-2 as players solve or fail it, and the players rated for puzzles apart
-- (the ratings table, category `puzzle:GAME`).
CREATE TABLE puzzles (
    id TEXT PRIMARY KEY,
    -- awele, awithlaknannai or awechec, and the rating category of the game's rules.
    game TEXT NOT NULL,
    category TEXT NOT NULL,
    spec TEXT NOT NULL,
    -- The position: the moves from the usual start (a JSON array of texts), and its text (one
    -- puzzle a position and rules).
    moves TEXT NOT NULL,
    position TEXT NOT NULL,
    -- The solver's move, the reply, … ending with the solver's (a JSON array of texts).
    solution TEXT NOT NULL,
    -- The win within this many plies.
    plies BIGINT NOT NULL,
    -- Space-separated.
    themes TEXT NOT NULL,
    -- The game it comes from, or NULL for self-play.
    source TEXT,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    solved BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    UNIQUE (category, position)
);

CREATE INDEX puzzles_by_rating ON puzzles (game, rating);

-- An account's first try at a puzzle, the one that counts for both ratings: begun at its first
-- move, its steps played in order (`step`: the solver's moves found so far), rated once finished.
CREATE TABLE puzzle_attempts (
    user_id TEXT NOT NULL REFERENCES users (id),
    puzzle_id TEXT NOT NULL REFERENCES puzzles (id),
    step BIGINT NOT NULL DEFAULT 0,
    finished BIGINT NOT NULL DEFAULT 0,
    solved BIGINT NOT NULL DEFAULT 0,
    diff BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, puzzle_id)
);

-- Which finished games the puzzle generator has looked at.
ALTER TABLE games ADD COLUMN puzzled BIGINT NOT NULL DEFAULT 0;
