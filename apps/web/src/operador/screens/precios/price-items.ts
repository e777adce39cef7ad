import { vehicleClassLabel } from '@togo/domain/labels';
import { groupThousands } from '@togo/domain/money';
import {
  OPERATOR_OPS_PATHS,
  type PriceKind,
  type PriceList,
} from '@togo/domain/operator/operator-ops.contract';

export interface PriceItem {
  kind: PriceKind;
  key: string;
  label: string;
  detail: string;
  precio: number;
  editado: boolean;
  /** The row's version: a price is saved with If-Match of its own row (decision 096). */
  version: number;
}

export const SECTIONS: { kind: PriceKind; title: string; items: (l: PriceList) => PriceItem[] }[] = [
  {
    kind: 'rtm',
    title: 'Revisión técnico-mecánica por clase de vehículo',
    items: (l) =>
      l.rtm.map((p) => ({
        kind: 'rtm',
        key: p.clase,
        label: vehicleClassLabel(p.clase),
        detail: p.grupo,
        ...p,
      })),
  },
  {
    kind: 'combos',
    title: 'Combos de peritaje',
    items: (l) =>
      l.combos.map((p) => ({ kind: 'combos', key: p.id, label: p.nombre, detail: p.proveedor, ...p })),
  },
  {
    kind: 'tramites',
    title: 'Trámites',
    items: (l) =>
      l.tramites.map((p) => ({ kind: 'tramites', key: p.id, label: p.nombre, detail: p.id, ...p })),
  },
];

export const PRICE_PATH: Record<PriceKind, (key: string) => string> = {
  rtm: OPERATOR_OPS_PATHS.rtmPrice,
  combos: OPERATOR_OPS_PATHS.comboPrice,
  tramites: OPERATOR_OPS_PATHS.tramitePrice,
};

/** A row's identity across the sections ('tramites:TRASPASO'). */
export const itemId = (item: Pick<PriceItem, 'kind' | 'key'>) => `${item.kind}:${item.key}`;

/** What staff type into a price box → whole pesos (every non-digit dropped: '$ 378.400' → 378400). */
export const pesos = (typed: string): number => Number(typed.replace(/\D/g, '') || '0');

/** The box shows the amount grouped as es-CO writes it ('378.400'), never '378400'. */
export const groupedInput = (typed: string): string => {
  const digits = typed.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  return digits ? groupThousands(Number(digits)) : '';
};
