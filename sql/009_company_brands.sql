-- Brands, segments and subsidiaries analysts name without their parent ("YouTube", "Aetna", "Frito-Lay"):
-- a question naming one is scoped to the parent company, and the name stays in the full-text query (unlike
-- a company alias, which is taken out of it) so the pages about that brand rank first.
ALTER TABLE companies ADD COLUMN IF NOT EXISTS brands text[] NOT NULL DEFAULT '{}';
