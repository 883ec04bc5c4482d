-- Games and their moves. Written for SQLite and PostgreSQL alike: TEXT and BIGINT only, times in
-- milliseconds since 1970, identifiers made by the server.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    -- The game and its settings, as JSON (server/src/spec.rs).
    spec TEXT NOT NULL,
    -- The start's position text where it is not the game's usual start.
    start_position TEXT,
    -- computer, friend, open or import.
    kind TEXT NOT NULL,
    -- waiting (a seat is free), playing, or over.
    status TEXT NOT NULL,
    -- Each seat: the hash of its holder's secret, or a computer level, and a name.
    south_secret TEXT,
    north_secret TEXT,
    south_level BIGINT,
    north_level BIGINT,
    south_name TEXT,
    north_name TEXT,
    -- The hash of the invitation's token (friend games).
    invite TEXT,
    -- The clock: minutes and increment, in milliseconds (none where NULL).
    clock_initial BIGINT,
    clock_increment BIGINT,
    -- How the players stopped the game: agreement, resignation:south, time:north...
    stopped TEXT,
    result TEXT,
    termination TEXT,
    rematch TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE INDEX games_by_status ON games (status, updated_at);

CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games (id),
    ply BIGINT NOT NULL,
    text TEXT NOT NULL,
    -- The clocks after the move (milliseconds left), where the game has one.
    south_clock BIGINT,
    north_clock BIGINT,
    played_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
