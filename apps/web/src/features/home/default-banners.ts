import type { CatalogEntry } from '@togo/domain/catalog/catalog.contract';

const banner = (clave: string, valor: string, route: string, image: string, descripcion: string) => ({
  clave,
  valor,
  valor_json: { activo: true, alias_url_app: route, descripcion },
  detalle_archivos: [{ archivo: `/static/banners/${image}.webp` }],
});

/** Used for the carousel and for the promotions strip when their catalogue returns none (AHGA §9). */
export const DEFAULT_BANNERS: readonly CatalogEntry[] = [
  banner('DEFAULT_RTM', 'RTM', 'app/servicios/rtm', 'rtm', 'Agenda tu revisión técnico-mecánica.'),
  banner(
    'DEFAULT_FINANCIACION',
    'Financiación',
    'app/servicios/financiacion',
    'financiacion',
    'Financia tu próximo vehículo.',
  ),
  banner(
    'DEFAULT_PERITAJE',
    'Peritaje',
    'app/servicios/peritaje',
    'peritaje',
    'Peritaje en sede o a domicilio.',
  ),
  banner('DEFAULT_POLIZA', 'Póliza', 'app/otros/compras/poliza', 'poliza', 'Cotiza tu póliza todo riesgo.'),
];

export const NO_DESCRIPTION = 'Sin descripcion';
