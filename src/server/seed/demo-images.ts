import 'server-only';
import { deflateSync } from 'node:zlib';
import { crc32 } from '../market/zip/crc32';

export type Rgb = [number, number, number];

const mix = (a: Rgb, b: Rgb, k: number): Rgb =>
  [0, 1, 2].map((i) => Math.round(a[i]! * (1 - k) + b[i]! * k)) as Rgb;
const WHITE: Rgb = [255, 255, 255];

/** A tiny RGB raster: enough to draw the demo items' mock screenshots in code. */
class Canvas {
  readonly px: Uint8Array;
  constructor(
    readonly w: number,
    readonly h: number,
    background: Rgb,
  ) {
    this.px = new Uint8Array(w * h * 3);
    this.rect(0, 0, w, h, background);
  }

  /** A rectangle with rounded corners, filled with one colour or a diagonal gradient. */
  rect(x0: number, y0: number, w: number, h: number, color: Rgb, radius = 0, to?: Rgb) {
    const [r0, g0, b0] = color;
    const [r1, g1, b1] = to ?? color;
    for (let y = Math.max(0, y0); y < Math.min(this.h, y0 + h); y++) {
      const dy = Math.max(y0 + radius - y, y - (y0 + h - 1 - radius), 0);
      for (let x = Math.max(0, x0); x < Math.min(this.w, x0 + w); x++) {
        const dx = Math.max(x0 + radius - x, x - (x0 + w - 1 - radius), 0);
        if (dx && dy && dx * dx + dy * dy > radius * radius) continue;
        const k = to ? ((x - x0) / w) * 0.7 + ((y - y0) / h) * 0.3 : 0;
        const at = (y * this.w + x) * 3;
        this.px[at] = r0 + (r1 - r0) * k;
        this.px[at + 1] = g0 + (g1 - g0) * k;
        this.px[at + 2] = b0 + (b1 - b0) * k;
      }
    }
  }

  png(): Uint8Array {
    const rows: Buffer[] = [];
    for (let y = 0; y < this.h; y++)
      rows.push(
        Buffer.concat([
          Buffer.from([0]),
          Buffer.from(this.px.subarray(y * this.w * 3, (y + 1) * this.w * 3)),
        ]),
      );
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(this.w, 0);
    ihdr.writeUInt32BE(this.h, 4);
    ihdr[8] = 8;
    ihdr[9] = 2;
    return new Uint8Array(
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        chunk('IHDR', ihdr),
        chunk('IDAT', deflateSync(Buffer.concat(rows))),
        chunk('IEND', new Uint8Array()),
      ]),
    );
  }
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

type Palette = { accent: Rgb; accent2: Rgb; dark: boolean };
const surface = (p: Palette): Rgb => (p.dark ? [22, 27, 34] : [246, 248, 250]);
const panel = (p: Palette): Rgb => (p.dark ? [33, 38, 45] : WHITE);
const line = (p: Palette): Rgb => (p.dark ? [72, 79, 88] : [208, 215, 222]);

/** Poster cards in a grid, each with a title line under it. */
function posters(
  c: Canvas,
  p: Palette,
  x: number,
  y: number,
  cols: number,
  rows: number,
  width: number,
  gap: number,
) {
  const w = Math.floor((width - gap * (cols - 1)) / cols);
  const h = Math.round(w * 1.38);
  for (let r = 0; r < rows; r++)
    for (let i = 0; i < cols; i++) {
      const px = x + i * (w + gap);
      const py = y + r * (h + 34);
      const k = ((i + r * cols) % 5) / 5;
      c.rect(px, py, w, h, mix(p.accent, p.accent2, k), 8, mix(p.accent2, [20, 20, 30], 0.35 + k / 3));
      c.rect(px, py + h + 8, Math.round(w * 0.8), 9, line(p), 4);
      c.rect(px, py + h + 22, Math.round(w * 0.5), 7, mix(line(p), surface(p), 0.4), 3);
    }
}

