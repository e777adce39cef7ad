import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileUploadResponseSchema } from '@togo/domain/garage/garage.contract';
import {
  INVOICE_FIELD,
  INVOICE_MAX_BYTES,
  MAINTENANCE_MSG,
} from '@togo/domain/maintenance/maintenance.catalogue';
import {
  costsQuerySchema,
  costsSchema,
  fuelCreateSchema,
  fuelRecordSchema,
  MAINTENANCE_PATHS as P,
  maintenanceCreateSchema,
  maintenanceRecordSchema,
  monthlyCostsQuerySchema,
  monthlyCostsSchema,
  recordParamsSchema,
  reminderCreateSchema,
  reminderSchema,
  vehicleParamsSchema,
} from '@togo/domain/maintenance/maintenance.contract';
import { requireSession } from '../../http/auth.ts';
import { fileFieldReader, MALFORMED_MULTIPART } from '../../http/multipart.ts';
import { pathId } from '../../http/validation.ts';
import type { MaintenanceAccess, MaintenanceNeed } from './maintenance-access.ts';
import type { MaintenanceCostsService } from './maintenance-costs.service.ts';
import type { MaintenanceInvoiceService } from './maintenance-invoice.service.ts';
import type { VehicleRow } from './maintenance.repository.ts';
import type { MaintenanceService } from './maintenance.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The vehicle a maintenance route acts on, once its access check passed (maintenance-access.ts). */
    maintenanceVehicle: VehicleRow | null;
  }
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The {recordId} path segment as a positive int4, or 404 (as pathId does for {id}). */
const recordId = (req: FastifyRequest) =>
  pathId({ params: { id: (req.params as { recordId?: string }).recordId } });

const vehicleOf = (req: FastifyRequest): VehicleRow => {
  if (!req.maintenanceVehicle) throw new Error('maintenance route without its access check');
  return req.maintenanceVehicle;
};

export function sendXlsx(reply: FastifyReply, filename: string, bytes: Buffer) {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(bytes);
}

/**
 * A vehicle's maintenance, fuel, reminders and costs (issue 39 "Contract"). Each route authenticates, then checks
 * the vehicle (404 for anyone else's, 403 for a consulta member's change) before its input is validated; routes
 * parse and shape HTTP only.
 */
