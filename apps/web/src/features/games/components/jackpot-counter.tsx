import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@lotus/contracts/money';
import { isPrerenderedPage } from '@/lib/prerendered';
import { JACKPOT_BASE_MINOR, JACKPOT_INTERVAL_MS, JACKPOT_STEP_MINOR, jackpotStartMinor } from '../lib/jackpot';

/**
 * The value shown by the counter: starts at `startMinor` (today the time-derived start; later the
 * house vendor's jackpot) and grows by 165.11 every 3000 ms (2.JP.03).
 */
export function useJackpotValue(startMinor?: bigint): bigint {
  // A prerendered page (ADR 0040) was rendered at build time: it and its hydration show the month's
  // base, and the time-derived start replaces it once hydrated, so the two renders match.
  const [timeStart, setTimeStart] = useState(() => (isPrerenderedPage() ? null : jackpotStartMinor(Date.now())));
  useEffect(() => {
    if (timeStart !== null) return;
    const id = window.setTimeout(() => setTimeStart(jackpotStartMinor(Date.now())), 0);
    return () => window.clearTimeout(id);
  }, [timeStart]);
  const start = startMinor ?? timeStart ?? JACKPOT_BASE_MINOR;
  const [count, setCount] = useState({ start, ticks: 0 });
  // A new start value (from the server, later) restarts the count (state adjusted during render).
  if (count.start !== start) setCount({ start, ticks: 0 });
  useEffect(() => {
    const id = window.setInterval(() => setCount((c) => ({ ...c, ticks: c.ticks + 1 })), JACKPOT_INTERVAL_MS);
    return () => window.clearInterval(id);
  }, []);
  return start + BigInt(count.ticks) * JACKPOT_STEP_MINOR;
}

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

/** One rolling digit: a 0-9 strip moved to the digit (CSS transition; none under reduced motion). */
function RollingDigit({ digit }: { digit: number }) {
  return (
    <span className="jackpot__digit" aria-hidden="true">
      <span className="jackpot__strip" style={{ transform: `translateY(-${digit * 10}%)` }}>
        {DIGITS.map((d) => (
          <span key={d}>{d}</span>
        ))}
      </span>
    </span>
  );
}

/**
 * The /rng jackpot counter under the banner (2.JP.01/02): digit-by-digit rolling display with the
 * currency symbol (decision 9.C.06: the member's symbol, else the baht sign).
 */
export function JackpotCounter({ startMinor, currencySymbol }: { startMinor?: bigint; currencySymbol?: string | null }) {
  const { t } = useTranslation('games');
  const value = useJackpotValue(startMinor);
  const text = formatMoney(value, currencySymbol);
  return (
    <section className="jackpot" data-testid="jackpot" aria-label={t('jackpot.label')}>
      <span className="jackpot__label">{t('jackpot.label')}</span>
      <span className="jackpot__value" data-testid="jackpot-value" data-value={text}>
        <span className="visually-hidden">{text}</span>
        {[...text].map((char, index) =>
          /[0-9]/.test(char) ? (
            <RollingDigit key={`${text.length - index}`} digit={Number(char)} />
          ) : (
            <span key={`${text.length - index}`} className="jackpot__char" aria-hidden="true">
              {char}
            </span>
          ),
        )}
      </span>
    </section>
  );
}
