import { useEffect } from 'react';

/** "<title> · Consola TOGO" while the screen is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Consola TOGO`;
  }, [title]);
}
