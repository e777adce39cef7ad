import { useMutation } from '@tanstack/react-query';
import { uploadLicence } from '../../../lib/licence-upload.ts';

/** Failures are only logged (AHGA §8: licence failures only hide the loading overlay). */
export function useUploadLicenceMutation() {
  return useMutation({
    mutationFn: ({ vehicleId, file }: { vehicleId: number; file: File }) => uploadLicence(vehicleId, file),
    onError: (error) => console.error('No se pudo subir la imagen de la licencia', error),
  });
}
