import { sendLoginSmsCode, sendRegistrationSmsCode } from '@lotus/contracts/auth';
import type { FastifyInstance } from 'fastify';
import { rateLimit } from '../../plugins/rate-limit';
import { route } from '../../plugins/route';
import { clientOf } from '../../platform/client-info';
import type { SmsService } from '../verification/sms.service';

/**
 * SMS codes (7.AUTH.15, decision 4.REG.09): who owns the number decides what is sent (a registration code to a
 * free number and a notice to a registered one; a login or reset code to a member's number only), so identity
 * answers these calls; verification owns the codes, their limits and their delivery.
 */
export async function smsCodeRoutes(
  app: FastifyInstance,
  { sms, memberOwning }: { sms: Pick<SmsService, 'send'>; memberOwning: (e164: string) => Promise<number | null> },
) {
  route(app, sendRegistrationSmsCode, { rateLimit: rateLimit.sms }, async (req) => sms.send('register', req.body, clientOf(req), memberOwning));

  route(app, sendLoginSmsCode, { rateLimit: rateLimit.sms }, async (req) => sms.send('login_or_reset', req.body, clientOf(req), memberOwning));
}
