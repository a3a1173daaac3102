import { expect, type Page } from '@playwright/test';
import { loadImage, createCanvas } from '@napi-rs/canvas';

/**
 * Solving the slider puzzle as a person would (decision 4.REG.09): the test looks at the puzzle
 * picture to find the gap, then drags the handle there with the mouse in several uneven steps.
 *
 * The gap is the piece's outline darkened on the background (the background shows 55% of the scene
 * there), so the gap is where the background matches 0.55 x the piece over the piece's inner pixels.
 */
export type SliderImages = { background: string; piece: string; pieceY: number };

type Pixels = { width: number; height: number; data: Uint8ClampedArray };

async function decode(base64: string): Promise<Pixels> {
  const image = await loadImage(Buffer.from(base64, 'base64'));
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const { data } = ctx.getImageData(0, 0, image.width, image.height);
  return { width: image.width, height: image.height, data };
}

/** The x offset (image pixels) of the gap in the background. */
export async function findGapX({ background, piece, pieceY }: SliderImages): Promise<number> {
  const bg = await decode(background);
  const pc = await decode(piece);
  const alpha = (x: number, y: number) => (x < 0 || y < 0 || x >= pc.width || y >= pc.height ? 0 : pc.data[(y * pc.width + x) * 4 + 3]!);
  // Inner pixels of the piece: opaque, and opaque 3 px around (away from its light edge).
  const inner: [number, number][] = [];
  for (let y = 0; y < pc.height; y++) {
    for (let x = 0; x < pc.width; x++) {
      let ok = true;
      for (let dy = -3; dy <= 3 && ok; dy++) for (let dx = -3; dx <= 3 && ok; dx++) if (alpha(x + dx, y + dy) < 255) ok = false;
      if (ok) inner.push([x, y]);
    }
  }
  let best = { x: 0, error: Infinity };
  for (let gx = 0; gx + pc.width <= bg.width; gx++) {
    let error = 0;
    for (const [x, y] of inner) {
      const b = ((pieceY + y) * bg.width + gx + x) * 4;
      const p = (y * pc.width + x) * 4;
      for (let c = 0; c < 3; c++) error += Math.abs(bg.data[b + c]! - 0.55 * pc.data[p + c]!);
      if (error >= best.error) break;
    }
    if (error < best.error) best = { x: gx, error };
  }
  return best.x;
}

/**
 * Waits for the puzzle, finds the gap from the challenge the page received, and drags the handle
 * onto it. Returns once the puzzle modal is gone (solved).
 */
export async function solveSlider(page: Page, challenge: Promise<SliderImages>): Promise<void> {
  const modal = page.getByTestId('slider-modal');
  await expect(modal).toBeVisible();
  await expect(page.getByTestId('slider-puzzle')).toHaveAttribute('data-status', 'ready');
  const gapX = await findGapX(await challenge);
  const scale = Number(await page.getByTestId('slider-frame').getAttribute('data-scale'));
  const handle = page.getByTestId('slider-handle');
  const box = (await handle.boundingBox())!;
  const startX = box.x + box.width / 2;
  const startY = box.y + box.height / 2;
  const distance = gapX * scale;
  await page.mouse.move(startX, startY);
  await page.mouse.down();
  // Ease-out with a little vertical wobble and uneven pauses, as a hand moves.
  const steps = 14;
  for (let i = 1; i <= steps; i++) {
    const p = i / steps;
    const eased = 1 - (1 - p) ** 2.2;
    await page.mouse.move(startX + distance * eased, startY + Math.round(Math.sin(i * 1.3) * 2));
    await page.waitForTimeout(20 + ((i * 7) % 25));
  }
  await page.mouse.move(startX + distance, startY + 1);
  await page.mouse.up();
  await expect(modal).toHaveCount(0);
}

/** The next slider challenge the page fetches (GET /wps/verification/slider). */
export function nextSliderChallenge(page: Page): Promise<SliderImages> {
  return page
    .waitForResponse((r) => r.url().includes('/wps/verification/slider') && r.request().method() === 'GET')
    .then(async (r) => ((await r.json()) as { value: SliderImages }).value);
}
