import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FLEET_BULK_BOOKING_PATH,
  fleetBulkBookingRequestSchema,
  type FleetBulkBookingInput,
  type FleetBulkBookingResponse,
} from '@togo/domain/fleet/fleet-bulk-booking.contract';
import type { MyBookingItemsResponse } from '@togo/domain/booking/my-bookings.contract';
import { orgCompany, requireOrg, type OrgHandlers } from '../../http/org-access.ts';

/**
 * Books the RTM of several fleet vehicles (the organisation's company owns them) at one branch, all or nothing.
 * Implemented by the booking feature and injected by app.ts, so the fleet feature does not import it.
 */
export type FleetBulkBooker = (
  companyId: number,
  input: FleetBulkBookingInput,
  bookedBy: number,
) => Promise<FleetBulkBookingResponse>;

/** The bookings of a user (the organisation's company), as 'Mis agendamientos' lists them; injected by app.ts. */
export type FleetBookingsLister = (companyId: number) => Promise<MyBookingItemsResponse>;

/**
 * POST /api/togo/flota/agendamientos/ (decision 038): administrador and operador only. GET: the organisation's
 * bookings, for every member (issue 37: they were only under the company login's /app/agendamientos).
 */
export function fleetBulkBookingRoutes(
  app: FastifyInstance,
  deps: { book: FleetBulkBooker; list: FleetBookingsLister; access: OrgHandlers },
) {
  app.get(
    FLEET_BULK_BOOKING_PATH,
    { preHandler: deps.access.read, schema: { summary: 'Empresa: agendamientos de la flota' } },
    async (req) => deps.list(orgCompany(req).id),
  );

  // Membership (write) is checked before the body is validated (401/403 before 400).
  app.withTypeProvider<ZodTypeProvider>().post(
    FLEET_BULK_BOOKING_PATH,
    {
      preValidation: deps.access.write,
      schema: {
        summary: 'Empresa: agendar la RTM de varios vehículos',
        body: fleetBulkBookingRequestSchema,
      },
    },
    async (req, reply) => {
      const answer = await deps.book(orgCompany(req).id, req.body, requireOrg(req).userId);
      return reply.code(201).send(answer);
    },
  );
}
