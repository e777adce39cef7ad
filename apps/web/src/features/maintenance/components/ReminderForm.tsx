import { useState } from 'react';
import type { FormEvent } from 'react';
import type { MaintenanceType } from '@togo/domain/maintenance/maintenance.catalogue';
import { useCreateReminder } from '../api/maintenance.ts';
import { optionalWhole, reminderErrors } from '../maintenance-form.ts';
import { EntryFormFrame, InputField, NUMERIC, TypeSelect, useEntryForm } from './form-bits.tsx';
import type { EntryFormProps } from './RecordForm.tsx';

const FIELDS = ['tipo', 'cada_km', 'cada_meses', 'ultimo_km', 'ultima_fecha'] as const;

/**
 * "Nuevo recordatorio": every how many km and/or months (whichever first), counted from the last service of its
 * type unless told. A second reminder of a type replaces the first.
 */
export function ReminderForm({ vehicleId, today, onDone, onCancel }: Omit<EntryFormProps, 'lastKm'>) {
  const create = useCreateReminder(vehicleId);
  const [tipo, setTipo] = useState('');
  const [cadaKm, setCadaKm] = useState('');
  const [cadaMeses, setCadaMeses] = useState('');
  const [ultimoKm, setUltimoKm] = useState('');
  const [ultimaFecha, setUltimaFecha] = useState('');
  const { form, errors, formError, submit } = useEntryForm(FIELDS);

  const onSubmit = (event: FormEvent) =>
    submit(event, reminderErrors({ tipo, cadaKm, cadaMeses, ultimoKm, ultimaFecha }, today), async () => {
      await create.mutateAsync({
        tipo: tipo as MaintenanceType,
        cada_km: optionalWhole(cadaKm),
        cada_meses: optionalWhole(cadaMeses),
        ultimo_km: optionalWhole(ultimoKm),
        ultima_fecha: ultimaFecha || null,
      });
      onDone('Recordatorio guardado.');
    });

  return (
    <EntryFormFrame
      form={form}
      titleId="mto-rem-title"
      title="Nuevo recordatorio"
      saveLabel="Guardar recordatorio"
      pending={create.isPending}
      formError={formError}
      onSubmit={onSubmit}
      onCancel={onCancel}
    >
      <p className="mto-muted">Te avisamos por kilómetros, por meses o por lo que llegue primero.</p>
      <TypeSelect id="mto-rem-tipo" value={tipo} error={errors.tipo} onValue={setTipo} />
      <InputField
        id="mto-rem-cada_km"
        label="Cada cuántos kilómetros"
        {...NUMERIC}
        value={cadaKm}
        error={errors.cada_km}
        hint="Por ejemplo 5.000"
        onValue={setCadaKm}
      />
      <InputField
        id="mto-rem-cada_meses"
        label="Cada cuántos meses"
        {...NUMERIC}
        value={cadaMeses}
        error={errors.cada_meses}
        onValue={setCadaMeses}
      />
      <InputField
        id="mto-rem-ultimo_km"
        label="Kilometraje del último servicio (opcional)"
        {...NUMERIC}
        value={ultimoKm}
        error={errors.ultimo_km}
        hint="Si lo dejas vacío, contamos desde el último mantenimiento de este tipo o el kilometraje actual."
        onValue={setUltimoKm}
      />
      <InputField
        id="mto-rem-ultima_fecha"
        label="Fecha del último servicio (opcional)"
        type="date"
        max={today}
        value={ultimaFecha}
        error={errors.ultima_fecha}
        onValue={setUltimaFecha}
      />
    </EntryFormFrame>
  );
}
