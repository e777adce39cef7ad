import { bogotaToday } from '@togo/domain/bogota-time';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useHomeAlert } from '../api/alert-summary.ts';
import { useNotifications } from '../api/notifications.ts';
import { picoPlacaOfToday, usePicoPlaca } from '../../../lib/pico-placa-query.ts';
import { truthNotes } from '../home-truth.ts';
import { routeTarget } from '../route-target.ts';
import { RouteLink } from './RouteLink.tsx';

export const NO_ALERTS_TEXT = '¡Felicitaciones!, no tienes alertas disponibles';
export const UNCHECKED_TEXT = 'No pudimos revisar todas tus alertas, intenta de nuevo más tarde.';

/**
 * The selected vehicle's notifications: first what its own data says today (unpaid fines, pico y placa,
 * expired SOAT/RTM), then the stored ones. 'No alerts' only when every source answered and none has any.
 * A failure is only logged (AHGA §8).
 */
export function NotificationList({ garageId }: { garageId: number | undefined }) {
  const query = useNotifications(garageId);
  const fines = useHomeAlert('INFRACCION_TRANSITO', garageId);
  const soat = useHomeAlert('ALERTA_SOAT', garageId);
  const rtm = useHomeAlert('ALERTA_RTM', garageId);
  const pyp = usePicoPlaca(garageId);
  useEffect(() => {
    if (query.error) console.error('Notificaciones', query.error);
  }, [query.error]);

  const sources = [query, fines, soat, rtm, pyp];
  if (garageId !== undefined && sources.some((s) => s.isPending)) {
    return <p className="home-notes__status">Consultando...</p>;
  }
  const today = bogotaToday(new Date());
  const derived = truthNotes({
    today,
    fines: fines.data,
    // A saved answer of another day is not today's pico y placa.
    picoPlaca: picoPlacaOfToday(pyp.data, today) ?? undefined,
    soat: soat.data,
    rtm: rtm.data,
  });
  const items = query.data?.results ?? [];
  if (!items.length && !derived.length) {
    const unchecked = garageId !== undefined && sources.some((s) => s.isError);
    return <p className="home-notes__empty">{unchecked ? UNCHECKED_TEXT : NO_ALERTS_TEXT}</p>;
  }
  return (
    <ul className="home-notes__list">
      {derived.map((note) => (
        <li key={note.id}>
          <Link to={note.to} className="home-note home-note--derived" data-note={note.id}>
            <span className="home-note__body">
              <span className="home-note__title">{note.title}</span>{' '}
              <span className="home-note__text">{note.text}</span>
            </span>
          </Link>
        </li>
      ))}
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
