import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import i18next from 'i18next';
import { defineEndpoint } from '@lotus/contracts/endpoint';
import { listAnnouncements } from '@lotus/contracts/relay';
import '@/i18n/i18n';
import { ApiError, api, sendEarly } from './api-client';

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

// Calls shaped like the platform's, defined here so each case controls its answer's contract.
const read = defineEndpoint({ method: 'GET', path: '/x', tag: 't', summary: 'a read', auth: 'public', response: z.unknown() });
const readN = defineEndpoint({ method: 'GET', path: '/x', tag: 't', summary: 'a read', auth: 'public', response: z.object({ n: z.number() }) });
const write = defineEndpoint({
  method: 'PUT',
  path: '/wps/feedback',
  tag: 't',
  summary: 'a write',
  auth: 'public',
  body: z.object({ content: z.string() }),
  response: z.null(),
});

describe('api client', () => {
  it('7.CALL sends Merchant, Device, Language and Authorization (when a token is stored)', async () => {
    await i18next.changeLanguage('en');
    sessionStorage.setItem('token', 'tok-123');
    const fetchMock = stubFetch(() => json({ success: true, message: '', value: 1 }));
    await api.call(read);
    const headers = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers.Merchant).toBe('lotus');
    expect(headers.Device).toBe('WEB');
    expect(headers.Language).toBe('en');
    expect(headers.Authorization).toBe('tok-123');
    await i18next.changeLanguage('th');
    sessionStorage.removeItem('token');
  });

  it('7.CALL omits Authorization without a token', async () => {
    const fetchMock = stubFetch(() => json({ success: true, message: '', value: 1 }));
    await api.call(read);
    const headers = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
  });

  it('7.PAR.22 unwraps the envelope and validates value with the contract schema', async () => {
    stubFetch(() => json({ success: true, message: '', value: { n: 2 } }));
    await expect(api.call(readN)).resolves.toEqual({ n: 2 });
    stubFetch(() => json({ success: true, message: '', value: { n: 'two' } }));
    await expect(api.call(readN)).rejects.toMatchObject({ code: 'unknown_error' });
  });

  it('8.LOAD.05 an error envelope becomes an ApiError carrying the catalogue key', async () => {
    stubFetch(() => json({ success: false, message: 'access_restricted', value: null, requestId: 'r1' }, 403));
    const error = await api.call(read).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'access_restricted', status: 403, details: { requestId: 'r1' } });
  });

  it('4.CAP.03 the envelope hints (captchaRequired, retryAfterSeconds) reach the ApiError', async () => {
    stubFetch(() =>
      json({ success: false, message: 'incorrect_username_password', value: null, details: { captchaRequired: true, retryAfterSeconds: 30 } }, 401),
    );
    await expect(api.call(write, { body: { content: 'x' } })).rejects.toMatchObject({
      code: 'incorrect_username_password',
      details: { hints: { captchaRequired: true, retryAfterSeconds: 30 } },
    });
    stubFetch(() => json({ success: false, message: 'forbidden', value: null, details: { other: 1 } }, 403));
    await expect(api.call(read)).rejects.toMatchObject({ details: { hints: undefined } });
  });

  it('8.ERR.14 an unknown server message becomes unknown_error (raw message kept)', async () => {
    stubFetch(() => json({ success: false, message: 'boom', value: null }, 500));
    await expect(api.call(read)).rejects.toMatchObject({ code: 'unknown_error', details: { serverMessage: 'boom' } });
  });

  it('8.ERR.08 a network failure becomes network_abnormal', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.call(read)).rejects.toMatchObject({ code: 'network_abnormal', status: 0 });
  });

  it('7.RELAY relay calls are GET /wps/relay/<NAME> with the data as parameters', async () => {
    const fetchMock = stubFetch(() => json({ success: true, message: '', value: [] }));
    await api.call(listAnnouncements, { query: { types: 'B,PL,PU,PR', platform: 'W', executionType: 'B' } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/wps/relay/MCSFE_getListAnnouncements?types=B%2CPL%2CPU%2CPR&platform=W&executionType=B');
    expect(fetchMock.mock.calls[0]![1]!.method).toBe('GET');
  });

  it('sends JSON bodies with a content type', async () => {
    const fetchMock = stubFetch(() => json({ success: true, message: '', value: null }));
    await api.call(write, { body: { content: 'hello' } });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"content":"hello"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });
});

describe('answers asked early (ADR 0079: a prerendered member frame asks its data as the page starts)', () => {
  it('the first call of the same path and session takes the early answer; the next one asks the server', async () => {
    sessionStorage.setItem('token', 'tok-early');
    let n = 0;
    const fetchMock = stubFetch(() => json({ success: true, message: '', value: { n: ++n } }));
    sendEarly(['/x'], { language: 'th' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((fetchMock.mock.calls[0]![1]!.headers as Record<string, string>).Language).toBe('th');
    await expect(api.call(readN)).resolves.toEqual({ n: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(api.call(readN)).resolves.toEqual({ n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    sessionStorage.removeItem('token');
  });

  it('an early answer is not given to a call of another session or language, and a failed one is asked again', async () => {
    sessionStorage.setItem('token', 'tok-a');
    const fetchMock = stubFetch(() => json({ success: true, message: '', value: { n: 1 } }));
    sendEarly(['/x'], { language: 'en' });
    // The page's texts settled on Thai: the English answer is not the one this call asks for.
    await api.call(readN);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('offline')));
    sendEarly(['/x'], { language: 'th' });
    await expect(api.call(readN)).resolves.toEqual({ n: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    sessionStorage.removeItem('token');
  });
});
