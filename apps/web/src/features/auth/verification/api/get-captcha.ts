import { CAPTCHA_ID_HEADER, ZCaptchaImage } from '@lotus/contracts/auth';
import { isErrorCode } from '@lotus/contracts/error-codes';
import { ApiError, buildHeaders, buildUrl } from '@/lib/api-client';

export type Captcha = {
  /** data: URL of the PNG, ready for <img src>. */
  src: string;
  /** The id the server sent in the `captcha-id` header; sent back with the answer. */
  id: string;
};

/**
 * GET /wps/captcha (7.AUTH.15, 3.LOG.05): `value` is a base64 PNG and the id comes back in the
 * `captcha-id` response header, which the shared api client does not expose, hence this fetcher.
 */
export async function getCaptcha({ signal }: { signal?: AbortSignal } = {}): Promise<Captcha> {
  let response: Response;
  try {
    response = await fetch(buildUrl('/wps/captcha'), { method: 'GET', headers: buildHeaders(), signal, cache: 'no-store' });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError('network_abnormal', 0);
  }
  type RawEnvelope = { success?: unknown; message?: unknown; value?: unknown };
  let payload: RawEnvelope | null = null;
  try {
    payload = (await response.json()) as RawEnvelope;
  } catch {
    payload = null;
  }
  if (!response.ok || !payload || payload.success !== true) {
    const message = payload?.message;
    throw new ApiError(isErrorCode(message) ? message : 'unknown_error', response.status);
  }
  const image = ZCaptchaImage.safeParse(payload.value);
  const id = response.headers.get(CAPTCHA_ID_HEADER) ?? '';
  if (!image.success || image.data === '') throw new ApiError('unknown_error', response.status);
  return { src: `data:image/png;base64,${image.data}`, id };
}
