import { http } from 'msw';
import {
  OPERATOR_OPS_PATHS,
  divipolaListSchema,
  type DivipolaOption,
  type OperatorBranch,
  type OperatorBranchPage,
} from '@togo/domain/operator/operator-ops.contract';
import { contractJson } from '../../test/api-server.ts';

/** A branch as GET /api/operador/sedes/ answers it. */
export function branch(overrides: Partial<OperatorBranch> = {}): OperatorBranch {
  return {
    id: 'TRA-BOG-01',
    servicio: 'tramites',
    nombre: 'Punto de Trámites Calle 80',
    direccion: 'Av. Calle 80 # 69Q-50',
    ciudad: '11001',
    ciudad_nombre: 'Bogotá',
    telefono: '601 337 1613',
    capacidad: 4,
    horario: { lunes_viernes: { apertura: '07:00', cierre: '19:00' }, sabado: null },
    activa: true,
    atiende: ['LIVIANOS'],
    a_domicilio: false,
    lat: 4.69,
    lng: -74.08,
    version: 0,
    ...overrides,
  };
}

/** A page of GET /api/operador/sedes/?page=… with the given rows. */
export function branchPage(
  data: OperatorBranch[],
  { total = data.length, page = 1, page_size = 20 }: Partial<OperatorBranchPage> = {},
): OperatorBranchPage {
  return {
    data,
    total,
    page,
    page_size,
    ciudades: [
      { ciudad: '11001', nombre: 'Bogotá' },
      { ciudad: '05001', nombre: 'Medellín' },
    ],
  };
}

/** DIVIPOLA of the branch form's lists (decision 116): Antioquia and Bogotá with a few municipalities. */
export function divipolaHandlers() {
  const towns: Record<string, DivipolaOption[]> = {
    '5': [
      { id: 5088, nombre: 'Bello' },
      { id: 5001, nombre: 'Medellín' },
    ],
    '11': [{ id: 11001, nombre: 'Bogotá' }],
  };
  return [
    http.get(OPERATOR_OPS_PATHS.departments, () =>
      contractJson(divipolaListSchema, [
        { id: 5, nombre: 'Antioquia' },
        { id: 11, nombre: 'Bogotá, D.C.' },
      ]),
    ),
    http.get('/api/operador/divipola/departamentos/:id/municipios/', ({ params }) =>
      contractJson(divipolaListSchema, towns[String(params.id)] ?? []),
    ),
  ];
}
