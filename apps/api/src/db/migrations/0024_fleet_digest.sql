CREATE TABLE "organisation_settings" (
	"organisation_id" integer PRIMARY KEY NOT NULL,
	"resumen_semanal" boolean DEFAULT true NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fleet_digest_sends" (
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"semana" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fleet_digest_sends_organisation_id_user_id_semana_pk" PRIMARY KEY("organisation_id","user_id","semana")
);
--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD CONSTRAINT "organisation_settings_organisation_id_users_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_digest_sends" ADD CONSTRAINT "fleet_digest_sends_organisation_id_users_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_digest_sends" ADD CONSTRAINT "fleet_digest_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fleet_digest_sends_org_sent_idx" ON "fleet_digest_sends" USING btree ("organisation_id","sent_at");
--> statement-breakpoint
CREATE INDEX "fleet_drivers_document_idx" ON "fleet_drivers" USING btree ("documento","tipo_documento");
