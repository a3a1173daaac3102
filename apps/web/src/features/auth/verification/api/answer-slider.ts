import { ZSliderToken } from '@lotus/contracts/auth';
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

/** POST /wps/verification/slider: the drop offset and the drag trace; answers a single-use token. */
export async function answerSlider(answer: SliderAnswer): Promise<string> {
  const { sliderToken } = await api.post('/wps/verification/slider', answer, { schema: ZSliderToken });
  return sliderToken;
}
