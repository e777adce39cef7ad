import type { ReactNode } from 'react';

/**
 * Icons of the home's first paint (section tiles, menu button), apart from app-icons.tsx so the home chunk
 * carries only these. 24 × 24 grid, stroke = currentColor.
 */
function Icon({ children, size }: { children: ReactNode; size: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

type IconProps = { size?: number };

export const WrenchIcon = ({ size = 28 }: IconProps) => (
  <Icon size={size}>
    <path d="M14.7 6.3a4 4 0 0 0 5 5L21 13l-8 8-3-3 8-8-1.3-1.3a4 4 0 0 1-5-5L14 2l2 2-1.3 2.3Z" />
    <path d="m3 21 6-6" />
  </Icon>
);

export const GarageIcon = ({ size = 28 }: IconProps) => (
  <Icon size={size}>
    <path d="M3 21V9l9-5 9 5v12" />
    <path d="M7 21v-5l1.4-3h7.2l1.4 3v5M7 16h10" />
  </Icon>
);

export const BellIcon = ({ size = 28 }: IconProps) => (
  <Icon size={size}>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15Z" />
    <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
  </Icon>
);

export const GridIcon = ({ size = 28 }: IconProps) => (
  <Icon size={size}>
    <rect x="4" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="4" y="13.5" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1.5" />
  </Icon>
);

export const MenuIcon = ({ size = 24 }: IconProps) => (
  <Icon size={size}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Icon>
);
