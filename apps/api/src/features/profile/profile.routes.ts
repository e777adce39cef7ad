import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { userTypeChangeSchema } from '@togo/domain/auth/auth.contract';
import {
  PROFILE_MSG,
  PROFILE_PICTURE_MAX_BYTES,
  profileChangeKind,
  profileEmailChangeSchema,
  profileNameChangeSchema,
} from '@togo/domain/profile/profile.contract';
import { AppError } from '../../http/app-error.ts';
import { requireSession } from '../../http/auth.ts';
import { parse } from '../../http/validation.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { ProfileService } from './profile.service.ts';

const MAX_INT4 = 2_147_483_647;

/** The {id} path segment: a user id, or 404 (a segment that names nothing). */
function userIdParam(req: FastifyRequest): number {
  const raw = (req.params as { id?: string }).id ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(id) || id <= 0 || id > MAX_INT4) throw AppError.notFound();
  return id;
}

/** Reads the multipart field 'profile_picture' (at most 5 MB, 413 beyond); null when there is none. */
function pictureReader(req: FastifyRequest): () => Promise<Buffer | null> {
  return async () => {
    const part = await req.file({ limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1 } });
    if (!part) return null;
    if (part.fieldname !== 'profile_picture') {
      part.file.resume();
      return null;
    }
    try {
      return await part.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError(413, PROFILE_MSG.pictureTooLarge);
      }
      throw err;
    }
  };
}

/**
 * PATCH /api/users-admin-manager/{id}/ (SPPF §7 and AHGA §7): one path for the profile's email, names and
 * picture (multipart) and for the user-type choice (groups, is_first_login_togo). Which change is meant
 * follows from the body: multipart → picture; 'email' → email; first/last name → names; otherwise user type.
 */
export function profileRoutes(
  app: FastifyInstance,
  deps: { accounts: AccountsService; profile: ProfileService; auth: preHandlerAsyncHookHandler },
) {
  const { accounts, profile } = deps;
  app.patch('/api/users-admin-manager/:id/', { preHandler: deps.auth }, async (req) => {
    const actor = requireSession(req).user;
    const id = userIdParam(req);
    if (req.isMultipart()) return profile.changePicture(actor, id, pictureReader(req));
    switch (profileChangeKind(req.body)) {
      case 'email':
        return profile.changeEmail(actor, id, parse(profileEmailChangeSchema, req.body));
      case 'name':
        return profile.changeName(actor, id, parse(profileNameChangeSchema, req.body));
      default:
        return accounts.updateUser(actor, id, parse(userTypeChangeSchema, req.body));
    }
  });
}
