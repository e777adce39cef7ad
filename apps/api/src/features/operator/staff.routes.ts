import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptInvitationSchema,
  invitationQuerySchema,
  operatorLoginSchema,
  staffInviteSchema,
  staffUpdateSchema,
  totpConfirmSchema,
  totpStartSchema,
} from '@togo/domain/operator/operator-auth.contract';
import { IF_MATCH_ROUTE, ifMatchVersion } from '../../http/if-match.ts';
import { pathId } from '../../http/validation.ts';
import { actorOf, staffSession, type requireStaff } from './operator-auth.hook.ts';
import type { StaffAdminService } from './staff-admin.service.ts';
import type { StaffAuthService } from './staff-auth.service.ts';

/** Sign-in, own session, TOTP enrolment, invitations and staff management under /api/operador/. */
export function staffRoutes(
  app: FastifyInstance,
  deps: { auth: StaffAuthService; admin: StaffAdminService; guard: ReturnType<typeof requireStaff> },
) {
  const { auth, admin, guard } = deps;
  // Routes with a schema check the staff session and permission first (401/403 before 400).
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/operador/sesion/',
    { schema: { summary: 'Consola: iniciar sesión', body: operatorLoginSchema } },
    async (req) => auth.login(req.body, req.ip),
  );

  app.delete(
    '/api/operador/sesion/',
    { schema: { summary: 'Consola: cerrar sesión' }, preHandler: guard('sesion.propia') },
    async (req, reply) => {
      await auth.logout(staffSession(req));
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/operador/yo/',
    { schema: { summary: 'Consola: mi cuenta de personal' }, preHandler: guard('sesion.propia') },
    async (req) => {
      const { staff, totpPending } = staffSession(req);
      return {
        id: staff.id,
        correo: staff.email,
        nombre: staff.nombre,
        rol: staff.rol,
        totp: staff.totpEnabled,
        totp_pendiente: totpPending,
        recuperacion_restantes: staff.totpEnabled ? await auth.recoveryCodesLeft(staff.id) : 0,
      };
    },
  );

  // With TOTP on, a new enrolment needs the current code (issue 35, finding 2).
  typed.post(
    '/api/operador/totp/',
    {
      preValidation: guard('sesion.propia'),
      schema: { summary: 'Consola: generar un secreto TOTP nuevo', body: totpStartSchema },
    },
    async (req) => auth.startEnrolment(staffSession(req), req.body?.codigo_totp, req.ip),
  );

  typed.post(
    '/api/operador/totp/confirmar/',
    {
      preValidation: guard('sesion.propia'),
      schema: {
        summary: 'Consola: confirmar el TOTP (devuelve los códigos de recuperación)',
        body: totpConfirmSchema,
      },
    },
    async (req) => auth.confirmEnrolment(staffSession(req), req.body.codigo),
  );

  typed.get(
    '/api/operador/invitacion/',
    {
      schema: {
        summary: 'Consola: ¿sigue sirviendo un enlace de invitación? (410 con el motivo si no)',
        querystring: invitationQuerySchema,
      },
    },
    async (req) => auth.checkInvitation(req.query.token),
  );

  typed.post(
    '/api/operador/invitacion/aceptar/',
    { schema: { summary: 'Consola: aceptar una invitación', body: acceptInvitationSchema } },
    async (req) => {
      await auth.acceptInvitation(req.body.token, req.body.clave);
      return { detail: 'Clave definida. Ya puedes iniciar sesión.' };
    },
  );

  app.get(
    '/api/operador/staff/',
    { schema: { summary: 'Consola: equipo de operación' }, preHandler: guard('staff.gestionar') },
    async () => admin.list(),
  );

  typed.post(
    '/api/operador/staff/',
    {
      preValidation: guard('staff.gestionar'),
      schema: { summary: 'Consola: invitar a una persona al equipo', body: staffInviteSchema },
    },
    async (req, reply) => reply.code(201).send(await admin.invite(actorOf(req), req.body)),
  );

  app.post(
    '/api/operador/staff/:id/totp/restablecer/',
    {
      schema: { summary: 'Consola: restablecer la verificación en dos pasos de una persona del equipo' },
      preHandler: guard('staff.gestionar'),
    },
    async (req) => auth.resetTotp(actorOf(req), pathId(req)),
  );

  app.post(
    '/api/operador/staff/:id/invitacion/',
    {
      schema: { summary: 'Consola: reenviar una invitación pendiente (el enlace anterior deja de servir)' },
      preHandler: guard('staff.gestionar'),
    },
    async (req) => admin.resendInvitation(actorOf(req), pathId(req)),
  );

  app.delete(
    '/api/operador/staff/:id/invitacion/',
    {
      schema: { summary: 'Consola: revocar una invitación pendiente' },
      preHandler: guard('staff.gestionar'),
    },
    async (req, reply) => {
      await admin.revokeInvitation(actorOf(req), pathId(req));
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/operador/staff/:id/desbloquear/',
    {
      schema: { summary: 'Consola: desbloquear una cuenta bloqueada por intentos fallidos' },
      preHandler: guard('staff.gestionar'),
    },
    async (req) => admin.unlock(actorOf(req), pathId(req)),
  );

  typed.patch(
    '/api/operador/staff/:id/',
    {
      preValidation: guard('staff.gestionar'),
      ...IF_MATCH_ROUTE,
      schema: {
        summary: 'Consola: cambiar el rol o el estado de una persona del equipo',
        body: staffUpdateSchema,
      },
    },
    async (req) => admin.update(actorOf(req), pathId(req), req.body, ifMatchVersion(req)),
  );
}
