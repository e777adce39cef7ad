import { Link } from 'react-router';
import { ChevronIcon } from '../components/alert-icons.tsx';
import { AlertScreen } from '../components/AlertScreen.tsx';
import { ALERTS_MENU } from '../alerts-menu.ts';
import { useAlertsNav } from '../alerts-nav.ts';
import { readSelectedVehicle } from '../alerts-storage.ts';
import { useAlertChips } from '../alert-chips.ts';

/** /app/alerts: the eight alerts of the selected vehicle, each with its state, to /app/alerts/{name} (AHGA §2). */
export function AlertsHomeRoute() {
  const nav = useAlertsNav();
  const chips = useAlertChips(readSelectedVehicle()?.id ?? null);
  return (
    <AlertScreen title="Alertas" back={nav.exit}>
      <p className="lead alerts__intro">Revisa vencimientos, comparendos y restricciones de tu vehículo.</p>
      <nav aria-label="Alertas de tu vehículo">
        <ul className="alerts-menu">
          {ALERTS_MENU.map(({ name, label, description, Icon }) => (
            <li key={name}>
              <Link to={nav.to(name)} className="alerts-menu__item">
                <span className={`alerts-menu__icon alerts-menu__icon--${name}`}>
                  <Icon />
                </span>
                <span className="alerts-menu__text">
                  <span className="alerts-menu__label">{label}</span>
                  <span className="alerts-menu__description">{description}</span>
                  {chips[name] ? (
                    <span className={`status-chip status-chip--${chips[name].tone}`}>
                      {chips[name].label}
                    </span>
                  ) : null}
                </span>
                <span className="alerts-menu__chevron">
                  <ChevronIcon />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </AlertScreen>
  );
}
