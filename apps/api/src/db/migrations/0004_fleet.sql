CREATE TABLE "fleet_drivers" (
	"vehicle_id" integer PRIMARY KEY NOT NULL,
	"origin" text NOT NULL,
	"nombre" text,
	"tipo_documento" smallint NOT NULL,
	"documento" text NOT NULL,
	"telefono" text,
	"city_id" integer,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fleet_upload_errors" (
	"id" serial PRIMARY KEY NOT NULL,
	"upload_id" integer NOT NULL,
	"company_user_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"placa" text NOT NULL,
	"placa_normalizada" text NOT NULL,
	"message" text NOT NULL,
	"kilometraje" text NOT NULL,
	"documento_propietario" text NOT NULL,
	"valores" jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fleet_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_user_id" integer NOT NULL,
	"file_sha256" text NOT NULL,
	"filename" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" integer NOT NULL,
	"status" text DEFAULT 'en_cola' NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"vehicles_added" integer DEFAULT 0 NOT NULL,
	"error_rows" integer DEFAULT 0 NOT NULL,
	"message" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"started" timestamp with time zone,
	"finished" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "fleet_drivers" ADD CONSTRAINT "fleet_drivers_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_drivers" ADD CONSTRAINT "fleet_drivers_tipo_documento_document_types_id_fk" FOREIGN KEY ("tipo_documento") REFERENCES "public"."document_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_drivers" ADD CONSTRAINT "fleet_drivers_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_upload_errors" ADD CONSTRAINT "fleet_upload_errors_upload_id_fleet_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."fleet_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_upload_errors" ADD CONSTRAINT "fleet_upload_errors_company_user_id_users_id_fk" FOREIGN KEY ("company_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_uploads" ADD CONSTRAINT "fleet_uploads_company_user_id_users_id_fk" FOREIGN KEY ("company_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fleet_upload_errors_upload_row_uq" ON "fleet_upload_errors" USING btree ("upload_id","row_number");--> statement-breakpoint
CREATE INDEX "fleet_upload_errors_company_idx" ON "fleet_upload_errors" USING btree ("company_user_id","id");--> statement-breakpoint
CREATE INDEX "fleet_upload_errors_company_plate_idx" ON "fleet_upload_errors" USING btree ("company_user_id","placa_normalizada");--> statement-breakpoint
CREATE UNIQUE INDEX "fleet_uploads_company_sha_live_uq" ON "fleet_uploads" USING btree ("company_user_id","file_sha256") WHERE "fleet_uploads"."status" <> 'fallido';--> statement-breakpoint
CREATE INDEX "fleet_uploads_company_idx" ON "fleet_uploads" USING btree ("company_user_id","id");