import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userTypeChangeSchema } from '@togo/domain/auth/auth.contract';
import {
  emailVerifySchema,
  PROFILE_MSG,
  PROFILE_PICTURE_MAX_BYTES,
  profileChangeKind,
  profileEmailChangeSchema,
  profileNameChangeSchema,
} from '@togo/domain/profile/profile.contract';
import { requireSession } from '../../http/auth.ts';
import { fileFieldReader, MALFORMED_MULTIPART } from '../../http/multipart.ts';
import { parse, pathId } from '../../http/validation.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { EmailChangeService } from '../accounts/email-change.service.ts';
import type { ProfileService } from './profile.service.ts';

/** The multipart field 'profile_picture' (at most 5 MB, 413 beyond); null when there is none. */
const pictureReader = (req: FastifyRequest) => async () =>
  (
    await fileFieldReader(req, {
      field: 'profile_picture',
      maxBytes: PROFILE_PICTURE_MAX_BYTES,
      tooLarge: PROFILE_MSG.pictureTooLarge,
      malformed: MALFORMED_MULTIPART,
    })()
  )?.bytes ?? null;

/**
 * PATCH /api/users-admin-manager/{id}/ (SPPF §7 and AHGA §7): one path for the profile's email, names and
 * picture (multipart) and for the user-type choice (groups, is_first_login_togo). Which change is meant
 * follows from the body: multipart → picture; 'email' → a pending email change (code to the new address);
 * first/last name → names; otherwise user type.
 */
export function profileRoutes(
  app: FastifyInstance,
  deps: {
    accounts: AccountsService;
    profile: ProfileService;
    emailChange: EmailChangeService;
    auth: preHandlerAsyncHookHandler;
  },
) {
  const { accounts, profile, emailChange } = deps;
  app.patch(
    '/api/users-admin-manager/:id/',
    {
      schema: { summary: 'Cambiar el perfil: correo, nombres, foto o tipo de usuario' },
      preHandler: deps.auth,
    },
    async (req) => {
      const actor = requireSession(req).user;
      const id = pathId(req);
      if (req.isMultipart()) return profile.changePicture(actor, id, pictureReader(req));
      switch (profileChangeKind(req.body)) {
        case 'email':
          return emailChange.request(actor, id, parse(profileEmailChangeSchema, req.body));
        case 'name':
          return profile.changeName(actor, id, parse(profileNameChangeSchema, req.body));
        default:
          return accounts.updateUser(actor, id, parse(userTypeChangeSchema, req.body));
      }
    },
  );

  // The email change asked for by PATCH {email} is applied only with the code sent to the new address. The
  // session is checked before the body is validated (401 before 400).
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/users-admin-manager/:id/verificar-correo/',
    {
      preValidation: deps.auth,
      schema: { summary: 'Confirmar el cambio de correo con el código', body: emailVerifySchema },
    },
    async (req) => emailChange.verify(requireSession(req).user, pathId(req), req.body.codigo),
  );
}
