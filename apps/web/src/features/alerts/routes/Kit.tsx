import { useState } from 'react';
import { addMonths, isIsoDate } from '@togo/domain/alerts/alerts.dates';
import { DUE_DATE_OFFSET_MONTHS } from '@togo/domain/alerts/alerts.rules';
import { showLongDate } from '../alert-dates.ts';
import { alertLabel } from '../alerts-menu.ts';
import { useAlertsNav } from '../alerts-nav.ts';
import { readSelectedVehicle } from '../alerts-storage.ts';
import { useAlertQuery } from '../api/get-alert.ts';
import { useSaveAlertMutation } from '../api/save-alert.ts';
import { AlertDateModal } from '../components/AlertDateModal.tsx';
import { AlertScreen, NoVehicleNotice } from '../components/AlertScreen.tsx';
import { DateFacts } from '../components/DateFacts.tsx';
import { VehicleCard } from '../components/VehicleCard.tsx';
import { expiryStatus } from '../expiry-status.ts';

/** When the next recharge is due: the last recharge plus 12 months (the server's rule). */
export function nextRecharge(lastRecharge: string | null | undefined): string | null {
  if (!lastRecharge || !isIsoDate(lastRecharge)) return null;
  return addMonths(lastRecharge, DUE_DATE_OFFSET_MONTHS.ALERTA_KIT);
}

/**
 * Road kit (AHGA §2 'kit'): the date of the last extinguisher recharge as a long Spanish date. The
 * single-date modal emits fecha_expedicion; this screen stores it as fecha_vencimiento (AHGA §5).
 */
export function KitRoute() {
  const nav = useAlertsNav();
  const [vehicle] = useState(readSelectedVehicle);
  const vehicleId = vehicle?.id ?? null;
  const query = useAlertQuery('ALERTA_KIT', vehicleId);
  const save = useSaveAlertMutation();
  const lastRecharge = query.data?.data.fecha_vencimiento ?? null;
  const next = nextRecharge(lastRecharge);
  const title = alertLabel('kit');

  if (!vehicle || vehicleId === null) {
    return (
      <AlertScreen title={title} back={nav.list}>
        <NoVehicleNotice />
      </AlertScreen>
    );
  }

  return (
    <AlertScreen title={title} back={nav.list} loading={query.isLoading || save.isPending}>
      {query.isError ? null : (
        <DateFacts
          title="Extintor"
          note={
            lastRecharge
              ? 'La recarga del extintor dura un año.'
              : 'Registra la fecha de la última recarga y te avisaremos cuando debas recargarlo.'
          }
          facts={[
            { label: 'Última recarga del extintor', value: showLongDate(lastRecharge), main: true },
            ...(next
              ? [{ label: 'Próxima recarga', value: showLongDate(next), status: expiryStatus(next) }]
              : []),
          ]}
        />
      )}
      <VehicleCard vehicle={vehicle} />
      <div className="alerts__actions">
        <AlertDateModal
          mode="single"
          title="Por favor actualiza la fecha de la última recarga del extintor"
          buttonText="Actualiza la fecha"
          confirmText="Actualizar"
          issueLabel="Fecha de la última recarga"
          disabled={query.isLoading || save.isPending}
          initial={{ fecha_expedicion: lastRecharge }}
          onSubmit={(dates) =>
            save.mutate({
              code: 'ALERTA_KIT',
              id_garaje: vehicleId,
              exists: lastRecharge !== null,
              fecha_expedicion: null,
              fecha_vencimiento: dates.fecha_expedicion,
            })
          }
        />
      </div>
    </AlertScreen>
  );
}
