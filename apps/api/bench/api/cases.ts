/** bench:api — the endpoints timed, and what each does after authentication on the bare handler. */
import type { FastifyRequest } from 'fastify';
import type { AlertDates, DatesAlertResponse, NotificationPage } from '@togo/domain/alerts/alerts.contract';
import { NOTIFICATIONS_PAGE_SIZE } from '@togo/domain/alerts/alerts.contract';
import type { OpeningHours, SlotsResponse } from '@togo/domain/booking/booking.contract';
import { addDays, slotBlock, slotHoursFor, slotLabel, slotTime } from '@togo/domain/booking/booking.rules';
import type { Database } from '../../src/db/client.ts';
import type { UserRow } from '../../src/features/accounts/accounts.repository.ts';
import { toUserInfo } from '../../src/features/accounts/user.mapper.ts';
import { toVehicle } from '../../src/features/garage/garage.mapper.ts';
import { FileUrlSigner } from '../../src/integrations/files/signed-url.ts';
import {
  ALERT_SQL,
  BRANCH_SQL,
  CLOSURES_SQL,
  GARAGES_SQL,
  NOTIFICATION_COUNT_SQL,
  NOTIFICATION_PAGE_SQL,
  OCCUPANCY_SQL,
  SELECTED_SQL,
  rowToView,
  textOrNull,
} from './sql.ts';

export interface Case {
  name: string;
  /** Path and query string, the same on both servers. */
  path: string;
  /** What the endpoint does after authentication: the same SQL, on the bare handler. */
  bare: (user: UserRow, req: FastifyRequest) => Promise<unknown>;
  /** POST with a JSON body (the /wh/ booking calls); GET when absent. */
  body?: unknown;
}

