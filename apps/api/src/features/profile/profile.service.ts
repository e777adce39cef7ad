import type { z } from 'zod';
import {
  PROFILE_MSG,
  PROFILE_PICTURE_MAX_SIDE,
  type profileNameChangeSchema,
} from '@togo/domain/profile/profile.contract';
import { AppError } from '../../http/app-error.ts';
import { reencodeUpload } from '../../http/image-upload.ts';
import { detectKind } from '../../integrations/files/file-content.ts';
import type { FileStorage } from '../../integrations/files/file-storage.ts';
import { storeReplacing, type StoredFileOwner } from '../../integrations/files/stored-upload.ts';
import type { FileUrlSigner } from '../../integrations/files/signed-url.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountsRepository, UserRow } from '../accounts/accounts.repository.ts';
import { toUserInfo, type UserInfoResponse } from '../accounts/user.mapper.ts';
import type { ProfileRepository } from './profile.repository.ts';

type NameChange = z.output<typeof profileNameChangeSchema>;

export interface ProfileDeps {
  accounts: AccountsRepository;
  repo: ProfileRepository;
  storage: FileStorage;
  signer: FileUrlSigner;
  clock: Clock;
  log?: { warn(obj: object, msg: string): void } | undefined;
}

/**
 * Profile changes of the signed-in user (SPPF §7): names and the profile picture (the email, also the
 * username, changes only after verification: accounts/email-change.service.ts). Only the account's owner may change it: any other id answers 404 as if it did not exist.
 */
export class ProfileService {
  constructor(private readonly deps: ProfileDeps) {}

  /** Uploaded pictures are only ever handed out as expiring signed URLs. */
  readonly pictureUrl = (fileId: string): string => this.deps.signer.url(fileId, null, this.deps.clock.now());

  private owned(actor: UserRow, id: number): void {
    if (actor.id !== id) throw AppError.notFound();
  }

  private info(user: UserRow | undefined): UserInfoResponse {
    if (!user) throw AppError.notFound();
    return toUserInfo(user, this.pictureUrl);
  }

  async changeName(actor: UserRow, id: number, input: NameChange): Promise<UserInfoResponse> {
    this.owned(actor, id);
    const { accounts, clock } = this.deps;
    return this.info(
      await accounts.updateUser(id, {
        nombres: input.first_name,
        apellidos: input.last_name,
        // Absent: unchanged; null or blank: cleared.
        ...(input.intermediaryy?.bussines_name !== undefined
          ? { razonSocial: input.intermediaryy.bussines_name?.trim() || null }
          : {}),
        updated: clock.now(),
      }),
    );
  }

  /**
   * multipart profile_picture: ownership first (404 before the upload is read), JPEG/PNG by content
   * (415 otherwise), re-encoded to at most 512 px without metadata, stored under a generated name; the
   * previous picture is removed.
   */
  async changePicture(
    actor: UserRow,
    id: number,
    read: () => Promise<Buffer | null>,
  ): Promise<UserInfoResponse> {
    this.owned(actor, id);
    const { repo, clock } = this.deps;
    const bytes = await read();
    if (!bytes) throw AppError.field('profile_picture', PROFILE_MSG.pictureRequired);
    if (bytes.length === 0) throw AppError.field('profile_picture', 'El archivo está vacío.');
    const kind = await detectKind(bytes);
    if (kind !== 'jpg' && kind !== 'png') throw new AppError(415, PROFILE_MSG.pictureType);
    const stored = await reencodeUpload(
      bytes,
      kind,
      PROFILE_PICTURE_MAX_SIDE,
      'profile_picture',
      PROFILE_MSG.pictureDamaged,
    );
    const now = clock.now();
    await storeReplacing(
      this.files,
      { bytes: stored, kind, ownerUserId: actor.id, purpose: 'profile-picture', now },
      (row) => repo.insertPictureAndAttach(row, actor.id, now),
    );
    return this.info(await this.deps.accounts.findUserById(actor.id));
  }

  /** Where pictures are stored, and how a replaced one is removed (row and bytes). */
  private get files(): StoredFileOwner {
    return {
      storage: this.deps.storage,
      deleteUnreferenced: (fileId) => this.deps.repo.deleteUnreferencedPicture(fileId),
      log: this.deps.log,
      what: 'profile picture',
    };
  }
}
