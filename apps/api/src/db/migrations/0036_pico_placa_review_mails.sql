CREATE TABLE "pico_placa_review_mails" (
	"city_key" text NOT NULL,
	"regla" text NOT NULL,
	"fecha" text NOT NULL,
	"aviso" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"sent" timestamp with time zone NOT NULL,
	CONSTRAINT "pico_placa_review_mails_pk" PRIMARY KEY("city_key","regla","fecha","aviso","staff_id")
);
--> statement-breakpoint
ALTER TABLE "pico_placa_review_mails" ADD CONSTRAINT "pico_placa_review_mails_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;