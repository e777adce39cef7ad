import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { FeatureContext } from '../../feature-context.ts';
import { CalendarRepository } from './calendar.repository.ts';
import { calendarRoutes } from './calendar.routes.ts';
import { CalendarService } from './calendar.service.ts';

/** The drivers' calendar feed (an iCalendar URL of their expiries and bookings). */
export function registerCalendar(
  app: FastifyInstance,
  deps: Pick<FeatureContext, 'config' | 'db' | 'clock' | 'secret'> & { auth: preHandlerAsyncHookHandler },
): void {
  const calendar = new CalendarService(
    new CalendarRepository(deps.db),
    deps.clock,
    deps.secret,
    deps.config.WEB_URL,
  );
  calendarRoutes(app, { calendar, auth: deps.auth });
}
