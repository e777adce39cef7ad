import type { Browser, Scene } from './components/install-scenes.tsx';

/** SPPF §2 "Tutorial screen": OS → browser → carousel (iOS 5 slides per browser, Chrome Android 6, Samsung 7). */
export type Os = 'ios' | 'android';

export interface TutorialSlide {
  text: string;
  scene: Scene;
}

export interface BrowserOption {
  id: Browser;
  label: string;
  title: string;
}

export const OS_OPTIONS: readonly { id: Os; label: string }[] = [
  { id: 'android', label: 'Android' },
  { id: 'ios', label: 'iOS' },
];

export const BROWSERS: Record<Os, readonly BrowserOption[]> = {
  ios: [
    { id: 'chrome-ios', label: 'Chrome', title: 'Instalación TOGO en Chrome' },
    { id: 'safari', label: 'Safari', title: 'Instalación TOGO en Safari' },
  ],
  android: [
    { id: 'chrome-android', label: 'Chrome', title: 'Instalación TOGO en Chrome' },
    { id: 'samsung', label: 'Samsung', title: 'Instalación TOGO en Samsung Internet' },
  ],
};

export const OS_TITLES: Record<Os, string> = {
  ios: 'Instalación TOGO en iOS',
  android: 'Instalación TOGO en Android',
};

const OPEN: TutorialSlide = { text: '', scene: { kind: 'open' } };

export const SLIDES: Record<Browser, readonly TutorialSlide[]> = {
  safari: [
    { ...OPEN, text: 'Abre TOGO en Safari.' },
    { text: 'Toca el botón Compartir en la barra inferior.', scene: { kind: 'tap-menu' } },
    {
      text: "Desliza hacia abajo y elige 'Agregar a inicio'.",
      scene: {
        kind: 'menu',
        items: ['Copiar', 'Agregar a favoritos', 'Agregar a inicio', 'Imprimir'],
        pick: 2,
      },
    },
    {
      text: "Revisa el nombre y toca 'Agregar'.",
      scene: { kind: 'confirm', title: 'Agregar a inicio', button: 'Agregar' },
    },
    { text: 'Listo: abre TOGO desde tu pantalla de inicio.', scene: { kind: 'home' } },
  ],
  'chrome-ios': [
    { ...OPEN, text: 'Abre TOGO en Chrome.' },
    { text: 'Toca el icono Compartir en la barra de direcciones.', scene: { kind: 'tap-menu' } },
    {
      text: "Elige 'Agregar a la pantalla de inicio'.",
      scene: {
        kind: 'menu',
        items: [
          'Copiar',
          'Agregar a lista de lectura',
          'Agregar a la pantalla de inicio',
          'Buscar en la página',
        ],
        pick: 2,
      },
    },
    {
      text: "Revisa el nombre y toca 'Agregar'.",
      scene: { kind: 'confirm', title: 'Agregar a inicio', button: 'Agregar' },
    },
    { text: 'Listo: abre TOGO desde tu pantalla de inicio.', scene: { kind: 'home' } },
  ],
  'chrome-android': [
    { ...OPEN, text: 'Abre TOGO en Chrome.' },
    { text: 'Toca el menú ⋮ arriba a la derecha.', scene: { kind: 'tap-menu' } },
    {
      text: "Elige 'Instalar aplicación'.",
      scene: {
        kind: 'menu',
        items: ['Nueva pestaña', 'Historial', 'Descargas', 'Instalar aplicación', 'Compartir'],
        pick: 3,
      },
    },
    {
      text: "Confirma con 'Instalar'.",
      scene: { kind: 'confirm', title: '¿Instalar aplicación?', button: 'Instalar' },
    },
    { text: 'Chrome agrega TOGO a tu pantalla de inicio.', scene: { kind: 'home', note: 'TOGO se instaló' } },
    { text: 'Listo: abre TOGO desde tu pantalla de inicio.', scene: { kind: 'home' } },
  ],
  samsung: [
    { ...OPEN, text: 'Abre TOGO en Samsung Internet.' },
    { text: 'Toca el menú ≡ en la barra inferior.', scene: { kind: 'tap-menu' } },
    {
      text: "Elige 'Agregar página a'.",
      scene: {
        kind: 'menu',
        items: ['Favoritos', 'Historial', 'Agregar página a', 'Descargas', 'Ajustes'],
        pick: 2,
      },
    },
    {
      text: "Elige 'Pantalla de inicio'.",
      scene: { kind: 'menu', items: ['Favoritos', 'Accesos rápidos', 'Pantalla de inicio'], pick: 2 },
    },
    {
      text: "Revisa el nombre y toca 'Agregar'.",
      scene: { kind: 'confirm', title: 'Agregar a inicio', button: 'Agregar' },
    },
    {
      text: "Confirma con 'Agregar' en el aviso del teléfono.",
      scene: { kind: 'confirm', title: 'Pantalla de inicio', button: 'Agregar' },
    },
    { text: 'Listo: abre TOGO desde tu pantalla de inicio.', scene: { kind: 'home' } },
  ],
};

export const SLIDE_TRANSITION_SECONDS = 0.5;
