import { useSearchParams } from 'react-router';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The agenda's query of one branch and day (`?sede=…&fecha=…`), also started early by the console's entry. */
export const agendaQuery = (sede: string, fecha: string) =>
  `?sede=${encodeURIComponent(sede)}&fecha=${fecha}`;

/** The address's branch and day as the agenda reads them: an invalid day is today. */
export function agendaParamsOf(
  params: URLSearchParams,
  today: string,
): { sede: string | null; fecha: string } {
  const asked = params.get('fecha') ?? '';
  return { sede: params.get('sede') || null, fecha: ISO_DATE.test(asked) ? asked : today };
}

/**
 * The agenda's branch and day live in the address (issue 38: `?sede=…&fecha=…`), so a reload, a shared link and
 * the back button keep them. Each change is a new history entry. Without them: the first active branch and today.
 */
export function useAgendaParams(fallbackSede: string, today: string) {
  const [params, setParams] = useSearchParams();
  const fromAddress = agendaParamsOf(params, today);
  const sede = fromAddress.sede ?? fallbackSede;
  const { fecha } = fromAddress;

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
