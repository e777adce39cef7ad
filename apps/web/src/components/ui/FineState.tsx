import { fineState, fineStateLabel } from '@togo/domain/garage/fine-states';
import './fine-state.css';

const MODIFIER = {
  vigente: 'vigente',
  'en cobro coactivo': 'coactivo',
  'acuerdo de pago': 'acuerdo',
  pagado: 'pagado',
  anulado: 'anulado',
} as const;

/** A fine's state as a labelled chip: 'Vigente', 'En cobro coactivo', 'Acuerdo de pago'… (decision 071). */
export function FineState({ estado }: { estado: string | null | undefined }) {
  const state = fineState(estado);
  return (
    <span className={`fine-state fine-state--${state ? MODIFIER[state] : 'otro'}`}>
      {fineStateLabel(estado)}
    </span>
  );
}
