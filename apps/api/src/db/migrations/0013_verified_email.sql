ALTER TABLE "users" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
-- Existing rows (decision 017): accounts with a password were created through the sign-up code flow and
-- count as verified; accounts created by a social sign-in (no password) stay unverified, because earlier
-- versions created them without looking at the provider's email_verified claim.
UPDATE "users" SET "email_verified" = true WHERE "password_hash" IS NOT NULL;
