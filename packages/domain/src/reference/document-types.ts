import type { DocumentType } from './reference.contract.ts';

/**
 * Identity document types, in this order (ids are stable: vehicles reference them as
 * tipo_documento_propietario). Registration defaults to CC.
 */
export const DOCUMENT_TYPES: readonly DocumentType[] = [
  { id: 1, code: 'CC', name: 'Cédula de ciudadanía' },
  { id: 2, code: 'CE', name: 'Cédula de extranjería' },
  { id: 3, code: 'TI', name: 'Tarjeta de identidad' },
  { id: 4, code: 'PA', name: 'Pasaporte' },
  { id: 5, code: 'NIT', name: 'NIT' },
  { id: 6, code: 'PPT', name: 'Permiso por protección temporal' },
];

export const DEFAULT_DOCUMENT_TYPE_CODE = 'CC';
