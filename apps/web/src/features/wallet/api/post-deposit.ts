import { useMutation } from '@tanstack/react-query';
import { postDeposit as depositEndpoint, type TDepositCreate, type ZDepositCreated } from '@lotus/contracts/cashier';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { watchMoney } from '@/lib/session/money-watch';
import { useRefreshBalance } from '@/lib/session/refresh-balance';

export type TDepositCreated = z.infer<typeof ZDepositCreated>;

/**
 * A deposit (2.MC.04): a bank transfer (amount, transfer time, reference, optional
 * slip) awaits approval; a PSP deposit answers the provider's hosted page (`paymentUrl`).
 */
export function postDeposit(input: TDepositCreate): Promise<TDepositCreated> {
  return api.call(depositEndpoint, { body: input });
}

/** A deposit is a money movement: the balance, funds, channels' daily room and the history refresh. */
export function usePostDepositMutation() {
  const refreshBalance = useRefreshBalance();
  return useMutation({
    mutationFn: postDeposit,
    onSuccess: () => {
      // Its outcome (approval, the provider's callback) comes as a message: asked for often for a while.
      watchMoney();
      return refreshBalance();
    },
  });
}
