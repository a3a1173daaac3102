import fs from 'node:fs';
import path from 'node:path';
import { endpointKey, isEndpoint, type AnyEndpoint } from '@lotus/contracts/endpoint';
import { describe, expect, it } from 'vitest';
import { ROOT } from './cli-helper';
import { useTestApp } from './helper';

/** Every endpoint the contracts package defines (exports, and records of endpoints one level down). */
async function definedEndpoints(): Promise<AnyEndpoint[]> {
  const dir = path.join(ROOT, 'packages/contracts/src');
  const found = new Map<string, AnyEndpoint>();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const exports = (await import(path.join(dir, file))) as Record<string, unknown>;
    for (const value of Object.values(exports)) {
      const candidates = isEndpoint(value) ? [value] : value && typeof value === 'object' ? Object.values(value) : [];
      for (const e of candidates) if (isEndpoint(e)) found.set(endpointKey(e), e);
    }
  }
  return [...found.values()];
}

const t = useTestApp();

describe('every call is defined once (contracts/endpoint.ts)', () => {
  it('7.PAR.22 the OpenAPI document lists exactly the defined endpoints: none missing, none extra', async () => {
    const doc = (await t.inject('/docs/json')).json() as { paths: Record<string, Record<string, unknown>> };
    const served = new Set<string>();
    for (const [p, operations] of Object.entries(doc.paths)) {
      for (const method of Object.keys(operations)) served.add(`${method.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`);
    }
    const endpoints = await definedEndpoints();
    const documented = new Set(endpoints.filter((e) => !e.hidden).map(endpointKey));
    expect([...served].filter((k) => !documented.has(k)).sort(), 'served but not defined').toEqual([]);
    expect([...documented].filter((k) => !served.has(k)).sort(), 'defined but not served').toEqual([]);
    for (const e of endpoints.filter((x) => x.hidden)) {
      const app = typeof e.auth === 'object' || e.auth === 'console-sign-in' ? t.app.opsApp : t.app;
      expect(app.hasRoute({ method: e.method, url: e.path }), `${endpointKey(e)} is served`).toBe(true);
    }
  });
});
