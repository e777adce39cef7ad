CREATE TABLE "job_failures" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"nombre" text NOT NULL,
	"error" text NOT NULL,
	"fecha" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_failures_fecha_idx" ON "job_failures" USING btree ("fecha");
