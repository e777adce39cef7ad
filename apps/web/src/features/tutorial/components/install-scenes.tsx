import { useId } from 'react';
import type { ReactNode } from 'react';

/**
 * Small SVG illustrations of the real install steps, drawn for TOGO: a phone with the browser's own
 * controls (Safari's share button in the bottom bar, Chrome iOS's share icon in the address bar, Chrome
 * Android's ⋮ menu, Samsung Internet's ≡ menu) and the menus and dialogs the user meets. The element to
 * touch is ringed in yellow.
 */

export type Browser = 'safari' | 'chrome-ios' | 'chrome-android' | 'samsung';

const C = {
  frame: '#1b2430',
  screen: '#ffffff',
  bar: '#eef1f6',
  ink: '#5b6678',
  brand: '#0b3d91',
  accent: '#ffc400',
  sheet: '#f7f8fb',
};

/** The element to touch. */
function Ring({ x, y, r = 11 }: { x: number; y: number; r?: number }) {
  return <circle cx={x} cy={y} r={r} fill="none" stroke={C.accent} strokeWidth="3.5" />;
}

function Hand({ x, y }: { x: number; y: number }) {
  return (
    <path
      transform={`translate(${x} ${y})`}
      d="M0 0v-14a3 3 0 0 1 6 0v10l2-1a3 3 0 0 1 4 1l4 1a3 3 0 0 1 3 3l-1 10c0 4-3 6-7 6H4c-3 0-4-2-6-4l-5-7a3 3 0 0 1 4-4z"
      fill="#ffd9b8"
      stroke={C.frame}
      strokeWidth="1.3"
    />
  );
}

/** The TOGO page inside the browser. */
function Page({ top }: { top: number }) {
  return (
    <g>
      <rect x="20" y={top + 8} width="120" height="26" rx="6" fill={C.brand} />
      <text x="80" y={top + 26} textAnchor="middle" fontSize="13" fontWeight="800" fill="#fff">
        TOGO
      </text>
      <rect x="20" y={top + 42} width="120" height="40" rx="6" fill="#e7eefb" />
      <rect x="20" y={top + 88} width="56" height="36" rx="6" fill="#e7eefb" />
      <rect x="84" y={top + 88} width="56" height="36" rx="6" fill="#e7eefb" />
    </g>
  );
}

/** The phone; its screen clips what is drawn on it (bars stay inside the rounded corners). */
function Phone({ children, over }: { children: ReactNode; over?: ReactNode }) {
  const clip = useId();
  return (
    <>
      <clipPath id={clip}>
        <rect x="14" y="12" width="132" height="276" rx="16" />
      </clipPath>
      <rect x="8" y="4" width="144" height="292" rx="22" fill={C.frame} />
      <rect x="14" y="12" width="132" height="276" rx="16" fill={C.screen} />
      <g clipPath={`url(#${clip})`}>{children}</g>
      {over}
    </>
  );
}

function ShareIcon({ x, y }: { x: number; y: number }) {
  return (
    <g
      transform={`translate(${x - 6} ${y - 8})`}
      fill="none"
      stroke={C.brand}
      strokeWidth="1.8"
      strokeLinecap="round"
    >
      <path d="M2 7v8h10V7M7 1v10M4 4l3-3 3 3" />
    </g>
  );
}

function Dots({ x, y, vertical }: { x: number; y: number; vertical: boolean }) {
  const d = [-5, 0, 5];
  return (
    <g fill={C.ink}>
      {d.map((o) => (
        <circle key={o} cx={vertical ? x : x + o} cy={vertical ? y + o : y} r="1.7" />
      ))}
    </g>
  );
}

function Burger({ x, y }: { x: number; y: number }) {
  return (
    <path
      d={`M${x - 6} ${y - 5}h12M${x - 6} ${y}h12M${x - 6} ${y + 5}h12`}
      stroke={C.ink}
      strokeWidth="2"
      strokeLinecap="round"
    />
  );
}

/** Where each browser's controls sit, and which one opens the install path. */
const CHROME: Record<Browser, { address: 'top' | 'bottom'; menu: { x: number; y: number } }> = {
  safari: { address: 'bottom', menu: { x: 80, y: 272 } },
  'chrome-ios': { address: 'top', menu: { x: 126, y: 30 } },
  'chrome-android': { address: 'top', menu: { x: 134, y: 30 } },
  samsung: { address: 'top', menu: { x: 128, y: 272 } },
};

function BrowserChrome({ browser }: { browser: Browser }) {
  const top = CHROME[browser].address === 'top';
  return (
    <g>
      {top ? (
        <>
          <rect
            x="20"
            y="20"
            width={browser === 'chrome-android' ? 104 : 96}
            height="20"
            rx="10"
            fill={C.bar}
          />
          <text x="30" y="34" fontSize="9" fill={C.ink}>
            togo.com.co
          </text>
        </>
      ) : null}
      {browser === 'chrome-ios' ? <ShareIcon x={126} y={30} /> : null}
      {browser === 'chrome-android' ? <Dots x={134} y={30} vertical /> : null}
      {browser === 'chrome-ios' ? (
        <g>
          <rect x="14" y="260" width="132" height="28" fill={C.bar} />
          <Dots x={126} y={274} vertical={false} />
        </g>
      ) : null}
      {browser === 'safari' ? (
        <g>
          <rect x="14" y="236" width="132" height="52" fill={C.bar} />
          <rect x="24" y="242" width="112" height="18" rx="9" fill="#fff" />
          <text x="80" y="254" textAnchor="middle" fontSize="9" fill={C.ink}>
            togo.com.co
          </text>
          <ShareIcon x={80} y={275} />
        </g>
      ) : null}
      {browser === 'samsung' ? (
        <g>
          <rect x="14" y="260" width="132" height="28" fill={C.bar} />
          <Burger x={128} y={274} />
        </g>
      ) : null}
      <Page top={top ? 40 : 16} />
    </g>
  );
}

