import type { FileUploadResponse } from '@togo/domain/garage/garage.contract';
import { apiUpload } from '../../../lib/api-client.ts';

/** POST /api/togo/vehicle/{id}/upload_file_to_garage/ — multipart field `file` (pdf, jpg, png) → {file_url}. */
export function uploadLicence(vehicleId: number, file: File): Promise<FileUploadResponse> {
  return apiUpload<FileUploadResponse>(`/api/togo/vehicle/${vehicleId}/upload_file_to_garage/`, 'file', file);
}
