import { bogotaToday } from '@togo/domain/bogota-time';
import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { getFleetMembership } from '../../../lib/storage.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import {
  useFuel,
  useMaintenanceVehicle,
  useRecords,
  useReminders,
  type MaintenanceScope,
} from '../api/maintenance.ts';
import { CostsPanel } from '../components/CostsPanel.tsx';
import { FuelForm } from '../components/FuelForm.tsx';
import { HistoryList } from '../components/HistoryList.tsx';
import { RecordForm, type EntryFormProps } from '../components/RecordForm.tsx';
import { ReminderForm } from '../components/ReminderForm.tsx';
import { ReminderPanel } from '../components/ReminderPanel.tsx';
import { km } from '../maintenance-labels.ts';
import '../maintenance.css';

type Entry = 'mantenimiento' | 'combustible' | 'recordatorio';

const ENTRIES: [Entry, string][] = [
  ['mantenimiento', 'Registrar mantenimiento'],
  ['combustible', 'Registrar tanqueo'],
  ['recordatorio', 'Nuevo recordatorio'],
];

function vehicleIdOf(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The driver's app page, or a section inside the fleet area's own <main>. */
function Frame({ scope, back, children }: { scope: MaintenanceScope; back: string; children: ReactNode }) {
  const header = <PageHeader title="Mantenimiento" back={back} />;
  return scope === 'app' ? (
    <main className="page page--app page--mto">
      {header}
      {children}
    </main>
  ) : (
    <section className="mto-fleet" aria-label="Mantenimiento del vehículo">
      {header}
      {children}
    </section>
  );
}

interface ScreenProps {
  scope: MaintenanceScope;
  vehicleId: number;
  back: string;
  canWrite: boolean;
}

/** One vehicle's "Mantenimiento" (issue 39): reminders beside the legal deadlines, entry forms, costs, history. */
function MaintenanceScreen({ scope, vehicleId, back, canWrite }: ScreenProps) {
  const [today] = useState(() => bogotaToday(new Date()));
  const vehicle = useMaintenanceVehicle(scope, vehicleId);
  const records = useRecords(vehicleId);
  const fuel = useFuel(vehicleId);
  const reminders = useReminders(vehicleId);
  const [open, setOpen] = useState<Entry | null>(null);
  const [status, setStatus] = useState('');
  const openers = useRef<Partial<Record<Entry, HTMLButtonElement | null>>>({});
  const v = vehicle.data ?? null;
  usePageTitle(v ? `Mantenimiento ${v.placa}` : 'Mantenimiento');

  const notFound =
    (vehicle.isSuccess && v === null) ||
    [vehicle.error, records.error].some((e) => isApiError(e) && e.status === 404);

  const close = (entry: Entry, message?: string) => {
    setOpen(null);
    if (message) setStatus(message);
    requestAnimationFrame(() => openers.current[entry]?.focus());
  };

  const lastKm = Math.max(
    v?.kilometraje ?? 0,
    ...(records.data ?? []).map((r) => r.kilometraje),
    ...(fuel.data ?? []).map((r) => r.kilometraje),
  );

  if (notFound) {
    return (
      <Frame scope={scope} back={back}>
        <p className="mto-error" role="alert">
          No encontramos este vehículo.
        </p>
      </Frame>
    );
  }

  if (vehicle.isPending) {
    return (
      <Frame scope={scope} back={back}>
        <TruckLoader />
      </Frame>
    );
  }

  const formProps = { vehicleId, today, lastKm };
  return (
    <Frame scope={scope} back={back}>
      {v ? (
        <p className="mto-vehicle">
          <span className="mto-vehicle__plate">{v.placa.toUpperCase()}</span>
          <span>Kilometraje: {km(lastKm)}</span>
        </p>
      ) : vehicle.isError ? (
        <p className="mto-error" role="alert">
          No pudimos consultar el vehículo. Revisa tu conexión e intenta de nuevo.
        </p>
      ) : null}
      <p className={status ? 'mto-ok' : 'visually-hidden'} role="status" aria-live="polite">
        {status}
      </p>
      <div className="mto-grid">
        <div className="mto-col">
          <ReminderPanel
            vehicle={v}
            reminders={reminders.data}
            pending={reminders.isPending}
            failed={reminders.isError}
            today={today}
            canBook={scope === 'app'}
          />
          {canWrite ? (
            <section className="mto-card" aria-labelledby="mto-add-title">
              <h2 id="mto-add-title" className="mto-card__title">
                Agregar
              </h2>
              <div className="mto-actions">
                {ENTRIES.map(([entry, label]) => (
                  <button
                    key={entry}
                    ref={(el) => {
                      openers.current[entry] = el;
                    }}
                    type="button"
                    className={open === entry ? 'btn btn--primary' : 'btn btn--secondary'}
                    aria-expanded={open === entry}
                    aria-controls="mto-entry"
                    onClick={() => {
                      setStatus('');
                      setOpen(open === entry ? null : entry);
                    }}
                  >
                    {label}
                  </button>
                ))}
              </div>
              <div id="mto-entry">
                {open ? <EntryFormFor key={open} entry={open} {...formProps} close={close} /> : null}
              </div>
            </section>
          ) : (
            <p className="mto-muted mto-readonly" role="note">
              Tu rol en la organización solo permite consultar el mantenimiento.
            </p>
          )}
        </div>
        <div className="mto-col">
          <CostsPanel vehicleId={vehicleId} today={today} />
          <HistoryList
            records={records.data}
            fuel={fuel.data}
            pending={records.isPending || fuel.isPending}
            failed={records.isError || fuel.isError}
          />
        </div>
      </div>
    </Frame>
  );
}

/** /app/vehiculo/:id/mantenimiento — a driver's own vehicle (the link of the service-reminder notices). */
export function DriverMaintenanceRoute() {
  const id = vehicleIdOf(useParams().id);
  if (id === null) return <MaintenanceNotFound scope="app" back="/app/garaje-personal" />;
  return <MaintenanceScreen key={id} scope="app" vehicleId={id} back="/app/garaje-personal" canWrite />;
}

/** /flota/vehiculo/:id/mantenimiento — a company's vehicle; a consulta member reads only (the API enforces it). */
export function FleetMaintenanceRoute() {
  const id = vehicleIdOf(useParams().id);
  if (id === null) return <MaintenanceNotFound scope="flota" back="/flota" />;
  const canWrite = (getFleetMembership()?.rol ?? 'administrador') !== 'consulta';
  return (
    <MaintenanceScreen
      key={id}
      scope="flota"
      vehicleId={id}
      back={`/flota/vehicle?id=${id}`}
      canWrite={canWrite}
    />
  );
}

function MaintenanceNotFound({ scope, back }: { scope: MaintenanceScope; back: string }) {
  usePageTitle('Mantenimiento');
  return (
    <Frame scope={scope} back={back}>
      <p className="mto-error" role="alert">
        No encontramos este vehículo.
      </p>
    </Frame>
  );
}

/** The form of the entry opened; done or cancelled, it closes (with the message it says). */
function EntryFormFor({
  entry,
  close,
  ...formProps
}: Omit<EntryFormProps, 'onDone' | 'onCancel'> & {
  entry: Entry;
  close: (entry: Entry, message?: string) => void;
}) {
  const Form = { mantenimiento: RecordForm, combustible: FuelForm, recordatorio: ReminderForm }[entry];
  return <Form {...formProps} onDone={(m) => close(entry, m)} onCancel={() => close(entry)} />;
}
