-- Decision 041: the evening-before pico y placa notice is opt-in. Until now `pico_placa` defaulted to true while
-- no such notice was ever sent, so no stored true is a choice the user made: every row starts off.
ALTER TABLE "notification_preferences" ALTER COLUMN "pico_placa" SET DEFAULT false;--> statement-breakpoint
UPDATE "notification_preferences" SET "pico_placa" = false;
