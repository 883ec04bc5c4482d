-- Quick pairing: players waiting for an opponent in a pool (a game, its rules, a clock, rated or
-- not), shared by every server on the database; each pairs the nearest ratings it finds.
CREATE TABLE seeks (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    name TEXT NOT NULL,
    -- The browser's secret: the seat it takes is that browser's as much as the account's.
    secret TEXT NOT NULL,
    -- `awele:abapa 180+2 rated`: what must be equal to pair two seeks.
    pool TEXT NOT NULL,
    spec TEXT NOT NULL,
    clock_initial BIGINT,
    clock_increment BIGINT,
    correspondence BIGINT NOT NULL DEFAULT 0,
    rated BIGINT NOT NULL DEFAULT 0,
    category TEXT,
    rating DOUBLE PRECISION NOT NULL,
    created_at BIGINT NOT NULL,
    -- When its page last asked (a seek nobody asks about is dropped).
    seen_at BIGINT NOT NULL,
    -- The game it was paired into.
    game_id TEXT
);

CREATE INDEX seeks_by_pool ON seeks (game_id, pool, created_at);
CREATE INDEX seeks_by_user ON seeks (user_id);
