import { useMutation } from '@tanstack/react-query';
import type { FileUploadResponse } from '@togo/domain/garage/garage.contract';
import { ApiError } from '../../../lib/api-client.ts';
import { getToken } from '../../../lib/storage.ts';

/**
 * POST /api/togo/vehicle/{id}/upload_file_to_garage/ — multipart field `file` (jpeg/png on this screen);
 * answers {file_url}. The shared client only speaks JSON, so this call builds its own request.
 */
export async function uploadLicence(vehicleId: number, file: File): Promise<FileUploadResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Token ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api/togo/vehicle/${vehicleId}/upload_file_to_garage/`, {
      method: 'POST',
      headers,
      body: form,
    });
  } catch {
    throw new ApiError(0, null);
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    // not JSON: keep the text
  }
  if (!response.ok) throw new ApiError(response.status, body);
  return body as FileUploadResponse;
}

/** Failures are only logged (AHGA §8: licence failures only hide the loading overlay). */
export function useUploadLicenceMutation() {
  return useMutation({
    mutationFn: ({ vehicleId, file }: { vehicleId: number; file: File }) => uploadLicence(vehicleId, file),
    onError: (error) => console.error('No se pudo subir la imagen de la licencia', error),
  });
}
