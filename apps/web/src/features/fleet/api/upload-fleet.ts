import { FLEET_PATHS } from '@togo/domain/fleet/fleet.contract';
import type { FleetUploadStatus } from '@togo/domain/fleet/fleet.contract';
import { ApiError } from '../../../lib/api-client.ts';
import { getToken } from '../../../lib/storage.ts';

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * POST /api/togo/vehicle/create_vehicle_flota_archivo — multipart field `file` → the upload's status (202, or
 * 200 with repetido=true for a file already imported). XMLHttpRequest rather than fetch because only it
 * reports upload progress: `onProgress` gets the fraction sent, 0..1. Rejects with the same ApiError as
 * apiRequest (status 0 when no answer came).
 */
export function uploadFleetFile(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<FleetUploadStatus> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', FLEET_PATHS.upload);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Token ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as FleetUploadStatus);
      } else {
        reject(new ApiError(xhr.status, body));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, null));
    xhr.onabort = () => reject(new DOMException('Carga cancelada', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
