/** Built by scripts/prerender.ts into the entry pages' inline script (app/page-boot.ts). */
import { bootPage } from './page-boot.ts';

bootPage(document.currentScript);
