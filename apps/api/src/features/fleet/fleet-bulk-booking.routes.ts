import type { FastifyInstance } from 'fastify';
import {
  FLEET_BULK_BOOKING_PATH,
  fleetBulkBookingRequestSchema,
  type FleetBulkBookingInput,
  type FleetBulkBookingResponse,
} from '@togo/domain/fleet/fleet-bulk-booking.contract';
import { orgCompany, requireOrg, type OrgHandlers } from '../../http/org-access.ts';
import { parse } from '../../http/validation.ts';

/**
 * Books the RTM of several fleet vehicles (the organisation's company owns them) at one branch, all or nothing.
 * Implemented by the booking feature and injected by app.ts, so the fleet feature does not import it.
 */
export type FleetBulkBooker = (
  companyId: number,
  input: FleetBulkBookingInput,
  bookedBy: number,
) => Promise<FleetBulkBookingResponse>;

/** POST /api/togo/flota/agendamientos/ (decision 038): administrador and operador only. */
export function fleetBulkBookingRoutes(
  app: FastifyInstance,
  deps: { book: FleetBulkBooker; access: OrgHandlers },
) {
  app.post(FLEET_BULK_BOOKING_PATH, { preHandler: deps.access.write }, async (req, reply) => {
    const input = parse(fleetBulkBookingRequestSchema, req.body);
    const answer = await deps.book(orgCompany(req).id, input, requireOrg(req).userId);
    return reply.code(201).send(answer);
  });
}
