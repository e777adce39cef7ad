CREATE TABLE "vehicle_counts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"live" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicle_counts" ADD CONSTRAINT "vehicle_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;