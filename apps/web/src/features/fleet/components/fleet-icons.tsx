import type { ReactNode } from 'react';
import { Icon as BaseIcon } from '../../../components/ui/icons.tsx';

const Icon = ({ children, size = 22 }: { children: ReactNode; size?: number }) => (
  <BaseIcon size={size}>{children}</BaseIcon>
);

interface IconProps {
  size?: number;
}

export const TruckIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M1 6h13v10H1zM14 10h4l3 3v3h-7z" />
    <circle cx="5.5" cy="18" r="2" />
    <circle cx="17.5" cy="18" r="2" />
  </Icon>
);

export const ListCheckIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M9 6h12M9 12h12M9 18h12M3 6l1.5 1.5L7 5M3 12l1.5 1.5L7 11M3 18l1.5 1.5L7 17" />
  </Icon>
);

export const ChartIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M3 3v18h18M8 16v-5M13 16V8M18 16v-8" />
  </Icon>
);

export const AlertTriangleIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0zM12 9v4M12 17h.01" />
  </Icon>
);

export const CalendarIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <rect x="3" y="4" width="18" height="18" rx="2" />
    <path d="M16 2v4M8 2v4M3 10h18" />
  </Icon>
);

export const MoonIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
  </Icon>
);

export const HelpIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <circle cx="12" cy="12" r="10" />
    <path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01" />
  </Icon>
);

export const HeartIcon = ({ size, filled = false }: IconProps & { filled?: boolean }) => (
  <svg
    viewBox="0 0 24 24"
    width={size ?? 22}
    height={size ?? 22}
    fill={filled ? 'currentColor' : 'none'}
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />
  </svg>
);

export const EyeIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M1 12s4-8 11-8 11 8 11 8-4 8-11 8-11-8-11-8z" />
    <circle cx="12" cy="12" r="3" />
  </Icon>
);

export const SearchIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <circle cx="11" cy="11" r="7" />
    <path d="m21 21-4.3-4.3" />
  </Icon>
);

export const RefreshIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M23 4v6h-6M1 20v-6h6" />
    <path d="M3.5 9a9 9 0 0 1 14.8-3.4L23 10M1 14l4.6 4.4A9 9 0 0 0 20.5 15" />
  </Icon>
);
