-- Moderation: an admin answers a report with one click. An account may be silenced (it writes no
-- chat line until the time given) or closed (it can no longer sign in; its sessions and tokens
-- end). A report keeps what was done about it, and when.
ALTER TABLE users ADD COLUMN silenced_until BIGINT NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN closed_at BIGINT;
ALTER TABLE reports ADD COLUMN handled_at BIGINT;
ALTER TABLE reports ADD COLUMN action TEXT;
