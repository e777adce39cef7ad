import { GARAGE_MSG, type FileUploadResponse } from '@togo/domain/garage/garage.contract';
import { AppError } from '../../http/app-error.ts';
import { reencodeUpload } from '../../http/image-upload.ts';
import { detectKind, type StoredKind } from '../../integrations/files/file-content.ts';
import type { FileStorage } from '../../integrations/files/file-storage.ts';
import { storeReplacing } from '../../integrations/files/stored-upload.ts';
import type { FileUrlSigner } from '../../integrations/files/signed-url.ts';
import type { Clock } from '../../lib/clock.ts';
import type { GarageRepository } from './garage.repository.ts';

/** Longest side of a stored vehicle picture. */
export const VEHICLE_IMAGE_MAX_SIDE = 1600;
/** Licence pictures keep more detail so the text stays readable. */
export const LICENCE_IMAGE_MAX_SIDE = 2400;

/** Download name of a stored file, by its purpose. */
const FILE_BASE_NAMES: Record<string, string> = {
  'vehicle-licence': 'licencia',
  'vehicle-image': 'vehiculo',
  'profile-picture': 'perfil',
  'fleet-driver-photo': 'conductor',
};

export interface GarageFilesDeps {
  repo: GarageRepository;
  storage: FileStorage;
  signer: FileUrlSigner;
  clock: Clock;
  log?: { warn(obj: object, msg: string): void } | undefined;
}

export interface ServedFile {
  bytes: Buffer;
  contentType: string;
  filename: string;
  /** Seconds the signed URL stays valid (for Cache-Control). */
  maxAge: number;
}

/**
 * Uploads of a vehicle's transit-licence document and picture: the type is decided by the content
 * (magic bytes), images are re-encoded (no metadata, bounded size), files are stored under generated
 * names and served only through expiring signed URLs.
 */
export class GarageFilesService {
  constructor(private readonly deps: GarageFilesDeps) {}

  /** Ownership first (404 for anyone else's vehicle), then the upload is read. */
  private async assertOwned(userId: number, vehicleId: number): Promise<void> {
    const row = await this.deps.repo.findLiveOwned(userId, vehicleId);
    if (!row) throw AppError.notFound();
  }

  async uploadLicence(
    userId: number,
    vehicleId: number,
    read: () => Promise<Buffer | null>,
  ): Promise<FileUploadResponse> {
    await this.assertOwned(userId, vehicleId);
    const bytes = await this.readRequired(read);
    const kind = await detectKind(bytes);
    if (!kind) throw new AppError(415, GARAGE_MSG.fileType);
    const stored = kind === 'pdf' ? bytes : await this.reencode(bytes, kind, LICENCE_IMAGE_MAX_SIDE);
    return this.store(userId, vehicleId, 'licence', kind, stored);
  }

  async uploadImage(
    userId: number,
    vehicleId: number,
    read: () => Promise<Buffer | null>,
  ): Promise<FileUploadResponse> {
    await this.assertOwned(userId, vehicleId);
    const bytes = await this.readRequired(read);
    const kind = await detectKind(bytes);
    if (kind !== 'jpg' && kind !== 'png') throw new AppError(415, GARAGE_MSG.imageType);
    return this.store(
      userId,
      vehicleId,
      'image',
      kind,
      await this.reencode(bytes, kind, VEHICLE_IMAGE_MAX_SIDE),
    );
  }

  private async readRequired(read: () => Promise<Buffer | null>): Promise<Buffer> {
    const bytes = await read();
    if (!bytes) throw AppError.field('file', GARAGE_MSG.fileRequired);
    if (bytes.length === 0) throw AppError.field('file', 'El archivo está vacío.');
    return bytes;
  }

  private reencode(bytes: Buffer, kind: 'jpg' | 'png', maxSide: number): Promise<Buffer> {
    return reencodeUpload(bytes, kind, maxSide, 'file', 'La imagen está dañada o no se puede leer.');
  }

  private async store(
    userId: number,
    vehicleId: number,
    column: 'image' | 'licence',
    kind: StoredKind,
    bytes: Buffer,
  ): Promise<FileUploadResponse> {
    const { repo, storage, signer, clock, log } = this.deps;
    const now = clock.now();
    const row = await storeReplacing(
      {
        storage,
        deleteUnreferenced: (fileId) => repo.deleteUnreferencedFile(fileId),
        log,
        what: 'file',
      },
      {
        bytes,
        kind,
        ownerUserId: userId,
        purpose: column === 'image' ? 'vehicle-image' : 'vehicle-licence',
        now,
      },
      (file) => repo.insertFileAndAttach(file, vehicleId, column, now),
    );
    return { file_url: signer.url(row.id, kind, now) };
  }

  /**
   * A file behind a signed URL: 403 when the signature is wrong or expired, 404 when it is gone or the
   * URL's extension is not the file's.
   */
  async serve(id: string, extension: string | null, exp: number, sig: string): Promise<ServedFile> {
    const { repo, storage, signer, clock } = this.deps;
    const left = signer.verify(id, exp, sig, clock.now());
    if (left === null) throw AppError.forbidden('El enlace no es válido o expiró.');
    const row = await repo.findStoredFile(id);
    if (!row || (extension !== null && extension !== row.extension)) throw AppError.notFound();
    const bytes = await storage.get(row.storageKey);
    if (!bytes) throw AppError.notFound();
    const base = FILE_BASE_NAMES[row.purpose] ?? 'archivo';
    return { bytes, contentType: row.contentType, filename: `${base}.${row.extension}`, maxAge: left };
  }
}
