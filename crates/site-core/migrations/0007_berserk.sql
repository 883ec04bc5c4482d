-- Who berserked in an arena game: `south`, `north` or `south north` (half their clock, a point
-- more for a win).
ALTER TABLE games ADD COLUMN berserk TEXT;
