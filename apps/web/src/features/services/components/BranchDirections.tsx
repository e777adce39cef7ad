import type { Branch } from '@togo/domain/booking/booking.contract';
import { branchDirections } from '../branch-directions.ts';

/** 'Cómo llegar' links of a branch card (outside its choose button: a link cannot live inside a button). */
export function BranchDirections({ branch }: { branch: Branch }) {
  const links = branchDirections(branch);
  return (
    <p className="branch-item__directions">
      <span aria-hidden="true">Cómo llegar:</span>
      <a
        href={links.google}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Cómo llegar a ${branch.nombre} con Google Maps`}
      >
        Google Maps
      </a>
      <a
        href={links.waze}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Cómo llegar a ${branch.nombre} con Waze`}
      >
        Waze
      </a>
    </p>
  );
}
