ALTER TABLE "staff" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "staff" DROP COLUMN "locked_until";
