CREATE TABLE "fleet_person_photos" (
	"company_user_id" integer NOT NULL,
	"tipo_documento" smallint NOT NULL,
	"documento" text NOT NULL,
	"file_id" uuid NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fleet_person_photos_company_user_id_tipo_documento_documento_pk" PRIMARY KEY("company_user_id","tipo_documento","documento")
);
--> statement-breakpoint
ALTER TABLE "fleet_person_photos" ADD CONSTRAINT "fleet_person_photos_company_user_id_users_id_fk" FOREIGN KEY ("company_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_person_photos" ADD CONSTRAINT "fleet_person_photos_tipo_documento_document_types_id_fk" FOREIGN KEY ("tipo_documento") REFERENCES "public"."document_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_person_photos" ADD CONSTRAINT "fleet_person_photos_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fleet_person_photos_file_idx" ON "fleet_person_photos" USING btree ("file_id");