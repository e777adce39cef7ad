import type { ReactNode } from 'react';

function Glyph({ children, size = 28 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.9"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** SOAT: a shield with a check. */
export const SoatIcon = () => (
  <Glyph>
    <path d="M12 3 19 6v5.5c0 4.4-2.9 7.9-7 9.5-4.1-1.6-7-5.1-7-9.5V6z" />
    <path d="m9 12 2.2 2.2L15.5 10" />
  </Glyph>
);

/** All-risk policy: an umbrella over the car. */
export const PolizaIcon = () => (
  <Glyph>
    <path d="M3 11a9 9 0 0 1 18 0z" />
    <path d="M12 11v7.5a2 2 0 0 1-4 0" />
    <path d="M12 2v1" />
  </Glyph>
);

/** Traffic fines: a ticket with a warning mark. */
export const InfraccionesIcon = () => (
  <Glyph>
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
    <path d="M12 7.5v4.5" />
    <path d="M12 15h.01" />
  </Glyph>
);

/** Technical inspection: a gauge. */
export const RtmIcon = () => (
  <Glyph>
    <path d="M4.5 17a8.5 8.5 0 1 1 15 0" />
    <path d="m12 13 3.5-4" />
    <circle cx="12" cy="13.5" r="1.4" />
    <path d="M7 17h10" />
  </Glyph>
);

/** Driving licence: an id card. */
export const LicenciaIcon = () => (
  <Glyph>
    <rect x="2.5" y="5" width="19" height="14" rx="2" />
    <circle cx="8.5" cy="11" r="2.2" />
    <path d="M5.5 16c.6-1.6 1.7-2.4 3-2.4s2.4.8 3 2.4" />
    <path d="M14.5 10h4M14.5 13.5h3" />
  </Glyph>
);

/** Road kit: a fire extinguisher. */
export const KitIcon = () => (
  <Glyph>
    <rect x="8" y="8" width="8" height="13" rx="3" />
    <path d="M10 8V5h4v3" />
    <path d="M14 5h3l2 2" />
    <path d="M10 13h4" />
  </Glyph>
);

/** Pico y placa: a plate with a clock. */
export const PicoPlacaIcon = () => (
  <Glyph>
    <rect x="2.5" y="6" width="13" height="8" rx="1.5" />
    <path d="M5.5 10h7" />
    <circle cx="17" cy="15.5" r="4.5" />
    <path d="M17 13.5v2l1.4 1.2" />
  </Glyph>
);

/** Road taxes: a receipt with a peso sign. */
export const ImpuestosIcon = () => (
  <Glyph>
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
    <path d="M14.2 8.6c-.5-.7-1.3-1.1-2.2-1.1-1.3 0-2.2.7-2.2 1.7 0 2.3 4.6 1.3 4.6 3.7 0 1-1 1.8-2.4 1.8-1 0-1.9-.4-2.4-1.2" />
    <path d="M12 6v1.5M12 14.5V16" />
  </Glyph>
);

export const ChevronIcon = () => (
  <Glyph size={20}>
    <path d="m9 6 6 6-6 6" />
  </Glyph>
);

export const PlusIcon = () => (
  <Glyph size={22}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 8v8M8 12h8" />
  </Glyph>
);

export const CalendarIcon = () => (
  <Glyph size={20}>
    <rect x="3.5" y="5" width="17" height="15" rx="2" />
    <path d="M3.5 9.5h17M8 3v4M16 3v4" />
  </Glyph>
);

export const UploadIcon = () => (
  <Glyph size={20}>
    <path d="M12 15V4M7.5 8.5 12 4l4.5 4.5" />
    <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
  </Glyph>
);

export const ExternalIcon = () => (
  <Glyph size={16}>
    <path d="M14 4h6v6M20 4l-9 9" />
    <path d="M18 14v4a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4" />
  </Glyph>
);
