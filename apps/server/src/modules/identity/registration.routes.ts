import { AppError } from '@lotus/contracts/app-error';
import { checkAffiliate, postRegister, postRegisterMobile } from '@lotus/contracts/auth';
import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';
import { rateLimit } from '../../plugins/rate-limit';
import { route } from '../../plugins/route';
import { clientOf } from '../../platform/client-info';
import type { RegisterService } from './registration/register.service';

/** Registration (7.AUTH.07-09) and the affiliate code check (7.AUTH.16, 4.AFF). */
export async function registrationRoutes(
  app: FastifyInstance,
  { register, perAddressPerHour }: { register: RegisterService; perAddressPerHour: number },
) {
  const limit = { ...rateLimit.register, max: perAddressPerHour };
  await app.register(async (scope) => {
    scope.setSchemaErrorFormatter(termsOrValidation);
    for (const [endpoint, tab] of [
      [postRegister, 'username'],
      [postRegisterMobile, 'mobile'],
    ] as const) {
      route(scope, endpoint, { rateLimit: limit }, async (req) => register.register(tab, req.body, clientOf(req)));
    }
  });

  route(app, checkAffiliate, { rateLimit: rateLimit.standard }, async (req) => register.checkAffiliate(req.query.code));
}

/** 4.REG.02: an unticked terms box is terms_required; any other schema failure stays validation_failed (plugins/errors). */
function termsOrValidation(errors: FastifySchemaValidationError[], dataVar: string): Error {
  if (errors.some((e) => e.instancePath === '/acceptTerms')) return new AppError('terms_required', 400, { acceptTerms: 'terms_required' });
  return new Error(errors.map((e) => `${dataVar}${e.instancePath} ${e.message ?? ''}`).join(', '));
}
