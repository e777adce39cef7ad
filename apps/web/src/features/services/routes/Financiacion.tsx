import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Carousel } from '../../../components/ui/Carousel.tsx';
import { useFinancingCatalog, useFinancingUrl } from '../api/financing.ts';
import { ServiceScreen } from '../components/ServiceScreen.tsx';

/** SPPF §9: the allied-brand logos advance every 3 seconds and loop. */
export const LOGO_INTERVAL_MS = 3000;

/**
 * app/servicios/financiacion (SPPF §2, §4): banner with 'Cotizar' and the allied brands' logo carousel, then
 * the financing page in a restricted frame. Back from the banner returns to the services.
 */
export function FinanciacionRoute() {
  const navigate = useNavigate();
  const [quoting, setQuoting] = useState(false);
  const catalog = useFinancingCatalog();
  const url = useFinancingUrl(quoting);
  const [banner, ...logos] = catalog.data ?? [];
  const bannerImage = banner?.detalle_archivos[0]?.archivo ?? null;
  const description =
    typeof banner?.valor_json.descripcion === 'string' ? banner.valor_json.descripcion : null;

  return (
    <ServiceScreen
      title="Financiación"
      onBack={() => (quoting ? setQuoting(false) : void navigate('/app/servicios'))}
      loading={catalog.isLoading || (quoting && url.isLoading)}
    >
      {!quoting ? (
        <section className="financing-banner" aria-labelledby="financing-title">
          {bannerImage ? <img className="financing-banner__image" src={bannerImage} alt="" /> : null}
          <h2 id="financing-title" className="info-card__title">
            {banner?.valor ?? 'Financia tu vehículo'}
          </h2>
          {description ? <p className="lead">{description}</p> : null}
          <button type="button" className="btn btn--primary btn--block" onClick={() => setQuoting(true)}>
            Cotizar
          </button>
          {logos.length ? (
            <Carousel
              label="Marcas aliadas"
              interval={LOGO_INTERVAL_MS}
              slides={logos.map((entry) => ({
                key: entry.clave,
                content: (
                  <div className="financing-logo">
                    <img src={entry.detalle_archivos[0]?.archivo ?? ''} alt={entry.valor} />
                  </div>
                ),
              }))}
            />
          ) : null}
          {catalog.isError ? (
            <p className="services__empty" role="alert">
              No pudimos cargar la oferta de financiación, intenta nuevamente.
            </p>
          ) : null}
        </section>
      ) : url.data ? (
        <iframe
          className="financing-frame"
          title="Cotización de financiación"
          src={url.data}
          sandbox="allow-scripts allow-forms"
          referrerPolicy="no-referrer"
        />
      ) : url.isSuccess || url.isError ? (
        <p className="services__empty" role="alert">
          La cotización no está disponible en este momento, intenta más tarde.
        </p>
      ) : null}
    </ServiceScreen>
  );
}
