import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { MaintenanceType } from '@togo/domain/maintenance/maintenance.catalogue';
import { Field, fieldA11y } from '../../../components/ui/Field.tsx';
import { errorDetail } from '../../../lib/api-client.ts';
import { useCreateRecord } from '../api/maintenance.ts';
import { parseWhole, recordErrors } from '../maintenance-form.ts';
import { km } from '../maintenance-labels.ts';
import {
  CorrectionCheck,
  EntryFormFrame,
  InputField,
  NUMERIC,
  TypeSelect,
  useEntryForm,
} from './form-bits.tsx';

const FIELDS = ['fecha', 'kilometraje', 'tipo', 'costo', 'taller', 'descripcion'] as const;

export interface EntryFormProps {
  vehicleId: number;
  today: string;
  /** The vehicle's last known mileage: suggested in the form. */
  lastKm: number;
  onDone: (message: string) => void;
  onCancel: () => void;
}

/** "Registrar mantenimiento": date, mileage, type, cost, workshop, notes and the invoice photo or PDF. */
export function RecordForm({ vehicleId, today, lastKm, onDone, onCancel }: EntryFormProps) {
  const create = useCreateRecord(vehicleId);
  const fileInput = useRef<HTMLInputElement>(null);
  const [fecha, setFecha] = useState(today);
  const [kilometraje, setKilometraje] = useState(lastKm > 0 ? String(lastKm) : '');
  const [tipo, setTipo] = useState('');
  const [costo, setCosto] = useState('');
  const [taller, setTaller] = useState('');
  const [descripcion, setDescripcion] = useState('');
  const [invoice, setInvoice] = useState<File | null>(null);
  const [correccion, setCorreccion] = useState(false);
  const [offerCorrection, setOfferCorrection] = useState(false);
  const { form, errors, formError, submit } = useEntryForm(FIELDS, (failure) => {
    if (failure.fields.kilometraje) setOfferCorrection(true);
    return failure.form;
  });

  const found = () => recordErrors({ fecha, kilometraje, tipo, costo, taller, descripcion, invoice }, today);
  const onSubmit = (event: FormEvent) =>
    submit(event, found(), async () => {
      const { invoiceError } = await create.mutateAsync({
        body: {
          fecha,
          kilometraje: parseWhole(kilometraje),
          tipo: tipo as MaintenanceType,
          costo: parseWhole(costo),
          taller: taller.trim() || null,
          descripcion: descripcion.trim() || null,
          ...(correccion ? { correccion: true } : {}),
        },
        invoice,
      });
      onDone(
        invoiceError
          ? `Mantenimiento guardado, pero no la factura: ${errorDetail(invoiceError) ?? 'intenta subirla de nuevo.'}`
          : 'Mantenimiento guardado.',
      );
    });

  return (
    <EntryFormFrame
      form={form}
      titleId="mto-rec-title"
      title="Registrar mantenimiento"
      saveLabel="Guardar mantenimiento"
      pending={create.isPending}
      formError={formError}
      onSubmit={onSubmit}
      onCancel={onCancel}
    >
      <TypeSelect id="mto-rec-tipo" value={tipo} error={errors.tipo} onValue={setTipo} />
      <InputField
        id="mto-rec-fecha"
        label="Fecha"
        type="date"
        max={today}
        value={fecha}
        error={errors.fecha}
        onValue={setFecha}
      />
      <InputField
        id="mto-rec-kilometraje"
        label="Kilometraje"
        {...NUMERIC}
        value={kilometraje}
        error={errors.kilometraje}
        hint={lastKm > 0 ? `Último kilometraje registrado: ${km(lastKm)}` : undefined}
        onValue={setKilometraje}
      />
      {offerCorrection ? <CorrectionCheck checked={correccion} onValue={setCorreccion} /> : null}
      <InputField
        id="mto-rec-costo"
        label="Costo (COP)"
        {...NUMERIC}
        value={costo}
        error={errors.costo}
        onValue={setCosto}
      />
      <InputField
        id="mto-rec-taller"
        label="Taller (opcional)"
        value={taller}
        error={errors.taller}
        onValue={setTaller}
      />
      <Field id="mto-rec-descripcion" label="Descripción (opcional)" error={errors.descripcion}>
        <textarea
          className="input"
          rows={2}
          {...fieldA11y('mto-rec-descripcion', errors.descripcion)}
          value={descripcion}
          onChange={(e) => setDescripcion(e.target.value)}
        />
      </Field>
      <div className={errors.factura ? 'field field--invalid' : 'field'}>
        <span className="field__label" id="mto-rec-factura-label">
          Factura: foto o PDF (opcional)
        </span>
        <div className="mto-file">
          <button
            type="button"
            className="btn btn--secondary"
            aria-describedby="mto-rec-factura-label mto-rec-factura-name"
            {...(errors.factura ? { 'aria-invalid': true } : {})}
            onClick={() => fileInput.current?.click()}
          >
            {invoice ? 'Cambiar archivo' : 'Adjuntar factura'}
          </button>
          <span id="mto-rec-factura-name" className="mto-file__name">
            {invoice ? invoice.name : 'Ningún archivo elegido'}
          </span>
        </div>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept="image/jpeg,image/png,application/pdf"
          aria-label="Factura: foto o PDF"
          onChange={(e) => setInvoice(e.target.files?.[0] ?? null)}
        />
        {errors.factura ? (
          <p className="field-error">{errors.factura}</p>
        ) : (
          <p className="field__hint">JPG, PNG o PDF de hasta 5 MB.</p>
        )}
      </div>
    </EntryFormFrame>
  );
}
