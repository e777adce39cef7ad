import type { FileUploadResponse } from '@togo/domain/garage/garage.contract';
import { ApiError } from '../../../lib/api-client.ts';
import { getToken } from '../../../lib/storage.ts';

/**
 * POST /api/togo/vehicle/{id}/upload_file_to_garage/ — multipart field `file` (pdf, jpg, png) → {file_url}.
 * Multipart, so not through apiRequest (which sends JSON); same token header and same ApiError.
 */
export async function uploadLicence(vehicleId: number, file: File): Promise<FileUploadResponse> {
  const body = new FormData();
  body.append('file', file);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Token ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api/togo/vehicle/${vehicleId}/upload_file_to_garage/`, {
      method: 'POST',
      headers,
      body,
    });
  } catch {
    throw new ApiError(0, null);
  }
  const text = await response.text();
  let data: unknown = text || undefined;
  try {
    data = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    // not JSON: keep the text
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data as FileUploadResponse;
}
