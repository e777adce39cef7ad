import { randomUUID } from 'node:crypto';
import {
  FLEET_DRIVER_PHOTO_FIELD,
  FLEET_DRIVER_PHOTO_MAX_SIDE,
  FLEET_MSG,
  type FleetVehicleDetail,
} from '@togo/domain/fleet/fleet.contract';
import { AppError } from '../../http/app-error.ts';
import {
  CONTENT_TYPES,
  detectKind,
  ImageDecodeError,
  reencodeImage,
} from '../../integrations/files/file-content.ts';
import { storageKeyFor, type FileStorage } from '../../integrations/files/file-storage.ts';
import type { FileUrlSigner } from '../../integrations/files/signed-url.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FleetDetailService } from './fleet-detail.service.ts';
import {
  DRIVER_PHOTO_PURPOSE,
  type FleetPerson,
  type FleetPhotoRepository,
} from './fleet-photo.repository.ts';
import { requireCompany, type CompanyUser } from './fleet.service.ts';
import type { FleetDriverRow, FleetRepository, FleetVehicleView } from './fleet.repository.ts';

/** The signed URL of a person's photo, or null when there is none. Used by the vehicle detail. */
export type DriverPhotoUrl = (person: FleetPerson) => Promise<string | null>;

export function driverPhotoUrl(deps: {
  photos: Pick<FleetPhotoRepository, 'findPhoto'>;
  signer: FileUrlSigner;
  clock: Clock;
}): DriverPhotoUrl {
  return async (person) => {
    const photo = await deps.photos.findPhoto(person);
    return photo ? deps.signer.url(photo.fileId, photo.extension, deps.clock.now()) : null;
  };
}

/** Whose photo a vehicle shows: its driver's (fleet_drivers) or, without one, its owner's document. */
export function currentPerson(
  companyUserId: number,
  vehicle: Pick<FleetVehicleView, 'tipoDocumentoPropietario' | 'documentoPropietario'>,
  driver: Pick<FleetDriverRow, 'tipoDocumento' | 'documento'> | undefined,
): FleetPerson {
  return driver
    ? { companyUserId, tipoDocumento: driver.tipoDocumento, documento: driver.documento.toUpperCase() }
    : {
        companyUserId,
        tipoDocumento: vehicle.tipoDocumentoPropietario,
        documento: vehicle.documentoPropietario.toUpperCase(),
      };
}

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
    const { photos, storage, clock } = this.deps;
    const bytes = await read();
    if (!bytes) throw AppError.field(FLEET_DRIVER_PHOTO_FIELD, FLEET_MSG.photoRequired);
    if (bytes.length === 0) throw AppError.field(FLEET_DRIVER_PHOTO_FIELD, FLEET_MSG.photoEmpty);
    const kind = await detectKind(bytes);
    if (kind !== 'jpg' && kind !== 'png') throw new AppError(415, FLEET_MSG.photoType);
    let stored: Buffer;
    try {
      stored = await reencodeImage(bytes, kind, FLEET_DRIVER_PHOTO_MAX_SIDE);
    } catch (err) {
      if (err instanceof ImageDecodeError)
        throw AppError.field(FLEET_DRIVER_PHOTO_FIELD, FLEET_MSG.photoDamaged);
      throw err;
    }
    const fileId = randomUUID();
    const key = storageKeyFor(fileId, kind);
    const contentType = CONTENT_TYPES[kind];
    await storage.put(key, stored, contentType);
    const now = clock.now();
    let previous: string | null;
    try {
      previous = await photos.insertPhotoAndAttach(
        {
          id: fileId,
          ownerUserId: person.companyUserId,
          purpose: DRIVER_PHOTO_PURPOSE,
          contentType,
          extension: kind,
          size: stored.length,
          storageKey: key,
          created: now,
        },
        person,
        now,
      );
    } catch (err) {
      await storage.delete(key).catch(() => undefined);
      throw err;
    }
    if (previous) await this.discard(previous);
    return this.deps.detail.detail(user, vehicleId);
  }

  /** Removes the current driver's photo (nothing to remove is fine). Answers the updated detail. */
  async remove(user: CompanyUser, vehicleId: number): Promise<FleetVehicleDetail> {
    const person = await this.personOf(user, vehicleId);
    const previous = await this.deps.photos.detachPhoto(person);
    if (previous) await this.discard(previous);
    return this.deps.detail.detail(user, vehicleId);
  }

  /** Removes a replaced photo (row and bytes); a failure only leaves an orphan, never breaks the request. */
  private async discard(fileId: string): Promise<void> {
    try {
      const key = await this.deps.photos.deleteUnreferencedPhoto(fileId);
      if (key) await this.deps.storage.delete(key);
    } catch (err) {
      this.deps.log?.warn({ err, fileId }, 'could not remove a replaced fleet driver photo');
    }
  }
}
