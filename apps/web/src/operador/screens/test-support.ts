import type { OperatorBranch, OperatorBranchPage } from '@togo/domain/operator/operator-ops.contract';

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
