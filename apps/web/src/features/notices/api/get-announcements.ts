import { useCallback } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PLATFORM } from '@lotus/contracts/brand';
import { lazyEndpoint } from '@lotus/contracts/endpoint';
import { ANNOUNCEMENTS } from '@lotus/contracts/first-load';
import type { TAnnouncement } from '@lotus/contracts/relay';
import { api } from '@/lib/api-client';
import { SESSION_CACHE } from '@/lib/query-client';

/** The types the site requests (7.PAR.09); H (help centre) is never requested (decision 3.ANN.02). */
export const REQUESTED_ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR'] as const;

// The schema loads on demand: zod stays out of the scripts a prerendered page runs before it hydrates.
const announcementsEndpoint = lazyEndpoint(ANNOUNCEMENTS, () => import('@lotus/contracts/relay').then((m) => m.listAnnouncements));

/**
 * GET /wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR&platform=W&executionType=B (7.RELAY.07).
 * One call for every type; components pick theirs (B bar, PL+B notice page, PU news popup).
 */
export function getAnnouncements({ signal }: { signal?: AbortSignal } = {}): Promise<TAnnouncement[]> {
  return api.call(
    announcementsEndpoint,
    { query: { types: REQUESTED_ANNOUNCEMENT_TYPES.join(','), platform: PLATFORM.notices, executionType: 'B' } },
    { signal },
  );
}

/** Notices are kept for the session (7.PAR.25), per language (the Language header changes the text). */
export const getAnnouncementsQueryOptions = (language?: string) =>
  queryOptions({
    queryKey: ['announcements', language ?? ''],
    queryFn: ({ signal }) => getAnnouncements({ signal }),
    ...SESSION_CACHE,
  });

export type TAnnouncementType = TAnnouncement['type'];

/** The announcements of the given types, in the server's order (one shared request). */
export function useAnnouncements(types: readonly TAnnouncementType[]) {
  const { i18n } = useTranslation();
  const key = types.join(',');
  const select = useCallback(
    (list: TAnnouncement[]) => list.filter((a) => key.split(',').includes(a.type)),
    [key],
  );
  return useQuery({ ...getAnnouncementsQueryOptions(i18n.resolvedLanguage ?? i18n.language), select });
}
