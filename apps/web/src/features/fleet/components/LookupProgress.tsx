import type { LookupCount } from '@togo/domain/garage/vehicle-refresh.contract';
import { groupThousands } from '@togo/domain/money';
import { useLookupProgressQuery } from '../api/lookup-progress.ts';
import { ProgressBar } from './ProgressBar.tsx';
import './lookup-progress.css';

const count = groupThousands;
const percent = (c: LookupCount) => (c.total === 0 ? 100 : (c.hechas / c.total) * 100);

/** "Consultando RUNT: 340/1.000": one bar per provider while the background look-ups of an import run. */
export function LookupProgress() {
  const query = useLookupProgressQuery();
  const data = query.data;
  if (!data?.en_curso) return null;
  const bars = [
    { name: 'RUNT', c: data.registro },
    { name: 'SIMIT (multas)', c: data.multas },
  ].filter((b) => b.c.hechas < b.c.total);
  return (
    <div className="fleet-lookups" role="status" aria-live="polite">
      {bars.map((b) => (
        <ProgressBar
          key={b.name}
          label={`Consultando ${b.name}: ${count(b.c.hechas)}/${count(b.c.total)}`}
          percent={percent(b.c)}
          detail={
            b.c.errores > 0
              ? `${count(b.c.errores)} sin respuesta por ahora; se reintentan automáticamente.`
              : undefined
          }
        />
      ))}
    </div>
  );
}
