-- Decision 081: holidays come from the colombian-holidays library (any year), not from a seeded table that stopped
-- at 2027-12-31. Nothing reads the table any more.
DROP TABLE IF EXISTS "holidays";
