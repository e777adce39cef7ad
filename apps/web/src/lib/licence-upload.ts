import { fileUploadResponseSchema, type FileUploadResponse } from '@togo/domain/garage/garage.contract';
import { apiUploadParse } from './api-client.ts';

/**
 * The one licence upload of the web (new vehicle form and the licence alert screen):
 * POST /api/togo/vehicle/{id}/upload_file_to_garage/ — multipart field `file` → {file_url}.
 */
export function uploadLicence(vehicleId: number, file: File): Promise<FileUploadResponse> {
  return apiUploadParse(
    fileUploadResponseSchema,
    `/api/togo/vehicle/${vehicleId}/upload_file_to_garage/`,
    'file',
    file,
  );
}
