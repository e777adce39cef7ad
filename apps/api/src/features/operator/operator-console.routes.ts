import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PicoPlacaCitySchema } from '@togo/domain/pico-placa/pico-placa.rules';
import {
  agendaQuerySchema,
  bookingStateChangeSchema,
  branchClosureSchema,
  branchParamsSchema,
  branchPatchSchema,
  operatorPicoPlacaChangeSchema,
  operatorPicoPlacaCitySchema,
  operatorPicoPlacaEntrySchema,
  picoPlacaRemovedSchema,
  picoPlacaReviewItemSchema,
  picoPlacaRevertSchema,
  picoPlacaVersionSchema,
} from '@togo/domain/operator/operator-console.contract';
import { branchListQuerySchema } from '@togo/domain/operator/operator-ops.contract';
import { bookingIdParamsSchema } from '@togo/domain/booking/booking-mine.contract';
import { notFoundParams } from '../../http/typed-routes.ts';
import { IF_MATCH_ROUTE, ifMatchVersion, withVersionTag } from '../../http/if-match.ts';
import { actorOf, type requireStaff } from './operator-auth.hook.ts';
import type { OperatorBookingsService } from './operator-bookings.service.ts';
import type { OperatorBranchesService } from './operator-branches.service.ts';
import type { OperatorPicoPlacaService } from './operator-pico-placa.service.ts';

/** A booking id that is not a UUID names nothing: 404 'Agendamiento no encontrado.', as another's booking. */
const bookingParams = notFoundParams(bookingIdParamsSchema);

/**
 * Every console data route (issue 13 'Contract'); each names its permission. Routes with a schema check the staff
 * session and permission as `preValidation`, before the schema (401/403 before 400, as when handlers parsed).
 */
export function operatorConsoleRoutes(
  app: FastifyInstance,
  deps: {
    guard: ReturnType<typeof requireStaff>;
    picoPlaca: OperatorPicoPlacaService;
    bookings: OperatorBookingsService;
    branches: OperatorBranchesService;
  },
) {
  const { guard, picoPlaca, bookings, branches } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  const city = z.object({ dane: z.string() });
  const read = { preValidation: guard('pico-placa.leer') };
  const edit = { preValidation: guard('pico-placa.editar') };

  typed.get(
    '/api/operador/pico-placa/',
    {
      ...read,
      schema: {
        summary: 'Consola: ciudades con pico y placa',
        response: { 200: operatorPicoPlacaEntrySchema.array() },
      },
    },
    async () => picoPlaca.list(),
  );

  typed.get(
    '/api/operador/pico-placa/por-revisar/',
    {
      ...read,
      schema: {
        summary: 'Consola: reglas de pico y placa por revisar (vencen o deben verificarse)',
        response: { 200: picoPlacaReviewItemSchema.array() },
      },
    },
    async () => picoPlaca.review(),
  );

  typed.get(
    '/api/operador/pico-placa/:dane/',
    {
      ...read,
      schema: {
        summary: 'Consola: reglas de pico y placa de una ciudad',
        params: city,
        response: { 200: operatorPicoPlacaCitySchema },
      },
    },
    async (req, reply) => {
      const city = (await picoPlaca.get(req.params.dane)) as z.output<typeof operatorPicoPlacaCitySchema>;
      withVersionTag(reply, city.version);
      return city;
    },
  );

  typed.put(
    '/api/operador/pico-placa/:dane/',
    {
      ...edit,
      ...IF_MATCH_ROUTE,
      schema: {
        summary: 'Consola: reemplazar las reglas de pico y placa de una ciudad',
        params: city,
        body: PicoPlacaCitySchema,
        response: { 200: operatorPicoPlacaChangeSchema },
      },
    },
    async (req) => picoPlaca.replace(actorOf(req), req.params.dane, req.body, ifMatchVersion(req)),
  );

  typed.delete(
    '/api/operador/pico-placa/:dane/',
    {
      ...edit,
      ...IF_MATCH_ROUTE,
      schema: {
        summary: 'Consola: eliminar una ciudad creada por error en la consola',
        params: city,
        response: { 200: picoPlacaRemovedSchema },
      },
    },
    async (req) => picoPlaca.remove(actorOf(req), req.params.dane, ifMatchVersion(req)),
  );

  typed.get(
    '/api/operador/pico-placa/:dane/historial/',
    {
      ...read,
      schema: {
        summary: 'Consola: historial de reglas de pico y placa de una ciudad',
        params: city,
        response: { 200: picoPlacaVersionSchema.array() },
      },
    },
    async (req) => picoPlaca.history(req.params.dane),
  );

  typed.post(
    '/api/operador/pico-placa/:dane/revertir/',
    {
      ...edit,
      ...IF_MATCH_ROUTE,
      schema: {
        summary: 'Consola: volver a una versión anterior de las reglas de pico y placa',
        params: city,
        body: picoPlacaRevertSchema,
        response: { 200: operatorPicoPlacaChangeSchema },
      },
    },
    async (req) => picoPlaca.revert(actorOf(req), req.params.dane, req.body.version, ifMatchVersion(req)),
  );

  typed.get(
    '/api/operador/agenda/',
    {
      preValidation: guard('agenda.leer'),
      schema: { summary: 'Consola: agenda de agendamientos', querystring: agendaQuerySchema },
    },
    async (req, reply) => {
      const query = req.query;
      // The JSON is built by the database (decision 037): sent as it is, not parsed and serialised again.
      const body = await bookings.agendaJson(query.sede, query.fecha);
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  typed.post(
    '/api/operador/agendamientos/:id/estado/',
    {
      preValidation: guard('agendamientos.editar'),
      ...IF_MATCH_ROUTE,
      schema: {
        summary: 'Consola: cambiar el estado de un agendamiento',
        params: bookingParams,
        body: bookingStateChangeSchema,
      },
    },
    async (req) => bookings.changeState(actorOf(req), req.params.id, req.body, ifMatchVersion(req)),
  );

  typed.get(
    '/api/operador/sedes/',
    {
      preValidation: guard('sedes.leer'),
      schema: { summary: 'Consola: sedes', querystring: branchListQuerySchema },
    },
    async (req) => branches.search(req.query),
  );

  typed.patch(
    '/api/operador/sedes/:id/',
    {
      preValidation: guard('sedes.editar'),
      ...IF_MATCH_ROUTE,
      schema: { summary: 'Consola: editar una sede', params: branchParamsSchema, body: branchPatchSchema },
    },
    async (req) => branches.patch(actorOf(req), req.params.id, req.body, ifMatchVersion(req)),
  );

  typed.post(
    '/api/operador/sedes/:id/cierres/',
    {
      preValidation: guard('sedes.editar'),
      schema: {
        summary: 'Consola: cerrar una sede un día o del día `fecha` al día `hasta` (máximo 31 días)',
        params: branchParamsSchema,
        body: branchClosureSchema,
      },
    },
    async (req, reply) => reply.code(201).send(await branches.close(actorOf(req), req.params.id, req.body)),
  );
}
