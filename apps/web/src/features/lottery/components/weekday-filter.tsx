import { useTranslation } from 'react-i18next';
import { LOTTO_WEEKDAYS, type TWeekdayChoice } from '../lib/lottery-rules';

/**
 * The weekday filter (2.LOB.02/03, ADR 0093): "every day" (the default) then 1 Sunday ... 7 Saturday; a
 * day keeps the games that draw on it. Today's day is marked.
 */
export function WeekdayFilter({
  value,
  today,
  onChange,
}: {
  value: TWeekdayChoice;
  today: number;
  onChange: (day: TWeekdayChoice) => void;
}) {
  const { t } = useTranslation('lottery');
  const choices: TWeekdayChoice[] = ['ALL', ...LOTTO_WEEKDAYS];
  return (
    <div
      className="lotto-days"
      role="group"
      aria-label={t('lobby.weekday.label')}
      data-testid="lottery-weekdays"
    >
      {choices.map((day) => {
        const isToday = day === today;
        return (
          <button
            key={day}
            type="button"
            className={`lotto-day${isToday ? ' lotto-day--today' : ''}`}
            data-testid={`lottery-weekday-${day === 'ALL' ? 'all' : day}`}
            aria-pressed={value === day}
            aria-label={
              day === 'ALL'
                ? t('lobby.weekday.all')
                : `${t(`weekdaysLong.${day}`)}${isToday ? ` (${t('lobby.weekday.today')})` : ''}`
            }
            onClick={() => onChange(day)}
          >
            {day === 'ALL' ? t('lobby.weekday.all') : t(`weekdays.${day}`)}
          </button>
        );
      })}
    </div>
  );
}
