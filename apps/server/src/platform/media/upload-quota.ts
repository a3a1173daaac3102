import { sql } from 'drizzle-orm';
import { uploadQuota } from '../../db/schema';
import type { Executor } from '../../db/tx';

/**
 * The daily byte allowance of a member's stored images (issue 23 #4, docs/adr/0069): deposit slips
 * and not-received proofs together, per Bangkok day, against site configuration
 * `uploads.dailyBytesPerMember`. One free account could otherwise store about 30 GB a day.
 */
export function createUploadQuota() {
  return {
    /**
     * Adds `bytes` to the member's day when the total stays within `cap`; false (nothing added)
     * otherwise. One conditional upsert: parallel uploads cannot pass the cap together. Call it in
     * the transaction that stores the images, so a refused or failed store gives the bytes back.
     */
    async reserve(memberId: number, dayKey: string, bytes: number, cap: number, tx: Executor): Promise<boolean> {
      if (bytes > cap) return false;
      const rows = await tx
        .insert(uploadQuota)
        .values({ memberId, dayKey, bytes })
        .onConflictDoUpdate({
          target: [uploadQuota.memberId, uploadQuota.dayKey],
          set: { bytes: sql`${uploadQuota.bytes} + excluded.bytes` },
          setWhere: sql`${uploadQuota.bytes} + excluded.bytes <= ${cap}`,
        })
        .returning({ bytes: uploadQuota.bytes });
      return rows.length === 1;
    },
  };
}

export type UploadQuota = ReturnType<typeof createUploadQuota>;
