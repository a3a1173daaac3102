import { answerSlider, CAPTCHA_ID_HEADER, getCaptcha, getSliderChallenge } from '@lotus/contracts/auth';
import type { FastifyInstance } from 'fastify';
import { rateLimit } from '../../plugins/rate-limit';
import { route } from '../../plugins/route';
import { clientOf } from '../../platform/client-info';
import type { ChallengeService } from './challenge.service';

/**
 * Captcha and slider (7.AUTH.04/05, decision 4.REG.09). The SMS code sends (7.AUTH.15) are identity's routes:
 * who owns a number decides what is sent, and that is identity's knowledge.
 */
export async function verificationRoutes(app: FastifyInstance, { challenges }: { challenges: ChallengeService }) {
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
}
