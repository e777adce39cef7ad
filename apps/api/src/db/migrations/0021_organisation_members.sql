CREATE TABLE "organisation_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"correo" text NOT NULL,
	"rol" text NOT NULL,
	"estado" text DEFAULT 'invitado' NOT NULL,
	"user_id" integer,
	"invite_token_hash" text,
	"invite_expires_at" timestamp with time zone,
	"invited_by" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_organisation_id_users_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_members_org_email_uq" ON "organisation_members" USING btree ("organisation_id","correo");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_members_org_user_uq" ON "organisation_members" USING btree ("organisation_id","user_id") WHERE "organisation_members"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_members_token_uq" ON "organisation_members" USING btree ("invite_token_hash") WHERE "organisation_members"."invite_token_hash" is not null;--> statement-breakpoint
CREATE INDEX "organisation_members_user_idx" ON "organisation_members" USING btree ("user_id");--> statement-breakpoint
INSERT INTO "organisation_members" ("organisation_id", "correo", "rol", "estado", "user_id", "accepted")
SELECT "id", lower("email"), 'administrador', 'activo', "id", now() FROM "users" WHERE "group_id" = 2
ON CONFLICT DO NOTHING;
