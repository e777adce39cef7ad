import { useSearchParams } from 'react-router';

/** Route of the alerts section (AHGA §2). */
export const ALERTS_PATH = '/app/alerts';

export interface AlertsNav {
  /** True when the section was opened from the 'otros' hub (?from=otros). */
  fromOtros: boolean;
  /** '?from=otros' or '' — appended to every link inside the section so the origin is kept. */
  search: string;
  /** The alerts home, keeping ?from=otros. */
  list: string;
  /** Back target of the alerts home: /app/otros when opened from there, otherwise /app/home. */
  exit: string;
  /** A path inside the section with the origin kept: to('soat') → '/app/alerts/soat?from=otros'. */
  to: (child: string) => string;
}

export function alertsNav(fromParam: string | null): AlertsNav {
  const fromOtros = fromParam === 'otros';
  const search = fromOtros ? '?from=otros' : '';
  return {
    fromOtros,
    search,
    list: `${ALERTS_PATH}${search}`,
    exit: fromOtros ? '/app/otros' : '/app/home',
    to: (child) => `${ALERTS_PATH}/${child}${search}`,
  };
}

export function useAlertsNav(): AlertsNav {
  const [params] = useSearchParams();
  return alertsNav(params.get('from'));
}
