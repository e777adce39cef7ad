CREATE TABLE "booking_branches" (
	"id" text PRIMARY KEY NOT NULL,
	"servicio" text NOT NULL,
	"nombre" text NOT NULL,
	"direccion" text NOT NULL,
	"city_id" integer NOT NULL,
	"telefono" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"maps" text NOT NULL,
	"imagen" text NOT NULL,
	"horario" jsonb NOT NULL,
	"capacidad" smallint NOT NULL,
	"atiende" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"a_domicilio" boolean DEFAULT false NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_branches_capacity_ck" CHECK ("booking_branches"."capacidad" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "booking_slots" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_slots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"branch_id" text NOT NULL,
	"fecha" date NOT NULL,
	"hora" smallint NOT NULL,
	"capacity" smallint NOT NULL,
	"taken" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_slots_taken_ck" CHECK ("booking_slots"."taken" >= 0 and "booking_slots"."taken" <= "booking_slots"."capacity")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"referencia" text NOT NULL,
	"servicio" text NOT NULL,
	"branch_id" text NOT NULL,
	"slot_id" bigint NOT NULL,
	"fecha" date NOT NULL,
	"hora" smallint NOT NULL,
	"placa" text NOT NULL,
	"tipo_vehiculo" text NOT NULL,
	"tipo_atencion" text NOT NULL,
	"metodo_pago" text NOT NULL,
	"estado" text NOT NULL,
	"precio" integer NOT NULL,
	"detalle" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"datos" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"direccion_servicio" text,
	"correo" text,
	"expira_en" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" smallint NOT NULL,
	"response" jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"outcome" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"amount_in_cents" bigint NOT NULL,
	"currency" text DEFAULT 'COP' NOT NULL,
	"status" text NOT NULL,
	"link" text,
	"provider_transaction_id" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "peritaje_combos" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo" text NOT NULL,
	"combustible" text NOT NULL,
	"short_name" text NOT NULL,
	"text" text NOT NULL,
	"precio" integer NOT NULL,
	"proveedor" text NOT NULL,
	"tasks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rtm_prices" (
	"clase" text PRIMARY KEY NOT NULL,
	"grupo" text NOT NULL,
	"precio" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tramites" (
	"id" text PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"precio" integer NOT NULL,
	"descripcion" text NOT NULL,
	"icono" text NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "booking_branches" ADD CONSTRAINT "booking_branches_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_slots" ADD CONSTRAINT "booking_slots_branch_id_booking_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."booking_branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_branch_id_booking_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."booking_branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_slot_id_booking_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."booking_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_branches_city_service_idx" ON "booking_branches" USING btree ("city_id","servicio");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_slots_branch_date_hour_uq" ON "booking_slots" USING btree ("branch_id","fecha","hora");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_referencia_uq" ON "bookings" USING btree ("referencia");--> statement-breakpoint
CREATE INDEX "bookings_user_idx" ON "bookings" USING btree ("user_id","fecha");--> statement-breakpoint
CREATE INDEX "bookings_slot_active_idx" ON "bookings" USING btree ("slot_id") WHERE "bookings"."estado" in ('pendiente_pago', 'confirmada');--> statement-breakpoint
CREATE INDEX "bookings_hold_expiry_idx" ON "bookings" USING btree ("expira_en") WHERE "bookings"."estado" = 'pendiente_pago';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_uq" ON "payments" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_booking_uq" ON "payments" USING btree ("booking_id");