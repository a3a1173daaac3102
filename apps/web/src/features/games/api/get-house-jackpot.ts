import { useQuery } from '@tanstack/react-query';
import { endpointUrl } from '@lotus/contracts/call';
import { HOUSE_JACKPOT } from '@lotus/contracts/first-load';
import { buildUrl } from '@/lib/api-client';

/**
 * The house vendor's jackpot answer (contracts/first-load.ts HOUSE_JACKPOT, docs/adr/0049): minor units as digits. Checked
 * by hand rather than with a zod schema: this module is on /rng's first scripts, which keep zod out (ADR 0060).
 */
function readHouseJackpot(body: unknown): { currency: string; amount: string } | null {
  if (typeof body !== 'object' || body === null) return null;
  const { currency, amount } = body as Record<string, unknown>;
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) return null;
  if (typeof amount !== 'string' || !/^[0-9]{1,18}$/.test(amount)) return null;
  return { currency, amount };
}

/**
 * The house vendor's progressive jackpot in minor units (ADR 0049: the seed plus the bets' shares), the
 * /rng counter's start (ADR 0051). Read once per visit of the page: the counter then grows by 165.11 every
 * 3 s on its own, and a fresh read would pull it back. A vendor without the house (the verifier-only
 * mount answers 404), a network failure or a malformed answer resolves to null, quietly (8.LOAD.04): the
 * counter keeps its time-derived start.
 */
export async function getHouseJackpot(
  currency: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<bigint | null> {
  try {
    const res = await fetch(buildUrl(endpointUrl(HOUSE_JACKPOT, { query: { currency } })), { signal });
    if (!res.ok) return null;
    const parsed = readHouseJackpot(await res.json());
    return parsed && parsed.currency === currency ? BigInt(parsed.amount) : null;
  } catch {
    return null;
  }
}

export function useHouseJackpot({ enabled, currency = 'THB' }: { enabled: boolean; currency?: string }) {
  return useQuery({
    enabled,
    queryKey: ['house', 'jackpot', currency],
    queryFn: ({ signal }) => getHouseJackpot(currency, { signal }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    meta: { silent: true },
  });
}
