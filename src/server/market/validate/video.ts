import 'server-only';

export type VideoType = { ext: 'mp4' | 'avi' | 'mpg'; mime: string };

const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));
const u32 = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;

/** ISO base media brands of MP4 video. */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'dash',
  'msnv',
  'mmp4',
  'XAVC',
]);
/** Same container, not an MP4 video: still images, audio only, QuickTime. */
const OTHER_BRANDS = /^(heic|heix|hevc|mif1|msf1|avif|avis|miaf|M4A |M4B |M4P |qt {2}|crx )$/;

/**
 * The video type from the file's bytes (never its name or declared type): MP4 (an `ftyp` box of an
 * MP4 brand followed by well-formed boxes including `moov`), AVI (`RIFF....AVI `), MPEG (a program
 * stream pack header or a video sequence header); else undefined.
 */
export function sniffVideo(b: Uint8Array): VideoType | undefined {
  if (isMp4(b)) return { ext: 'mp4', mime: 'video/mp4' };
  if (b.length >= 16 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'AVI ')
    return { ext: 'avi', mime: 'video/x-msvideo' };
  if (b.length >= 12 && b[0] === 0 && b[1] === 0 && b[2] === 1) {
    // MPEG-2 pack headers start with bits 01, MPEG-1 with 0010.
    if (b[3] === 0xba && ((b[4]! & 0xc0) === 0x40 || (b[4]! & 0xf0) === 0x20))
      return { ext: 'mpg', mime: 'video/mpeg' };
    // A sequence header carries a non-zero 12-bit width and height.
    if (b[3] === 0xb3 && (b[4]! << 4) + (b[5]! >> 4) > 0 && ((b[5]! & 0x0f) << 8) + b[6]! > 0)
      return { ext: 'mpg', mime: 'video/mpeg' };
  }
  return undefined;
}

function isMp4(b: Uint8Array): boolean {
  if (b.length < 24 || ascii(b, 4, 4) !== 'ftyp') return false;
  const ftypSize = u32(b, 0);
  if (ftypSize < 16 || ftypSize > 1024 || ftypSize > b.length) return false;
  const major = ascii(b, 8, 4);
  const compatible: string[] = [];
  for (let at = 16; at + 4 <= ftypSize; at += 4) compatible.push(ascii(b, at, 4));
  if (OTHER_BRANDS.test(major)) return false;
  if (!MP4_BRANDS.has(major) && !compatible.some((c) => MP4_BRANDS.has(c))) return false;
  return hasMovie(b, ftypSize);
}

/** Walks the top-level boxes after `ftyp`: each must fit in the file, and one must be the movie. */
function hasMovie(b: Uint8Array, from: number): boolean {
  let at = from;
  let movie = false;
  while (at + 8 <= b.length) {
    let size = u32(b, at);
    const type = ascii(b, at + 4, 4);
    if (!/^[\x20-\x7e]{4}$/.test(type)) return false;
    if (size === 1) {
      if (at + 16 > b.length) return false;
      size = u32(b, at + 8) * 2 ** 32 + u32(b, at + 12);
    } else if (size === 0) size = b.length - at;
    if (size < 8 || at + size > b.length) return false;
    if (type === 'moov' || type === 'moof') movie = true;
    at += size;
  }
  return movie && at === b.length;
}
