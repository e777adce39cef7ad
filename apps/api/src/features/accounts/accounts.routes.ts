import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  loginRequestSchema,
  logoutSchema,
  otpRequestSchema,
  otpVerifySchema,
  resetPasswordSchema,
  signupRequestSchema,
  socialLoginSchema,
  socialProviderSchema,
  validateUsernameSchema,
} from '@togo/domain/auth/auth.contract';
import { z } from 'zod';
import { readToken, requireSession } from '../../http/auth.ts';
import type { AccountsService } from './accounts.service.ts';

/** Access API (AHGA §7). Routes parse and shape HTTP only. */
export function accountsRoutes(
  app: FastifyInstance,
  deps: { accounts: AccountsService; auth: preHandlerAsyncHookHandler },
) {
  const { accounts } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/identidad/usuarios/validar-username/',
    { schema: { body: validateUsernameSchema } },
    async (req) => accounts.validateUsername(req.body.username, req.ip),
  );

  typed.post(
    '/api/identidad/usuarios/signup/',
    { schema: { body: signupRequestSchema } },
    async (req, reply) => reply.code(201).send(await accounts.signup(req.body)),
  );

  typed.post(
    '/api/identidad/usuarios/solicitar-codigo-otp/',
    { schema: { body: otpRequestSchema } },
    async (req) => accounts.requestCode(req.body, req.ip),
  );

  typed.post(
    '/api/identidad/usuarios/verificar-codigo-otp/',
    { schema: { body: otpVerifySchema } },
    async (req) => accounts.verifyCode(req.body),
  );

  typed.post(
    '/api/identidad/usuarios/resetear-clave/',
    { schema: { body: resetPasswordSchema } },
    async (req) => accounts.resetPassword(req.body),
  );

  typed.post(
    '/api/identidad/usuarios/oauth/:provider/',
    { schema: { params: z.object({ provider: socialProviderSchema }), body: socialLoginSchema } },
    async (req) => accounts.socialLogin(req.params.provider, req.body.token),
  );

  typed.post('/api/orquestador/auth/', { schema: { body: loginRequestSchema } }, async (req) =>
    accounts.login(req.body, req.ip),
  );

  app.get('/api/togo/users/confirmar_inicio_sesion/', { preHandler: deps.auth }, async (req) =>
    accounts.confirmLogin(requireSession(req).user),
  );

  // PATCH /api/users-admin-manager/{id}/ (user type and profile) lives in features/profile/profile.routes.ts.

  // The session is checked before the body is validated (401 before 400).
  typed.post(
    '/api/users/logout/',
    { preValidation: deps.auth, schema: { body: logoutSchema } },
    async (req, reply) => {
      const session = requireSession(req);
      await accounts.logout(readToken(req) ?? '', session.user.id);
      return reply.code(204).send();
    },
  );
}
