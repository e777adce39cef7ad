import type { ReactNode } from 'react';

/** Line icons of the app area (home tiles, hub, notifications). 24 × 24 grid, stroke = currentColor. */
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

export const NewsIcon = ({ size = 28 }: IconProps) => (
  <Icon size={size}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M7 8h10M7 12h4M7 16h4M14 12h3v4h-3z" />
  </Icon>
);

export const CartIcon = ({ size = 28 }: IconProps) => (
  <Icon size={size}>
    <path d="M3 4h2l2.2 10.5h10.6L20 7H6.2" />
    <circle cx="9" cy="19" r="1.5" />
    <circle cx="17" cy="19" r="1.5" />
  </Icon>
);

export const RouteIcon = ({ size = 28 }: IconProps) => (
  <Icon size={size}>
    <circle cx="6" cy="18" r="2.5" />
    <path d="M18 10.5s4-3.8 4-6.5a4 4 0 0 0-8 0c0 2.7 4 6.5 4 6.5Z" />
    <path d="M8.5 18H15a3 3 0 0 0 0-6H9a3 3 0 0 1 0-6h4" />
  </Icon>
);

export const ChevronDownIcon = ({ size = 20 }: IconProps) => (
  <Icon size={size}>
    <path d="m6 9 6 6 6-6" />
  </Icon>
);

export const ChevronRightIcon = ({ size = 20 }: IconProps) => (
  <Icon size={size}>
    <path d="m9 6 6 6-6 6" />
  </Icon>
);

export const TrafficLightIcon = ({ size = 22 }: IconProps) => (
  <Icon size={size}>
    <rect x="8" y="2.5" width="8" height="19" rx="3" />
    <circle cx="12" cy="7" r="1.4" />
    <circle cx="12" cy="12" r="1.4" />
    <circle cx="12" cy="17" r="1.4" />
  </Icon>
);

export const FileIcon = ({ size = 22 }: IconProps) => (
  <Icon size={size}>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8Z" />
    <path d="M14 3v5h5" />
  </Icon>
);

export const UploadIcon = ({ size = 22 }: IconProps) => (
  <Icon size={size}>
    <path d="M12 16V4M7 9l5-5 5 5M5 20h14" />
  </Icon>
);

export const DownloadIcon = ({ size = 22 }: IconProps) => (
  <Icon size={size}>
    <path d="M12 4v12M7 11l5 5 5-5M5 20h14" />
  </Icon>
);

export const PhoneIcon = ({ size = 22 }: IconProps) => (
  <Icon size={size}>
    <rect x="7" y="2.5" width="10" height="19" rx="2.5" />
    <path d="M11 18.5h2" />
  </Icon>
);

export const PauseIcon = ({ size = 16 }: IconProps) => (
  <Icon size={size}>
    <path d="M9 6v12M15 6v12" />
  </Icon>
);

export const PlayIcon = ({ size = 16 }: IconProps) => (
  <Icon size={size}>
    <path d="M8 5.5v13l10-6.5Z" />
  </Icon>
);
