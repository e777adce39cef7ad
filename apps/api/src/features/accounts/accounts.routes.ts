import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  loginRequestSchema,
  loginResponseSchema,
  logoutSchema,
  otpRequestSchema,
  otpResponseSchema,
  otpVerifiedSchema,
  otpVerifySchema,
  resetPasswordSchema,
  signupRequestSchema,
  signupResponseSchema,
  socialLoginSchema,
  socialProviderSchema,
  usernameAvailabilitySchema,
  validateUsernameSchema,
} from '@togo/domain/auth/auth.contract';
import { userInfoResponseSchema } from '@togo/domain/auth/user-info.contract';
import { detailAnswerSchema } from '@togo/domain/detail-answer.contract';
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
    {
      schema: {
        summary: 'Validar que un usuario (correo o celular) esté libre',
        body: validateUsernameSchema,
        response: { 200: usernameAvailabilitySchema },
      },
    },
    async (req) => accounts.validateUsername(req.body.username, req.ip),
  );

  typed.post(
    '/api/identidad/usuarios/signup/',
    {
      schema: {
        summary: 'Crear una cuenta',
        body: signupRequestSchema,
        response: { 201: signupResponseSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await accounts.signup(req.body, req.ip)),
  );

  typed.post(
    '/api/identidad/usuarios/solicitar-codigo-otp/',
    {
      schema: {
        summary: 'Pedir un código de verificación',
        body: otpRequestSchema,
        response: { 200: otpResponseSchema },
      },
    },
    async (req) => accounts.requestCode(req.body, req.ip),
  );

  typed.post(
    '/api/identidad/usuarios/verificar-codigo-otp/',
    {
      schema: { summary: 'Verificar un código', body: otpVerifySchema, response: { 200: otpVerifiedSchema } },
    },
    async (req) => accounts.verifyCode(req.body),
  );

  typed.post(
    '/api/identidad/usuarios/resetear-clave/',
    {
      schema: {
        summary: 'Cambiar la clave con un código',
        body: resetPasswordSchema,
        response: { 200: detailAnswerSchema },
      },
    },
    async (req) => accounts.resetPassword(req.body),
  );

  typed.post(
    '/api/identidad/usuarios/oauth/:provider/',
    {
      schema: {
        summary: 'Iniciar sesión con Google o Facebook',
        params: z.object({ provider: socialProviderSchema }),
        body: socialLoginSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (req) => accounts.socialLogin(req.params.provider, req.body.token),
  );

  typed.post(
    '/api/orquestador/auth/',
    {
      schema: { summary: 'Iniciar sesión', body: loginRequestSchema, response: { 200: loginResponseSchema } },
    },
    async (req) => accounts.login(req.body, req.ip),
  );

  typed.get(
    '/api/togo/users/confirmar_inicio_sesion/',
    {
      schema: { summary: 'Datos del usuario de la sesión', response: { 200: userInfoResponseSchema } },
      preHandler: deps.auth,
    },
    async (req) => accounts.confirmLogin(requireSession(req).user),
  );

  // PATCH /api/users-admin-manager/{id}/ (user type and profile) lives in features/profile/profile.routes.ts.

  // The session is checked before the body is validated (401 before 400).
  typed.post(
    '/api/users/logout/',
    { preValidation: deps.auth, schema: { summary: 'Cerrar sesión', body: logoutSchema } },
    async (req, reply) => {
      const session = requireSession(req);
      await accounts.logout(readToken(req) ?? '', session.user.id);
      return reply.code(204).send();
    },
  );
}