/** A list sheet or pop-up menu with one highlighted item. */
function Menu({ items, pick, from }: { items: string[]; pick: number; from: 'top' | 'bottom' }) {
  const h = items.length * 22 + 10;
  const y0 = from === 'top' ? 44 : 256 - h;
  return (
    <g>
      <rect x="14" y="12" width="132" height="276" rx="16" fill="#000" opacity="0.25" />
      <rect x="26" y={y0} width="114" height={h} rx="10" fill={C.sheet} stroke="#cfd6e3" />
      {items.map((item, i) => {
        const y = y0 + 6 + i * 22;
        return (
          <g key={item}>
            {i === pick ? (
              <rect
                x="30"
                y={y}
                width="106"
                height="20"
                rx="6"
                fill="#fff3c4"
                stroke={C.accent}
                strokeWidth="2"
              />
            ) : null}
            <text x="38" y={y + 14} fontSize="8.5" fontWeight={i === pick ? 700 : 400} fill={C.frame}>
              {item}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** The confirmation dialog with its button ringed. */
function Confirm({ title, button }: { title: string; button: string }) {
  return (
    <g>
      <rect x="14" y="12" width="132" height="276" rx="16" fill="#000" opacity="0.25" />
      <rect x="24" y="96" width="112" height="96" rx="12" fill="#fff" />
      <text x="80" y="116" textAnchor="middle" fontSize="9" fontWeight="700" fill={C.frame}>
        {title}
      </text>
      <rect x="38" y="126" width="26" height="26" rx="6" fill={C.brand} />
      <text x="51" y="143" textAnchor="middle" fontSize="7" fontWeight="800" fill="#fff">
        TOGO
      </text>
      <text x="72" y="143" fontSize="9" fill={C.frame}>
        TOGO
      </text>
      <rect x="74" y="162" width="54" height="20" rx="10" fill={C.brand} />
      <text x="101" y="176" textAnchor="middle" fontSize="8.5" fontWeight="700" fill="#fff">
        {button}
      </text>
      <Ring x={101} y={172} r={16} />
    </g>
  );
}

/** The phone's home screen with the TOGO icon. */
function HomeScreen({ note }: { note?: string }) {
  const apps = [0, 1, 2, 3, 4, 5, 6];
  return (
    <g>
      <rect x="14" y="12" width="132" height="276" rx="16" fill="#6f8fc9" />
      {apps.map((i) => (
        <rect
          key={i}
          x={26 + (i % 4) * 28}
          y={30 + Math.floor(i / 4) * 34}
          width="20"
          height="20"
          rx="5"
          fill="#ffffff"
          opacity="0.55"
        />
      ))}
      <rect x="110" y="64" width="20" height="20" rx="5" fill={C.brand} stroke="#fff" />
      <text x="120" y="77" textAnchor="middle" fontSize="5.5" fontWeight="800" fill="#fff">
        TOGO
      </text>
      <text x="120" y="93" textAnchor="middle" fontSize="6" fill="#fff">
        TOGO
      </text>
      <Ring x={120} y={74} r={15} />
      {note ? (
        <g>
          <rect x="22" y="236" width="116" height="22" rx="11" fill="#1b2430" opacity="0.85" />
          <text x="80" y="250" textAnchor="middle" fontSize="8" fill="#fff">
            {note}
          </text>
        </g>
      ) : null}
    </g>
  );
}

export type Scene =
  | { kind: 'open' }
  | { kind: 'tap-menu' }
  | { kind: 'menu'; items: string[]; pick: number }
  | { kind: 'confirm'; title: string; button: string }
  | { kind: 'home'; note?: string };

/** One tutorial slide's picture. */
export function InstallScene({ browser, scene, label }: { browser: Browser; scene: Scene; label: string }) {
  const menu = CHROME[browser].menu;
  const menuFrom = browser === 'safari' || browser === 'samsung' ? 'bottom' : 'top';
  return (
    <svg className="install-scene" viewBox="0 0 160 300" role="img" aria-label={label}>
      <Phone
        over={
          scene.kind === 'tap-menu' ? (
            <>
              <Ring x={menu.x} y={menu.y} />
              {/* The finger comes from below for top controls, from above for bottom ones. */}
              <g transform={menu.y < 150 ? undefined : `rotate(180 ${menu.x} ${menu.y})`}>
                <Hand x={menu.x + 2} y={menu.y + 16} />
              </g>
            </>
          ) : null
        }
      >
        {scene.kind === 'home' ? <HomeScreen note={scene.note} /> : <BrowserChrome browser={browser} />}
        {scene.kind === 'menu' ? <Menu items={scene.items} pick={scene.pick} from={menuFrom} /> : null}
        {scene.kind === 'confirm' ? <Confirm title={scene.title} button={scene.button} /> : null}
      </Phone>
    </svg>
  );
}
