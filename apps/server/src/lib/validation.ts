import type { z } from 'zod';

type Issue = Pick<z.core.$ZodIssue, 'code' | 'path' | 'message'> & {
  minimum?: unknown;
  origin?: unknown;
};

/**
 * Maps validation issues to `fields` of the error envelope: field path -> error key. The keys are
 * catalogue keys the client can translate: content_required (missing or empty), content_too_long,
 * validation_failed (anything else).
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
  if (issue.code === 'too_big') return 'content_too_long';
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) return 'content_required';
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) <= 1) {
    return 'content_required';
  }
  return 'validation_failed';
}
