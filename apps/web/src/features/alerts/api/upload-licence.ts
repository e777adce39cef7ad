import { useMutation } from '@tanstack/react-query';
import type { FileUploadResponse } from '@togo/domain/garage/garage.contract';
import { apiUpload } from '../../../lib/api-client.ts';

/** POST /api/togo/vehicle/{id}/upload_file_to_garage/ — multipart field `file` (jpeg/png on this screen) → {file_url}. */
export function uploadLicence(vehicleId: number, file: File): Promise<FileUploadResponse> {
  return apiUpload<FileUploadResponse>(`/api/togo/vehicle/${vehicleId}/upload_file_to_garage/`, 'file', file);
}

/** Failures are only logged (AHGA §8: licence failures only hide the loading overlay). */
export function useUploadLicenceMutation() {
  return useMutation({
    mutationFn: ({ vehicleId, file }: { vehicleId: number; file: File }) => uploadLicence(vehicleId, file),
    onError: (error) => console.error('No se pudo subir la imagen de la licencia', error),
  });
}
