import { useState, type FormEvent } from 'react';
import { companyDataInputSchema, type CompanyData } from '@togo/domain/organisation/company-data.contract';
import { errorDetail, fieldErrors } from '../../../lib/api-client.ts';
import { useCompanyDataQuery, useSetCompanyDataMutation } from '../api/company-data.ts';

type Field = 'razon_social' | 'nit';

/**
 * "Datos de la empresa" (issue 37, decision 123): the razón social and NIT the fleet PDF, the invitations and the
 * exports quote. An administrador edits them; the form checks them as the API does (the NIT's check digit
 * included) and sends nothing while one is wrong.
 */
export function CompanyDataCard() {
  const query = useCompanyDataQuery();
  return (
    <section className="fleet-card" aria-labelledby="company-data-title">
      <h2 id="company-data-title" className="fleet-card__title">
        Datos de la empresa
      </h2>
      {query.isPending ? (
        // The form itself, empty and disabled, holds the card's height until the data comes (no layout shift).
        <CompanyDataForm key="cargando" data={null} />
      ) : query.isError ? (
        <p>No se pudo consultar los datos de la empresa.</p>
      ) : query.data.editable ? (
        <CompanyDataForm key="datos" data={query.data} />
      ) : (
        <p>{query.data.nombre}</p>
      )}
    </section>
  );
}

/** The form; `data` null while the company's data loads (shown disabled and busy). */
function CompanyDataForm({ data }: { data: CompanyData | null }) {
  const save = useSetCompanyDataMutation();
  const [razonSocial, setRazonSocial] = useState(data?.razon_social ?? '');
  const [nit, setNit] = useState(data?.nit ?? '');
  const [local, setLocal] = useState<Partial<Record<Field, string>>>({});
  const [saved, setSaved] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const parsed = companyDataInputSchema.safeParse({ razon_social: razonSocial, nit });
    if (!parsed.success) {
      const errors: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        errors[field] ??= issue.message;
      }
      setLocal(errors);
      return;
    }
    setLocal({});
    save.mutate(
      { razon_social: parsed.data.razon_social, nit: parsed.data.nit },
      {
        onSuccess: (answer) => {
          setNit(answer.nit ?? '');
          setRazonSocial(answer.razon_social ?? '');
          setSaved(`Guardado. Tu empresa aparece como «${answer.nombre}».`);
        },
      },
    );
  };

  const error = (field: Field) => local[field] ?? fieldErrors(save.error, field)[0];
  const nameError = error('razon_social');
  const nitError = error('nit');
  const otherError =
    save.isError && !nameError && !nitError
      ? (errorDetail(save.error) ?? 'No se pudieron guardar los datos, intenta nuevamente.')
      : null;

  return (
    <form className="fleet-invite" onSubmit={submit} noValidate aria-busy={data === null}>
      <p className="fleet-digest__text">
        Aparecen en el resumen en PDF, en las invitaciones y en los archivos de Excel de la flota.
      </p>
      <label>
        Razón social
        <input
          value={razonSocial}
          onChange={(e) => setRazonSocial(e.target.value)}
          disabled={data === null}
          maxLength={200}
          autoComplete="organization"
          required
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? 'company-name-error' : undefined}
        />
      </label>
      {nameError ? (
        <p id="company-name-error" role="alert">
          {nameError}
        </p>
      ) : null}
      <label>
        NIT (con dígito de verificación)
        <input
          value={nit}
          onChange={(e) => setNit(e.target.value)}
          disabled={data === null}
          inputMode="numeric"
          maxLength={40}
          placeholder="900123456-8"
          aria-invalid={nitError ? true : undefined}
          aria-describedby={nitError ? 'company-nit-error' : undefined}
        />
      </label>
      {nitError ? (
        <p id="company-nit-error" role="alert">
          {nitError}
        </p>
      ) : null}
      <button type="submit" className="btn btn--primary" disabled={data === null || save.isPending}>
        Guardar datos de la empresa
      </button>
      {otherError ? <p role="alert">{otherError}</p> : null}
      <p role="status">{saved ?? ''}</p>
    </form>
  );
}
