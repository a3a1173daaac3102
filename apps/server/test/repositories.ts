import { createVendorRepository } from '../src/modules/game-vendors/vendor.repository';
import { createMemberRepository } from '../src/modules/identity/members/member.repository';
import { createSessionRepository } from '../src/modules/identity/sessions/session.repository';
import type { TestApp } from './helper';

/**
 * The rows behind a test app, read (and, to set a scene, written) with the modules' own repositories on the test's
 * database: what a test checks beneath the API. The app itself exposes services only.
 */
export function repositories(t: Pick<TestApp, 'db'>) {
  const { db } = t.db.database;
  return {
    members: createMemberRepository(db),
    sessions: createSessionRepository(db),
    vendors: createVendorRepository(db),
  };
}
