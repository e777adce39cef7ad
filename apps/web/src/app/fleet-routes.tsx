import type { RouteObject } from 'react-router';
import { screen } from './route-kit.tsx';
import { NotFound } from './RootLayout.tsx';

/**
 * The fleet area's screens under /flota (SPPF §2), each its own lazy chunk; the maintenance screens of the fleet
 * are composed here too (features do not import each other). The guard and layout are in router.tsx.
 */
export const fleetChildren: RouteObject[] = [
  {
    index: true,
    ...screen(
      () => import('../features/fleet/routes/FleetList.tsx'),
      'FleetListRoute',
      (client) => import('../features/fleet/routes/FleetList.tsx').then((m) => m.prefetchFleetList(client)),
    ),
  },
  {
    path: 'upload',
    ...screen(() => import('../features/fleet/routes/FleetUpload.tsx'), 'FleetUploadRoute'),
  },
  {
    path: 'vehicle',
    ...screen(() => import('../features/fleet/routes/FleetVehicle.tsx'), 'FleetVehicleRoute'),
  },
  {
    path: 'estado-carga',
    ...screen(() => import('../features/fleet/routes/FleetErrors.tsx'), 'FleetErrorsRoute'),
  },
  {
    path: 'hoy',
    ...screen(() => import('../features/fleet/routes/FleetToday.tsx'), 'FleetTodayRoute'),
  },
  {
    path: 'miembros',
    ...screen(() => import('../features/fleet/routes/FleetMembers.tsx'), 'FleetMembersRoute'),
  },
  {
    path: 'alertas',
    ...screen(() => import('../features/fleet/routes/FleetAlerts.tsx'), 'FleetAlertsRoute'),
  },
  {
    path: 'reportes',
    ...screen(() => import('../features/fleet/routes/FleetReports.tsx'), 'FleetReportsRoute'),
  },
  {
    path: 'vehiculo/:id/mantenimiento',
    ...screen(() => import('../features/maintenance/routes/Maintenance.tsx'), 'FleetMaintenanceRoute'),
  },
  {
    path: 'mantenimiento',
    ...screen(
      () => import('../features/maintenance/routes/FleetMaintenanceList.tsx'),
      'FleetMaintenanceListRoute',
    ),
  },
  {
    path: 'proximos-servicios',
    ...screen(() => import('../features/fleet/routes/FleetServices.tsx'), 'FleetServicesRoute'),
  },
  {
    path: 'agendamientos',
    ...screen(() => import('../features/fleet/routes/FleetBookings.tsx'), 'FleetBookingsRoute'),
  },
  { path: '*', Component: NotFound },
];
