import { useEffect } from 'react';

export const PRODUCT_NAME = 'TOGO';

/** Sets document.title to '<section> | TOGO' (AHGA §2 "Page titles"). */
export function usePageTitle(section: string): void {
  useEffect(() => {
    document.title = section ? `${section} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [section]);
}
