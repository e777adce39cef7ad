CREATE TABLE "price_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"clave" text NOT NULL,
	"precio" integer NOT NULL,
	"vigente_desde" date NOT NULL,
	"staff_id" integer,
	"staff_email" text NOT NULL,
	"created" timestamp with time zone NOT NULL,
	"applied" timestamp with time zone,
	"cancelled" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "blog_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"titulo" text NOT NULL,
	"portada" text DEFAULT '' NOT NULL,
	"cuerpo" text NOT NULL,
	"fecha_publicacion" date NOT NULL,
	"publicado" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone NOT NULL,
	"updated" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "price_schedules_pending_idx" ON "price_schedules" USING btree ("vigente_desde") WHERE "price_schedules"."applied" is null and "price_schedules"."cancelled" is null;--> statement-breakpoint
CREATE INDEX "blog_articles_published_idx" ON "blog_articles" USING btree ("publicado","fecha_publicacion");