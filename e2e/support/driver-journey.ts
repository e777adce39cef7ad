import type { Browser, Page } from 'playwright-core';
import {
  apiCaller,
  createClient,
  createSelectedVehicle,
  type NewClient,
  type Session,
  type VehicleJson,
} from './api-session.ts';
import { freePort, startApp, type RunningApp } from './app-server.ts';
import { launchBrowser } from './browser.ts';

/**
 * The set-up the drivers' journeys share: the app on a free port with WEB_URL pointing back at it (so payment
 * and share links open here), a browser, one registered driver with a selected vehicle in Bogotá.
 */
export interface DriverJourney {
  server: RunningApp;
  browser: Browser;
  session: Session;
  vehicle: VehicleJson;
  call: ReturnType<typeof apiCaller>;
  close(): Promise<void>;
}

export interface DriverJourneyOptions {
  client: NewClient;
  placa: string;
  mileage?: string;
  /** Extra configuration (environment variables as config.ts reads them). */
  env?: Record<string, string>;
}

export async function startDriverJourney(options: DriverJourneyOptions): Promise<DriverJourney> {
  const port = await freePort();
  const server = await startApp({ port, env: { WEB_URL: `http://127.0.0.1:${port}`, ...options.env } });
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const session = await createClient(server, options.client);
    const vehicle = await createSelectedVehicle(server, session, options.placa, options.mileage);
    const opened = browser;
    return {
      server,
      browser: opened,
      session,
      vehicle,
      call: apiCaller(server),
      async close() {
        await opened.close();
        await server.close();
      },
    };
  } catch (error) {
    await browser?.close();
    await server.close();
    throw error;
  }
}

/**
 * Stores the session and the selected vehicle in this page's origin once (what login and home store), unlike
 * signedInPage's init script, which writes them again on every load: for journeys that change them on the way.
 */
export async function signInOnce(
  page: Page,
  url: string,
  session: Session,
  vehicle: VehicleJson,
): Promise<void> {
  await page.goto(`${url}/auth`);
  await page.evaluate(
    ({ token, userInfo, vehicleSelected }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userInfo', JSON.stringify(userInfo));
      localStorage.setItem('vehicleSelected', JSON.stringify(vehicleSelected));
      localStorage.removeItem('empty');
    },
    {
      token: session.token,
      userInfo: { ...session.userInfo, is_first_login_togo: false },
      vehicleSelected: vehicle,
    },
  );
}
