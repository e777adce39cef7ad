import { useEffect, useState } from 'react';
import { BackButton } from '../../../components/ui/BackButton.tsx';
import { ComputerIcon, CopyIcon } from '../../../components/ui/icons.tsx';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

const COPIED_VISIBLE_MS = 2500;

/** /user-type/inicio-empresas: the company experience is for a PC; copy the link to open it there. */
export function InicioEmpresasRoute() {
  usePageTitle('Empresas');
  const config = usePublicConfig();
  const webUrl = config.data?.web_url || window.location.origin;
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const id = setTimeout(() => setCopied(false), COPIED_VISIBLE_MS);
    return () => clearTimeout(id);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(webUrl);
      setCopied(true);
    } catch (error) {
      console.error('No se pudo copiar el link', error); // AHGA §8: only logged
    }
  };

  return (
    <main className="page page--auth">
      <section className="auth-card companies">
        <header className="page-header">
          <BackButton to="/user-type" />
          <h1 className="page-header__title">Bienvenido, empresa</h1>
        </header>
        <div className="companies__art">
          <ComputerIcon size={96} />
        </div>
        <h2 className="companies__title">Ingresa desde un computador</h2>
        <p className="lead">
          La experiencia de TOGO para empresas está pensada para un PC. Copia el link y ábrelo en el navegador
          de tu computador para administrar tu flota.
        </p>
        <p className="companies__url">{webUrl}</p>
        <button type="button" className="btn btn--primary btn--block" onClick={() => void copy()}>
          <CopyIcon />
          Copiar link
        </button>
        <p className="companies__copied" role="status">
          {copied ? 'Link copiado' : ''}
        </p>
      </section>
    </main>
  );
}
