import { useId } from 'react';

export interface ProgressBarProps {
  label: string;
  /** 0..100 */
  percent: number;
  detail?: string;
}

/** Whole percent, rounded down: 5.200 of 5.205 is 99 %, never 100 % before the end (issue 37). */
export function wholePercent(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.floor(Math.min(100, Math.max(0, percent)));
}

/** A labelled <progress> (role progressbar) with its percentage written out. */
export function ProgressBar({ label, percent, detail }: ProgressBarProps) {
  const id = useId();
  const value = wholePercent(percent);
  return (
    <div className="fleet-progress">
      <div className="fleet-progress__head">
        <span id={id}>{label}</span>
        <span className="fleet-progress__value">{value}%</span>
      </div>
      <progress className="fleet-progress__bar" aria-labelledby={id} max={100} value={value} />
      {detail ? <p className="fleet-progress__detail">{detail}</p> : null}
    </div>
  );
}
