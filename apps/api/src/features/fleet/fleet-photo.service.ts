import {
  FLEET_DRIVER_PHOTO_FIELD,
  FLEET_DRIVER_PHOTO_MAX_SIDE,
  FLEET_MSG,
  type FleetVehicleDetail,
} from '@togo/domain/fleet/fleet.contract';
import { AppError } from '../../http/app-error.ts';
import { reencodeUpload } from '../../http/image-upload.ts';
import { detectKind } from '../../integrations/files/file-content.ts';
import type { FileStorage } from '../../integrations/files/file-storage.ts';
import {
  discardStoredFile,
  storeReplacing,
  type StoredFileOwner,
} from '../../integrations/files/stored-upload.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FleetDetailService } from './fleet-detail.service.ts';
import { currentPerson } from './fleet-driver-person.ts';
import {
  DRIVER_PHOTO_PURPOSE,
  type FleetPerson,
  type FleetPhotoRepository,
} from './fleet-photo.repository.ts';
import { requireCompany, type CompanyUser } from './fleet.service.ts';
import type { FleetRepository } from './fleet.repository.ts';

export interface FleetPhotoDeps {
  repo: Pick<FleetRepository, 'findVehicle' | 'findDriver'>;
  photos: FleetPhotoRepository;
  detail: Pick<FleetDetailService, 'detail'>;
  storage: FileStorage;
  clock: Clock;
  log?: { warn(obj: object, msg: string): void } | undefined;
}

/**
 * The photo of a fleet vehicle's current driver (PUT/DELETE conductor_flota/foto/). Company role only (403), the
 * company's own vehicles only (404 before the upload is read). The photo belongs to the person (document type
 * and number within the company), not to the vehicle. Checked and stored exactly like the profile picture.
 */
export class FleetPhotoService {
  constructor(private readonly deps: FleetPhotoDeps) {}

  private async personOf(user: CompanyUser, vehicleId: number): Promise<FleetPerson> {
    const companyUserId = requireCompany(user);
    const vehicle = await this.deps.repo.findVehicle(companyUserId, vehicleId);
    if (!vehicle) throw AppError.notFound();
    return currentPerson(companyUserId, vehicle, await this.deps.repo.findDriver(vehicleId));
  }

  /**
   * multipart `foto`: JPEG/PNG by content (415 otherwise), re-encoded to at most 512 px without metadata, stored
   * under a generated name; the person's previous photo is removed. Answers the updated detail.
   */
  async upload(
    user: CompanyUser,
    vehicleId: number,
    read: () => Promise<Buffer | null>,
  ): Promise<FleetVehicleDetail> {
    const person = await this.personOf(user, vehicleId);
    const { photos, clock } = this.deps;
    const bytes = await read();
    if (!bytes) throw AppError.field(FLEET_DRIVER_PHOTO_FIELD, FLEET_MSG.photoRequired);
    if (bytes.length === 0) throw AppError.field(FLEET_DRIVER_PHOTO_FIELD, FLEET_MSG.photoEmpty);
    const kind = await detectKind(bytes);
    if (kind !== 'jpg' && kind !== 'png') throw new AppError(415, FLEET_MSG.photoType);
    const stored = await reencodeUpload(
      bytes,
      kind,
      FLEET_DRIVER_PHOTO_MAX_SIDE,
      FLEET_DRIVER_PHOTO_FIELD,
      FLEET_MSG.photoDamaged,
    );
    const now = clock.now();
    await storeReplacing(
      this.files,
      { bytes: stored, kind, ownerUserId: person.companyUserId, purpose: DRIVER_PHOTO_PURPOSE, now },
      (row) => photos.insertPhotoAndAttach(row, person, now),
    );
    return this.deps.detail.detail(user, vehicleId);
  }

  /** Removes the current driver's photo (nothing to remove is fine). Answers the updated detail. */
  async remove(user: CompanyUser, vehicleId: number): Promise<FleetVehicleDetail> {
    const person = await this.personOf(user, vehicleId);
    const previous = await this.deps.photos.detachPhoto(person);
    if (previous) await discardStoredFile(this.files, previous);
    return this.deps.detail.detail(user, vehicleId);
  }

  /** Where photos are stored, and how a replaced or removed one goes (row and bytes). */
  private get files(): StoredFileOwner {
    return {
      storage: this.deps.storage,
      deleteUnreferenced: (fileId) => this.deps.photos.deleteUnreferencedPhoto(fileId),
      log: this.deps.log,
      what: 'fleet driver photo',
    };
  }
}
