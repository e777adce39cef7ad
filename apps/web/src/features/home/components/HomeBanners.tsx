import type { CatalogEntry } from '@togo/domain/catalog/catalog.contract';
import { Carousel } from '../../../components/ui/Carousel.tsx';
import { Marquee } from '../../../components/ui/Marquee.tsx';
import { DEFAULT_BANNERS, NO_DESCRIPTION } from '../default-banners.ts';
import { routeTarget } from '../route-target.ts';
import { RouteLink } from './RouteLink.tsx';

interface BannerQuery {
  data: CatalogEntry[] | undefined;
  isPending: boolean;
}

type Aliases = Readonly<Record<string, string>>;

/** The catalogue's entries, or the default banners once it has answered with none (or failed). */
const entriesOf = (query: BannerQuery) =>
  query.data?.length ? query.data : query.isPending ? null : DEFAULT_BANNERS;

const describe = (entry: CatalogEntry) => entry.valor_json.descripcion?.trim() || NO_DESCRIPTION;

/** Home carousel (BANNERS_GENERALES_TOGO). */
export function BannerCarousel({ query, aliases }: { query: BannerQuery; aliases: Aliases }) {
  const entries = entriesOf(query);
  if (!entries) return <div className="home-banner home-banner--loading" aria-hidden="true" />;
  return (
    <Carousel
      label="Novedades"
      slides={entries.map((entry, i) => ({
        key: entry.clave,
        content: (
          <RouteLink target={routeTarget(entry.valor_json.alias_url_app, aliases)} className="home-banner">
            <img
              src={entry.detalle_archivos[0]?.archivo}
              alt={`${entry.valor}: ${describe(entry)}`}
              width={1200}
              height={500}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'auto'}
            />
          </RouteLink>
        ),
      }))}
    />
  );
}

/** Home promotions strip (BANNERS_OTROS_TOGO). */
export function PromotionStrip({ query, aliases }: { query: BannerQuery; aliases: Aliases }) {
  const entries = entriesOf(query);
  if (!entries) return null;
  return (
    <Marquee
      label="Promociones"
      items={entries.map((entry) => ({
        key: entry.clave,
        content: (
          <RouteLink target={routeTarget(entry.valor_json.alias_url_app, aliases)} className="promo-card">
            <img src={entry.detalle_archivos[0]?.archivo} alt="" width={240} height={100} loading="lazy" />
            <span className="promo-card__title">{entry.valor}</span>{' '}
            <span className="promo-card__text">{describe(entry)}</span>
          </RouteLink>
        ),
      }))}
    />
  );
}
