-- Annotated games written by accounts (docs/learn.md): a study's chapters, each a game or a
-- position with its moves as a tree (comments, variations, marks), kept as JSON and checked by
-- the rules when saved. `unlisted` studies are shown only to whoever has the link.
CREATE TABLE studies (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL REFERENCES users (id),
    title TEXT NOT NULL,
    visibility TEXT NOT NULL,
    chapters TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE INDEX studies_public ON studies (visibility, updated_at);
