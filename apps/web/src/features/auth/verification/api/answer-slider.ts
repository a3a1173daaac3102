import { answerSlider as answerSliderEndpoint } from '@lotus/contracts/auth';
import { api } from '@/lib/api-client';
import type { TracePoint } from '../slider-math';

export type SliderAnswer = {
  challengeId: string;
  x: number;
  trace: TracePoint[];
  /** After a few wrong answers from this address the server also wants a captcha (docs/adr/0020). */
  captchaId?: string;
  captcha?: string;
};

/** The drop offset and the drag trace of a slider puzzle; answers a single-use token. */
export async function answerSlider(answer: SliderAnswer): Promise<string> {
  const { sliderToken } = await api.call(answerSliderEndpoint, { body: answer });
  return sliderToken;
}
