import { SLIP_MAX_BYTES } from '@lotus/contracts/cashier';

/** Images the cashier accepts (deposit slips, not-received proofs): png or jpg, at most 5 MB (as 5.UPL.02-04). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

export type TImageError = 'upload_type_invalid' | 'upload_too_large';

/** Why a chosen file cannot be sent (the server checks the content again), or null. */
export function checkImage(file: Pick<File, 'type' | 'size'>): TImageError | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'upload_type_invalid';
  if (file.size > SLIP_MAX_BYTES) return 'upload_too_large';
  return null;
}

/** The file as a data: URL (what the cashier calls take as an image). */
export function readImage(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
