import { MAINTENANCE_MSG } from '@togo/domain/maintenance/maintenance.catalogue';
import type { FileUploadResponse } from '@togo/domain/garage/garage.contract';
import { AppError } from '../../http/app-error.ts';
import { reencodeUpload } from '../../http/image-upload.ts';
import { detectKind } from '../../integrations/files/file-content.ts';
import type { FileStorage } from '../../integrations/files/file-storage.ts';
import type { FileUrlSigner } from '../../integrations/files/signed-url.ts';
import {
  discardStoredFile,
  storeReplacing,
  type StoredFileOwner,
} from '../../integrations/files/stored-upload.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MaintenanceRepository, VehicleRow } from './maintenance.repository.ts';

/** Invoices keep enough detail to read the amounts. */
export const INVOICE_IMAGE_MAX_SIDE = 2400;
export const INVOICE_PURPOSE = 'maintenance-invoice';

/**
 * The invoice of a service: a photo or a PDF through the app's one upload pipeline (decision 006) — type by magic
 * bytes, images re-encoded without metadata, stored under a generated name, served through expiring signed URLs.
 * The file belongs to the vehicle's owner (a company's invoices go with the company's data).
 */
export class MaintenanceInvoiceService {
  constructor(
    private readonly d: {
      repo: MaintenanceRepository;
      storage: FileStorage;
      signer: FileUrlSigner;
      clock: Clock;
      log?: StoredFileOwner['log'];
    },
  ) {}

  private owner(): StoredFileOwner {
    return {
      storage: this.d.storage,
      deleteUnreferenced: (id) => this.d.repo.deleteUnreferencedInvoice(id),
      log: this.d.log,
      what: 'maintenance invoice',
    };
  }

  async upload(
    vehicle: VehicleRow,
    recordId: number,
    read: () => Promise<Buffer | null>,
  ): Promise<FileUploadResponse> {
    if (!(await this.d.repo.findRecord(vehicle.id, recordId))) throw AppError.notFound();
    const bytes = await read();
    if (!bytes || bytes.length === 0) throw AppError.field('file', MAINTENANCE_MSG.invoiceRequired);
    const kind = await detectKind(bytes);
    if (!kind) throw new AppError(415, { detail: MAINTENANCE_MSG.invoiceType });
    const stored =
      kind === 'pdf'
        ? bytes
        : await reencodeUpload(bytes, kind, INVOICE_IMAGE_MAX_SIDE, 'file', MAINTENANCE_MSG.invoiceDamaged);
    const now = this.d.clock.now();
    const row = await storeReplacing(
      this.owner(),
      { bytes: stored, kind, ownerUserId: vehicle.userId, purpose: INVOICE_PURPOSE, now },
      async (file) => {
        const attached = await this.d.repo.attachInvoice(vehicle.id, recordId, file);
        if (!attached) throw AppError.notFound();
        return attached.previous;
      },
    );
    return { file_url: this.d.signer.url(row.id, kind, now) };
  }

  /** Removes a deleted record's invoice (row and bytes); a failure only leaves an orphan. */
  discard(fileId: string | null): Promise<void> {
    return fileId ? discardStoredFile(this.owner(), fileId) : Promise.resolve();
  }
}
