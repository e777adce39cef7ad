-- Decision 075: maintenance, fuel and service reminders (issue 39); the notification kind mantenimiento.
-- (Its snapshot also records 0031's dropped holidays table, which 0031 has no snapshot for.)
CREATE TABLE "fuel_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"kilometraje" integer NOT NULL,
	"galones" numeric(6, 3) NOT NULL,
	"costo" integer NOT NULL,
	"tanque_lleno" boolean NOT NULL,
	"correccion" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fuel_records_galones_ck" CHECK ("fuel_records"."galones" > 0 and "fuel_records"."galones" <= 100),
	CONSTRAINT "fuel_records_costo_ck" CHECK ("fuel_records"."costo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "maintenance_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"kilometraje" integer NOT NULL,
	"tipo" text NOT NULL,
	"descripcion" text,
	"costo" integer NOT NULL,
	"taller" text,
	"correccion" boolean DEFAULT false NOT NULL,
	"factura_file_id" uuid,
	"origen" text DEFAULT 'app' NOT NULL,
	"created_by" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_records_costo_ck" CHECK ("maintenance_records"."costo" >= 0),
	CONSTRAINT "maintenance_records_km_ck" CHECK ("maintenance_records"."kilometraje" >= 0)
);
--> statement-breakpoint
CREATE TABLE "maintenance_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"cada_km" integer,
	"cada_meses" smallint,
	"ultimo_km" integer,
	"ultima_fecha" date,
	"proximo_km" integer,
	"proxima_fecha" date,
	"ciclo" integer DEFAULT 1 NOT NULL,
	"aviso_ciclo" integer,
	"aviso_estado" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_reminders_every_ck" CHECK ("maintenance_reminders"."cada_km" is not null or "maintenance_reminders"."cada_meses" is not null)
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "mantenimiento" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "fuel_records" ADD CONSTRAINT "fuel_records_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fuel_records" ADD CONSTRAINT "fuel_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_records" ADD CONSTRAINT "maintenance_records_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_records" ADD CONSTRAINT "maintenance_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_reminders" ADD CONSTRAINT "maintenance_reminders_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fuel_records_vehicle_fecha_idx" ON "fuel_records" USING btree ("vehicle_id","fecha");--> statement-breakpoint
CREATE INDEX "maintenance_records_vehicle_fecha_idx" ON "maintenance_records" USING btree ("vehicle_id","fecha");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_records_import_uq" ON "maintenance_records" USING btree ("vehicle_id","fecha","tipo","kilometraje","costo") WHERE "maintenance_records"."origen" = 'importacion';--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_reminders_vehicle_tipo_uq" ON "maintenance_reminders" USING btree ("vehicle_id","tipo");