import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptInvitationSchema,
  operatorLoginSchema,
  staffInviteSchema,
  staffUpdateSchema,
  totpConfirmSchema,
} from '@togo/domain/operator/operator-auth.contract';
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

  typed.post('/api/operador/sesion/', { schema: { body: operatorLoginSchema } }, async (req) =>
    auth.login(req.body.correo, req.body.clave, req.body.codigo_totp),
  );

  app.delete('/api/operador/sesion/', { preHandler: guard('sesion.propia') }, async (req, reply) => {
    await auth.logout(staffSession(req));
    return reply.code(204).send();
  });

  app.get('/api/operador/yo/', { preHandler: guard('sesion.propia') }, async (req) => {
    const { staff, totpPending } = staffSession(req);
    return {
      id: staff.id,
      correo: staff.email,
      nombre: staff.nombre,
      rol: staff.rol,
      totp: staff.totpEnabled,
      totp_pendiente: totpPending,
    };
  });

  app.post('/api/operador/totp/', { preHandler: guard('sesion.propia') }, async (req) =>
    auth.startEnrolment(staffSession(req)),
  );

  typed.post(
    '/api/operador/totp/confirmar/',
    { preValidation: guard('sesion.propia'), schema: { body: totpConfirmSchema } },
    async (req) => {
      await auth.confirmEnrolment(staffSession(req), req.body.codigo);
      return { totp: true };
    },
  );

  typed.post(
    '/api/operador/invitacion/aceptar/',
    { schema: { body: acceptInvitationSchema } },
    async (req) => {
      await auth.acceptInvitation(req.body.token, req.body.clave);
      return { detail: 'Clave definida. Ya puedes iniciar sesión.' };
    },
  );

  app.get('/api/operador/staff/', { preHandler: guard('staff.gestionar') }, async () => admin.list());

  typed.post(
    '/api/operador/staff/',
    { preValidation: guard('staff.gestionar'), schema: { body: staffInviteSchema } },
    async (req, reply) => reply.code(201).send(await admin.invite(actorOf(req), req.body)),
  );

  typed.patch(
    '/api/operador/staff/:id/',
    { preValidation: guard('staff.gestionar'), schema: { body: staffUpdateSchema } },
    async (req) => admin.update(actorOf(req), pathId(req), req.body),
  );
}
