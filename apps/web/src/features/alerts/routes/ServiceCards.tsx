import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CATALOG_KEYS } from '../catalog-keys.ts';
import { useAlertsNav } from '../alerts-nav.ts';
import { useCatalogQuery } from '../api/get-catalog.ts';
import { useUrlsQuery } from '../../../lib/togo-urls.ts';
import { ChevronIcon } from '../components/alert-icons.tsx';
import { AlertScreen } from '../components/AlertScreen.tsx';
import { ServiceCardModal } from '../components/ServiceCardModal.tsx';
import { PERITAJE_URL_NAMES, toServiceCard, type ServiceCard } from '../service-cards.ts';

interface ServiceCardsProps {
  kind: 'peritaje' | 'tramites';
}

/**
 * alertas-peritaje / alertas-tramites (AHGA §2 'Modal cards'): the catalogue's services; each opens its
 * modal card, whose 'Agendar' goes to the booking flow (/app/servicios/peritaje or /app/servicios/tramite).
 */
function ServiceCardsScreen({ kind }: ServiceCardsProps) {
  const nav = useAlertsNav();
  const navigate = useNavigate();
  const peritaje = kind === 'peritaje';
  const catalog = useCatalogQuery(peritaje ? CATALOG_KEYS.peritajes : CATALOG_KEYS.tramites);
  const urls = useUrlsQuery(PERITAJE_URL_NAMES, peritaje);
  const [open, setOpen] = useState<ServiceCard | null>(null);
  const cards = (catalog.data ?? []).map(toServiceCard);

  const links = peritaje
    ? {
        conditions: open?.conditionsUrl ?? urls.data?.peritaje_condiciones ?? null,
        restrictions: open?.restrictionsUrl ?? urls.data?.peritaje_restricciones ?? null,
      }
    : undefined;

  return (
    <AlertScreen title={peritaje ? 'Peritaje' : 'Trámites'} back={nav.list} loading={catalog.isLoading}>
      <p className="lead alerts__intro">
        {peritaje
          ? 'Conoce el estado real de un vehículo antes de comprarlo. Elige el tipo de peritaje.'
          : 'Haz tus trámites de tránsito con nosotros. Una misma cita puede incluir varios trámites.'}
      </p>
      <ul className="service-list">
        {cards.map((card) => (
          <li key={card.key}>
            <button
              type="button"
              className="service-list__item"
              aria-haspopup="dialog"
              onClick={() => setOpen(card)}
            >
              {card.image ? <img className="service-list__image" src={card.image} alt="" /> : null}
              <span className="service-list__title">{card.title}</span>
              <ChevronIcon />
            </button>
          </li>
        ))}
      </ul>
      <ServiceCardModal
        card={open}
        links={links}
        onClose={() => setOpen(null)}
        onSchedule={(card) =>
          void navigate(peritaje ? '/app/servicios/peritaje' : '/app/servicios/tramite', {
            state: { clave: card.key },
          })
        }
      />
    </AlertScreen>
  );
}

export function AlertasPeritajeRoute() {
  return <ServiceCardsScreen kind="peritaje" />;
}

export function AlertasTramitesRoute() {
  return <ServiceCardsScreen kind="tramites" />;
}
