import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { FeatureContext } from '../../feature-context.ts';
import { AlertsRepository } from './alerts.repository.ts';
import { alertsRoutes } from './alerts.routes.ts';
import { AlertsService } from './alerts.service.ts';

/** The alert screens' API (SOAT, RTM, licence, …): read and save a vehicle's dates. */
export function registerAlerts(
  app: FastifyInstance,
  deps: Pick<FeatureContext, 'db' | 'clock' | 'log'> & {
    auth: preHandlerAsyncHookHandler;
    /** After a vehicle's dates change (the expiry engine runs for it). */
    onDatesChanged: (vehicleId: number) => Promise<void>;
  },
): void {
  const alerts = new AlertsService(new AlertsRepository(deps.db), deps.clock, deps.onDatesChanged, deps.log);
  alertsRoutes(app, { alerts, auth: deps.auth });
}
