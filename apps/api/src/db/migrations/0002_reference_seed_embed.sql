CREATE TABLE "seed_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"checksum" text NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pico_placa_embed_cities" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"dane_code" text,
	"rules_city" text,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pico_placa_embed_cities_dane_idx" ON "pico_placa_embed_cities" USING btree ("dane_code");