import { zodResolver } from '@hookform/resolvers/zod';
import { fromBangkokLocal, toBangkokLocal } from '@lotus/contracts/calendar';
import { LOTTO_RESULT_SHAPES, lottoResultIssues, type TLottoFormat, type TLottoResultIssue, type TOpsLottoDraw } from '@lotus/contracts/ops-lottery';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { enterResult, moveDraw } from './api';
import { DialogActions, ServerError } from './parts';

/**
 * The forms of a draw (docs/adr/0096): its official result (JSON of docs/lottery.md, checked here against the game's
 * format before it is sent; the lottery checks it again) with its source, and a new draw time. Error messages are keys
 * of lottery:form.errors and lottery:result.issues.
 */

type TTextIssue = TLottoResultIssue | { code: 'json' };

/** What is wrong with a result as typed: not JSON, or prizes that do not fit the format. */
export function resultTextIssues(format: TLottoFormat, text: string): TTextIssue[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [{ code: 'json' }];
  }
  return lottoResultIssues(format, value);
}

/** The words of an issue's message (`n`, not `count`: i18next reads `count` as a plural). */
const issueParams = (issue: TTextIssue) => ({
  prize: 'prize' in issue ? issue.prize : '',
  digits: 'digits' in issue ? issue.digits : 0,
  n: 'count' in issue ? issue.count : 0,
});

/** An empty result of the format, to fill in: every prize with the right number of places. */
export function resultTemplate(format: TLottoFormat): string {
  const shape = Object.fromEntries(LOTTO_RESULT_SHAPES[format].map((p) => [p.key, p.count === null ? '' : Array.from({ length: p.count }, () => '')]));
  return JSON.stringify(shape, null, 2);
}

/** The result of a closed draw and where it comes from; another operator confirms it. */
export function ResultForm({
  gameCode,
  format,
  draw,
  close,
  onDone,
}: {
  gameCode: string;
  format: TLottoFormat;
  draw: TOpsLottoDraw;
  close: () => void;
  onDone: (text: string) => Promise<void>;
}) {
  const { t } = useTranslation('lottery');
  const id = useId();
  const [failure, setFailure] = useState<unknown>(null);
  const schema = useMemo(
    () =>
      z.object({
        text: z.string().superRefine((text, ctx) => {
          if (resultTextIssues(format, text).length > 0) ctx.addIssue({ code: 'custom', message: 'shape' });
        }),
        source: z.string().trim().min(1, 'required').max(200, 'tooLong'),
      }),
    [format],
  );
  const form = useForm<{ text: string; source: string }>({ resolver: zodResolver(schema), defaultValues: { text: '', source: '' } });
  const errors = form.formState.errors;
  const issues = errors.text ? resultTextIssues(format, form.getValues('text')) : [];
  const submit = form.handleSubmit(async (v) => {
    setFailure(null);
    try {
      await enterResult(gameCode, draw.drawNo, { result: JSON.parse(v.text) as Record<string, unknown>, source: v.source.trim() });
      close();
      await onDone(t('result.entered', { drawNo: draw.drawNo }));
    } catch (error) {
      setFailure(error);
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('result.title', { drawNo: draw.drawNo })}>
      <p className="hint">{t('result.intro', { format })}</p>
      <div className="label-row">
        <label htmlFor={`${id}-text`}>{t('result.json')}</label>
        <button type="button" onClick={() => form.setValue('text', resultTemplate(format), { shouldDirty: true })}>
          {t('result.template')}
        </button>
      </div>
      <textarea
        id={`${id}-text`}
        rows={14}
        className="mono"
        spellCheck={false}
        aria-invalid={errors.text ? true : undefined}
        aria-describedby={errors.text ? `${id}-text-error` : undefined}
        {...form.register('text')}
      />
      {errors.text ? (
        <div id={`${id}-text-error`} className="field-error">
          <p className="field-error">{t('result.issuesTitle')}</p>
          <ul className="issues">
            {issues.map((issue, i) => (
              <li key={i}>{t(`result.issues.${issue.code}`, issueParams(issue))}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <label htmlFor={`${id}-source`}>{t('result.source')}</label>
      <input
        id={`${id}-source`}
        placeholder={t('result.sourcePlaceholder')}
        aria-invalid={errors.source ? true : undefined}
        aria-describedby={errors.source ? `${id}-source-error` : undefined}
        {...form.register('source')}
      />
      {errors.source ? (
        <span id={`${id}-source-error`} className="field-error block">
          {t(`form.errors.${errors.source.message}`)}
        </span>
      ) : null}
      <ServerError error={failure} />
      <DialogActions close={close} submitting={form.formState.isSubmitting} label={t('result.submit')} />
    </form>
  );
}

/** A draw time as typed (Bangkok time), in the future. */
const ZMoveForm = z.object({
  drawAt: z
    .string()
    .refine((v) => fromBangkokLocal(v) !== null, 'drawAt')
    .refine((v) => Date.parse(fromBangkokLocal(v) ?? '') > Date.now(), 'past'),
});

/**
 * A new draw time for a scheduled draw, typed in Bangkok time (UTC+7, Vietnam's too: every lottery game's zone); its
 * close and lock follow at the game's distances.
 */
export function MoveForm({ gameCode, draw, close, onDone }: { gameCode: string; draw: TOpsLottoDraw; close: () => void; onDone: (text: string) => Promise<void> }) {
  const { t } = useTranslation('lottery');
  const id = useId();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<{ drawAt: string }>({ resolver: zodResolver(ZMoveForm), defaultValues: { drawAt: toBangkokLocal(Date.parse(draw.drawAt)) } });
  const error = form.formState.errors.drawAt;
  const submit = form.handleSubmit(async (v) => {
    setFailure(null);
    try {
      await moveDraw(gameCode, draw.drawNo, fromBangkokLocal(v.drawAt)!);
      close();
      await onDone(t('draws.moved', { drawNo: draw.drawNo }));
    } catch (e) {
      setFailure(e);
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={`${id}-at`}>{t('draws.newTime')}</label>
      <input
        id={`${id}-at`}
        type="datetime-local"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        {...form.register('drawAt')}
      />
      <p id={`${id}-hint`} className="hint">
        {t('draws.newTimeHint')}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {t(`form.errors.${error.message}`)}
        </p>
      ) : null}
      <ServerError error={failure} />
      <DialogActions close={close} submitting={form.formState.isSubmitting} label={t('draws.move')} />
    </form>
  );
}
