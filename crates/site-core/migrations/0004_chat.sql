-- Chat: a game's players talk in one channel, its spectators in another (`game:ID:players`,
-- `game:ID:spectators`); an account may mute another, and report a line for the admins to read.
CREATE TABLE chat (
    id TEXT PRIMARY KEY,
    channel TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id),
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE INDEX chat_by_channel ON chat (channel, created_at);

CREATE TABLE mutes (
    user_id TEXT NOT NULL REFERENCES users (id),
    muted_id TEXT NOT NULL REFERENCES users (id),
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, muted_id)
);

CREATE TABLE reports (
    id TEXT PRIMARY KEY,
    reporter_id TEXT NOT NULL REFERENCES users (id),
    reported_id TEXT NOT NULL REFERENCES users (id),
    -- The line reported, copied: a report outlives what it is about.
    chat_id TEXT,
    channel TEXT,
    text TEXT,
    reason TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE INDEX reports_by_time ON reports (created_at);

-- Admin accounts read the reports (`awe admin grant NAME`).
ALTER TABLE users ADD COLUMN admin BIGINT NOT NULL DEFAULT 0;
