import {
  MAINTENANCE_IMPORT_FIELD,
  MAINTENANCE_IMPORT_PATH,
  MAINTENANCE_IMPORT_TEMPLATE_NAME,
  MAINTENANCE_IMPORT_TEMPLATE_PATH,
  maintenanceImportResultSchema,
  type MaintenanceImportResult,
} from '@togo/domain/maintenance/maintenance-import.contract';
import { ApiError, downloadWithToken } from '../../../lib/api-client.ts';
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
 * POST /api/togo/flota/mantenimiento/importar/ (decision 092) — multipart field `file` → the import's summary and
 * row errors. XMLHttpRequest rather than fetch because only it reports upload progress (as the fleet upload):
 * `onProgress` gets the fraction sent, 0..1. Rejects with the same ApiError as the API client.
 */
export function uploadMaintenanceImport(
  file: File,
  onProgress: (fraction: number) => void,
): Promise<MaintenanceImportResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', MAINTENANCE_IMPORT_PATH);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Token ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = maintenanceImportResultSchema.safeParse(body);
        if (parsed.success) {
          onProgress(1);
          resolve(parsed.data);
        } else reject(new ApiError(xhr.status, body));
      } else {
        reject(new ApiError(xhr.status, body));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, null));
    const form = new FormData();
    form.append(MAINTENANCE_IMPORT_FIELD, file);
    xhr.send(form);
  });
}

/** The template to fill in. */
export function downloadImportTemplate(): Promise<void> {
  return downloadWithToken(MAINTENANCE_IMPORT_TEMPLATE_PATH, MAINTENANCE_IMPORT_TEMPLATE_NAME);
}