/** A video site's home page in the theme's colours (PC, 960×600). */
export function themePcPreview(p: Palette, variant = 0): Uint8Array {
  const c = new Canvas(960, 600, surface(p));
  c.rect(0, 0, 960, 56, panel(p));
  c.rect(24, 16, 26, 24, p.accent, 6);
  c.rect(60, 22, 90, 12, line(p), 6);
  for (let i = 0; i < 5; i++) c.rect(220 + i * 70, 23, 46, 10, i === 0 ? p.accent : line(p), 5);
  c.rect(760, 16, 176, 24, mix(line(p), surface(p), 0.5), 12);
  if (variant === 0) {
    c.rect(24, 76, 912, 200, p.accent, 14, p.accent2);
    c.rect(60, 140, 320, 24, WHITE, 10);
    c.rect(60, 178, 220, 12, mix(WHITE, p.accent, 0.35), 6);
    c.rect(60, 208, 110, 34, WHITE, 17);
    posters(c, p, 24, 300, 6, 1, 912, 16);
  } else {
    c.rect(24, 76, 230, 320, p.accent, 12, p.accent2);
    for (let i = 0; i < 5; i++) c.rect(284, 90 + i * 26, i ? 420 - i * 40 : 300, i ? 10 : 20, line(p), 5);
    for (let i = 0; i < 16; i++)
      c.rect(284 + (i % 8) * 80, 260 + Math.floor(i / 8) * 46, 70, 34, i === 3 ? p.accent : panel(p), 6);
    posters(c, p, 24, 420, 8, 1, 912, 14);
  }
  return c.png();
}

/** The same theme on a phone (H5, 390×844). */
export function themeH5Preview(p: Palette): Uint8Array {
  const c = new Canvas(390, 844, surface(p));
  c.rect(0, 0, 390, 52, panel(p));
  c.rect(16, 14, 24, 24, p.accent, 6);
  c.rect(50, 20, 80, 12, line(p), 6);
  c.rect(16, 64, 358, 170, p.accent, 14, p.accent2);
  c.rect(36, 170, 180, 18, WHITE, 9);
  for (let i = 0; i < 4; i++) c.rect(16 + i * 92, 250, 82, 30, i ? panel(p) : p.accent, 15);
  posters(c, p, 16, 300, 3, 3, 358, 12);
  return c.png();
}

/** A plugin's card image: its colours with a mock settings panel (480×300). */
export function pluginThumb(p: Palette): Uint8Array {
  const c = new Canvas(480, 300, p.accent);
  c.rect(0, 0, 480, 300, p.accent, 0, p.accent2);
  c.rect(60, 50, 360, 200, WHITE, 16);
  c.rect(84, 76, 44, 44, p.accent, 12, p.accent2);
  c.rect(142, 82, 150, 14, [36, 41, 47], 7);
  c.rect(142, 104, 100, 10, [175, 184, 193], 5);
  for (let i = 0; i < 3; i++) {
    c.rect(84, 146 + i * 30, 180, 10, [208, 215, 222], 5);
    c.rect(360, 142 + i * 30, 36, 18, i === 1 ? [208, 215, 222] : p.accent, 9);
    c.rect(i === 1 ? 362 : 380, 144 + i * 30, 14, 14, WHITE, 7);
  }
  return c.png();
}

/** A plugin's settings page inside the CMS admin (960×600). */
export function pluginPreview(p: Palette, variant = 0): Uint8Array {
  const c = new Canvas(960, 600, [246, 248, 250]);
  c.rect(0, 0, 200, 600, [36, 41, 47]);
  c.rect(20, 20, 120, 16, [110, 118, 129], 8);
  for (let i = 0; i < 8; i++)
    c.rect(20, 70 + i * 40, 130 - (i % 3) * 20, 10, i === 2 ? p.accent : [87, 96, 106], 5);
  c.rect(200, 0, 760, 56, WHITE);
  c.rect(224, 22, 160, 12, [208, 215, 222], 6);
  c.rect(224, 80, 712, 496, WHITE, 12);
  c.rect(252, 104, 48, 48, p.accent, 12, p.accent2);
  c.rect(316, 110, 220, 16, [36, 41, 47], 8);
  c.rect(316, 134, 160, 10, [175, 184, 193], 5);
  const rows = variant ? 4 : 6;
  for (let i = 0; i < rows; i++) {
    const y = 190 + i * (variant ? 70 : 52);
    c.rect(252, y + 8, 120, 10, [110, 118, 129], 5);
    if (variant) c.rect(400, y, 500, 48, [246, 248, 250], 8);
    else c.rect(400, y, 360, 30, [246, 248, 250], 6);
  }
  c.rect(400, variant ? 480 : 510, 120, 36, p.accent, 8);
  return c.png();
}
