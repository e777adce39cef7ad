export interface TruckLoaderProps {
  /** Covers the screen (blocking) instead of sitting in the page flow. */
  overlay?: boolean;
  text?: string;
}

/** Loading animation: a truck rolling on a road, with 'Consultando...'. */
export function TruckLoader({ overlay = false, text = 'Consultando...' }: TruckLoaderProps) {
  return (
    <div
      className={overlay ? 'truck-loader truck-loader--overlay' : 'truck-loader'}
      role="status"
      aria-live="polite"
    >
      <svg className="truck-loader__svg" viewBox="0 0 120 64" width="120" height="64" aria-hidden="true">
        <g className="truck-loader__truck">
          <rect x="8" y="14" width="62" height="30" rx="4" fill="var(--color-primary)" />
          <path d="M70 22h18l12 12v10H70z" fill="var(--color-primary-dark)" />
          <path d="M74 26h12l8 8H74z" fill="#cfe0ff" />
          <rect x="14" y="20" width="24" height="6" rx="2" fill="var(--color-accent)" />
          <g className="truck-loader__wheel">
            <circle cx="24" cy="46" r="7" fill="#1b2430" />
            <circle cx="24" cy="46" r="2.5" fill="#d9dee8" />
            <path d="M24 39v14M17 46h14" stroke="#d9dee8" strokeWidth="1" />
          </g>
          <g className="truck-loader__wheel truck-loader__wheel--front">
            <circle cx="86" cy="46" r="7" fill="#1b2430" />
            <circle cx="86" cy="46" r="2.5" fill="#d9dee8" />
            <path d="M86 39v14M79 46h14" stroke="#d9dee8" strokeWidth="1" />
          </g>
        </g>
        <g className="truck-loader__road">
          <rect x="0" y="56" width="120" height="2" fill="#c3cad6" />
          <rect
            className="truck-loader__dash"
            x="0"
            y="60"
            width="16"
            height="2"
            rx="1"
            fill="var(--color-accent)"
          />
          <rect
            className="truck-loader__dash"
            x="40"
            y="60"
            width="16"
            height="2"
            rx="1"
            fill="var(--color-accent)"
          />
          <rect
            className="truck-loader__dash"
            x="80"
            y="60"
            width="16"
            height="2"
            rx="1"
            fill="var(--color-accent)"
          />
        </g>
      </svg>
      <p className="truck-loader__text">{text}</p>
    </div>
  );
}
