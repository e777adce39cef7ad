import { useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import type { Vehicle } from '@togo/domain/garage/garage.contract';
import { Field, fieldA11y } from '../../../components/ui/Field.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { errorDetail, fieldErrors, isApiError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useCities } from '../api/cities.ts';
import { createVehicle } from '../api/create-vehicle.ts';
import { useDepartments } from '../api/departments.ts';
import { useDocumentTypes } from '../api/document-types.ts';
import { uploadLicence } from '../../../lib/licence-upload.ts';
import { LicenceFileInput } from '../components/LicenceFileInput.tsx';
import { clearGarageEmpty } from '../../../lib/garage-empty.ts';
import {
  EMPTY_GARAGE_FORM,
  GARAGE_FORM_MSG,
  garageFormSchema,
  SERVER_FIELDS,
  toVehicleRequest,
} from '../garage-form-schema.ts';
import type { GarageFormValues } from '../garage-form-schema.ts';
import '../garage.css';

export const FIRST_LOGIN_REMINDER =
  'Instala TOGO en tu celular para tener tus alertas siempre a la mano. Te mostramos cómo hacerlo.';

export interface GarageCreatePageProps {
  /** Back button target (by `from`: app → /app/home, otros → /app/otros). */
  back: string;
  /** First sign-in (reached from the user-type screen): 'Ir al home' shows 'Recuerda' and the tutorial. */
  firstLogin: boolean;
}

/** The first message of a failed creation or upload (AHGA §8 'Garage creation'). */
function failureMessage(error: unknown): string {
  const detail = errorDetail(error);
  if (detail) return detail;
  if (isApiError(error) && error.body && typeof error.body === 'object') {
    for (const field of Object.keys(error.body)) {
      const first = fieldErrors(error, field)[0];
      if (first) return first;
    }
  }
  return GARAGE_FORM_MSG.uploadFailed;
}

/** 'Crea tu garaje' (AHGA §2, §4, §5): the vehicle, then the optional licence file. */
export function GarageCreatePage({ back, firstLogin }: GarageCreatePageProps) {
  usePageTitle('Crea tu garaje');
  const navigate = useNavigate();
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const [resolver] = useState(() => zodResolver(garageFormSchema));
  const {
    register,
    handleSubmit,
    resetField,
    reset,
    setError,
    control,
    formState: { errors, isValid, isSubmitting },
  } = useForm<GarageFormValues>({ mode: 'onTouched', resolver, defaultValues: EMPTY_GARAGE_FORM });
  const [file, setFile] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  /** A vehicle created by an attempt whose file upload failed: a retry only uploads. */
  const created = useRef<Vehicle | null>(null);

  const departmentId = useWatch({ control, name: 'department' });
  const departments = useDepartments();
  const cities = useCities(departmentId ? Number(departmentId) : null);
  const documentTypes = useDocumentTypes();

  const leave = (to: string) => navigate(to, { replace: true });

  const onValid = async (values: GarageFormValues): Promise<void> => {
    let vehicle = created.current;
    setSaving(true);
    try {
      if (!vehicle) {
        vehicle = await createVehicle(toVehicleRequest(values));
        created.current = vehicle;
        clearGarageEmpty();
        await queryClient.invalidateQueries({ queryKey: ['garage'] });
      }
      if (file) await uploadLicence(vehicle.id, file);
    } catch (error) {
      console.error('Crear garaje', error);
      setSaving(false);
      let fieldProblem = false;
      if (!vehicle) {
        for (const [server, field] of Object.entries(SERVER_FIELDS)) {
          const message = fieldErrors(error, server)[0];
          if (message) {
            fieldProblem = true;
            setError(field, { type: 'server', message });
          }
        }
      }
      const retry = await dialog.show({
        variant: 'error',
        title: '¡Hey!',
        message: failureMessage(error),
        confirmText: 'Volver a intentar',
        cancelText: 'Agregar más tarde',
      });
      if (!retry) {
        await leave('/app/home');
        return;
      }
      // A rejected field must be corrected first; anything else is retried as it is.
      if (!fieldProblem) await onValid(values);
      return;
    }

    created.current = null;
    setSaving(false);
    const goHome = await dialog.show({
      variant: 'success',
      title: '¡Vehículo agregado!',
      message: `La placa ${vehicle.placa} ya está en tu garaje. ¿Quieres agregar otro vehículo?`,
      confirmText: 'Ir al home',
      cancelText: 'Agregar otro vehículo',
    });
    if (!goHome) {
      reset(EMPTY_GARAGE_FORM);
      setFile(null);
      return;
    }
    if (firstLogin) {
      await dialog.show({
        variant: 'info',
        title: 'Recuerda',
        message: FIRST_LOGIN_REMINDER,
        confirmText: 'Ver tutorial',
      });
      await leave('/app/otros/tutorial');
      return;
    }
    await leave('/app/home');
  };

  const err = (name: keyof GarageFormValues) => errors[name]?.message ?? null;
  const mileage = register('mileage');
  const department = register('department', { onChange: () => resetField('city') });
  const busy = isSubmitting;

  const placeholder = (loading: boolean, failed: boolean, text: string) =>
    loading ? 'Cargando...' : failed ? 'No disponible, intenta más tarde' : text;

  return (
    <main className="page page--auth">
      <PageHeader title="Crea tu garaje" back={back} />
      <p className="lead garage-lead">
        Agrega tu vehículo para recibir las alertas de SOAT, revisión técnico-mecánica, multas y pico y placa.
      </p>
      <form className="form" noValidate onSubmit={(event) => void handleSubmit(onValid)(event)}>
        <Field id="gf-plate" label="Placa" error={err('plate')}>
          <input
            {...fieldA11y('gf-plate', err('plate'))}
            {...register('plate')}
            className="input garage-plate-input"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="ABC123"
            maxLength={7}
          />
        </Field>
        <Field id="gf-mileage" label="Kilometraje" error={err('mileage')}>
          <input
            {...fieldA11y('gf-mileage', err('mileage'))}
            {...mileage}
            onChange={(event) => {
              event.target.value = event.target.value.replace(/\D/g, '');
              void mileage.onChange(event);
            }}
            className="input"
            inputMode="numeric"
            autoComplete="off"
            placeholder="Ej. 45000"
            maxLength={7}
          />
        </Field>
        <Field id="gf-department" label="Departamento" error={err('department')}>
          <select {...fieldA11y('gf-department', err('department'))} {...department} className="input select">
            <option value="">
              {placeholder(departments.isPending, departments.isError, 'Selecciona un departamento')}
            </option>
            {(departments.data ?? []).map((item) => (
              <option key={item.id} value={String(item.id)}>
                {item.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="gf-city" label="Ciudad" error={err('city')}>
          <select
            {...fieldA11y('gf-city', err('city'))}
            {...register('city')}
            className="input select"
            disabled={!departmentId}
          >
            <option value="">
              {departmentId
                ? placeholder(cities.isPending, cities.isError, 'Selecciona una ciudad')
                : 'Primero elige el departamento'}
            </option>
            {(cities.data ?? []).map((item) => (
              <option key={item.id} value={String(item.id)}>
                {item.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="gf-document-type" label="Tipo de documento" error={err('documentType')}>
          <select
            {...fieldA11y('gf-document-type', err('documentType'))}
            {...register('documentType')}
            className="input select"
          >
            <option value="">
              {placeholder(documentTypes.isPending, documentTypes.isError, 'Selecciona el tipo')}
            </option>
            {(documentTypes.data ?? []).map((item) => (
              <option key={item.id} value={String(item.id)}>
                {item.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="gf-document-number" label="Número de documento" error={err('documentNumber')}>
          <input
            {...fieldA11y('gf-document-number', err('documentNumber'))}
            {...register('documentNumber')}
            className="input"
            autoComplete="off"
            maxLength={20}
          />
        </Field>
        <LicenceFileInput file={file} onChange={setFile} disabled={busy} />
        <button
          type="submit"
          className="btn btn--primary btn--block"
          // Inactive while invalid, but still pressable: an invalid submit marks every field touched.
          aria-disabled={!isValid || busy}
          disabled={busy}
          onMouseDown={(event) => event.preventDefault()}
        >
          Crear garaje
        </button>
      </form>
      {saving ? <TruckLoader overlay /> : null}
    </main>
  );
}

/** /app/garaje-personal/nuevo-vehiculo[?from=otros|app]. */
export function NewVehicleRoute() {
  const [params] = useSearchParams();
  return (
    <GarageCreatePage back={params.get('from') === 'otros' ? '/app/otros' : '/app/home'} firstLogin={false} />
  );
}
