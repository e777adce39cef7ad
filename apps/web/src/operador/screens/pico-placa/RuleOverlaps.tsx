import { useMemo } from 'react';
import type { PicoPlacaCity } from '@togo/domain/pico-placa/pico-placa.rules';
import { formatDay } from '../../components/format.ts';
import { ruleOverlaps } from './rule-overlaps.ts';

/**
 * Warns, before saving, that two rules share days (issue 38): the engine then applies both, and the preview's
 * "Reglas" column shows which ones restrict each day.
 */
export function RuleOverlaps({ city }: { city: PicoPlacaCity }) {
  const overlaps = useMemo(() => ruleOverlaps(city), [city]);
  if (overlaps.length === 0) return null;
  return (
    <div className="pp-message pp-message--warning" role="status">
      <p>
        Hay reglas cuyos periodos se superponen: esos días TOGO aplica las dos. Si una reemplaza a la otra,
        ajusta sus fechas. La vista previa muestra qué reglas restringen cada día.
      </p>
      <ul>
        {overlaps.map((o) => (
          <li key={`${o.first}|${o.second}`}>
            «{o.first}» y «{o.second}»:{' '}
            {o.to
              ? `del ${formatDay(o.from)} al ${formatDay(o.to)}`
              : `desde el ${formatDay(o.from)}, sin fecha final`}
          </li>
        ))}
      </ul>
    </div>
  );
}
