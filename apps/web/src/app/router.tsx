import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import {
  authGuard,
  changePasswordGuard,
  companiesIntroGuard,
  fleetGuard,
  homeGuard,
  otpGuard,
  tokenGuard,
  userTypeGuard,
} from './guards.ts';
import { prefetchHome } from '../features/home/api/home-prefetch.ts';
import { fleetChildren } from './fleet-routes.tsx';
import { guarded, screen } from './route-kit.tsx';
import { NotFound, RootLayout } from './RootLayout.tsx';

/**
 * Every screen is a lazy chunk, so the first load only carries React, the router, the query client and
 * the guards; each area's code arrives when its route is visited (all of a location's chunks at once:
 * app/route-kit.tsx). Guards run on every render of their route and redirect before anything shows.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    children: [
      { index: true, element: <Navigate to="/auth" replace /> },
      {
        path: 'auth',
        ...guarded(
          authGuard,
          screen(() => import('../features/auth/routes/AuthLayout.tsx'), 'AuthLayout'),
        ),
        children: [
          {
            index: true,
            ...screen(() => import('../features/auth/routes/Welcome.tsx'), 'WelcomeRoute'),
          },
          {
            path: 'login',
            ...screen(() => import('../features/auth/routes/Login.tsx'), 'LoginRoute'),
          },
          {
            path: 'create-account',
            ...screen(() => import('../features/auth/routes/CreateAccount.tsx'), 'CreateAccountRoute'),
          },
          {
            path: 'reset-password',
            ...screen(() => import('../features/auth/routes/ResetPassword.tsx'), 'ResetPasswordRoute'),
          },
          {
            path: 'send-code',
            ...guarded(
              otpGuard,
              screen(() => import('../features/auth/routes/SendCode.tsx'), 'SendCodeRoute'),
            ),
          },
          {
            path: 'change-password',
            ...guarded(
              changePasswordGuard,
              screen(() => import('../features/auth/routes/ChangePassword.tsx'), 'ChangePasswordRoute'),
            ),
          },
        ],
      },
      {
        path: 'user-type',
        ...guarded(tokenGuard),
        children: [
          {
            index: true,
            ...guarded(
              userTypeGuard,
              screen(() => import('../features/user-type/routes/UserType.tsx'), 'UserTypeRoute'),
            ),
          },
          {
            path: 'inicio-empresas',
            ...guarded(
              companiesIntroGuard,
              screen(() => import('../features/user-type/routes/InicioEmpresas.tsx'), 'InicioEmpresasRoute'),
            ),
          },
          {
            path: 'garaje/:from?',
            ...screen(() => import('../features/garage/routes/CreateGarage.tsx'), 'GarajeRoute'),
          },
        ],
      },
      {
        path: 'app',
        ...guarded(tokenGuard),
        children: [
          { index: true, element: <Navigate to="/app/home" replace /> },
          {
            path: 'home',
            ...guarded(
              homeGuard,
              screen(
                // The sections below the greeting are their own chunk: fetch it beside the home's, and count the
                // screen loaded once the home has them (its first render then draws them, not their fallback).
                () =>
                  Promise.all([
                    import('../features/home/routes/Home.tsx'),
                    import('../features/home/components/HomeSections.tsx'),
                  ]).then(([home]) => home.sectionsReady.then(() => home)),
                'HomeRoute',
                prefetchHome,
              ),
            ),
          },
          // Garage (AHGA §2, §4): the form is open to everyone; the routes below the guard need a vehicle.
          {
            path: 'garaje-personal/nuevo-vehiculo',
            ...screen(() => import('../features/garage/routes/NewVehicle.tsx'), 'NewVehicleRoute'),
          },
          {
            ...screen(() => import('../features/garage/routes/GarageEmptyGuard.tsx'), 'GarageEmptyGuard'),
            children: [
              // Services booking (SPPF §2): one lazy chunk per flow under features/services.
              {
                path: 'servicios',
                ...screen(() => import('../features/services/routes/ServicesHome.tsx'), 'ServicesHomeRoute'),
              },
              {
                path: 'servicios/rtm',
                ...screen(() => import('../features/services/routes/Rtm.tsx'), 'RtmRoute'),
              },
              {
                path: 'servicios/peritaje',
                ...screen(() => import('../features/services/routes/Peritaje.tsx'), 'PeritajeRoute'),
              },
              {
                path: 'servicios/tramite',
                ...screen(() => import('../features/services/routes/Tramite.tsx'), 'TramiteRoute'),
              },
              {
                path: 'garaje-personal',
                ...screen(
                  () => import('../features/personal-garage/routes/PersonalGarage.tsx'),
                  'PersonalGarageRoute',
                ),
              },
            ],
          },
          // Financing has no garage guard (SPPF §2: the garage prompt skips Póliza and Financiación); the
          // route is written 'financiacion' and 'fianciacion' in the spec, both are served.
          {
            path: 'servicios/financiacion',
            ...screen(() => import('../features/services/routes/Financiacion.tsx'), 'FinanciacionRoute'),
          },
          {
            path: 'servicios/fianciacion',
            ...screen(() => import('../features/services/routes/Financiacion.tsx'), 'FinanciacionRoute'),
          },
          {
            path: 'otros',
            children: [
              {
                index: true,
                ...screen(() => import('../features/otros/routes/Otros.tsx'), 'OtrosRoute'),
              },
              {
                path: 'blog',
                ...screen(() => import('../features/otros/routes/Blog.tsx'), 'BlogRoute'),
              },
              {
                path: 'blog/web',
                ...screen(() => import('../features/otros/routes/Blog.tsx'), 'BlogWebRoute'),
              },
              {
                path: 'blog/:id',
                ...screen(() => import('../features/otros/routes/BlogArticle.tsx'), 'BlogArticleRoute'),
              },
              {
                path: 'compras',
                children: [
                  {
                    index: true,
                    ...screen(() => import('../features/otros/routes/Compras.tsx'), 'ComprasRoute'),
                  },
                  {
                    path: 'gopass',
                    ...screen(() => import('../features/otros/routes/Compras.tsx'), 'GoPassRoute'),
                  },
                  {
                    path: 'poliza',
                    ...screen(() => import('../features/otros/routes/Compras.tsx'), 'PolizaRoute'),
                  },
                ],
              },
              {
                path: 'tutorial',
                ...screen(() => import('../features/tutorial/routes/Tutorial.tsx'), 'TutorialRoute'),
              },
            ],
          },
          {
            path: 'profile',
            ...screen(() => import('../features/profile/routes/Profile.tsx'), 'ProfileRoute'),
          },
          // Maintenance, fuel and costs of one vehicle (issue 39); the service-reminder notices link here.
          {
            path: 'vehiculo/:id/mantenimiento',
            ...screen(
              () => import('../features/maintenance/routes/Maintenance.tsx'),
              'DriverMaintenanceRoute',
            ),
          },
          // 'Mis agendamientos' (issue 14): no garage guard, a trámite can be booked for any plate.
          {
            path: 'agendamientos',
            ...screen(() => import('../features/services/routes/MyBookings.tsx'), 'MyBookingsRoute'),
          },
          {
            path: 'agendamientos/:id',
            ...screen(
              () => import('../features/services/routes/MyBookingDetail.tsx'),
              'MyBookingDetailRoute',
            ),
          },
          {
            path: 'profile/avisos',
            ...screen(() => import('../features/profile/routes/Reminders.tsx'), 'RemindersRoute'),
          },
          // Alerts (AHGA §2): one lazy chunk per screen under features/alerts. 'poliza' has no guard of its
          // own; every other child is behind the login guard and the garage-empty guard (features/garage).
          {
            path: 'alerts',
            children: [
              {
                path: 'poliza',
                ...screen(() => import('../features/alerts/routes/UserDatesAlert.tsx'), 'PolizaRoute'),
              },
              {
                ...guarded(
                  tokenGuard,
                  screen(() => import('../features/garage/routes/GarageEmptyGuard.tsx'), 'GarageEmptyGuard'),
                ),
                children: [
                  {
                    index: true,
                    ...screen(() => import('../features/alerts/routes/AlertsHome.tsx'), 'AlertsHomeRoute'),
                  },
                  {
                    path: 'soat',
                    ...screen(() => import('../features/alerts/routes/SoatRtm.tsx'), 'SoatRoute'),
                  },
                  {
                    path: 'rtm',
                    ...screen(() => import('../features/alerts/routes/SoatRtm.tsx'), 'RtmRoute'),
                  },
                  {
                    path: 'impuestos',
                    ...screen(() => import('../features/alerts/routes/UserDatesAlert.tsx'), 'ImpuestosRoute'),
                  },
                  {
                    path: 'kit',
                    ...screen(() => import('../features/alerts/routes/Kit.tsx'), 'KitRoute'),
                  },
                  {
                    path: 'infracciones',
                    ...screen(
                      () => import('../features/alerts/routes/Infracciones.tsx'),
                      'InfraccionesRoute',
                    ),
                  },
                  {
                    path: 'comparendos',
                    ...screen(() => import('../features/alerts/routes/Comparendos.tsx'), 'ComparendosRoute'),
                  },
                  {
                    path: 'comparendos-detalle/:numero',
                    ...screen(
                      () => import('../features/alerts/routes/ComparendoDetalle.tsx'),
                      'ComparendoDetalleRoute',
                    ),
                  },
                  {
                    path: 'licencia-conduccion',
                    ...screen(
                      () => import('../features/alerts/routes/LicenciaConduccion.tsx'),
                      'LicenciaConduccionRoute',
                    ),
                  },
                  {
                    path: 'pico-placa',
                    ...screen(() => import('../features/alerts/routes/PicoPlaca.tsx'), 'PicoPlacaRoute'),
                  },
                  {
                    path: 'alertas-peritaje',
                    ...screen(
                      () => import('../features/alerts/routes/ServiceCards.tsx'),
                      'AlertasPeritajeRoute',
                    ),
                  },
                  {
                    path: 'alertas-tramites',
                    ...screen(
                      () => import('../features/alerts/routes/ServiceCards.tsx'),
                      'AlertasTramitesRoute',
                    ),
                  },
                ],
              },
            ],
          },
          { path: '*', Component: NotFound },
        ],
      },
      // Fleet area (SPPF §2): company users only; its own lazy chunks, never in the home or sign-in bundle.
      {
        path: 'flota',
        ...guarded(
          fleetGuard,
          screen(
            () => import('../features/fleet/routes/FleetLayout.tsx'),
            'FleetLayout',
            // The fleet area's reads come with its screens' chunks, not in the entry every page loads.
            (client) =>
              import('../features/fleet/routes/FleetLayout.tsx').then((m) => m.prefetchFleetLayout(client)),
          ),
        ),
        children: fleetChildren,
      },
      // A company's invitation (issue 37, decision 105): the e-mailed link's page is public (the token is the
      // credential); the pending invitations are offered to a signed-in person after sign-in.
      {
        path: 'empresa/invitacion',
        ...screen(() => import('../features/auth/invitation/Invitation.tsx'), 'InvitationRoute'),
      },
      {
        path: 'empresa/invitaciones',
        ...guarded(
          tokenGuard,
          screen(
            () => import('../features/auth/invitation/PendingInvitations.tsx'),
            'PendingInvitationsRoute',
          ),
        ),
      },
      {
        path: 'dev/outbox',
        ...screen(() => import('../features/dev-outbox/routes/DevOutbox.tsx'), 'DevOutboxRoute'),
      },
      { path: '*', Component: NotFound },
    ],
  },
];
