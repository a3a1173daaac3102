import { useTranslation } from 'react-i18next';

/**
 * The show-from / show-until pair (Bangkok time, empty = no limit) shared by the banner and notice
 * forms; `id` prefixes the inputs' ids so their labels stay bound.
 */
export function ScheduleFields({
  id,
  start,
  end,
  onChange,
}: {
  id: string;
  start: string;
  end: string;
  onChange: (next: { start?: string; end?: string }) => void;
}) {
  const { t } = useTranslation('content');
  return (
    <>
      <div className="two">
        <div>
          <label htmlFor={`${id}-start`}>{t('fields.start')}</label>
          <input id={`${id}-start`} type="datetime-local" value={start} onChange={(e) => onChange({ start: e.target.value })} />
        </div>
        <div>
          <label htmlFor={`${id}-end`}>{t('fields.end')}</label>
          <input id={`${id}-end`} type="datetime-local" value={end} onChange={(e) => onChange({ end: e.target.value })} />
        </div>
      </div>
      <p className="hint">{t('fields.scheduleHint')}</p>
    </>
  );
}
