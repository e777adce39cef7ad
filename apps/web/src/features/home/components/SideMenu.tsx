import { lazy, Suspense, useState } from 'react';
import { MenuIcon } from '../../../components/ui/section-icons.tsx';
import type { SideMenuLink } from './SideMenuDrawer.tsx';

const loadDrawer = () => import('./SideMenuDrawer.tsx');
const SideMenuDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.SideMenuDrawer })));

export interface SideMenuProps {
  /** Extra entries (links) above logout. */
  links?: readonly SideMenuLink[];
  /** Adds the data-processing and privacy policy PDFs (addresses from togo-urls). */
  legal?: boolean;
}

/**
 * Hamburger button + slide-in side menu with logout. The drawer (a modal: focus kept inside, Escape closes)
 * is a separate chunk, fetched when the button is approached or pressed, so the page's first load stays small.
 */
export function SideMenu({ links = [], legal = false }: SideMenuProps) {
  const [open, setOpen] = useState(false);
  const preload = () => void loadDrawer();
  return (
    <>
      <button
        type="button"
        className="icon-button"
        aria-label="Abrir menú"
        aria-expanded={open}
        onPointerEnter={preload}
        onPointerDown={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        <MenuIcon />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <SideMenuDrawer onClose={() => setOpen(false)} links={links} legal={legal} />
        </Suspense>
      ) : null}
    </>
  );
}
