import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { issuesToFields } from './validation';

describe('8.LOAD.05 validation fields', () => {
  it('maps issues to path -> catalogue key', () => {
    const schema = z.object({
      content: z.string().min(5).max(10),
      nested: z.object({ n: z.number() }),
      name: z.string().min(1),
    });
    const result = schema.safeParse({ content: 'x'.repeat(11), nested: { n: 'a' }, name: '' });
    expect(result.success).toBe(false);
    expect(issuesToFields(result.error!.issues)).toEqual({
      content: 'content_too_long',
      'nested.n': 'validation_failed',
      name: 'content_required',
    });
    const missing = schema.safeParse({});
    expect(issuesToFields(missing.error!.issues)).toMatchObject({ content: 'content_required' });
  });
});
