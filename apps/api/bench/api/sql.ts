/**
 * bench:api — the endpoints' SQL, copied from the repositories with column aliases added for object rows.
 * The session's user columns come from the drizzle table itself, so a new column cannot drift silently;
 * the bench still checks, statement by statement, that both sides send the same SQL.
 */
import { getTableColumns } from 'drizzle-orm';
import { users } from '../../src/db/schema.ts';
import type { UserRow } from '../../src/features/accounts/accounts.repository.ts';
import type { VehicleView } from '../../src/features/garage/garage.repository.ts';

export type Row = Record<string, unknown>;

const USER_COLUMNS = Object.entries(getTableColumns(users)).map(([key, column]) => ({
  key,
  name: column.name,
}));

export const SESSION_SQL = `select "auth_tokens"."id" as token_id, "auth_tokens"."expires_at" as expires_at,
  ${USER_COLUMNS.map((c) => `"users"."${c.name}" as ${c.name}`).join(', ')}
  from "auth_tokens" inner join "users" on "users"."id" = "auth_tokens"."user_id"
  where ("auth_tokens"."token_hash" = $1 and "auth_tokens"."revoked_at" is null and "auth_tokens"."expires_at" > $2
  and "users"."deleted_at" is null)
  limit $3`;

export const EXTEND_SQL = `update "auth_tokens" set "expires_at" = $1 where "auth_tokens"."id" = $2`;

const VEHICLE_SELECT = `select "vehicles"."id" as id, "vehicles"."user_id" as user_id, "vehicles"."placa" as placa,
  "vehicles"."kilometraje_digitado" as kilometraje_digitado, "vehicles"."score" as score,
  "vehicles"."created" as created, "vehicles"."image_file_id" as image_file_id,
  "image_files"."extension" as image_extension, "vehicles"."licence_file_id" as licence_file_id,
  "licence_files"."extension" as licence_extension, "vehicles"."documento_propietario" as documento_propietario,
  "vehicles"."tipo_documento_propietario" as tipo_documento_propietario,
  "document_types"."name" as document_type_name, "document_types"."code" as document_type_code,
  "vehicles"."city_id" as city_id, coalesce("cities"."common_name", "cities"."name") as city_name,
  "vehicles"."department_id" as department_id, "vehicles"."is_selected" as is_selected,
  "provider_snapshots"."status" as registry_status, "provider_snapshots"."provider" as registry_provider,
  "provider_snapshots"."data" as registry_data
  from "vehicles"
  inner join "document_types" on "document_types"."id" = "vehicles"."tipo_documento_propietario"
  left join "cities" on "cities"."id" = "vehicles"."city_id"
  left join "stored_files" "image_files" on "image_files"."id" = "vehicles"."image_file_id"
  left join "stored_files" "licence_files" on "licence_files"."id" = "vehicles"."licence_file_id"
  left join "provider_snapshots" on ("provider_snapshots"."vehicle_id" = "vehicles"."id" and "provider_snapshots"."kind" = $1)`;

export const GARAGES_SQL = `${VEHICLE_SELECT}
  where ("vehicles"."user_id" = $2 and "vehicles"."deleted_at" is null)
  order by "vehicles"."created" desc, "vehicles"."id" desc`;

export const SELECTED_SQL = `${VEHICLE_SELECT}
  where ("vehicles"."user_id" = $2 and "vehicles"."is_selected" = $3 and "vehicles"."deleted_at" is null)
  limit $4`;

export const NOTIFICATION_COUNT_SQL = `select (select count(*)::int from notifications n where n.vehicle_id = vehicles.id) as count
  from "vehicles" where ("vehicles"."id" = $1 and "vehicles"."user_id" = $2 and "vehicles"."deleted_at" is null)
  limit $3`;

export const NOTIFICATION_PAGE_SQL = `select "id", "logo_notificacion", "message", "titulo", "url_redireccion", "created"
  from "notifications" where "notifications"."vehicle_id" = $1
  order by "notifications"."created" desc, "notifications"."id" desc limit $2 offset $3`;

