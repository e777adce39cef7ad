import { useSearchParams } from 'react-router';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The agenda's branch and day live in the address (issue 38: `?sede=…&fecha=…`), so a reload, a shared link and
 * the back button keep them. Each change is a new history entry. Without them: the first active branch and today.
 */
export function useAgendaParams(fallbackSede: string, today: string) {
  const [params, setParams] = useSearchParams();
  const sede = params.get('sede') || fallbackSede;
  const asked = params.get('fecha') ?? '';
  const fecha = ISO_DATE.test(asked) ? asked : today;

  function set(changes: { sede?: string; fecha?: string }) {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next);
  }

  return {
    sede,
    fecha,
    setSede: (value: string) => set({ sede: value, fecha }),
    setFecha: (value: string) => set({ sede, fecha: value }),
  };
}
