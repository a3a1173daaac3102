export type TStatusTone = 'wait' | 'ok' | 'bad' | 'off';

/** A status as a coloured label (text, not colour alone, carries the meaning). */
export function StatusBadge({
  tone,
  children,
  testId,
}: {
  tone: TStatusTone;
  children: string;
  testId?: string;
}) {
  return (
    <span className={`wallet-status wallet-status--${tone}`} data-testid={testId}>
      {children}
    </span>
  );
}
