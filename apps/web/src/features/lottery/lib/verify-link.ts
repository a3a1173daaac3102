import { endpointUrl } from '@lotus/contracts/call';
import { HOUSE_LOTTO_FAIR } from '@lotus/contracts/first-load';
import type { TLottoDraw } from '@lotus/contracts/lottery';

/**
 * The verify page (the house's, GET /house/lotto/fair, ADR 0092) of a draw that carries its randomness evidence (beaconChain, beaconRound and
 * beaconSignature); null for one without (not drawn yet, or not an electronic draw).
 */
export function elottVerifyHref(
  gameCode: string,
  draw: Pick<TLottoDraw, 'numero' | 'beaconChain' | 'beaconRound' | 'beaconSignature'>,
): string | null {
  if (!draw.beaconChain || draw.beaconRound === null || !draw.beaconSignature) return null;
  return endpointUrl(HOUSE_LOTTO_FAIR, {
    query: {
      chain: draw.beaconChain,
      round: draw.beaconRound,
      signature: draw.beaconSignature,
      drawId: `${gameCode}-${draw.numero}`,
    },
  });
}
