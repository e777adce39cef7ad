CREATE TABLE "staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"nombre" text NOT NULL,
	"rol" text NOT NULL,
	"password_hash" text,
	"totp_secret" text,
	"totp_enabled" boolean DEFAULT false NOT NULL,
	"totp_last_step" bigint,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"activo" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_rol_ck" CHECK ("staff"."rol" in ('admin', 'operaciones', 'contenido', 'soporte'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "staff_email_lower_uq" ON "staff" USING btree (lower("email"));--> statement-breakpoint
CREATE TABLE "staff_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"totp_pending" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "staff_tokens" ADD CONSTRAINT "staff_tokens_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_tokens_hash_uq" ON "staff_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "staff_tokens_staff_idx" ON "staff_tokens" USING btree ("staff_id");--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_hash_uq" ON "staff_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"fecha" timestamp with time zone NOT NULL,
	"staff_id" integer,
	"staff_email" text NOT NULL,
	"accion" text NOT NULL,
	"objeto" text NOT NULL,
	"antes" jsonb,
	"despues" jsonb
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_fecha_idx" ON "audit_log" USING btree ("fecha");--> statement-breakpoint
CREATE TABLE "pico_placa_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pico_placa_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"version" integer NOT NULL,
	"data" jsonb NOT NULL,
	"staff_id" integer,
	"created" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pico_placa_versions" ADD CONSTRAINT "pico_placa_versions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pico_placa_versions_key_version_uq" ON "pico_placa_versions" USING btree ("key","version");--> statement-breakpoint
ALTER TABLE "pico_placa_cities" ADD COLUMN "edited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pico_placa_cities" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_branches" ADD COLUMN "edited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "branch_closures" (
	"branch_id" text NOT NULL,
	"fecha" date NOT NULL,
	"motivo" text NOT NULL,
	"staff_id" integer,
	"created" timestamp with time zone NOT NULL,
	CONSTRAINT "branch_closures_branch_id_fecha_pk" PRIMARY KEY("branch_id","fecha")
);
--> statement-breakpoint
ALTER TABLE "branch_closures" ADD CONSTRAINT "branch_closures_branch_id_booking_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."booking_branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_closures" ADD CONSTRAINT "branch_closures_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "motivo_estado" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "estado_reembolso" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reembolso_intentos" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reembolso_error" text;--> statement-breakpoint
CREATE INDEX "bookings_branch_date_idx" ON "bookings" USING btree ("branch_id","fecha","hora");--> statement-breakpoint
CREATE INDEX "bookings_refund_failed_idx" ON "bookings" USING btree ("estado_reembolso") WHERE "bookings"."estado_reembolso" in ('pendiente', 'fallido');--> statement-breakpoint
CREATE INDEX "users_identificacion_idx" ON "users" USING btree ("identificacion");--> statement-breakpoint
CREATE INDEX "vehicles_placa_live_idx" ON "vehicles" USING btree ("placa") WHERE "vehicles"."deleted_at" is null;
