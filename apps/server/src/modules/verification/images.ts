import { createRequire } from 'node:module';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';

/**
 * Images of the captcha and the slider puzzle, drawn with @napi-rs/canvas. The font ships from npm
 * (dejavu-fonts-ttf) because servers often have no fonts installed.
 */
const FONT_FAMILY = 'LotusCaptcha';
let fontRegistered = false;

function ensureFont() {
  if (fontRegistered) return;
  const require = createRequire(import.meta.url);
  const dir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  GlobalFonts.registerFromPath(path.join(dir, 'DejaVuSans-Bold.ttf'), FONT_FAMILY);
  GlobalFonts.registerFromPath(path.join(dir, 'DejaVuSerif-Bold.ttf'), FONT_FAMILY);
  fontRegistered = true;
}

/** A uniform random number in [min, max). */
const rand = (min: number, max: number) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
const hsl = (h: number, s: number, l: number, a = 1) =>
  `hsla(${Math.round(h)}, ${Math.round(s)}%, ${Math.round(l)}%, ${a})`;

export const CAPTCHA_WIDTH = 140;
export const CAPTCHA_HEIGHT = 48;

/** A captcha PNG: the text drawn letter by letter, each rotated and shifted, over noise lines and dots. */
export async function drawCaptcha(text: string): Promise<Buffer> {
  ensureFont();
  const canvas = createCanvas(CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  const ctx = canvas.getContext('2d');
  const hue = rand(0, 360);
  const bg = ctx.createLinearGradient(0, 0, CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  bg.addColorStop(0, hsl(hue, 40, 92));
  bg.addColorStop(1, hsl(hue + 60, 40, 86));
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, CAPTCHA_WIDTH, CAPTCHA_HEIGHT);

  for (let i = 0; i < 40; i++) {
    ctx.fillStyle = hsl(rand(0, 360), 50, rand(40, 70), 0.5);
    ctx.beginPath();
    ctx.arc(rand(0, CAPTCHA_WIDTH), rand(0, CAPTCHA_HEIGHT), rand(0.5, 1.8), 0, Math.PI * 2);
    ctx.fill();
  }
  noiseCurves(ctx, 3, 0.5);

  const slot = (CAPTCHA_WIDTH - 16) / text.length;
  [...text].forEach((ch, i) => {
    ctx.save();
    const size = Math.round(rand(22, 28));
    ctx.font = `${size}px ${FONT_FAMILY}`;
    ctx.fillStyle = hsl(rand(0, 360), 70, rand(20, 38));
    ctx.translate(10 + slot * i + slot / 2 + rand(-3, 3), CAPTCHA_HEIGHT / 2 + rand(-4, 4));
    ctx.rotate(rand(-0.45, 0.45));
    ctx.transform(1, rand(-0.2, 0.2), rand(-0.25, 0.25), 1, 0, 0);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(ch, 0, 0);
    ctx.restore();
  });
  noiseCurves(ctx, 3, 0.8);
  return canvas.encode('png');
}

function noiseCurves(ctx: SKRSContext2D, count: number, alpha: number) {
  for (let i = 0; i < count; i++) {
    ctx.strokeStyle = hsl(rand(0, 360), 60, rand(25, 55), alpha);
    ctx.lineWidth = rand(1, 2.2);
    ctx.beginPath();
    ctx.moveTo(rand(-10, 20), rand(0, CAPTCHA_HEIGHT));
    ctx.bezierCurveTo(
      rand(20, 70),
      rand(-20, CAPTCHA_HEIGHT + 20),
      rand(70, 120),
      rand(-20, CAPTCHA_HEIGHT + 20),
      rand(CAPTCHA_WIDTH - 20, CAPTCHA_WIDTH + 10),
      rand(0, CAPTCHA_HEIGHT),
    );
    ctx.stroke();
  }
}

// ---------- slider puzzle ----------
export const SLIDER = { width: 300, height: 160, pieceSize: 50 } as const;

export type SliderImages = { background: Buffer; piece: Buffer; gapX: number; pieceY: number };

/** The outline of the piece inside its pieceSize box: a square with a round knob on the right and on top. */
function piecePath(ctx: SKRSContext2D, x: number, y: number) {
  const s = SLIDER.pieceSize;
  const m = 8; // margin for the knobs
  const side = s - m - 2;
  const r = 6;
  const left = x + 1;
  const top = y + m;
  ctx.beginPath();
  ctx.moveTo(left, top);
  ctx.lineTo(left + side / 2 - r, top);
  ctx.arc(left + side / 2, top, r, Math.PI, 0, false);
  ctx.lineTo(left + side, top);
  ctx.lineTo(left + side, top + side / 2 - r);
  ctx.arc(left + side, top + side / 2, r, -Math.PI / 2, Math.PI / 2, false);
  ctx.lineTo(left + side, top + side);
  ctx.lineTo(left, top + side);
  ctx.closePath();
}

/** A generated background (gradient, soft shapes, stripes), a gap at a random place and its piece. */
export async function drawSlider(): Promise<SliderImages> {
  const { width, height, pieceSize } = SLIDER;
  const gapX = randomInt(pieceSize + 40, width - pieceSize - 10);
  const pieceY = randomInt(8, height - pieceSize - 8);

  const scene = createCanvas(width, height);
  const ctx = scene.getContext('2d');
  const hue = rand(0, 360);
  const bg = ctx.createLinearGradient(0, 0, width, height);
  bg.addColorStop(0, hsl(hue, 55, 55));
  bg.addColorStop(1, hsl(hue + 90, 55, 40));
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, width, height);
  for (let i = 0; i < 18; i++) {
    ctx.fillStyle = hsl(hue + rand(-60, 120), rand(40, 80), rand(30, 75), rand(0.25, 0.6));
    ctx.beginPath();
    if (i % 3 === 0) ctx.rect(rand(-20, width), rand(-20, height), rand(20, 90), rand(20, 90));
    else ctx.arc(rand(0, width), rand(0, height), rand(8, 45), 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.strokeStyle = hsl(hue + 180, 40, 85, 0.25);
  ctx.lineWidth = 3;
  for (let i = -height; i < width; i += 22) {
    ctx.beginPath();
    ctx.moveTo(i, height);
    ctx.lineTo(i + height, 0);
    ctx.stroke();
  }

  // The piece: the scene inside the outline at the gap, with a light edge.
  const piece = createCanvas(pieceSize, pieceSize);
  const pctx = piece.getContext('2d');
  pctx.save();
  piecePath(pctx, 0, 0);
  pctx.clip();
  pctx.drawImage(scene, gapX, pieceY, pieceSize, pieceSize, 0, 0, pieceSize, pieceSize);
  pctx.restore();
  piecePath(pctx, 0, 0);
  pctx.strokeStyle = 'rgba(255,255,255,0.9)';
  pctx.lineWidth = 2;
  pctx.stroke();

  // The gap: the same outline, darkened, on the background.
  piecePath(ctx, gapX, pieceY);
  ctx.fillStyle = 'rgba(0,0,0,0.45)';
  ctx.fill();
  ctx.strokeStyle = 'rgba(255,255,255,0.7)';
  ctx.lineWidth = 1.5;
  ctx.stroke();

  const [background, pieceImage] = await Promise.all([scene.encode('png'), piece.encode('png')]);
  return { background, piece: pieceImage, gapX, pieceY };
}
