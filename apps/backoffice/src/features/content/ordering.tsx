import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TContentCollection } from '@lotus/contracts/ops-content';
import { contentKey, saveOrder } from './api';
import { ConfirmChange } from './confirm-change';

/**
 * Display order of a list: rows move up or down (buttons, so the keyboard and screen readers can do
 * it too) and the new order is saved at once for the whole list, after a confirmation.
 */
export function useOrdering<T extends { id: number }>(rows: T[]) {
  const key = rows.map((r) => r.id).join(',');
  const base = key ? key.split(',').map(Number) : [];
  // Local moves apply to the list they were made on; a new list from the server starts over.
  const [local, setLocal] = useState<{ key: string; ids: number[] } | null>(null);
  const ids = local && local.key === key ? local.ids : base;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = ids.map((id) => byId.get(id)).filter((r): r is T => !!r);
  const move = (id: number, delta: -1 | 1) => {
    const at = ids.indexOf(id);
    const to = at + delta;
    if (at < 0 || to < 0 || to >= ids.length) return;
    const next = [...ids];
    [next[at], next[to]] = [next[to]!, next[at]!];
    setLocal({ key, ids: next });
  };
  return { ordered, ids, move, dirty: ids.join(',') !== key, reset: () => setLocal(null) };
}

export function MoveButtons({ index, count, label, onMove }: { index: number; count: number; label: string; onMove: (delta: -1 | 1) => void }) {
  const { t } = useTranslation('content');
  return (
    <span className="move-buttons">
      <button type="button" disabled={index === 0} aria-label={t('order.up', { name: label })} onClick={() => onMove(-1)}>
        ↑
      </button>
      <button type="button" disabled={index === count - 1} aria-label={t('order.down', { name: label })} onClick={() => onMove(1)}>
        ↓
      </button>
    </span>
  );
}

export function SaveOrder({ collection, ids, dirty, onReset }: { collection: TContentCollection; ids: number[]; dirty: boolean; onReset: () => void }) {
  const { t } = useTranslation('content');
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  if (!dirty && !done) return null;
  return (
    <div className="order-actions">
      {dirty ? (
        <>
          <button type="button" className="primary" onClick={() => setOpen(true)}>
            {t('order.save')}
          </button>
          <button type="button" onClick={onReset}>
            {t('order.reset')}
          </button>
        </>
      ) : (
        <p role="status" className="notice notice-ok">
          {t('order.saved')}
        </p>
      )}
      <ConfirmChange
        open={open}
        title={t('order.confirmTitle')}
        description={t('order.confirmText')}
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          await saveOrder(collection, ids);
          setDone(true);
          await client.invalidateQueries({ queryKey: contentKey(collection) });
        }}
      />
    </div>
  );
}
