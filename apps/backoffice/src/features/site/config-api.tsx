import { CONFIG_DOCUMENT_SCHEMAS, getConfigDocument, setConfigDocument } from '@lotus/contracts/ops';
import type { TOpsApprovalRequested } from '@lotus/contracts/ops-console';
import type { TSiteConfig, TSiteConfigKey } from '@lotus/contracts/site-config';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '@/components/confirm-action';
import { Notice } from '@/components/states';
import { ApiError, errorCodeOf, opsApi } from '@/lib/api';
import { can, useMe } from '@/lib/session';

/** One site configuration document (GET /ops/config/:key), checked against its contract. */
export function useConfigDoc<K extends TSiteConfigKey>(key: K) {
  return useQuery({
    queryKey: ['config', key],
    queryFn: async () => CONFIG_DOCUMENT_SCHEMAS[key].parse(await opsApi.call(getConfigDocument, { params: { key } })),
  });
}

/** Whether the signed-in operator may change the configuration (the server checks config.write too). */
export const useCanWrite = () => can(useMe().data, 'config.write');

/**
 * PUT /ops/config/:key: the document as stored, or a pending four-eyes request (region rules,
 * docs/adr/0044) that a second admin approves.
 */
export async function saveConfigDoc<K extends TSiteConfigKey>(
  key: K,
  doc: TSiteConfig[K],
  reason?: string,
): Promise<TOpsApprovalRequested | TSiteConfig[K]> {
  const answer = await opsApi.call(setConfigDocument, { params: { key }, query: { reason }, body: doc });
  return 'approvalId' in answer ? answer : CONFIG_DOCUMENT_SCHEMAS[key].parse(answer);
}

/**
 * The save step of a configuration section: a confirmation asking the reason (required when the
 * change waits for a second operator), then the answer: saved, or the request's id, or the fields
 * the server refused with their translated catalogue keys.
 */
export function SaveBar<K extends TSiteConfigKey>({
  configKey,
  draft,
  dirty,
  invalid = false,
  section,
  fourEyes = false,
  onReset,
}: {
  configKey: K;
  draft: TSiteConfig[K];
  dirty: boolean;
  invalid?: boolean;
  section: string;
  fourEyes?: boolean;
  onReset: () => void;
}) {
  const { t } = useTranslation('siteConfig');
  const client = useQueryClient();
  const [result, setResult] = useState<{ tone: 'ok' | 'error'; text: string; fields?: [string, string][] } | null>(null);
  return (
    <div className="config-save">
      <div className="actions">
        <ConfirmAction
          label={fourEyes ? t('region.request') : t('save')}
          title={fourEyes ? t('region.requestTitle') : t('saveTitle', { section })}
          reasonOptional={!fourEyes}
          disabled={!dirty || invalid}
          onConfirm={async (reason) => {
            setResult(null);
            try {
              const answer = await saveConfigDoc(configKey, draft, reason || undefined);
              const pending = 'approvalId' in answer;
              setResult({ tone: 'ok', text: pending ? t('requested', { id: answer.approvalId }) : t('saved') });
              await client.invalidateQueries({ queryKey: ['config'] });
              if (pending) onReset();
            } catch (error) {
              const fields = error instanceof ApiError && error.details.fields ? Object.entries(error.details.fields) : undefined;
              setResult({ tone: 'error', text: t(`errors:${errorCodeOf(error)}`), ...(fields ? { fields } : {}) });
            }
          }}
        />
        <button type="button" disabled={!dirty} onClick={() => { setResult(null); onReset(); }}>
          {t('reset')}
        </button>
        {!dirty && !result ? <span className="hint">{t('unchanged')}</span> : null}
      </div>
      {result ? <Notice tone={result.tone}>{result.fields ? `${result.text} ${t('fieldErrors')}` : result.text}</Notice> : null}
      {result?.fields ? (
        <ul className="field-error" data-testid="field-errors">
          {result.fields.map(([path, key]) => (
            <li key={path}>
              <code>{path}</code>: {t(`errors:${key}`, { defaultValue: t('errors:validation_failed') })}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Lines of a textarea: trimmed, empty ones dropped. */
export const linesOf = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);
