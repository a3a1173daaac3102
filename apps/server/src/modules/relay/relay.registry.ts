import {
  ZAnnouncementList,
  ZAnnouncementsQuery,
  ZVendorCards,
  ZVendorQuery,
  type TRelayName,
} from '@lotus/contracts/relay';
import type { z } from 'zod';
import type { RequestContext } from '../../plugins/request-context';
import type { ContentService } from '../content/content.service';

/** One relay call: its query schema, its response schema (the contract) and the service call. */
export type RelayEntry<Q extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> = {
  summary: string;
  query: Q;
  response: R;
  handle: (ctx: RequestContext, query: z.output<Q>) => Promise<z.output<R>>;
};

const defineRelay = <Q extends z.ZodType, R extends z.ZodType>(entry: RelayEntry<Q, R>) => entry;

type Deps = {
  content: Pick<ContentService, 'listAnnouncements' | 'getVendorCards'>;
};

/**
 * The relay registry (7.RELAY.01): `GET /wps/relay/<NAME>?<params>` dispatches here by name. A module that
 * implements a relay call defines it as an endpoint and registers it with its own routes (the wallet's and the
 * catalogue's calls); a name of the spec that nobody serves answers 404 unknown_call, like any unknown name.
 */
export function createRelayRegistry({ content }: Deps) {
  return {
    MCSFE_getListAnnouncements: defineRelay({
      summary: 'Active notices of the given types in the request language (7.RELAY.07, 7.PAR.09)',
      query: ZAnnouncementsQuery,
      response: ZAnnouncementList,
      // platform W and execution type B are the only values the query schema admits.
      handle: (ctx, query) => content.listAnnouncements(query.types, ctx.language),
    }),
    GCSGAME_newGameVendor: defineRelay({
      summary: 'Vendor cards grouped by game type, in GAME_TYPES order (7.RELAY.09, 7.PAR.03)',
      query: ZVendorQuery,
      response: ZVendorCards,
      handle: () => content.getVendorCards(),
    }),
  } satisfies Partial<Record<TRelayName, RelayEntry>>;
}

export type RelayRegistry = ReturnType<typeof createRelayRegistry>;
