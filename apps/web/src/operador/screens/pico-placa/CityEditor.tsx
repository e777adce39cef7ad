import { useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { useMay } from '../../lib/staff-role.tsx';
import { StaleVersionNotice } from '../../components/StaleVersionNotice.tsx';
import { errorText, isStaleVersion } from '../../lib/operator-messages.ts';
import {
  apiErrorsToMap,
  cityFromImport,
  newRule,
  ruleErrors,
  updateRule,
  validateCity,
  type CityDraft,
  type FieldErrorMap,
} from './city-form.ts';
import { HistoryPanel } from './HistoryPanel.tsx';
import { replaceCity } from './pico-placa-api.ts';
import { PreviewTable } from './PreviewTable.tsx';
import { RuleForm } from './RuleForm.tsx';
import { RuleOverlaps } from './RuleOverlaps.tsx';

/** Empty source lines are typing leftovers, not sources. */
function cleaned(draft: CityDraft): CityDraft {
  return {
    ...draft,
    rules: draft.rules.map((r) =>
      Array.isArray(r.sources) ? { ...r, sources: r.sources.map((s) => s.trim()).filter(Boolean) } : r,
    ),
  };
}

function download(city: unknown, filename: string) {
  const url = URL.createObjectURL(
    new Blob([`${JSON.stringify(city, null, 2)}\n`], { type: 'application/json' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * One city's rules: a form per rule, add/remove rules, the 30-day preview, saving (PUT), JSON import (validated,
 * then saved) and export, and the history with revert. Errors of the domain schema or of the server's 400 are
 * shown next to the field they name.
 */
export function CityEditor({
  dane,
  initial,
  version,
  today,
  notice,
  onSaved,
  onReload,
}: {
  dane: string;
  initial: Record<string, unknown>;
  version: number;
  today: string;
  /** Shown until this editor's own next message (the parent remounts the editor after a save). */
  notice: string | null;
  onSaved: (notice: string) => void;
  /** Loads the current version again (after a 409: someone saved since this editor loaded). */
  onReload: () => void;
}) {
  const [draft, setDraft] = useState<CityDraft>(() => ({
    ...initial,
    rules: Array.isArray(initial.rules) ? (initial.rules as CityDraft['rules']) : [],
  }));
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(
    notice ? { kind: 'ok', text: notice } : null,
  );
  const [saving, setSaving] = useState(false);
  const [stale, setStale] = useState(false);
  // "Guardado…" describes the rules as saved: it goes as soon as they are changed again (issue 38).
  const savedDraft = useRef(draft);
  useEffect(() => {
    if (draft !== savedDraft.current) setMessage((m) => (m?.kind === 'ok' ? null : m));
  }, [draft]);
  // Without 'pico-placa.editar' the rules are shown disabled, with the preview, export and history.
  const canEdit = useMay('pico-placa.editar');
  const fileInput = useRef<HTMLInputElement>(null);
  // Rules keep their form state (React keys) while others are added or removed.
  const [keys, setKeys] = useState(() => draft.rules.map((_, i) => i));
  const nextKey = useRef(draft.rules.length);
  // Rules that ended before today start closed; the rest, new ones and rules with errors are open.
  const [open, setOpen] = useState<ReadonlySet<number>>(
    () => new Set(draft.rules.flatMap((r, i) => (r.valid_to && r.valid_to < today ? [] : [i]))),
  );
  const toggleOpen = (key: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const validation = useMemo(() => validateCity(cleaned(draft)), [draft]);
  const previewCity = validation.ok ? validation.city : null;

  async function save(next: CityDraft) {
    const body = cleaned(next);
    const checked = validateCity(body);
    if (!checked.ok) {
      setErrors(checked.errors);
      setMessage({ kind: 'error', text: 'Revisa los campos marcados: no se guardó nada.' });
      return;
    }
    setSaving(true);
    setMessage(null);
    setStale(false);
    try {
      const answer = await replaceCity(dane, body, version);
      const text = `Guardado como versión ${answer.version}. Los conductores ya ven estas reglas.`;
      setErrors({});
      setMessage({ kind: 'ok', text });
      onSaved(text);
    } catch (err) {
      if (isStaleVersion(err)) {
        setStale(true);
      } else if (isApiError(err) && err.status === 400) {
        setErrors(apiErrorsToMap(err.body));
        setMessage({ kind: 'error', text: 'El servidor rechazó las reglas: revisa los campos marcados.' });
      } else {
        setMessage({ kind: 'error', text: errorText(err) });
      }
    } finally {
      setSaving(false);
    }
  }

  async function importFile(file: File) {
    const picked = cityFromImport(await file.text(), dane);
    if (!picked.ok) {
      setMessage({ kind: 'error', text: picked.error });
      return;
    }
    const importedKeys = picked.draft.rules.map(() => nextKey.current++);
    setDraft(picked.draft);
    setKeys(importedKeys);
    setOpen(new Set(importedKeys));
    await save(picked.draft);
  }

  const general = errors.general ?? Object.entries(errors).find(([k]) => !k.startsWith('rules.'))?.[1];
  return (
    <div className="pp-editor">
      <div className="pp-editor__bar">
        <h2>
          {String(draft.name ?? dane)}{' '}
          <span className="pp-muted">
            · DANE {dane} · versión {version}
          </span>
        </h2>
        <div className="pp-editor__actions">
          {canEdit && (
            <>
              <button type="button" className="btn btn--secondary" onClick={() => fileInput.current?.click()}>
                Importar JSON
              </button>
              <input
                ref={fileInput}
                type="file"
                accept="application/json,.json"
                className="visually-hidden"
                aria-label="Archivo JSON de la ciudad"
                data-testid="pp-import"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) void importFile(file);
                }}
              />
            </>
          )}
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => download(initial, `pico-y-placa-${String(initial.key ?? dane)}.json`)}
          >
            Exportar JSON
          </button>
          {canEdit && (
            <button
              type="button"
              className="btn btn--primary"
              disabled={saving}
              onClick={() => void save(draft)}
            >
              {saving ? 'Guardando…' : 'Guardar reglas'}
            </button>
          )}
        </div>
      </div>
      {canEdit ? null : (
        <p className="pp-muted">Tu rol puede consultar las reglas y su historial, pero no modificarlos.</p>
      )}
      <div aria-live="polite">
        {message ? (
          <p
            role={message.kind === 'error' ? 'alert' : 'status'}
            className={`pp-message pp-message--${message.kind}`}
          >
            {message.text}
          </p>
        ) : null}
        {general ? <p className="field-error">{general}</p> : null}
        {stale ? <StaleVersionNotice onReload={onReload} /> : null}
      </div>

      {previewCity ? <RuleOverlaps city={previewCity} /> : null}

      <div className="pp-editor__cols">
        <div className="pp-editor__rules">
          {draft.rules.length === 0 ? <p className="pp-muted">Esta ciudad no tiene reglas.</p> : null}
          {draft.rules.map((rule, index) => (
            <RuleForm
              key={keys[index] ?? index}
              rule={rule}
              index={index}
              readOnly={!canEdit}
              errors={ruleErrors(errors, index)}
              open={open.has(keys[index] ?? index) || Object.keys(ruleErrors(errors, index)).length > 0}
              onToggle={() => toggleOpen(keys[index] ?? index)}
              onChange={(next) => setDraft((d) => updateRule(d, index, () => next))}
              onRemove={() => {
                setDraft((d) => ({ ...d, rules: d.rules.filter((_, i) => i !== index) }));
                setKeys((k) => k.filter((_, i) => i !== index));
                setErrors({});
              }}
            />
          ))}
          {canEdit && (
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => {
                const key = nextKey.current++;
                setDraft((d) => ({ ...d, rules: [...d.rules, newRule(d, today)] }));
                setKeys((k) => [...k, key]);
                setOpen((o) => new Set(o).add(key));
              }}
            >
              + Agregar regla
            </button>
          )}
        </div>
        <div className="pp-editor__side">
          <PreviewTable city={previewCity} today={today} />
          <HistoryPanel
            dane={dane}
            current={version}
            refreshKey={version}
            canRevert={canEdit}
            onReverted={onSaved}
            onReload={onReload}
          />
        </div>
      </div>
    </div>
  );
}
