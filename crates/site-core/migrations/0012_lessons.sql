-- Lessons (docs/learn.md): the stages an account has passed, and its best stars at each (3: no
-- wrong move). A stage is named by its file (`awele/sowing`); a stage removed from the lessons
-- leaves its row, which the page no longer lists.
CREATE TABLE lesson_progress (
    user_id TEXT NOT NULL REFERENCES users (id),
    stage TEXT NOT NULL,
    stars BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, stage)
);
