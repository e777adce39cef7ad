import type { ComponentType } from 'react';
import type { StaffRole } from '@togo/domain/operator/operator-auth.contract';

/**
 * The console's screens. The shell builds its navigation and its routes from this list, showing each
 * screen only to the roles that may open it (the server authorises every call again). Each screen is a
 * lazy chunk of the console's own entry, so neither the drivers' bundle nor the console's first paint grows.
 */
export interface OperatorScreen {
  /** Path under /operador, without a leading slash ('' is the dashboard). */
  path: string;
  /** Spanish label in the navigation. */
  label: string;
  roles: readonly StaffRole[];
  load: () => Promise<{ default: ComponentType }>;
}

export const ALL_STAFF: readonly StaffRole[] = ['admin', 'operaciones', 'contenido', 'soporte'];

const OPERATIONS: readonly StaffRole[] = ALL_STAFF;

/** Who edits content and pico y placa rules (the server checks it again). */
const CONTENT_EDITORS: readonly StaffRole[] = ['admin', 'contenido'];

export const operatorScreens: OperatorScreen[] = [
  // Decision 037: every role reads; the server lets admin and operaciones act.
  {
    path: 'agenda',
    label: 'Agenda',
    roles: OPERATIONS,
    load: () => import('./screens/agenda/AgendaScreen.tsx'),
  },
  { path: 'sedes', label: 'Sedes', roles: OPERATIONS, load: () => import('./screens/sedes/SedesScreen.tsx') },
  {
    path: 'precios',
    label: 'Precios',
    roles: OPERATIONS,
    load: () => import('./screens/precios/PreciosScreen.tsx'),
  },
  {
    path: 'soporte',
    label: 'Soporte a usuarios',
    // Every role reads a driver (decision 031); the actions show only for admin and soporte.
    roles: ALL_STAFF,
    load: () => import('./screens/soporte/SupportScreen.tsx'),
  },
  {
    path: 'pico-placa',
    label: 'Pico y placa',
    roles: ALL_STAFF,
    load: () => import('./screens/pico-placa/PicoPlacaScreen.tsx'),
  },
  {
    path: 'contenido',
    label: 'Contenido',
    roles: CONTENT_EDITORS,
    load: () => import('./screens/contenido/ContenidoScreen.tsx'),
  },
];
