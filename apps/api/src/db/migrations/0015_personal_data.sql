ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "purged_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "users_deleted_pending_purge_idx" ON "users" USING btree ("deleted_at") WHERE "users"."deleted_at" is not null and "users"."purged_at" is null;
