-- Bots (docs/research.md): accounts played by programs through the bot API, with personal API
-- tokens, and challenges addressed to one account.

-- 1 for a bot account (made so by its owner, for good: a bot's games and ratings are a
-- program's), and when its program last listened for events (the lobby lists bots online).
ALTER TABLE users ADD COLUMN bot BIGINT NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN seen_at BIGINT;

CREATE TABLE tokens (
    -- A short public id, to list and revoke a token by.
    id TEXT PRIMARY KEY,
    -- The SHA-256 of the token: the database never holds the token.
    hash TEXT NOT NULL UNIQUE,
    user_id TEXT NOT NULL REFERENCES users (id),
    description TEXT NOT NULL,
    -- What it may do, space-separated: `bot:play`, `challenge:write`.
    scopes TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    used_at BIGINT,
    revoked_at BIGINT
);

CREATE INDEX tokens_by_user ON tokens (user_id);

-- A challenge addressed to one account (a bot): only it may take the free seat.
ALTER TABLE games ADD COLUMN challenged TEXT REFERENCES users (id);
CREATE INDEX games_by_challenged ON games (challenged, status);
