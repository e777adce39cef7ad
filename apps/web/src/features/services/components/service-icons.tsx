/** Icons of the services menu (inline SVG, decorative). */
const svg = (children: React.ReactNode) => (
  <svg
    viewBox="0 0 24 24"
    width="32"
    height="32"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    {children}
  </svg>
);

export const RtmIcon = () =>
  svg(
    <>
      <path d="M4 15.5 6 10h12l2 5.5V19H4z" />
      <circle cx="8" cy="16.5" r="1.2" />
      <circle cx="16" cy="16.5" r="1.2" />
      <path d="m9 6 2 2 4-4" />
    </>,
  );

export const PeritajeIcon = () =>
  svg(
    <>
      <circle cx="10.5" cy="10.5" r="5.5" />
      <path d="m15 15 5 5M8.5 10.5l1.5 1.5 3-3" />
    </>,
  );

export const TramitesIcon = () =>
  svg(
    <>
      <path d="M7 3h7l4 4v14H7z" />
      <path d="M14 3v4h4M10 12h5M10 16h5" />
    </>,
  );

export const FinanciacionIcon = () =>
  svg(
    <>
      <rect x="3" y="6" width="18" height="12" rx="2" />
      <circle cx="12" cy="12" r="2.5" />
      <path d="M6.5 9.5v5M17.5 9.5v5" />
    </>,
  );
