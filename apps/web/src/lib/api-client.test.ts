import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import i18next from 'i18next';
import '@/i18n/i18n';
import { ApiError, apiRequest, api, relay } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch(response: () => Promise<Response> | Response) {
  const fn = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', fn);
  return fn;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('api client', () => {
  it('7.CALL sends Merchant, Device, Language and Authorization (when a token is stored)', async () => {
    await i18next.changeLanguage('en');
    sessionStorage.setItem('token', 'tok-123');
    const fetchMock = stubFetch(() => json({ success: true, message: '', value: 1 }));
    await api.get('/wps/system/status');
    const headers = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers.Merchant).toBe('lotus');
    expect(headers.Device).toBe('WEB');
    expect(headers.Language).toBe('en');
    expect(headers.Authorization).toBe('tok-123');
    await i18next.changeLanguage('th');
  });

  it('7.CALL omits Authorization without a token', async () => {
    const fetchMock = stubFetch(() => json({ success: true, message: '', value: 1 }));
    await api.get('/x');
    const headers = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
  });

  it('7.PAR.22 unwraps the envelope and validates value with the contract schema', async () => {
    stubFetch(() => json({ success: true, message: '', value: { n: 2 } }));
    await expect(apiRequest('/x', { schema: z.object({ n: z.number() }) })).resolves.toEqual({ n: 2 });
    stubFetch(() => json({ success: true, message: '', value: { n: 'two' } }));
    await expect(apiRequest('/x', { schema: z.object({ n: z.number() }) })).rejects.toMatchObject({ code: 'unknown_error' });
  });

  it('8.LOAD.05 an error envelope becomes an ApiError carrying the catalogue key', async () => {
    stubFetch(() => json({ success: false, message: 'access_restricted', value: null, requestId: 'r1' }, 403));
    const error = await api.get('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'access_restricted', status: 403, details: { requestId: 'r1' } });
  });

  it('4.CAP.03 the envelope hints (captchaRequired, retryAfterSeconds) reach the ApiError', async () => {
    stubFetch(() =>
      json({ success: false, message: 'incorrect_username_password', value: null, details: { captchaRequired: true, retryAfterSeconds: 30 } }, 401),
    );
    await expect(api.post('/x', {})).rejects.toMatchObject({
      code: 'incorrect_username_password',
      details: { hints: { captchaRequired: true, retryAfterSeconds: 30 } },
    });
    stubFetch(() => json({ success: false, message: 'forbidden', value: null, details: { other: 1 } }, 403));
    await expect(api.get('/x')).rejects.toMatchObject({ details: { hints: undefined } });
  });

  it('8.ERR.14 an unknown server message becomes unknown_error (raw message kept)', async () => {
    stubFetch(() => json({ success: false, message: 'boom', value: null }, 500));
    await expect(api.get('/x')).rejects.toMatchObject({ code: 'unknown_error', details: { serverMessage: 'boom' } });
  });

  it('8.ERR.08 a network failure becomes network_abnormal', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/x')).rejects.toMatchObject({ code: 'network_abnormal', status: 0 });
  });

  it('7.RELAY relay calls are GET /wps/relay/<NAME> with the data as parameters', async () => {
    const fetchMock = stubFetch(() => json({ success: true, message: '', value: [] }));
    await relay('MCSFE_getListAnnouncements', { params: { types: 'B,PL,PU,PR', platform: 'W', executionType: 'B', skip: undefined } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/wps/relay/MCSFE_getListAnnouncements?types=B%2CPL%2CPU%2CPR&platform=W&executionType=B');
    expect(fetchMock.mock.calls[0]![1]!.method).toBe('GET');
  });

  it('sends JSON bodies with a content type', async () => {
    const fetchMock = stubFetch(() => json({ success: true, message: '', value: null }));
    await api.post('/wps/feedback', { content: 'hello' });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBe('{"content":"hello"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });
});