export function bareCases(secret: string, database: Database, selectedId: number, slotDate: string): Case[] {
  const signer = new FileUrlSigner(secret, 3600);
  /** The drivers answer `date` columns as Date (PGlite at UTC midnight, pg at local midnight); drizzle as text. */
  const isoDate = (v: unknown): string | null => {
    if (!(v instanceof Date)) return (v as string | null) ?? null;
    if (database.kind === 'pglite') return v.toISOString().slice(0, 10);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())}`;
  };
  const dates = (exists: unknown, exp: unknown, venc: unknown) =>
    exists === null ? null : { fecha_expedicion: isoDate(exp), fecha_vencimiento: isoDate(venc) };
  const hasDates = (d: AlertDates | null): d is AlertDates =>
    d !== null && (d.fecha_expedicion !== null || d.fecha_vencimiento !== null);

  return [
    {
      name: 'slots (obtener_horarios_disponibles)',
      path: '/wh/transversal/ejecutar-accion/?accion=obtener_horarios_disponibles',
      body: {
        sede: 'TRA-BOG-01',
        fecha_agenda_desde: slotDate,
        fecha_agenda_hasta: slotDate,
        from_flow: 'tramites',
      },
      bare: async (_user, req): Promise<SlotsResponse> => {
        const body = req.body as { sede: string; fecha_agenda_desde: string; fecha_agenda_hasta: string };
        const [branch] = await database.query(BRANCH_SQL, [body.sede, true, 1]);
        if (!branch) throw new Error('no branch');
        const now = new Date();
        const rows = await database.query(OCCUPANCY_SQL, [
          now.toISOString(),
          branch.id,
          body.fecha_agenda_desde,
          body.fecha_agenda_hasta,
        ]);
        const taken = new Map(rows.map((r) => [`${isoDate(r.fecha)}|${r.hora as number}`, r]));
        const closures = await database.query(CLOSURES_SQL, [
          branch.id,
          body.fecha_agenda_desde,
          body.fecha_agenda_hasta,
        ]);
        const closed = new Set(closures.map((r) => isoDate(r.fecha)));
        const out: SlotsResponse = [];
        for (let date = body.fecha_agenda_desde; date <= body.fecha_agenda_hasta; date = addDays(date, 1)) {
          const slots = [];
          const hours = closed.has(date)
            ? []
            : slotHoursFor({ date, now, openingHours: branch.horario as OpeningHours });
          for (const hour of hours) {
            const r = taken.get(`${date}|${hour}`);
            const free =
              ((r?.capacity as number) ?? (branch.capacidad as number)) - ((r?.ocupados as number) ?? 0);
            if (free > 0) {
              slots.push({
                id: slotLabel(hour),
                hora: slotTime(hour),
                bloque: slotBlock(hour),
                disponibles: free,
              });
            }
          }
          out.push({ fecha: date, slots });
        }
        return out;
      },
    },
    {
      name: 'confirmar_inicio_sesion',
      path: '/api/togo/users/confirmar_inicio_sesion/',
      bare: async (user) => toUserInfo(user),
    },
    {
      name: 'user_garages',
      path: '/api/togo/vehicle/user_garages/',
      bare: async (user) => {
        const rows = await database.query(GARAGES_SQL, ['registry', user.id]);
        const now = new Date();
        return rows.map((r) => toVehicle(rowToView(r), signer, now));
      },
    },
    {
      name: 'get_garaje_selected',
      path: '/api/togo/vehicle/get_garaje_selected/',
      bare: async (user) => {
        const [row] = await database.query(SELECTED_SQL, ['registry', user.id, true, 1]);
        if (!row) throw new Error('no selected vehicle');
        return toVehicle(rowToView(row), signer, new Date());
      },
    },
    {
      name: 'list_notificaciones_by_garaje',
      path: `/api/togo/notificacion/list_notificaciones_by_garaje/?id_garaje=${selectedId}`,
      bare: async (user, req): Promise<NotificationPage> => {
        const vehicleId = Number((req.query as { id_garaje?: string }).id_garaje);
        const [counted] = await database.query<{ count: number }>(NOTIFICATION_COUNT_SQL, [
          vehicleId,
          user.id,
          1,
        ]);
        if (!counted) throw new Error('not found');
        const pageSize = NOTIFICATIONS_PAGE_SIZE;
        const pages = Math.max(1, Math.ceil(counted.count / pageSize));
        const rows =
          counted.count === 0 ? [] : await database.query(NOTIFICATION_PAGE_SQL, [vehicleId, pageSize, 0]);
        let next: string | null = null;
        if (pages > 1) {
          const url = new URL(req.url, `${req.protocol}://${req.host}`);
          url.searchParams.set('page', '2');
          next = url.toString();
        }
        return {
          count: counted.count,
          next,
          previous: null,
          results: rows.map((r) => ({
            id: r.id as number,
            logo_notificacion: r.logo_notificacion as string,
            message: r.message as string,
            titulo: r.titulo as string,
            url_redireccion: r.url_redireccion as string,
            created: (r.created as Date).toISOString(),
          })),
        };
      },
    },
    {
      name: 'get_alerta ALERTA_SOAT',
      path: `/api/togo/alerta/get_alerta/?id_garaje=${selectedId}&code=ALERTA_SOAT`,
      bare: async (user, req): Promise<DatesAlertResponse> => {
        const vehicleId = Number((req.query as { id_garaje?: string }).id_garaje);
        const [r] = await database.query(ALERT_SQL, [
          'soat',
          'registry',
          'ALERTA_SOAT',
          'user',
          'ALERTA_SOAT',
          'registry',
          vehicleId,
          user.id,
          1,
        ]);
        if (!r) throw new Error('not found');
        const part =
          typeof r.snapshot_part === 'object' && r.snapshot_part !== null && !Array.isArray(r.snapshot_part)
            ? (r.snapshot_part as Record<string, unknown>)
            : null;
        const fromSnapshot = part
          ? {
              fecha_expedicion: textOrNull(part.fecha_expedicion),
              fecha_vencimiento: textOrNull(part.fecha_vencimiento),
            }
          : null;
        const stored = dates(r.registry_exists, r.registry_exp, r.registry_venc);
        const registry = hasDates(stored) ? stored : hasDates(fromSnapshot) ? fromSnapshot : null;
        const userDates = dates(r.user_exists, r.user_exp, r.user_venc);
        const own = hasDates(userDates) ? userDates : null;
        const fuente = own ? 'usuario' : registry ? 'registro' : null;
        const shown = own ?? registry;
        return {
          empty: fuente === null && r.snapshot_status !== 'ok' && r.snapshot_status !== 'failed',
          data: {
            fecha_expedicion: shown?.fecha_expedicion ?? null,
            fecha_vencimiento: shown?.fecha_vencimiento ?? null,
            fuente,
            demo: fuente === 'registro' && r.snapshot_provider === 'demo',
            aseguradora: fuente === 'registro' ? textOrNull(part?.aseguradora) : null,
          },
        };
      },
    },
  ];
}
