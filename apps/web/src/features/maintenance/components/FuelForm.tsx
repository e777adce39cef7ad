import { useState } from 'react';
import type { FormEvent } from 'react';
import { useCreateFuel } from '../api/maintenance.ts';
import { fuelErrors, parseGallons, parseWhole } from '../maintenance-form.ts';
import { km } from '../maintenance-labels.ts';
import { CorrectionCheck, EntryFormFrame, InputField, NUMERIC, useEntryForm } from './form-bits.tsx';
import type { EntryFormProps } from './RecordForm.tsx';

const FIELDS = ['fecha', 'kilometraje', 'galones', 'costo', 'tanque_lleno'] as const;

/** "Registrar tanqueo": date, mileage, gallons, cost and whether the tank was filled (for km/gal). */
export function FuelForm({ vehicleId, today, lastKm, onDone, onCancel }: EntryFormProps) {
  const create = useCreateFuel(vehicleId);
  const [fecha, setFecha] = useState(today);
  const [kilometraje, setKilometraje] = useState(lastKm > 0 ? String(lastKm) : '');
  const [galones, setGalones] = useState('');
  const [costo, setCosto] = useState('');
  const [tanqueLleno, setTanqueLleno] = useState(true);
  const [correccion, setCorreccion] = useState(false);
  const [offerCorrection, setOfferCorrection] = useState(false);
  const { form, errors, formError, submit } = useEntryForm(FIELDS, (failure) => {
    if (failure.fields.kilometraje) setOfferCorrection(true);
    return failure.form ?? failure.fields.tanque_lleno ?? null;
  });

  const onSubmit = (event: FormEvent) =>
    submit(event, fuelErrors({ fecha, kilometraje, galones, costo, tanqueLleno }, today), async () => {
      await create.mutateAsync({
        fecha,
        kilometraje: parseWhole(kilometraje),
        galones: parseGallons(galones),
        costo: parseWhole(costo),
        tanque_lleno: tanqueLleno,
        ...(correccion ? { correccion: true } : {}),
      });
      onDone('Tanqueo guardado.');
    });

  return (
    <EntryFormFrame
      form={form}
      titleId="mto-fuel-title"
      title="Registrar tanqueo"
      saveLabel="Guardar tanqueo"
      pending={create.isPending}
      formError={formError}
      onSubmit={onSubmit}
      onCancel={onCancel}
    >
      <InputField
        id="mto-fuel-fecha"
        label="Fecha"
        type="date"
        max={today}
        value={fecha}
        error={errors.fecha}
        onValue={setFecha}
      />
      <InputField
        id="mto-fuel-kilometraje"
        label="Kilometraje"
        {...NUMERIC}
        value={kilometraje}
        error={errors.kilometraje}
        hint={lastKm > 0 ? `Último kilometraje registrado: ${km(lastKm)}` : undefined}
        onValue={setKilometraje}
      />
      {offerCorrection ? <CorrectionCheck checked={correccion} onValue={setCorreccion} /> : null}
      <InputField
        id="mto-fuel-galones"
        label="Galones"
        inputMode="decimal"
        autoComplete="off"
        value={galones}
        error={errors.galones}
        hint="Hasta 100 galones, con máximo tres decimales (por ejemplo 10,5)."
        onValue={setGalones}
      />
      <InputField
        id="mto-fuel-costo"
        label="Costo (COP)"
        {...NUMERIC}
        value={costo}
        error={errors.costo}
        onValue={setCosto}
      />
      <label className="mto-check">
        <input type="checkbox" checked={tanqueLleno} onChange={(e) => setTanqueLleno(e.target.checked)} />
        Tanque lleno (para calcular el rendimiento en km/gal)
      </label>
    </EntryFormFrame>
  );
}
