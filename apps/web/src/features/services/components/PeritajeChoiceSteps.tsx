import { PERITAJE_GROUPS } from '@togo/domain/booking/booking.contract';
import type { Combo, PeritajeFuel, PeritajeGroup } from '@togo/domain/booking/booking.contract';
import { peritajeFuels } from '@togo/domain/booking/booking.rules';
import { PERITAJE_FUEL_LABELS as FUEL_LABEL } from '@togo/domain/labels';
import { formatCop } from '@togo/domain/money';

/** The peritaje steps before the branch (SPPF §4): the service group, the fuel, the combos and a combo's detail. */

const GROUP_TEXT: Record<PeritajeGroup, string> = {
  Livianos: 'Automóviles, camionetas y vehículos livianos en una sede.',
  Motocicletas: 'Motos urbanas y de alto cilindraje en una sede.',
  'A Domicilio': 'Vamos hasta tu casa u oficina (Bogotá, vehículos livianos).',
};

export function PeritajeGroupStep(props: {
  selected: PeritajeGroup | null;
  onPick: (group: PeritajeGroup) => void;
}) {
  return (
    <>
      <p className="lead">
        Conoce el estado real de un vehículo antes de comprarlo. ¿Qué peritaje necesitas?
      </p>
      <ul className="choice-grid">
        {PERITAJE_GROUPS.map((group) => (
          <li key={group}>
            <button
              type="button"
              className="choice-card"
              aria-pressed={props.selected === group}
              onClick={() => props.onPick(group)}
            >
              <span className="branch-card__body">
                <span className="choice-card__title">{group}</span>
                <span className="choice-card__text">{GROUP_TEXT[group]}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

export function PeritajeFuelStep(props: {
  group: PeritajeGroup;
  selected: PeritajeFuel | null;
  onPick: (fuel: PeritajeFuel) => void;
}) {
  return (
    <>
      <p className="lead">
        {props.group === 'Motocicletas' ? '¿Qué tipo de moto es?' : '¿Qué combustible usa tu vehículo?'}
      </p>
      <ul className="choice-grid">
        {peritajeFuels(props.group).map((fuel) => (
          <li key={fuel}>
            <button
              type="button"
              className="choice-card"
              aria-pressed={props.selected === fuel}
              onClick={() => props.onPick(fuel)}
            >
              <span className="choice-card__title">{FUEL_LABEL[fuel]}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

export function PeritajeCombosStep(props: {
  combos: Combo[];
  isSuccess: boolean;
  isError: boolean;
  onPick: (combo: Combo) => void;
}) {
  const comboList = props.combos;
  return (
    <>
      {comboList[0] ? (
        <p className="services__note">
          Los combos de peritaje los presta <strong>{comboList[0].sede}</strong>, empresa aliada de TOGO.
        </p>
      ) : null}
      {props.isSuccess && comboList.length === 0 ? (
        <p className="services__empty" role="alert">
          No hay combos para esta opción. Elige otro tipo de vehículo.
        </p>
      ) : null}
      {props.isError ? (
        <p className="services__empty" role="alert">
          No pudimos cargar los combos, intenta nuevamente.
        </p>
      ) : null}
      <ul className="combo-list">
        {comboList.map((combo) => (
          <li key={combo.id}>
            <button type="button" className="choice-card" onClick={() => props.onPick(combo)}>
              <span className="branch-card__body">
                <span className="choice-card__title">{combo.short_name}</span>
                <span className="choice-card__text">{combo.text}</span>
              </span>
              <strong>{formatCop(combo.price)}</strong>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

export function PeritajeComboDetail(props: { combo: Combo; onSchedule: () => void }) {
  const { combo } = props;
  return (
    <>
      <section className="detail-card" aria-labelledby="combo-title">
        <h2 id="combo-title" className="detail-card__title">
          {combo.text}
        </h2>
        <p className="services__note">Servicio prestado por {combo.sede.replace(/\.+$/, '')}.</p>
        <ul className="detail-card__tasks">
          {combo.tasks.map((task) => (
            <li key={task}>{task}</li>
          ))}
        </ul>
        <p className="detail-card__price">
          <strong>{formatCop(combo.price)}</strong> <span>IVA incluido</span>
        </p>
      </section>
      <button type="button" className="btn btn--primary btn--block" onClick={props.onSchedule}>
        Agendar
      </button>
    </>
  );
}
