import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { CartIcon } from '../../../components/ui/app-icons.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useTogoUrl } from '../api/togo-url.ts';
import '../otros.css';

/** SPPF §2 "Purchases screen": the SOAT entry only informs (the spec's text, with its accents and ¡ restored). */
export const SOAT_MESSAGE = '¡Esta funcionalidad estará disponible próximamente!';
/** SPPF §2: the embedded purchase pages may run scripts, use their own origin and send forms — nothing else. */
export const PURCHASE_SANDBOX = 'allow-scripts allow-same-origin allow-forms';
export const COMPRAS_PATH = '/app/otros/compras';

function TagIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="32"
      height="32"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <path d="M3 12V4h8l10 10-8 8z" strokeLinejoin="round" />
      <circle cx="8" cy="9" r="1.6" />
    </svg>
  );
}

function ShieldIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="32"
      height="32"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6z" strokeLinejoin="round" />
      <path d="m8.5 12 2.5 2.5 4.5-5" strokeLinecap="round" />
    </svg>
  );
}

interface Entry {
  label: string;
  text: string;
  Icon: ComponentType;
  to?: string;
}

const ENTRIES: readonly Entry[] = [
  { label: 'GoPass', text: 'Paga peajes y parqueaderos', Icon: TagIcon, to: `${COMPRAS_PATH}/gopass` },
  { label: 'SOAT', text: 'Seguro obligatorio', Icon: CartIcon },
  {
    label: 'Póliza Todo Riesgo',
    text: 'Protege tu vehículo',
    Icon: ShieldIcon,
    to: `${COMPRAS_PATH}/poliza`,
  },
];

/** app/otros/compras: GoPass and Póliza open their pages; SOAT shows the coming-soon message and stays. */
export function ComprasRoute() {
  usePageTitle('Comprar');
  const dialog = useDialog();
  return (
    <main className="page page--auth">
      <PageHeader title="Comprar" back="/app/otros" />
      <ul className="hub-grid hub-grid--list">
        {ENTRIES.map(({ label, text, Icon, to }) => (
          <li key={label}>
            {to ? (
              <Link to={to} className="hub-tile">
                <Icon />
                <span className="hub-tile__label">{label}</span>
                <span className="hub-tile__text">{text}</span>
              </Link>
            ) : (
              <button
                type="button"
                className="hub-tile"
                onClick={() => void dialog.show({ variant: 'info', message: SOAT_MESSAGE })}
              >
                <Icon />
                <span className="hub-tile__label">{label}</span>
                <span className="hub-tile__text">{text}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
    </main>
  );
}

/** A purchase page (GoPass, Póliza) from the URL catalogue, in a sandboxed frame, with a back button to compras. */
function PurchaseFrame({ name, title }: { name: 'facil_pass' | 'poliza'; title: string }) {
  usePageTitle(title);
  const url = useTogoUrl(name);
  return (
    <main className="page page--auth page--frame">
      <PageHeader title={title} back={COMPRAS_PATH} />
      {url.isPending ? <TruckLoader /> : null}
      {url.data ? (
        <iframe
          className="embed-frame embed-frame--tall"
          src={url.data}
          title={title}
          sandbox={PURCHASE_SANDBOX}
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : null}
      {!url.isPending && !url.data ? (
        <p className="lead">No pudimos cargar esta compra en este momento. Intenta de nuevo más tarde.</p>
      ) : null}
    </main>
  );
}

export const GoPassRoute = () => <PurchaseFrame name="facil_pass" title="GoPass" />;
export const PolizaRoute = () => <PurchaseFrame name="poliza" title="Póliza Todo Riesgo" />;
