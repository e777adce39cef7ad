ALTER TABLE "rtm_prices" ADD COLUMN "edited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "peritaje_combos" ADD COLUMN "edited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tramites" ADD COLUMN "edited" boolean DEFAULT false NOT NULL;