export function maintenanceRoutes(
  app: FastifyInstance,
  deps: {
    auth: preHandlerAsyncHookHandler;
    access: MaintenanceAccess;
    maintenance: MaintenanceService;
    costs: MaintenanceCostsService;
    invoices: MaintenanceInvoiceService;
  },
) {
  const { maintenance, costs, invoices } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const guard = (need: MaintenanceNeed): preHandlerAsyncHookHandler[] => [
    deps.auth,
    async (req) => {
      req.maintenanceVehicle = await deps.access.vehicle(requireSession(req).user, pathId(req), need);
    },
  ];
  const read = guard('read');
  const write = guard('write');
  const callerId = (req: FastifyRequest) => requireSession(req).user.id;
  const noContent = { 204: z.null() };

  // Services
  typed.get(
    P.records,
    {
      preValidation: read,
      schema: {
        summary: 'Mantenimientos de un vehículo',
        params: vehicleParamsSchema,
        response: { 200: z.array(maintenanceRecordSchema) },
      },
    },
    async (req) => maintenance.listRecords(vehicleOf(req)),
  );
  typed.post(
    P.records,
    {
      preValidation: write,
      schema: {
        summary: 'Registrar un mantenimiento',
        params: vehicleParamsSchema,
        body: maintenanceCreateSchema,
        response: { 201: maintenanceRecordSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await maintenance.createRecord(vehicleOf(req), callerId(req), req.body)),
  );
  typed.delete(
    P.record,
    {
      preValidation: write,
      schema: { summary: 'Borrar un mantenimiento', params: recordParamsSchema, response: noContent },
    },
    async (req, reply) => {
      const gone = await maintenance.deleteRecord(vehicleOf(req), recordId(req));
      await invoices.discard(gone.facturaFileId);
      return reply.code(204).send(null);
    },
  );
  typed.post(
    P.invoice,
    {
      preValidation: write,
      schema: {
        summary: 'Subir la factura de un mantenimiento',
        params: recordParamsSchema,
        response: { 200: fileUploadResponseSchema },
      },
    },
    async (req) =>
      invoices.upload(vehicleOf(req), recordId(req), async () => {
        const file = await fileFieldReader(req, {
          field: INVOICE_FIELD,
          maxBytes: INVOICE_MAX_BYTES,
          tooLarge: MAINTENANCE_MSG.invoiceTooLarge,
          malformed: MALFORMED_MULTIPART,
        })();
        return file?.bytes ?? null;
      }),
  );

  // Fuel
  typed.get(
    P.fuel,
    {
      preValidation: read,
      schema: {
        summary: 'Tanqueos de un vehículo',
        params: vehicleParamsSchema,
        response: { 200: z.array(fuelRecordSchema) },
      },
    },
    async (req) => maintenance.listFuel(vehicleOf(req)),
  );
  typed.post(
    P.fuel,
    {
      preValidation: write,
      schema: {
        summary: 'Registrar un tanqueo',
        params: vehicleParamsSchema,
        body: fuelCreateSchema,
        response: { 201: fuelRecordSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await maintenance.createFuel(vehicleOf(req), callerId(req), req.body)),
  );
  typed.delete(
    P.fuelOne,
    {
      preValidation: write,
      schema: { summary: 'Borrar un tanqueo', params: recordParamsSchema, response: noContent },
    },
    async (req, reply) => {
      await maintenance.deleteFuel(vehicleOf(req), recordId(req));
      return reply.code(204).send(null);
    },
  );

  // Reminders
  typed.get(
    P.reminders,
    {
      preValidation: read,
      schema: {
        summary: 'Recordatorios de mantenimiento de un vehículo',
        params: vehicleParamsSchema,
        response: { 200: z.array(reminderSchema) },
      },
    },
    async (req) => maintenance.listReminders(vehicleOf(req)),
  );
  typed.post(
    P.reminders,
    {
      preValidation: write,
      schema: {
        summary: 'Crear un recordatorio de mantenimiento',
        params: vehicleParamsSchema,
        body: reminderCreateSchema,
        response: { 201: reminderSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await maintenance.createReminder(vehicleOf(req), callerId(req), req.body)),
  );
  typed.delete(
    P.reminder,
    {
      preValidation: write,
      schema: {
        summary: 'Borrar un recordatorio de mantenimiento',
        params: recordParamsSchema,
        response: noContent,
      },
    },
    async (req, reply) => {
      await maintenance.deleteReminder(vehicleOf(req), recordId(req));
      return reply.code(204).send(null);
    },
  );

  // Costs
  typed.get(
    P.costs,
    {
      preValidation: read,
      schema: {
        summary: 'Costos de un vehículo por categoría',
        params: vehicleParamsSchema,
        querystring: costsQuerySchema,
        response: { 200: costsSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return costs.costs(vehicleOf(req), req.query);
    },
  );
  typed.get(
    P.monthly,
    {
      preValidation: read,
      schema: {
        summary: 'Costos mensuales de un vehículo',
        params: vehicleParamsSchema,
        querystring: monthlyCostsQuerySchema,
        response: { 200: monthlyCostsSchema },
      },
    },
    async (req) => costs.monthly(vehicleOf(req), req.query.hasta),
  );
  typed.get(
    P.costsXlsx,
    {
      preValidation: read,
      schema: {
        summary: 'Exportar los costos de un vehículo (Excel)',
        params: vehicleParamsSchema,
        querystring: costsQuerySchema,
      },
    },
    async (req, reply) => {
      const file = await costs.workbook(vehicleOf(req), req.query);
      return sendXlsx(reply, file.filename, file.bytes);
    },
  );
}
