import { useUrlsQuery } from '../../../lib/togo-urls.ts';

const LEGAL = ['data_policy_pdf', 'privacy_policy_pdf'] as const;

/** The two legal PDFs of the side menu. */
export const useLegalUrls = () => useUrlsQuery(LEGAL);
