import { useId } from 'react';
import { formatCop } from '@togo/domain/money';
import { Modal } from '../../../components/ui/Modal.tsx';
import type { ServiceCard } from '../service-cards.ts';
import { ExternalIcon } from './alert-icons.tsx';

export interface ServiceCardModalProps {
  card: ServiceCard | null;
  /** Links 'Condiciones del servicio' / 'Restricciones del servicio' (peritaje only). */
  links?: { conditions: string | null; restrictions: string | null };
  onSchedule: (card: ServiceCard) => void;
  onClose: () => void;
}

/** Modal card: title, image, price ('IVA incluido'), detail lines, 'Agendar' (AHGA §2 'Modal cards'). */
export function ServiceCardModal({ card, links, onSchedule, onClose }: ServiceCardModalProps) {
  const titleId = useId();
  const bodyId = useId();
  if (!card) return null;
  return (
    <Modal
      open
      onClose={onClose}
      labelledBy={titleId}
      describedBy={bodyId}
      closeOnBackdrop
      className="service-modal"
    >
      <button type="button" className="modal__close" aria-label="Cerrar" onClick={onClose}>
        ×
      </button>
      {card.image ? <img className="service-modal__image" src={card.image} alt="" /> : null}
      <h2 id={titleId} className="dialog__title service-modal__title">
        {card.title}
      </h2>
      <div id={bodyId}>
        <p className="service-modal__price">
          {card.price !== null ? (
            <>
              <strong>{formatCop(card.price)}</strong> <span>IVA incluido</span>
            </>
          ) : (
            <span>El precio depende de la sede: lo verás antes de confirmar. IVA incluido.</span>
          )}
        </p>
        {card.details.length > 0 ? (
          <ul className="service-modal__details">
            {card.details.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
        {links && (links.conditions || links.restrictions) ? (
          <p className="service-modal__links">
            {links.conditions ? (
              <a href={links.conditions} target="_blank" rel="noopener noreferrer">
                Condiciones del servicio <ExternalIcon />
              </a>
            ) : null}
            {links.restrictions ? (
              <a href={links.restrictions} target="_blank" rel="noopener noreferrer">
                Restricciones del servicio <ExternalIcon />
              </a>
            ) : null}
          </p>
        ) : null}
      </div>
      <div className="dialog__actions">
        <button type="button" className="btn btn--primary" onClick={() => onSchedule(card)}>
          Agendar
        </button>
      </div>
    </Modal>
  );
}
