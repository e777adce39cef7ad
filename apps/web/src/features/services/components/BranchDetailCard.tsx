import type { ReactNode } from 'react';
import { formatCop } from '@togo/domain/money';

export interface BranchDetailCardProps {
  name: string;
  address: string | null;
  phone?: string | null;
  maps?: string | null;
  image?: string | null;
  price: number | null;
  children?: ReactNode;
}

/** detalle: the chosen branch (or home service) and the price. */
export function BranchDetailCard({
  name,
  address,
  phone,
  maps,
  image,
  price,
  children,
}: BranchDetailCardProps) {
  return (
    <section className="detail-card" aria-labelledby="detail-card-title">
      {image ? <img className="detail-card__image" src={image} alt="" /> : null}
      <h2 id="detail-card-title" className="detail-card__title">
        {name}
      </h2>
      <p className="detail-card__line">{address ?? 'A domicilio'}</p>
      {phone ? (
        <p className="detail-card__line">
          Teléfono: <a href={`tel:${phone.replace(/\s/g, '')}`}>{phone}</a>
        </p>
      ) : null}
      {maps ? (
        <p className="detail-card__line">
          <a href={maps} target="_blank" rel="noopener noreferrer">
            Ver en el mapa
          </a>
        </p>
      ) : null}
      {children}
      {price !== null ? (
        <p className="detail-card__price">
          <strong>{formatCop(price)}</strong> <span>IVA incluido</span>
        </p>
      ) : null}
    </section>
  );
}
