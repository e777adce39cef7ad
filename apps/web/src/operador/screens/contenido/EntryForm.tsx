import { useState, type FormEvent } from 'react';
import type {
  CatalogEntryInput,
  OperatorCatalogEntry,
} from '@togo/domain/operator/operator-content.contract';
import { isApiError } from '../../../lib/api-client.ts';
import { StaleVersionNotice } from '../../components/StaleVersionNotice.tsx';
import { errorText, isStaleVersion } from '../../lib/operator-messages.ts';
import { fieldErrors, saveEntry, uploadImage } from './content-api.ts';

interface EntryFormProps {
  clavePadre: string;
  /** null: a new entry. */
  entry: OperatorCatalogEntry | null;
  /** Banner fields (title, description, link, image upload) instead of the raw valor_json. */
  banner: boolean;
  nextOrder: number;
  onDone: (saved: OperatorCatalogEntry | null) => void;
  /** Loads the entry as it is now (a save refused because someone saved it since it was read, decision 096). */
  onReload: () => void;
}

export function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <div className={error ? 'ct-field field--invalid' : 'ct-field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const a11y = (id: string, error?: string) =>
  error ? { id, 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : { id };

/** Create or edit one catalogue entry; a banner gets its image uploaded (re-encoded on the server). */
export function EntryForm({ clavePadre, entry, banner, nextOrder, onDone, onReload }: EntryFormProps) {
  const json = entry?.valor_json ?? { activo: true };
  const [clave, setClave] = useState(entry?.clave ?? '');
  const [valor, setValor] = useState(entry?.valor ?? '');
  const [orden, setOrden] = useState(String(entry?.orden ?? nextOrder));
  const [activo, setActivo] = useState(json.activo);
  const [descripcion, setDescripcion] = useState(json.descripcion ?? '');
  const [enlace, setEnlace] = useState(json.alias_url_app ?? '');
  const [valorJson, setValorJson] = useState(JSON.stringify(json, null, 2));
  const [archivo, setArchivo] = useState(entry?.detalle_archivos[0]?.archivo ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState(false);
  const [busy, setBusy] = useState<'upload' | 'save' | null>(null);

  async function upload(file: File) {
    setBusy('upload');
    setErrors((e) => ({ ...e, imagen: '' }));
    try {
      setArchivo((await uploadImage(file)).url);
    } catch (err) {
      const body = isApiError(err) ? fieldErrors(err.body) : {};
      setErrors((e) => ({ ...e, imagen: body.imagen ?? body.detail ?? errorText(err) }));
    } finally {
      setBusy(null);
    }
  }

  function build(): CatalogEntryInput | null {
    let valueJson: Record<string, unknown>;
    if (banner) {
      valueJson = { ...json, activo, descripcion };
      if (enlace) valueJson.alias_url_app = enlace;
      else delete valueJson.alias_url_app;
    } else {
      try {
        const parsed = JSON.parse(valorJson) as unknown;
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
        valueJson = { ...(parsed as Record<string, unknown>), activo };
      } catch {
        setErrors({ valor_json: 'Debe ser un objeto JSON válido.' });
        return null;
      }
    }
    return {
      clave_padre: clavePadre,
      clave: clave.trim(),
      valor,
      orden:
        orden.trim() === '' || Number.isNaN(Number(orden)) ? (orden as unknown as number) : Number(orden),
      valor_json: valueJson as CatalogEntryInput['valor_json'],
      detalle_archivos: archivo ? [{ archivo }] : [],
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = build();
    if (!input) return;
    setBusy('save');
    setErrors({});
    setStale(false);
    try {
      onDone(await saveEntry(entry, input));
    } catch (err) {
      if (isStaleVersion(err)) setStale(true);
      else
        setErrors(isApiError(err) && err.status === 400 ? fieldErrors(err.body) : { detail: errorText(err) });
    } finally {
      setBusy(null);
    }
  }

  const id = (name: string) => `ct-${name}`;
  const imageError = errors.imagen || errors.detalle_archivos;
  return (
    <form
      className="ct-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={entry ? 'Editar entrada' : 'Nueva entrada'}
    >
      <h3>{entry ? `Editar ${entry.clave}` : banner ? 'Nuevo banner' : 'Nueva entrada'}</h3>
      {errors.detail ? (
        <p role="alert" className="field-error">
          {errors.detail}
        </p>
      ) : null}
      {stale ? <StaleVersionNotice onReload={onReload} /> : null}
      <div className="ct-form__grid">
        <Field id={id('clave')} label="Clave" error={errors.clave}>
          <input
            {...a11y(id('clave'), errors.clave)}
            value={clave}
            onChange={(e) => setClave(e.target.value)}
          />
        </Field>
        <Field id={id('valor')} label={banner ? 'Título' : 'Valor'} error={errors.valor}>
          <input
            {...a11y(id('valor'), errors.valor)}
            value={valor}
            onChange={(e) => setValor(e.target.value)}
          />
        </Field>
        <Field id={id('orden')} label="Orden" error={errors.orden}>
          <input
            {...a11y(id('orden'), errors.orden)}
            inputMode="numeric"
            value={orden}
            onChange={(e) => setOrden(e.target.value)}
          />
        </Field>
        <label className="ct-check">
          <input type="checkbox" checked={activo} onChange={(e) => setActivo(e.target.checked)} />
          Activo (visible para los conductores)
        </label>
      </div>
      {banner ? (
        <>
          <Field id={id('descripcion')} label="Descripción" error={errors.valor_json}>
            <textarea
              {...a11y(id('descripcion'), errors.valor_json)}
              rows={2}
              value={descripcion}
              onChange={(e) => setDescripcion(e.target.value)}
            />
          </Field>
          <Field id={id('enlace')} label="Enlace al tocarlo (p. ej. app/servicios/rtm o https://…)">
            <input id={id('enlace')} value={enlace} onChange={(e) => setEnlace(e.target.value)} />
          </Field>
          <Field id={id('imagen')} label="Imagen (JPG o PNG, hasta 5 MB)" error={imageError}>
            <input
              {...a11y(id('imagen'), imageError)}
              type="file"
              accept="image/jpeg,image/png"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void upload(file);
              }}
            />
          </Field>
          {busy === 'upload' ? <p role="status">Subiendo imagen…</p> : null}
          {archivo ? (
            <img className="ct-form__preview" src={archivo} alt={`Imagen del banner ${valor}`} />
          ) : null}
        </>
      ) : (
        <>
          <Field id={id('valor_json')} label="valor_json (JSON)" error={errors.valor_json}>
            <textarea
              {...a11y(id('valor_json'), errors.valor_json)}
              rows={6}
              className="ct-mono"
              value={valorJson}
              onChange={(e) => setValorJson(e.target.value)}
            />
          </Field>
          <Field
            id={id('archivo')}
            label="Archivo o imagen (URL o ruta /static/…)"
            error={errors.detalle_archivos}
          >
            <input
              {...a11y(id('archivo'), errors.detalle_archivos)}
              value={archivo}
              onChange={(e) => setArchivo(e.target.value)}
            />
          </Field>
        </>
      )}
      <div className="ct-form__actions">
        <button type="button" className="btn btn--secondary" onClick={() => onDone(null)}>
          Cancelar
        </button>
        <button type="submit" className="btn btn--primary" disabled={busy !== null}>
          {busy === 'save' ? 'Guardando…' : 'Guardar'}
        </button>
      </div>
    </form>
  );
}
