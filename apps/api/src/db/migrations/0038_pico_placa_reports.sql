CREATE TABLE "pico_placa_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"vehicle_id" integer,
	"dane_code" text NOT NULL,
	"city_name" text NOT NULL,
	"fecha" text NOT NULL,
	"digito" smallint NOT NULL,
	"tipo_vehiculo" text NOT NULL,
	"nota" text,
	"answer" jsonb NOT NULL,
	"report_day" text NOT NULL,
	"estado" text DEFAULT 'abierto' NOT NULL,
	"respuesta" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"resolved_by_email" text,
	"created" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pico_placa_reports" ADD CONSTRAINT "pico_placa_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pico_placa_reports" ADD CONSTRAINT "pico_placa_reports_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pico_placa_reports" ADD CONSTRAINT "pico_placa_reports_resolved_by_staff_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pico_placa_reports_same_day_uq" ON "pico_placa_reports" USING btree ("user_id","dane_code","fecha","digito","tipo_vehiculo","report_day");--> statement-breakpoint
CREATE INDEX "pico_placa_reports_estado_created_idx" ON "pico_placa_reports" USING btree ("estado","created");--> statement-breakpoint
CREATE INDEX "pico_placa_reports_vehicle_idx" ON "pico_placa_reports" USING btree ("vehicle_id");