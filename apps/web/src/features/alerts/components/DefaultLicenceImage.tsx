import { useId } from 'react';

/** Default picture of a Colombian driving licence card, used when there is no displayable image. */
export function DefaultLicenceImage() {
  const id = useId().replace(/:/g, '');
  return (
    <svg
      className="licence-image__default"
      viewBox="0 0 340 214"
      role="img"
      aria-label="Licencia de conducción (imagen de ejemplo)"
    >
      <defs>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f7faff" />
          <stop offset="1" stopColor="#dfe8f8" />
        </linearGradient>
        <clipPath id={`${id}-card`}>
          <rect x="2" y="2" width="336" height="210" rx="16" />
        </clipPath>
      </defs>
      <rect
        x="2"
        y="2"
        width="336"
        height="210"
        rx="16"
        fill={`url(#${id}-bg)`}
        stroke="#0b3d91"
        strokeWidth="2"
      />
      <path d="M2 48V18A16 16 0 0 1 18 2h304a16 16 0 0 1 16 16v30z" fill="#0b3d91" />
      <text
        x="18"
        y="20"
        fill="#fff"
        fontSize="9"
        fontWeight="700"
        letterSpacing="1.2"
        fontFamily="system-ui, sans-serif"
      >
        REPÚBLICA DE COLOMBIA
      </text>
      <text
        x="18"
        y="38"
        fill="#ffc400"
        fontSize="15"
        fontWeight="800"
        letterSpacing="1.2"
        fontFamily="system-ui, sans-serif"
      >
        LICENCIA DE CONDUCCIÓN
      </text>
      <rect x="18" y="60" width="86" height="104" rx="8" fill="#c9d6ec" />
      <circle cx="61" cy="96" r="19" fill="#8fa7cf" />
      <path d="M27 156c4-24 18-36 34-36s30 12 34 36z" fill="#8fa7cf" />
      <g fill="#0b3d91" opacity="0.85">
        <rect x="120" y="62" width="92" height="8" rx="4" />
        <rect x="120" y="77" width="190" height="10" rx="5" opacity="0.35" />
        <rect x="120" y="96" width="70" height="8" rx="4" />
        <rect x="120" y="112" width="150" height="10" rx="5" opacity="0.35" />
        <rect x="120" y="134" width="60" height="8" rx="4" />
        <rect x="120" y="150" width="110" height="10" rx="5" opacity="0.35" />
      </g>
      <rect x="250" y="128" width="68" height="40" rx="6" fill="#fff" stroke="#0b3d91" strokeWidth="1.5" />
      <text
        x="284"
        y="154"
        fill="#0b3d91"
        fontSize="16"
        fontWeight="800"
        textAnchor="middle"
        fontFamily="system-ui, sans-serif"
      >
        B1
      </text>
      <g clipPath={`url(#${id}-card)`}>
        <rect x="2" y="182" width="336" height="14" fill="#ffc400" />
        <rect x="2" y="196" width="336" height="8" fill="#0b3d91" />
        <rect x="2" y="204" width="336" height="10" fill="#c62828" />
      </g>
      <rect x="2" y="2" width="336" height="210" rx="16" fill="none" stroke="#0b3d91" strokeWidth="2" />
    </svg>
  );
}
