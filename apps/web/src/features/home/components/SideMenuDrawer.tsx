import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DownloadIcon, PhoneIcon } from '../../../components/ui/app-icons.tsx';
import { CloseIcon, LogoutIcon } from '../../../components/ui/icons.tsx';
import { Logo } from '../../../components/ui/Logo.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { useLogout } from '../../../lib/use-logout.ts';
import { useLegalUrls } from '../api/togo-urls.ts';

export interface SideMenuLink {
  to: string;
  label: string;
  icon?: 'phone';
}

export interface SideMenuDrawerProps {
  onClose: () => void;
  links: readonly SideMenuLink[];
  legal: boolean;
}

/** The legal PDFs (AHGA §2 "Side menu"), opened in a new tab / downloaded. */
function LegalLinks() {
  const urls = useLegalUrls();
  const files = [
    { href: urls.data?.data_policy_pdf, label: 'Política de tratamiento de datos' },
    { href: urls.data?.privacy_policy_pdf, label: 'Política de privacidad' },
  ];
  return files.map((file) =>
    file.href ? (
      <a
        key={file.label}
        href={file.href}
        className="side-menu__item"
        target="_blank"
        rel="noopener noreferrer"
        download
      >
        <DownloadIcon size={24} />
        {file.label}
      </a>
    ) : null,
  );
}

/** The slide-in side menu: mounted open, unmounted on close. Logout clears all storage and goes to /auth. */
export function SideMenuDrawer({ onClose, links, legal }: SideMenuDrawerProps) {
  const onLogout = useLogout();
  const [leaving, setLeaving] = useState(false);
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open
      onClose={onClose}
      labelledBy={titleId}
      initialFocus={closeRef}
      closeOnBackdrop
      className="side-menu"
    >
      <div className="side-menu__head">
        <Logo />
        <h2 id={titleId} className="visually-hidden">
          Menú
        </h2>
        <button
          ref={closeRef}
          type="button"
          className="icon-button"
          aria-label="Cerrar menú"
          onClick={onClose}
        >
          <CloseIcon />
        </button>
      </div>
      <nav className="side-menu__nav" aria-label="Menú principal">
        {links.map((link) => (
          <Link key={link.to} to={link.to} className="side-menu__item" onClick={onClose}>
            {link.icon === 'phone' ? <PhoneIcon size={24} /> : null}
            {link.label}
          </Link>
        ))}
        {legal ? <LegalLinks /> : null}
        <button
          type="button"
          className="side-menu__item side-menu__item--danger"
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            void onLogout();
          }}
        >
          <LogoutIcon />
          Cerrar sesión
        </button>
      </nav>
    </Modal>
  );
}
