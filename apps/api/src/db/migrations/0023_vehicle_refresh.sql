-- Scheduled registry/fines refresh (issue 15, docs/decisions/032-scheduled-refresh.md).
-- One row per (vehicle, kind): when it is next due, who holds it (lease_until), the last success and the
-- consecutive failures (exponential back-off).
CREATE TABLE "vehicle_refresh" (
	"vehicle_id" integer NOT NULL REFERENCES "vehicles"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"refreshed_at" timestamp with time zone,
	"attempted_at" timestamp with time zone,
	"failures" smallint DEFAULT 0 NOT NULL,
	"last_error" text,
	PRIMARY KEY ("vehicle_id", "kind")
);
--> statement-breakpoint
CREATE INDEX "vehicle_refresh_kind_due_idx" ON "vehicle_refresh" ("kind", "due_at");
--> statement-breakpoint
-- The manual "Actualizar": at most one per vehicle and hour (an atomic upsert guards it).
CREATE TABLE "vehicle_manual_refresh" (
	"vehicle_id" integer PRIMARY KEY NOT NULL REFERENCES "vehicles"("id") ON DELETE CASCADE,
	"requested_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Provider calls per provider and minute: every API instance reserves from the same row.
CREATE TABLE "provider_quota" (
	"provider" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"last_grant" integer DEFAULT 0 NOT NULL,
	PRIMARY KEY ("provider", "minute")
);
--> statement-breakpoint
-- A detected change (new fine, fine paid/removed, SOAT/RTM renewed, pico y placa tomorrow): the unique key
-- makes each event (and its notification) exist once, however often a job runs.
CREATE TABLE "vehicle_change_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"vehicle_id" integer NOT NULL REFERENCES "vehicles"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"event_key" text NOT NULL,
	"notification_id" integer REFERENCES "notifications"("id") ON DELETE SET NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_change_events_key_uq" ON "vehicle_change_events" ("vehicle_id", "kind", "event_key");
--> statement-breakpoint
-- Every new vehicle (garage or fleet import) gets its refresh rows in the writing statement, due a minute after
-- it was created (a garage vehicle's own look-up jobs have answered by then; the refresh then only reschedules).
CREATE FUNCTION vehicle_refresh_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO vehicle_refresh (vehicle_id, kind, due_at)
    SELECT n.id, k.kind, n.created + interval '1 minute'
    FROM new_rows n CROSS JOIN (VALUES ('registry'), ('fines')) AS k(kind)
    WHERE n.deleted_at IS NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER vehicle_refresh_insert AFTER INSERT ON vehicles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vehicle_refresh_after_insert();
--> statement-breakpoint
-- Vehicles that exist already: spread over the next period (weekly registry, daily fines) by a stable
-- per-vehicle phase (Knuth's multiplicative hash of the id), never all at once.
INSERT INTO vehicle_refresh (vehicle_id, kind, due_at)
  SELECT v.id, k.kind,
         now() + make_interval(secs => ((v.id::bigint * 2654435761) % 4294967296) / 4294967296.0 * k.period)
  FROM vehicles v CROSS JOIN (VALUES ('registry', 604800), ('fines', 86400)) AS k(kind, period)
  WHERE v.deleted_at IS NULL
ON CONFLICT DO NOTHING;
