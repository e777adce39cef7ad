/** How long a placeholder line is: a title's, a full line of text, or a short one (a count, a subtitle). */
export type ShellLine = 'title' | 'text' | 'short';

/**
 * A page shell's placeholders for text only its screen knows (components/styles.css `.shell-line`): the shells of the
 * signed-in entry pages (docs/decisions/044, 048) are pictures drawn before the app's scripts run.
 */
export function ShellLines({ lines }: { lines: readonly ShellLine[] }) {
  return lines.map((line, i) => (
    <span key={i} className={line === 'text' ? 'shell-line' : `shell-line shell-line--${line}`} />
  ));
}
