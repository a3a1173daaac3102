import north from './fixtures/vn-north-2023-05-12.json';
import hcm from './fixtures/vn-south-tphcm-2026-09-28.json';
import thai from './fixtures/thai-2024-05-02.json';
import type { ResultFormat } from './games';

/**
 * Where official results come from (ADR 0098): a source answers a closed draw's published result, or null while it
 * has none. Whatever it answers is only proposed: stored `entered` under the source's name, validated like an
 * operator's entry, and settled only after an operator confirms it.
 */
export type OfficialResultsSource = {
  /** Recorded as the entry's operator (`feed:<name>`): a person confirms it, never the feed itself. */
  readonly name: string;
  fetch(draw: {
    gameCode: string;
    format: ResultFormat;
    timeZone: string;
    drawNo: string;
    drawAt: Date;
  }): Promise<{ result: unknown; source: string } | null>;
};

/** The entry's operator id of a feed's proposal. */
export const feedOperator = (source: Pick<OfficialResultsSource, 'name'>) => `feed:${source.name}`;

/** Official results are published a while after the draw: a feed is asked from this long after the draw time. */
export const OFFICIAL_FEED_DELAY_MS = 30 * 60_000;

/** The real published draws the sandbox replays, by result format (South and Central share one format). */
const REPLAYS: Partial<
  Record<
    ResultFormat,
    { draw: string; result: unknown; source: { repository: string; path: string; commit: string } }
  >
> = {
  thai,
  'vn-north': north,
  'vn-south': hcm,
};

/**
 * The embedded demo's feed (never in a deployment): it answers every draw of a format it has a real published draw
 * of with that draw's numbers, its source naming the replay, so that an operator of the demo has a proposal to check
 * and confirm. A deployment's feed is an adapter to the official publishers (the Thai Government Lottery Office,
 * the Vietnamese lottery companies), with the same shape.
 */
export function sandboxOfficialResults(): OfficialResultsSource {
  return {
    name: 'sandbox',
    async fetch(draw) {
      const replay = REPLAYS[draw.format];
      if (!replay) return null;
      const origin = `${replay.source.repository}/${replay.source.path}@${replay.source.commit.slice(0, 8)}`;
      return {
        result: replay.result,
        source: `sandbox feed: the draw of ${replay.draw} (${origin})`.slice(0, 200),
      };
    },
  };
}
