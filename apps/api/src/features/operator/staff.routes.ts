import type { FastifyInstance } from 'fastify';
import {
  acceptInvitationSchema,
  operatorLoginSchema,
  staffInviteSchema,
  staffUpdateSchema,
  totpConfirmSchema,
} from '@togo/domain/operator/operator-auth.contract';
import { parse, pathId } from '../../http/validation.ts';
import { actorOf, staffSession, type requireStaff } from './operator-auth.hook.ts';
import type { StaffAdminService } from './staff-admin.service.ts';
import type { StaffAuthService } from './staff-auth.service.ts';

/** Sign-in, own session, TOTP enrolment, invitations and staff management under /api/operador/. */
export function staffRoutes(
  app: FastifyInstance,
  deps: { auth: StaffAuthService; admin: StaffAdminService; guard: ReturnType<typeof requireStaff> },
) {
  const { auth, admin, guard } = deps;

  app.post('/api/operador/sesion/', async (req) => {
    const body = parse(operatorLoginSchema, req.body);
    return auth.login(body.correo, body.clave, body.codigo_totp);
  });

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

  app.post('/api/operador/totp/confirmar/', { preHandler: guard('sesion.propia') }, async (req) => {
    const { codigo } = parse(totpConfirmSchema, req.body);
    await auth.confirmEnrolment(staffSession(req), codigo);
    return { totp: true };
  });

  app.post('/api/operador/invitacion/aceptar/', async (req) => {
    const body = parse(acceptInvitationSchema, req.body);
    await auth.acceptInvitation(body.token, body.clave);
    return { detail: 'Clave definida. Ya puedes iniciar sesión.' };
  });

  app.get('/api/operador/staff/', { preHandler: guard('staff.gestionar') }, async () => admin.list());

  app.post('/api/operador/staff/', { preHandler: guard('staff.gestionar') }, async (req, reply) => {
    const body = parse(staffInviteSchema, req.body);
    return reply.code(201).send(await admin.invite(actorOf(req), body));
  });

  app.patch('/api/operador/staff/:id/', { preHandler: guard('staff.gestionar') }, async (req) => {
    const id = pathId(req);
    return admin.update(actorOf(req), id, parse(staffUpdateSchema, req.body));
  });
}
