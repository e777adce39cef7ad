export interface LogoProps {
  size?: 'md' | 'lg';
}

/** TOGO wordmark on a Colombian-plate yellow badge. */
export function Logo({ size = 'md' }: LogoProps) {
  const width = size === 'lg' ? 200 : 128;
  return (
    <svg
      className="logo"
      viewBox="0 0 200 80"
      width={width}
      height={(width * 80) / 200}
      role="img"
      aria-label="TOGO"
    >
      <rect x="3" y="3" width="194" height="74" rx="14" fill="#FFC400" stroke="#1B2430" strokeWidth="4" />
      <text
        x="100"
        y="55"
        textAnchor="middle"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
        fontSize="46"
        fontWeight="800"
        letterSpacing="4"
        fill="#0B3D91"
      >
        TOGO
      </text>
      <circle cx="18" cy="40" r="4" fill="#1B2430" />
      <circle cx="182" cy="40" r="4" fill="#1B2430" />
    </svg>
  );
}
