import {
  answerSlider,
  CAPTCHA_ID_HEADER,
  getCaptcha,
  getSliderChallenge,
  sendLoginSmsCode,
  sendRegistrationSmsCode,
} from '@lotus/contracts/auth';
import type { FastifyInstance } from 'fastify';
import { rateLimit } from '../../plugins/rate-limit';
import { route } from '../../plugins/route';
import { clientOf } from '../../platform/client-info';
import type { ChallengeService } from './challenge.service';
import type { SmsService } from './sms.service';

type Options = { challenges: ChallengeService; sms: SmsService };

/** Captcha, slider and SMS codes (7.AUTH.04/05/15, decision 4.REG.09). */
export async function verificationRoutes(app: FastifyInstance, { challenges, sms }: Options) {
  route(app, getCaptcha, { rateLimit: rateLimit.captcha }, async (req, reply) => {
    const captcha = await challenges.createCaptcha(clientOf(req));
    reply.header(CAPTCHA_ID_HEADER, captcha.id).header('cache-control', 'no-store');
    return captcha.image;
  });

  route(app, getSliderChallenge, { rateLimit: rateLimit.slider }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return challenges.createSlider(clientOf(req));
  });

  route(app, answerSlider, { rateLimit: rateLimit.slider }, async (req) => challenges.answerSlider(req.body, clientOf(req)));

  route(app, sendRegistrationSmsCode, { rateLimit: rateLimit.sms }, async (req) => sms.send('register', req.body, clientOf(req)));

  route(app, sendLoginSmsCode, { rateLimit: rateLimit.sms }, async (req) => sms.send('login_or_reset', req.body, clientOf(req)));
}
