import { sql } from 'drizzle-orm';
import type { Fine, FinesResult, RegistryVehicle } from '@togo/domain/garage/registry.contract';
import type { Db } from '../../db/client.ts';
import type { FinesProvider } from '../../integrations/fines/fines-provider.ts';
import { ProviderError } from '../../integrations/registry/provider-error.ts';
import type {
  OwnerQuery,
  ProviderQuota,
  RegistryProvider,
} from '../../integrations/registry/registry-provider.ts';
import type { Clock } from '../../lib/clock.ts';
import { GarageRefreshManualService } from './garage-refresh-manual.service.ts';
import { GarageRefreshRepository } from './garage-refresh.repository.ts';
import { refreshSettings, type RefreshSettings } from './garage-refresh.schedule.ts';
import type { NotificationSink } from '../../lib/notification-sink.ts';
import { GarageRefreshService } from './garage-refresh.service.ts';

/** Test double of both providers: answers per plate, counts calls per plate, fails while `failing` is set. */
export class ScriptedProviders {
  readonly name = 'prueba';
  readonly calls = { registry: new Map<string, number>(), fines: new Map<string, number>() };
  readonly fines = new Map<string, Fine[]>();
  readonly registry = new Map<string, RegistryVehicle>();
  failing = false;
  /** Both providers on one account with its own per-minute limit (as Verifik's registry and fines). */
  accountQuota?: ProviderQuota;
  /** Called inside each look-up (tests hold a look-up open to race another worker against it). */
  onCall?: () => Promise<void>;

  private async count(kind: 'registry' | 'fines', placa: string): Promise<void> {
    const m = this.calls[kind];
    m.set(placa, (m.get(placa) ?? 0) + 1);
    if (this.onCall) await this.onCall();
    if (this.failing) throw new ProviderError('prueba', 'unavailable', 'no disponible');
  }

  readonly registryProvider: RegistryProvider = {
    name: 'prueba',
    lookupVehicle: async (q: OwnerQuery) => {
      await this.count('registry', q.placa);
      return this.registry.get(q.placa) ?? registryAnswer(q.placa, '2027-01-10', '2027-03-01');
    },
  };

  readonly finesProvider: FinesProvider = {
    name: 'prueba',
    lookupFines: async (q: OwnerQuery): Promise<FinesResult> => {
      await this.count('fines', q.placa);
      return { comparendos_vehiculo: this.fines.get(q.placa) ?? [], comparendos_persona: [] };
    },
  };

  total(kind: 'registry' | 'fines'): number {
    return [...this.calls[kind].values()].reduce((a, b) => a + b, 0);
  }
}

export function registryAnswer(placa: string, soat: string, rtm: string): RegistryVehicle {
  return {
    placa,
    vehiculo: {
      marca: 'KIA',
      linea: 'PICANTO',
      modelo: 2020,
      clase: 'AUTOMOVIL',
      servicio: 'PARTICULAR',
      combustible: 'GASOLINA',
      color: 'ROJO',
      cilindraje: 1248,
      carroceria: 'HATCH BACK',
      fecha_matricula: '2020-02-01',
    },
    soat: { fecha_expedicion: '2025-01-10', fecha_vencimiento: soat, aseguradora: 'SURA' },
    rtm: { fecha_expedicion: '2025-03-01', fecha_vencimiento: rtm, cda: 'CDA PRUEBA' },
    licencia: null,
  };
}

export function fine(numero: string, total: number, fecha: string, estado = 'vigente'): Fine {
  return {
    numero,
    tipo: 'Comparendo - C14',
    estado,
    total,
    fecha_infraccion: fecha,
    placa: '',
    infractor: 'ANA PÉREZ',
    descripcion: 'Pico y placa',
    categoria: 'C14',
  };
}

/** `count` live vehicles of `userId` created at the clock's time (the trigger makes them due a minute later). */
export async function insertVehicles(
  db: Db,
  userId: number,
  count: number,
  now: Date,
  prefix = 'R',
): Promise<{ id: number; placa: string }[]> {
  const res = (await db.execute(sql`
    insert into vehicles (user_id, placa, documento_propietario, tipo_documento_propietario, created, updated)
    select ${userId}, ${prefix} || lpad(g::text, ${count > 999 ? 5 : 3}::int, '0'), '1020304050', 1, ${now.toISOString()}::timestamptz,
           ${now.toISOString()}::timestamptz
    from generate_series(1, ${count}) g
    returning id, placa`)) as unknown as { rows: { id: number; placa: string }[] };
  return res.rows.map((r) => ({ id: Number(r.id), placa: r.placa }));
}

export const TEST_REFRESH_ENV = {
  REFRESH_REGISTRY_HOURS: 168,
  REFRESH_FINES_HOURS: 24,
  REGISTRY_QUOTA_PER_MINUTE: 600,
  FINES_QUOTA_PER_MINUTE: 600,
  REFRESH_BACKOFF_BASE_SECONDS: 60,
  REFRESH_BACKOFF_MAX_SECONDS: 3600,
};

/** A refresh service on `db` with scripted providers (a new instance = another API process). */
export function refreshWith(
  db: Db,
  clock: Clock,
  providers: ScriptedProviders,
  notifications: NotificationSink,
  env: Partial<typeof TEST_REFRESH_ENV> = {},
  onRegistryUpdated?: (vehicleId: number) => Promise<void>,
): {
  refresh: GarageRefreshService;
  manual: GarageRefreshManualService;
  repo: GarageRefreshRepository;
  settings: RefreshSettings;
} {
  const repo = new GarageRefreshRepository(db);
  const settings = refreshSettings({ ...TEST_REFRESH_ENV, ...env });
  const quota = providers.accountQuota;
  const refresh = new GarageRefreshService({
    repo,
    registry: quota ? { ...providers.registryProvider, quota } : providers.registryProvider,
    fines: quota ? { ...providers.finesProvider, quota } : providers.finesProvider,
    clock,
    settings,
    notifications,
    onRegistryUpdated,
  });
  return {
    refresh,
    repo,
    settings,
    manual: new GarageRefreshManualService({ repo, refresh, clock, settings }),
  };
}
