import { useState } from 'react';
import { licenceImageSource } from '../licence-image.ts';
import { DefaultLicenceImage } from './DefaultLicenceImage.tsx';

/** The licence card picture, or the default one (AHGA §5 'Licence image'). */
export function LicenceImage({ url }: { url: string | null | undefined }) {
  const source = licenceImageSource(url);
  const [failed, setFailed] = useState<string | null>(null);
  if (source.kind === 'default' || (source.kind === 'try' && failed === source.src)) {
    return (
      <div className="licence-image">
        <DefaultLicenceImage />
      </div>
    );
  }
  return (
    <div className="licence-image">
      <img
        className="licence-image__photo"
        src={source.src}
        alt="Foto de tu licencia"
        onError={() => setFailed(source.src)}
      />
    </div>
  );
}
