import { CAPTCHA_ID_HEADER, getCaptcha as captchaEndpoint } from '@lotus/contracts/auth';
import { callEndpoint, type Transport } from '@lotus/contracts/call';
import { ApiError, buildHeaders, buildUrl } from '@/lib/api-client';

export type Captcha = {
  /** data: URL of the PNG, ready for <img src>. */
  src: string;
  /** The id the server sent in the `captcha-id` header; sent back with the answer. */
  id: string;
};

/**
 * A captcha (7.AUTH.15, 3.LOG.05): `value` is a base64 PNG and its id comes back in the `captcha-id` response
 * header, which the shared api client does not expose: this call's transport keeps it.
 */
export async function getCaptcha({ signal }: { signal?: AbortSignal } = {}): Promise<Captcha> {
  let id = '';
  const keepCaptchaId: Transport = async (request) => {
    let response: Response;
    try {
      response = await fetch(buildUrl(request.url), { method: request.method, headers: buildHeaders(), signal: request.signal, cache: 'no-store' });
    } catch (error) {
      if (request.signal?.aborted) throw error;
      throw new ApiError('network_abnormal', 0);
    }
    id = response.headers.get(CAPTCHA_ID_HEADER) ?? '';
    return { status: response.status, json: await response.json().catch(() => null) };
  };
  const image = await callEndpoint(keepCaptchaId, captchaEndpoint, {}, { signal });
  if (image === '') throw new ApiError('unknown_error', 200);
  return { src: `data:image/png;base64,${image}`, id };
}