export const ALERT_SQL = `select "vehicles"."id" as vehicle_id, "vehicles"."placa" as placa,
  "provider_snapshots"."status" as snapshot_status, "provider_snapshots"."provider" as snapshot_provider,
  coalesce("provider_snapshots"."data" -> $1::text) as snapshot_part,
  "user_dates"."vehicle_id" as user_exists, "user_dates"."fecha_expedicion" as user_exp,
  "user_dates"."fecha_vencimiento" as user_venc, "registry_dates"."vehicle_id" as registry_exists,
  "registry_dates"."fecha_expedicion" as registry_exp, "registry_dates"."fecha_vencimiento" as registry_venc
  from "vehicles"
  left join "provider_snapshots" on ("provider_snapshots"."vehicle_id" = "vehicles"."id" and "provider_snapshots"."kind" = $2)
  left join "alert_dates" "user_dates" on ("user_dates"."vehicle_id" = "vehicles"."id" and "user_dates"."code" = $3 and "user_dates"."source" = $4)
  left join "alert_dates" "registry_dates" on ("registry_dates"."vehicle_id" = "vehicles"."id" and "registry_dates"."code" = $5 and "registry_dates"."source" = $6)
  where ("vehicles"."id" = $7 and "vehicles"."user_id" = $8 and "vehicles"."deleted_at" is null)
  limit $9`;

export const BRANCH_SQL = `select "booking_branches"."id" as id, "booking_branches"."servicio" as servicio,
  "booking_branches"."nombre" as nombre, "booking_branches"."direccion" as direccion,
  "booking_branches"."city_id" as city_id, coalesce("cities"."common_name", "cities"."name") as city_name,
  "booking_branches"."telefono" as telefono, "booking_branches"."lat" as lat, "booking_branches"."lng" as lng,
  "booking_branches"."maps" as maps, "booking_branches"."imagen" as imagen, "booking_branches"."horario" as horario,
  "booking_branches"."capacidad" as capacidad, "booking_branches"."atiende" as atiende,
  "booking_branches"."a_domicilio" as a_domicilio
  from "booking_branches" inner join "cities" on "cities"."id" = "booking_branches"."city_id"
  where ("booking_branches"."id" = $1 and "booking_branches"."activo" = $2) limit $3`;

export const OCCUPANCY_SQL = `select "fecha", "hora", "capacity", (select count(*)::int from "bookings" b
  where b.slot_id = "booking_slots"."id"
  and (b.estado = 'confirmada' or (b.estado = 'pendiente_pago' and b.expira_en > $1))) as ocupados
  from "booking_slots" where ("booking_slots"."branch_id" = $2 and "booking_slots"."fecha" between $3 and $4)`;

// ——— Bare mapping to the endpoints' JSON

export function rowToUser(r: Row): UserRow {
  return Object.fromEntries(USER_COLUMNS.map((c) => [c.key, r[c.name]])) as UserRow;
}

export function rowToView(r: Row): VehicleView {
  return {
    id: r.id as number,
    userId: r.user_id as number,
    placa: r.placa as string,
    kilometrajeDigitado: r.kilometraje_digitado as number,
    score: r.score as number | null,
    created: r.created as Date,
    imageFileId: r.image_file_id as string | null,
    imageExtension: r.image_extension as string | null,
    licenceFileId: r.licence_file_id as string | null,
    licenceExtension: r.licence_extension as string | null,
    documentoPropietario: r.documento_propietario as string,
    tipoDocumentoPropietario: r.tipo_documento_propietario as number,
    documentTypeName: r.document_type_name as string,
    documentTypeCode: r.document_type_code as string,
    cityId: r.city_id as number | null,
    cityName: r.city_name as string | null,
    departmentId: r.department_id as number | null,
    isSelected: r.is_selected as boolean,
    registryStatus: r.registry_status as string | null,
    registryProvider: r.registry_provider as string | null,
    registryData: r.registry_data,
  };
}

export function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

export const CLOSURES_SQL = `select "fecha" from "branch_closures"
  where ("branch_closures"."branch_id" = $1 and "branch_closures"."fecha" between $2 and $3)`;
