import { useUrlQuery } from '../../../lib/togo-urls.ts';

/** URL by name (SPPF §7): facil_pass, poliza, financiacion, blog — null when not configured. */
export const useTogoUrl = (name: string) => useUrlQuery(name);
