import { useId } from 'react';

export interface ProgressBarProps {
  label: string;
  /** 0..100 */
  percent: number;
  detail?: string;
}

/** A labelled <progress> (role progressbar) with its percentage written out. */
export function ProgressBar({ label, percent, detail }: ProgressBarProps) {
  const id = useId();
  const value = Math.round(Math.min(100, Math.max(0, percent)));
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
