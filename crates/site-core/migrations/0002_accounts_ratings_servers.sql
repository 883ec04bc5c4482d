-- Accounts and their sessions, ratings, and what several servers on one database need of a game:
-- a version every change bumps (a write for an older version is refused, so two servers never
-- both change a game), the offers, the time its clock's flag falls, and who thinks for the
-- computer. SQLite and PostgreSQL alike: TEXT, BIGINT and DOUBLE PRECISION.

CREATE TABLE users (
    id TEXT PRIMARY KEY,
    -- As the player typed it; `name_key` (lower case) is what must be unique.
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    -- An argon2id hash in the PHC format, never the password.
    password TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE sessions (
    -- The SHA-256 of the session cookie's token: the database never holds the token.
    token TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);

CREATE INDEX sessions_by_user ON sessions (user_id);

-- A player's Glicko-2 rating in one category: a game and its rules (awele:abapa,
-- awithlaknannai:mosona:wikipedia, awechec:standard).
CREATE TABLE ratings (
    user_id TEXT NOT NULL REFERENCES users (id),
    category TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    wins BIGINT NOT NULL,
    draws BIGINT NOT NULL,
    losses BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, category)
);

CREATE INDEX ratings_by_category ON ratings (category, rating);

ALTER TABLE games ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN plies BIGINT NOT NULL DEFAULT 0;
-- Who offers what: `draw:south takeback:north rematch:south`, or NULL.
ALTER TABLE games ADD COLUMN offers TEXT;
-- When the running clock's flag falls (milliseconds since 1970), NULL when none runs.
ALTER TABLE games ADD COLUMN deadline_at BIGINT;
-- The server searching for the computer, and until when it may (then another takes over).
ALTER TABLE games ADD COLUMN thinker TEXT;
ALTER TABLE games ADD COLUMN lease_until BIGINT;
-- Rated games: 1, their rating category, each seat's account, rating before and change after.
ALTER TABLE games ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN category TEXT;
ALTER TABLE games ADD COLUMN south_user TEXT REFERENCES users (id);
ALTER TABLE games ADD COLUMN north_user TEXT REFERENCES users (id);
ALTER TABLE games ADD COLUMN south_rating BIGINT;
ALTER TABLE games ADD COLUMN north_rating BIGINT;
ALTER TABLE games ADD COLUMN south_diff BIGINT;
ALTER TABLE games ADD COLUMN north_diff BIGINT;

UPDATE games SET plies = (SELECT COUNT(*) FROM moves WHERE moves.game_id = games.id);

CREATE INDEX games_by_south_user ON games (south_user, updated_at);
CREATE INDEX games_by_north_user ON games (north_user, updated_at);
CREATE INDEX games_by_deadline ON games (status, deadline_at);
