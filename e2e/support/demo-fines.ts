/**
 * Plates tried in turn until the local demo fines provider gives one current fines (about half the plates have
 * some): the alerts journey and the web benchmarks' users pick their vehicle with fines from these.
 */
export const FINE_PLATE_CANDIDATES = [
  'HTR915',
  'BCX307',
  'QWE284',
  'MNB736',
  'LPK591',
  'RTS468',
  'DFG823',
  'ZXC159',
] as const;
