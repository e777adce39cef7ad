import type { ComponentType } from 'react';
import {
  ImpuestosIcon,
  InfraccionesIcon,
  KitIcon,
  LicenciaIcon,
  PicoPlacaIcon,
  PolizaIcon,
  RtmIcon,
  SoatIcon,
} from './components/alert-icons.tsx';

export type AlertName =
  'soat' | 'poliza' | 'infracciones' | 'rtm' | 'licencia-conduccion' | 'kit' | 'pico-placa' | 'impuestos';

export interface AlertMenuItem {
  /** Route under /app/alerts/. */
  name: AlertName;
  /** Spanish name: the tile's label and the page title's section. */
  label: string;
  description: string;
  Icon: ComponentType;
}

/** The eight alerts of /app/alerts, in the spec's order (AHGA §2). */
export const ALERTS_MENU: readonly AlertMenuItem[] = [
  { name: 'soat', label: 'SOAT', description: 'Seguro obligatorio de accidentes', Icon: SoatIcon },
  { name: 'poliza', label: 'Póliza todo riesgo', description: 'Vigencia de tu póliza', Icon: PolizaIcon },
  {
    name: 'infracciones',
    label: 'Infracciones',
    description: 'Comparendos y multas',
    Icon: InfraccionesIcon,
  },
  { name: 'rtm', label: 'Revisión técnico-mecánica', description: 'Vigencia de tu RTM', Icon: RtmIcon },
  {
    name: 'licencia-conduccion',
    label: 'Licencia de conducción',
    description: 'Categorías y vencimientos',
    Icon: LicenciaIcon,
  },
  { name: 'kit', label: 'Kit de carretera', description: 'Recarga del extintor', Icon: KitIcon },
  {
    name: 'pico-placa',
    label: 'Pico y placa',
    description: 'Restricción de hoy en tu ciudad',
    Icon: PicoPlacaIcon,
  },
  { name: 'impuestos', label: 'Impuestos', description: 'Impuesto vehicular', Icon: ImpuestosIcon },
];

export function alertLabel(name: AlertName): string {
  return ALERTS_MENU.find((item) => item.name === name)?.label ?? 'Alertas';
}
