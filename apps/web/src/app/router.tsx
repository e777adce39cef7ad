import { redirect } from 'react-router';
import type { RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import {
  alwaysRevalidate,
  authGuard,
  changePasswordGuard,
  companiesIntroGuard,
  companyGuard,
  homeGuard,
  otpGuard,
  tokenGuard,
  userTypeGuard,
} from './guards.ts';
import { NotFound, RootErrorBoundary, RootHydrateFallback, RootLayout } from './RootLayout.tsx';

/** Rendered only for the instant before a redirect loader answers. */
const Redirecting = () => null;

/** A lazy alerts screen: the named component export of a module under features/alerts/routes. */
const alertsRoute =
  <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) =>
  async () => ({ Component: (await load())[name] as ComponentType });

/** A lazy services screen: the named component export of a module under features/services/routes. */
const servicesRoute = alertsRoute;

/**
 * Every screen is a lazy chunk, so the first load only carries React, the router, the query client and
 * the guards; each area's code arrives when its route is visited. Guards are loaders and run first.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: RootHydrateFallback,
    ErrorBoundary: RootErrorBoundary,
    children: [
      { index: true, loader: () => redirect('/auth'), Component: Redirecting },
      {
        path: 'auth',
        loader: authGuard,
        shouldRevalidate: alwaysRevalidate,
        lazy: async () => ({
          Component: (await import('../features/auth/routes/AuthLayout.tsx')).AuthLayout,
        }),
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('../features/auth/routes/Welcome.tsx')).WelcomeRoute,
            }),
          },
          {
            path: 'login',
            lazy: async () => ({ Component: (await import('../features/auth/routes/Login.tsx')).LoginRoute }),
          },
          {
            path: 'create-account',
            lazy: async () => ({
              Component: (await import('../features/auth/routes/CreateAccount.tsx')).CreateAccountRoute,
            }),
          },
          {
            path: 'reset-password',
            lazy: async () => ({
              Component: (await import('../features/auth/routes/ResetPassword.tsx')).ResetPasswordRoute,
            }),
          },
          {
            path: 'send-code',
            loader: otpGuard,
            shouldRevalidate: alwaysRevalidate,
            lazy: async () => ({
              Component: (await import('../features/auth/routes/SendCode.tsx')).SendCodeRoute,
            }),
          },
          {
            path: 'change-password',
            loader: changePasswordGuard,
            shouldRevalidate: alwaysRevalidate,
            lazy: async () => ({
              Component: (await import('../features/auth/routes/ChangePassword.tsx')).ChangePasswordRoute,
            }),
          },
        ],
      },
      {
        path: 'user-type',
        loader: tokenGuard,
        shouldRevalidate: alwaysRevalidate,
        children: [
          {
            index: true,
            loader: userTypeGuard,
            shouldRevalidate: alwaysRevalidate,
            lazy: async () => ({
              Component: (await import('../features/user-type/routes/UserType.tsx')).UserTypeRoute,
            }),
          },
          {
            path: 'inicio-empresas',
            loader: companiesIntroGuard,
            shouldRevalidate: alwaysRevalidate,
            lazy: async () => ({
              Component: (await import('../features/user-type/routes/InicioEmpresas.tsx'))
                .InicioEmpresasRoute,
            }),
          },
          {
            path: 'garaje/:from?',
            lazy: async () => ({
              Component: (await import('../features/user-type/routes/Garaje.tsx')).GarajeRoute,
            }),
          },
        ],
      },
      {
        path: 'app',
        loader: tokenGuard,
        shouldRevalidate: alwaysRevalidate,
        children: [
          { index: true, loader: () => redirect('/app/home'), Component: Redirecting },
          {
            path: 'home',
            loader: homeGuard,
            shouldRevalidate: alwaysRevalidate,
            lazy: async () => ({ Component: (await import('../features/home/routes/Home.tsx')).HomeRoute }),
          },
          // Garage (AHGA §2, §4): the form is open to everyone; the routes below the guard need a vehicle.
          {
            path: 'garaje-personal/nuevo-vehiculo',
            lazy: async () => ({
              Component: (await import('../features/garage/routes/NewVehicle.tsx')).NewVehicleRoute,
            }),
          },
          {
            lazy: async () => ({
              Component: (await import('../features/garage/routes/GarageEmptyGuard.tsx')).GarageEmptyGuard,
            }),
            children: [
              // Services booking (SPPF §2): one lazy chunk per flow under features/services.
              {
                path: 'servicios',
                lazy: servicesRoute(
                  () => import('../features/services/routes/ServicesHome.tsx'),
                  'ServicesHomeRoute',
                ),
              },
              {
                path: 'servicios/rtm',
                lazy: servicesRoute(() => import('../features/services/routes/Rtm.tsx'), 'RtmRoute'),
              },
              {
                path: 'servicios/peritaje',
                lazy: servicesRoute(
                  () => import('../features/services/routes/Peritaje.tsx'),
                  'PeritajeRoute',
                ),
              },
              {
                path: 'servicios/tramite',
                lazy: servicesRoute(() => import('../features/services/routes/Tramite.tsx'), 'TramiteRoute'),
              },
              {
                path: 'garaje-personal',
                lazy: async () => ({
                  Component: (await import('../features/personal-garage/routes/PersonalGarage.tsx'))
                    .PersonalGarageRoute,
                }),
              },
            ],
          },
          // Financing has no garage guard (SPPF §2: the garage prompt skips Póliza and Financiación); the
          // route is written 'financiacion' and 'fianciacion' in the spec, both are served.
          {
            path: 'servicios/financiacion',
            lazy: servicesRoute(
              () => import('../features/services/routes/Financiacion.tsx'),
              'FinanciacionRoute',
            ),
          },
          {
            path: 'servicios/fianciacion',
            lazy: servicesRoute(
              () => import('../features/services/routes/Financiacion.tsx'),
              'FinanciacionRoute',
            ),
          },
          {
            path: 'otros',
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('../features/otros/routes/Otros.tsx')).OtrosRoute,
                }),
              },
              {
                path: 'blog',
                lazy: async () => ({
                  Component: (await import('../features/otros/routes/Blog.tsx')).BlogRoute,
                }),
              },
              {
                path: 'compras',
                children: [
                  {
                    index: true,
                    lazy: async () => ({
                      Component: (await import('../features/otros/routes/Compras.tsx')).ComprasRoute,
                    }),
                  },
                  {
                    path: 'gopass',
                    lazy: async () => ({
                      Component: (await import('../features/otros/routes/Compras.tsx')).GoPassRoute,
                    }),
                  },
                  {
                    path: 'poliza',
                    lazy: async () => ({
                      Component: (await import('../features/otros/routes/Compras.tsx')).PolizaRoute,
                    }),
                  },
                ],
              },
              {
                path: 'tutorial',
                lazy: async () => ({
                  Component: (await import('../features/tutorial/routes/Tutorial.tsx')).TutorialRoute,
                }),
              },
            ],
          },
          {
            path: 'profile',
            lazy: async () => ({
              Component: (await import('../features/profile/routes/Profile.tsx')).ProfileRoute,
            }),
          },
          // Alerts (AHGA §2): one lazy chunk per screen under features/alerts. 'poliza' has no guard of its
          // own; every other child is behind the login guard and the garage-empty guard (features/garage).
          {
            path: 'alerts',
            children: [
              {
                path: 'poliza',
                lazy: alertsRoute(
                  () => import('../features/alerts/routes/UserDatesAlert.tsx'),
                  'PolizaRoute',
                ),
              },
              {
                loader: tokenGuard,
                shouldRevalidate: alwaysRevalidate,
                lazy: async () => ({
                  Component: (await import('../features/garage/routes/GarageEmptyGuard.tsx'))
                    .GarageEmptyGuard,
                }),
                children: [
                  {
                    index: true,
                    lazy: alertsRoute(
                      () => import('../features/alerts/routes/AlertsHome.tsx'),
                      'AlertsHomeRoute',
                    ),
                  },
                  {
                    path: 'soat',
                    lazy: alertsRoute(() => import('../features/alerts/routes/SoatRtm.tsx'), 'SoatRoute'),
                  },
                  {
                    path: 'rtm',
                    lazy: alertsRoute(() => import('../features/alerts/routes/SoatRtm.tsx'), 'RtmRoute'),
                  },
                  {
                    path: 'impuestos',
                    lazy: alertsRoute(
                      () => import('../features/alerts/routes/UserDatesAlert.tsx'),
                      'ImpuestosRoute',
                    ),
                  },
                  {
                    path: 'kit',
                    lazy: alertsRoute(() => import('../features/alerts/routes/Kit.tsx'), 'KitRoute'),
                  },
                  {
                    path: 'infracciones',
                    lazy: alertsRoute(
                      () => import('../features/alerts/routes/Infracciones.tsx'),
                      'InfraccionesRoute',
                    ),
                  },
                  {
                    path: 'comparendos',
                    lazy: alertsRoute(
                      () => import('../features/alerts/routes/Comparendos.tsx'),
                      'ComparendosRoute',
                    ),
                  },
                  {
                    path: 'comparendos-detalle/:numero',
                    lazy: alertsRoute(
                      () => import('../features/alerts/routes/ComparendoDetalle.tsx'),
                      'ComparendoDetalleRoute',
                    ),
                  },
                  {
                    path: 'licencia-conduccion',
                    lazy: alertsRoute(
                      () => import('../features/alerts/routes/LicenciaConduccion.tsx'),
                      'LicenciaConduccionRoute',
                    ),
                  },
                  {
                    path: 'pico-placa',
                    lazy: alertsRoute(
                      () => import('../features/alerts/routes/PicoPlaca.tsx'),
                      'PicoPlacaRoute',
                    ),
                  },
                  {
                    path: 'alertas-peritaje',
                    lazy: alertsRoute(
                      () => import('../features/alerts/routes/ServiceCards.tsx'),
                      'AlertasPeritajeRoute',
                    ),
                  },
                  {
                    path: 'alertas-tramites',
                    lazy: alertsRoute(
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
        loader: () => tokenGuard() ?? companyGuard(),
        shouldRevalidate: alwaysRevalidate,
        lazy: async () => ({
          Component: (await import('../features/fleet/routes/FleetLayout.tsx')).FleetLayout,
        }),
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('../features/fleet/routes/FleetList.tsx')).FleetListRoute,
            }),
          },
          {
            path: 'upload',
            lazy: async () => ({
              Component: (await import('../features/fleet/routes/FleetUpload.tsx')).FleetUploadRoute,
            }),
          },
          {
            path: 'vehicle',
            lazy: async () => ({
              Component: (await import('../features/fleet/routes/FleetVehicle.tsx')).FleetVehicleRoute,
            }),
          },
          {
            path: 'estado-carga',
            lazy: async () => ({
              Component: (await import('../features/fleet/routes/FleetErrors.tsx')).FleetErrorsRoute,
            }),
          },
          { path: '*', Component: NotFound },
        ],
      },
      {
        path: 'dev/outbox',
        lazy: async () => ({
          Component: (await import('../features/dev-outbox/routes/DevOutbox.tsx')).DevOutboxRoute,
        }),
      },
      { path: '*', Component: NotFound },
    ],
  },
];
