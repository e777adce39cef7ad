import { useEffect } from 'react';
import { useNotifications } from '../api/notifications.ts';
import { routeTarget } from '../route-target.ts';
import { RouteLink } from './RouteLink.tsx';

export const NO_ALERTS_TEXT = 'Felicitaciones!, no tienes alertas disponibles';

/** Notifications of the selected vehicle; a failure is only logged (AHGA §8). */
export function NotificationList({ garageId }: { garageId: number | undefined }) {
  const query = useNotifications(garageId);
  useEffect(() => {
    if (query.error) console.error('Notificaciones', query.error);
  }, [query.error]);

  if (garageId !== undefined && query.isPending) {
    return <p className="home-notes__status">Consultando...</p>;
  }
  const items = query.data?.results ?? [];
  if (!items.length) return <p className="home-notes__empty">{NO_ALERTS_TEXT}</p>;
  return (
    <ul className="home-notes__list">
      {items.map((item) => (
        <li key={item.id}>
          <RouteLink target={routeTarget(item.url_redireccion)} className="home-note">
            <img src={item.logo_notificacion} alt="" width={40} height={40} loading="lazy" />
            <span className="home-note__body">
              <span className="home-note__title">{item.titulo}</span>{' '}
              <span className="home-note__text">{item.message}</span>
            </span>
          </RouteLink>
        </li>
      ))}
    </ul>
  );
}
