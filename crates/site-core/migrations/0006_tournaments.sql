-- Tournaments: arenas (a fixed time, players paired again as soon as they finish) and Swiss
-- tournaments (a fixed number of rounds); their players' scores, and their games round by round.
CREATE TABLE tournaments (
    id TEXT PRIMARY KEY,
    -- arena or swiss.
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    -- The games as a JSON array of specs: one for the whole tournament, or several played in
    -- turn, a round each (a medley Swiss).
    specs TEXT NOT NULL,
    clock_initial BIGINT NOT NULL,
    clock_increment BIGINT NOT NULL,
    rated BIGINT NOT NULL DEFAULT 1,
    -- The account that made it; NULL for the operator's (`awe serve --schedule`).
    created_by TEXT,
    starts_at BIGINT NOT NULL,
    -- An arena's length.
    minutes BIGINT,
    -- A Swiss tournament's rounds, and the round being played (0 before the first).
    rounds BIGINT,
    round BIGINT NOT NULL DEFAULT 0,
    -- created, started or finished.
    status TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    finished_at BIGINT
);

CREATE INDEX tournaments_by_status ON tournaments (status, starts_at);

CREATE TABLE tournament_players (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    user_id TEXT NOT NULL REFERENCES users (id),
    name TEXT NOT NULL,
    -- The rating in the tournament's category when they joined (pairing and standings).
    rating DOUBLE PRECISION NOT NULL,
    -- Arena points, or half points at a Swiss tournament.
    score BIGINT NOT NULL DEFAULT 0,
    -- Wins in a row (arena).
    streak BIGINT NOT NULL DEFAULT 0,
    games BIGINT NOT NULL DEFAULT 0,
    -- The arena game they are playing.
    game_id TEXT,
    last_opponent TEXT,
    withdrawn BIGINT NOT NULL DEFAULT 0,
    joined_at BIGINT NOT NULL,
    -- When their page last said they were there (an arena pairs only those present).
    seen_at BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
);

CREATE TABLE tournament_games (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    round BIGINT NOT NULL,
    -- NULL for a bye.
    game_id TEXT,
    -- South's (White's) account and North's (NULL for a bye).
    white TEXT NOT NULL,
    black TEXT,
    -- Half points of White once the game is scored (a bye: 2), NULL before.
    white_score BIGINT,
    -- Whether the game counted (an arena game ending after the arena does not).
    counted BIGINT NOT NULL DEFAULT 1,
    created_at BIGINT NOT NULL
);

CREATE INDEX tournament_games_by_round ON tournament_games (tournament_id, round);
CREATE INDEX tournament_games_by_game ON tournament_games (game_id);

ALTER TABLE games ADD COLUMN tournament_id TEXT;
