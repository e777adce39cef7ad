/** A fleet vehicle's person (its driver, or else its owner) and the signed URL of their photo. */
import type { FileUrlSigner } from '../../integrations/files/signed-url.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FleetPerson, FleetPhotoRepository } from './fleet-photo.repository.ts';
import type { FleetDriverRow, FleetVehicleView } from './fleet.repository.ts';

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
