import { describe, expect, it } from 'vitest';
import thShell from './bundles/th-shell';
import thMember from './bundles/th-member';
import enShell from './bundles/en-shell';
import enMember from './bundles/en-member';
import thAgent from './bundles/th-agent';
import enAgent from './bundles/en-agent';
import { AGENT_NAMESPACES, MEMBER_NAMESPACES, SHELL_NAMESPACES } from './i18n';

const files = import.meta.glob('./locales/{th,en}/*.json');
const namespacesOf = (code: string) =>
  Object.keys(files)
    .filter((path) => path.includes(`/locales/${code}/`))
    .map((path) => path.split('/').pop()!.replace('.json', ''))
    .sort();
const keysOf = (bundle: Record<string, unknown>) => Object.keys(bundle).map((path) => path.split('/').pop()!.replace('.json', '')).sort();

describe('text bundles (one language per visit, member and agent texts on demand)', () => {
  it.each(['th', 'en'])('every %s namespace file is in exactly one bundle, the one i18n.ts reads it from', (code) => {
    const [shell, member, agent] = code === 'th' ? [thShell, thMember, thAgent] : [enShell, enMember, enAgent];
    expect([...keysOf(shell), ...keysOf(member), ...keysOf(agent)].sort()).toEqual(namespacesOf(code));
    expect(keysOf(shell)).toEqual([...SHELL_NAMESPACES].sort());
    expect(keysOf(member)).toEqual([...MEMBER_NAMESPACES].sort());
    expect(keysOf(agent)).toEqual([...AGENT_NAMESPACES].sort());
  });
});
