import { ERROR_CATALOGUE } from '@lotus/contracts/error-codes';
import type { z } from 'zod';

type Issue = Pick<z.core.$ZodIssue, 'code' | 'path' | 'message'> & {
  minimum?: unknown;
  origin?: unknown;
};

/**
 * Maps validation issues to `fields` of the error envelope: field path -> error key. The keys are
 * catalogue keys the client can translate: content_required (missing or empty), content_too_long,
 * the catalogue key a contract's own check names as its message (a refinement or a pattern, e.g.
 * `adjustment_amount_invalid`), validation_failed (anything else).
 */
export function issuesToFields(issues: readonly Issue[], prefix?: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || prefix || '_';
    if (fields[path]) continue;
    fields[path] = issueKey(issue);
  }
  return fields;
}

function issueKey(issue: Issue): string {
  if ((issue.code === 'custom' || issue.code === 'invalid_format') && Object.hasOwn(ERROR_CATALOGUE, issue.message)) return issue.message;
  if (issue.code === 'too_big') return 'content_too_long';
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) return 'content_required';
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) <= 1) {
    return 'content_required';
  }
  return 'validation_failed';
}

/** C0 control characters (U+0000-U+001F); the multiline set keeps tab, line feed and carriage return. */
/* eslint-disable no-control-regex -- matching control characters is the point of these patterns */
const C0 = /[\u0000-\u001f]/;
const C0_EXCEPT_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
const C0_ALL = /[\u0000-\u001f]/g;
/* eslint-enable no-control-regex */

/**
 * The path of the first string (object keys included) holding a C0 control character, or null
 * (security #6). With `multiline`, tab, LF and CR are allowed in values (free text: feedback,
 * operator content), never NUL or the other controls, and never in keys.
 */
export function findControlCharacter(value: unknown, multiline = false, path: string[] = []): string[] | null {
  const bad = multiline ? C0_EXCEPT_WHITESPACE : C0;
  const stack: { value: unknown; path: string[] }[] = [{ value, path }];
  let visited = 0;
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (++visited > 100_000) return item.path; // not a real payload: refuse rather than walk on
    if (typeof item.value === 'string') {
      if (bad.test(item.value)) return item.path;
    } else if (Array.isArray(item.value)) {
      item.value.forEach((v, i) => stack.push({ value: v, path: [...item.path, String(i)] }));
    } else if (item.value && typeof item.value === 'object') {
      for (const [key, v] of Object.entries(item.value)) {
        if (C0.test(key)) return [...item.path, key.replace(C0_ALL, '?')];
        stack.push({ value: v, path: [...item.path, key] });
      }
    }
  }
  return null;
}
