import { useQuery } from '@tanstack/react-query';
import { OPERATOR_OPS_PATHS, divipolaListSchema } from '@togo/domain/operator/operator-ops.contract';
import { Field, fieldA11y } from '../../../components/ui/Field.tsx';
import { operatorRequest } from '../../lib/operator-api.ts';
import { errorMessage } from '../../lib/ops-error-message.ts';

/** DIVIPOLA changes about once a year: the lists are read once per console session. */
const FOREVER = { staleTime: Infinity } as const;

/**
 * The branch's municipality, picked from lists (issue 38: the DANE code is never typed): the department first,
 * then one of its municipalities. `departamento` is the department's DANE code as text ('5'), `ciudad` the
 * municipality's 5-digit code ('05001'); a new department clears the municipality.
 */
export function CityPicker({
  departamento,
  ciudad,
  error,
  onChange,
}: {
  departamento: string;
  ciudad: string;
  error: string | undefined;
  onChange: (next: { departamento: string; ciudad: string }) => void;
}) {
  const departments = useQuery({
    queryKey: ['operador', 'divipola'],
    queryFn: ({ signal }) =>
      operatorRequest(OPERATOR_OPS_PATHS.departments, { schema: divipolaListSchema, signal }),
    ...FOREVER,
  });
  const municipalities = useQuery({
    queryKey: ['operador', 'divipola', departamento],
    queryFn: ({ signal }) =>
      operatorRequest(OPERATOR_OPS_PATHS.municipalities(Number(departamento)), {
        schema: divipolaListSchema,
        signal,
      }),
    enabled: departamento !== '',
    ...FOREVER,
  });
  const loadError = departments.error ?? municipalities.error;
  const pad = (id: number) => String(id).padStart(5, '0');
  const shownError = error ?? (loadError ? errorMessage(loadError) : undefined);
  return (
    <>
      <Field id="sede-departamento" label="Departamento">
        <select
          id="sede-departamento"
          className="input"
          value={departamento}
          aria-busy={departments.isPending}
          onChange={(e) => onChange({ departamento: e.target.value, ciudad: '' })}
        >
          <option value="">
            {departments.isPending ? 'Cargando departamentos…' : 'Elige el departamento'}
          </option>
          {departments.data?.map((d) => (
            <option key={d.id} value={String(d.id)}>
              {d.nombre}
            </option>
          ))}
        </select>
      </Field>
      <Field id="sede-ciudad" label="Municipio" error={shownError}>
        <select
          {...fieldA11y('sede-ciudad', shownError)}
          className="input"
          value={ciudad}
          disabled={departamento === ''}
          aria-busy={municipalities.isFetching}
          onChange={(e) => onChange({ departamento, ciudad: e.target.value })}
        >
          <option value="">
            {departamento === ''
              ? 'Elige primero el departamento'
              : municipalities.isPending
                ? 'Cargando municipios…'
                : 'Elige el municipio'}
          </option>
          {municipalities.data?.map((m) => (
            <option key={m.id} value={pad(m.id)}>
              {m.nombre}
            </option>
          ))}
        </select>
      </Field>
    </>
  );
}
