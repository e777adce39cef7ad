ALTER TABLE "vehicles" DROP CONSTRAINT "vehicles_tipo_documento_propietario_document_types_id_fk";
--> statement-breakpoint
ALTER TABLE "vehicles" DROP CONSTRAINT "vehicles_department_id_departments_id_fk";
--> statement-breakpoint
ALTER TABLE "vehicles" DROP CONSTRAINT "vehicles_city_id_cities_id_fk";
--> statement-breakpoint
ALTER TABLE "fleet_drivers" DROP CONSTRAINT "fleet_drivers_tipo_documento_document_types_id_fk";
--> statement-breakpoint
ALTER TABLE "fleet_drivers" DROP CONSTRAINT "fleet_drivers_city_id_cities_id_fk";
