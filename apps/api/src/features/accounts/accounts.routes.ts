import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
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
import { parse } from '../../http/validation.ts';
import type { AccountsService } from './accounts.service.ts';

/** Access API (AHGA §7). Routes parse and shape HTTP only. */
export function accountsRoutes(
  app: FastifyInstance,
  deps: { accounts: AccountsService; auth: preHandlerAsyncHookHandler },
) {
  const { accounts } = deps;
  const auth = { preHandler: deps.auth };

  app.post('/api/identidad/usuarios/validar-username/', async (req) =>
    accounts.validateUsername(parse(validateUsernameSchema, req.body).username, req.ip),
  );

  app.post('/api/identidad/usuarios/signup/', async (req, reply) => {
    const result = await accounts.signup(parse(signupRequestSchema, req.body));
    return reply.code(201).send(result);
  });

  app.post('/api/identidad/usuarios/solicitar-codigo-otp/', async (req) =>
    accounts.requestCode(parse(otpRequestSchema, req.body), req.ip),
  );

  app.post('/api/identidad/usuarios/verificar-codigo-otp/', async (req) =>
    accounts.verifyCode(parse(otpVerifySchema, req.body)),
  );

  app.post('/api/identidad/usuarios/resetear-clave/', async (req) =>
    accounts.resetPassword(parse(resetPasswordSchema, req.body)),
  );

  app.post('/api/identidad/usuarios/oauth/:provider/', async (req) => {
    const provider = parse(z.object({ provider: socialProviderSchema }), req.params).provider;
    return accounts.socialLogin(provider, parse(socialLoginSchema, req.body).token);
  });

  app.post('/api/orquestador/auth/', async (req) =>
    accounts.login(parse(loginRequestSchema, req.body), req.ip),
  );

  app.get('/api/togo/users/confirmar_inicio_sesion/', auth, async (req) =>
    accounts.confirmLogin(requireSession(req).user),
  );

  // PATCH /api/users-admin-manager/{id}/ (user type and profile) lives in features/profile/profile.routes.ts.

  app.post('/api/users/logout/', auth, async (req, reply) => {
    parse(logoutSchema, req.body ?? {});
    const session = requireSession(req);
    await accounts.logout(readToken(req) ?? '', session.user.id);
    return reply.code(204).send();
  });
}
