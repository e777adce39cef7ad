-- vehicle_counts.live = the user's vehicles with deleted_at null, kept by statement-level triggers with transition
-- tables: one upsert per statement (an import chunk of 1,000 vehicles updates the count once), in the writing
-- transaction, so the count is exact whatever path writes vehicles (fleet import, garage, removals, cascades).
CREATE FUNCTION vehicle_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO vehicle_counts AS c (user_id, live)
    SELECT user_id, count(*)::int FROM new_rows WHERE deleted_at IS NULL GROUP BY user_id
  ON CONFLICT (user_id) DO UPDATE SET live = c.live + excluded.live;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION vehicle_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only a change of deleted_at (or of owner) changes a count; most updates leave every delta at 0.
  INSERT INTO vehicle_counts AS c (user_id, live)
    SELECT user_id, sum(d)::int FROM (
      SELECT user_id, 1 AS d FROM new_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT user_id, -1 AS d FROM old_rows WHERE deleted_at IS NULL
    ) changes GROUP BY user_id HAVING sum(d) <> 0
  ON CONFLICT (user_id) DO UPDATE SET live = c.live + excluded.live;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION vehicle_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An update only: when a user is deleted, its count row may already be gone with it (cascade).
  UPDATE vehicle_counts c SET live = c.live - gone.n
    FROM (SELECT user_id, count(*)::int AS n FROM old_rows WHERE deleted_at IS NULL GROUP BY user_id) gone
    WHERE c.user_id = gone.user_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER vehicle_counts_insert AFTER INSERT ON vehicles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vehicle_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER vehicle_counts_update AFTER UPDATE ON vehicles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vehicle_counts_after_update();
--> statement-breakpoint
CREATE TRIGGER vehicle_counts_delete AFTER DELETE ON vehicles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vehicle_counts_after_delete();
--> statement-breakpoint
INSERT INTO vehicle_counts (user_id, live)
  SELECT user_id, count(*)::int FROM vehicles WHERE deleted_at IS NULL GROUP BY user_id;
