import {
  CAPTCHA_ID_HEADER,
  ZCaptchaImage,
  ZSliderAnswer,
  ZSliderChallenge,
  ZSliderToken,
  ZSmsRequest,
  ZSmsSent,
} from '@lotus/contracts/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http';
import { rateLimit } from '../../plugins/rate-limit';
import { clientOf } from '../../platform/client-info';
import type { ChallengeService } from './challenge.service';
import type { SmsService } from './sms.service';

type Options = { challenges: ChallengeService; sms: SmsService };

/** Captcha, slider and SMS codes (7.AUTH.04/05/15, decision 4.REG.09). */
export async function verificationRoutes(fastify: FastifyInstance, { challenges, sms }: Options) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['verification'];

  app.get(
    '/wps/captcha',
    {
      config: { rateLimit: rateLimit.captcha },
      schema: {
        tags,
        summary: `A captcha image: value is a base64 PNG, its id is in the ${CAPTCHA_ID_HEADER} response header (7.AUTH.15)`,
        response: responses(ZCaptchaImage),
      },
    },
    async (req, reply) => {
      const captcha = await challenges.createCaptcha(clientOf(req));
      reply.header(CAPTCHA_ID_HEADER, captcha.id).header('cache-control', 'no-store');
      return ok(captcha.image);
    },
  );

  app.get(
    '/wps/verification/slider',
    {
      config: { rateLimit: rateLimit.slider },
      schema: {
        tags,
        summary: 'A slider puzzle: background with a gap and the piece (decision 4.REG.09)',
        response: responses(ZSliderChallenge),
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await challenges.createSlider(clientOf(req)));
    },
  );

  app.post(
    '/wps/verification/slider',
    {
      config: { rateLimit: rateLimit.slider },
      schema: {
        tags,
        summary: 'Answer a puzzle (drop offset + drag trace): a single-use token for login or registration',
        body: ZSliderAnswer,
        response: responses(ZSliderToken),
      },
    },
    async (req) => ok(await challenges.answerSlider(req.body, clientOf(req))),
  );

  app.post(
    '/wps/verification/sms/register',
    {
      config: { rateLimit: rateLimit.sms },
      schema: {
        tags,
        summary: 'Send a registration code (7.AUTH.05, decision 4.SMS.07)',
        body: ZSmsRequest,
        response: responses(ZSmsSent),
      },
    },
    async (req) => ok(await sms.send('register', req.body, clientOf(req))),
  );

  app.post(
    '/wps/verification/sms/noLogin',
    {
      config: { rateLimit: rateLimit.sms },
      schema: {
        tags,
        summary:
          "Send a code for SMS login or forgot-by-phone to a member's number; the same answer for any number (7.AUTH.04)",
        body: ZSmsRequest,
        response: responses(ZSmsSent),
      },
    },
    async (req) => ok(await sms.send('login_or_reset', req.body, clientOf(req))),
  );
}
