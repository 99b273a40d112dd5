import 'server-only';

/**
 * A tiny real MP4 (H.264 Baseline, no encoder needed) for the demo feedback and the browser test:
 * the first frame is a gradient stored as uncompressed I_PCM macroblocks, every later frame repaints
 * two macroblocks (a square moving across) and skips the rest. Browsers decode and seek it like any
 * camera clip. Deterministic: the same arguments give the same bytes.
 */
export function demoMp4({ width = 128, height = 80, fps = 10, seconds = 2 } = {}): Uint8Array {
  const mbW = width / 16;
  const mbH = height / 16;
  if (!Number.isInteger(mbW) || !Number.isInteger(mbH)) throw new Error('width and height: multiples of 16');
  const frames = fps * seconds;
  const sps = nal(0x67, spsRbsp(mbW, mbH));
  const pps = nal(0x68, ppsRbsp());
  const samples = [nal(0x65, idrSlice(mbW, mbH))];
  for (let f = 1; f < frames; f++) samples.push(nal(0x41, movingSlice(mbW, mbH, f)));
  return mp4({ width, height, fps, sps, pps, samples });
}

class Bits {
  private bytes: number[] = [];
  private cur = 0;
  private n = 0;
  u(bits: number, value: number) {
    for (let i = bits - 1; i >= 0; i--) {
      this.cur = (this.cur << 1) | ((value >>> i) & 1);
      if (++this.n === 8) {
        this.bytes.push(this.cur);
        this.cur = 0;
        this.n = 0;
      }
    }
    return this;
  }
  ue(value: number) {
    const len = Math.floor(Math.log2(value + 1));
    this.u(len, 0);
    return this.u(len + 1, value + 1);
  }
  se(value: number) {
    return this.ue(value <= 0 ? -2 * value : 2 * value - 1);
  }
  align() {
    while (this.n !== 0) this.u(1, 0);
    return this;
  }
  raw(data: number[]) {
    for (const b of data) this.u(8, b);
    return this;
  }
  /** rbsp_trailing_bits: a stop bit, then zeros to the byte boundary. */
  done(): number[] {
    this.u(1, 1).align();
    return this.bytes;
  }
}

function spsRbsp(mbW: number, mbH: number) {
  return new Bits()
    .u(8, 66) // Baseline
    .u(8, 0xc0) // constraint_set0 and set1
    .u(8, 30) // level 3.0
    .ue(0) // seq_parameter_set_id
    .ue(0) // log2_max_frame_num_minus4: frame_num has 4 bits
    .ue(2) // pic_order_cnt_type 2: order follows frame_num
    .ue(1) // max_num_ref_frames
    .u(1, 0) // gaps_in_frame_num_value_allowed_flag
    .ue(mbW - 1)
    .ue(mbH - 1)
    .u(1, 1) // frame_mbs_only_flag
    .u(1, 1) // direct_8x8_inference_flag
    .u(1, 0) // frame_cropping_flag
    .u(1, 0) // vui_parameters_present_flag
    .done();
}

function ppsRbsp() {
  return new Bits()
    .ue(0) // pic_parameter_set_id
    .ue(0) // seq_parameter_set_id
    .u(1, 0) // CAVLC
    .u(1, 0) // bottom_field_pic_order_in_frame_present_flag
    .ue(0) // num_slice_groups_minus1
    .ue(0) // num_ref_idx_l0_default_active_minus1
    .ue(0) // num_ref_idx_l1_default_active_minus1
    .u(1, 0) // weighted_pred_flag
    .u(2, 0) // weighted_bipred_idc
    .se(0) // pic_init_qp_minus26
    .se(0) // pic_init_qs_minus26
    .se(0) // chroma_qp_index_offset
    .u(1, 1) // deblocking_filter_control_present_flag
    .u(1, 0) // constrained_intra_pred_flag
    .u(1, 0) // redundant_pic_cnt_present_flag
    .done();
}

type Yuv = [number, number, number];

const yuv = (r: number, g: number, b: number): Yuv => [
  Math.round(16 + 0.257 * r + 0.504 * g + 0.098 * b),
  Math.round(128 - 0.148 * r - 0.291 * g + 0.439 * b),
  Math.round(128 + 0.439 * r - 0.368 * g - 0.071 * b),
];

/** The background: a blue-to-violet gradient (the portal's brand colours). */
function background(x: number, y: number, w: number, h: number): Yuv {
  const k = (x / w + y / h) / 2;
  return yuv(31 + (130 - 31) * k, 111 + (80 - 111) * k, 235 + (223 - 235) * k);
}

const SQUARE = yuv(255, 214, 10);

/** The 384 samples of one I_PCM macroblock (16x16 luma, two 8x8 chroma planes). */
function pcm(mbX: number, mbY: number, mbW: number, mbH: number, square: boolean): number[] {
  const w = mbW * 16;
  const h = mbH * 16;
  const at = (x: number, y: number) => (square ? SQUARE : background(x, y, w, h));
  const out: number[] = [];
  for (let y = 0; y < 16; y++) for (let x = 0; x < 16; x++) out.push(at(mbX * 16 + x, mbY * 16 + y)[0]);
  for (const plane of [1, 2])
    for (let y = 0; y < 8; y++)
      for (let x = 0; x < 8; x++) out.push(at(mbX * 16 + x * 2, mbY * 16 + y * 2)[plane]!);
  return out;
}

function idrSlice(mbW: number, mbH: number) {
  const b = new Bits()
    .ue(0) // first_mb_in_slice
    .ue(7) // slice_type: I (all slices)
    .ue(0) // pic_parameter_set_id
    .u(4, 0) // frame_num
    .ue(0) // idr_pic_id
    .u(1, 0) // no_output_of_prior_pics_flag
    .u(1, 0) // long_term_reference_flag
    .se(0) // slice_qp_delta
    .ue(1); // disable_deblocking_filter_idc
  for (let y = 0; y < mbH; y++)
    for (let x = 0; x < mbW; x++)
      b.ue(25) // mb_type I_PCM
        .align()
        .raw(pcm(x, y, mbW, mbH, false));
  return b.done();
}

/** Frame f: the square moves one macroblock along the middle row; its old place gets the background. */
function movingSlice(mbW: number, mbH: number, f: number) {
  const row = Math.floor(mbH / 2);
  const pos = (n: number) => row * mbW + (n % mbW);
  const paint = new Map<number, boolean>([[pos(f), true]]);
  if (f > 1 && pos(f - 1) !== pos(f)) paint.set(pos(f - 1), false);
  const b = new Bits()
    .ue(0) // first_mb_in_slice
    .ue(5) // slice_type: P (all slices)
    .ue(0) // pic_parameter_set_id
    .u(4, f % 16) // frame_num
    .u(1, 0) // num_ref_idx_active_override_flag
    .u(1, 0) // ref_pic_list_modification_flag_l0
    .u(1, 0) // adaptive_ref_pic_marking_mode_flag
    .se(0) // slice_qp_delta
    .ue(1); // disable_deblocking_filter_idc
  let next = 0;
  for (const mb of [...paint.keys()].sort((a, c) => a - c)) {
    b.ue(mb - next) // mb_skip_run
      .ue(5 + 25) // mb_type I_PCM in a P slice
      .align()
      .raw(pcm(mb % mbW, Math.floor(mb / mbW), mbW, mbH, paint.get(mb)!));
    next = mb + 1;
  }
  if (next < mbW * mbH) b.ue(mbW * mbH - next);
  return b.done();
}

/** A NAL unit: header byte and the payload with emulation-prevention bytes. */
function nal(header: number, rbsp: number[]): Uint8Array {
  const out = [header];
  let zeros = 0;
  for (const byte of rbsp) {
    if (zeros >= 2 && byte <= 3) {
      out.push(3);
      zeros = 0;
    }
    out.push(byte);
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return Uint8Array.from(out);
}

function mp4(args: {
  width: number;
  height: number;
  fps: number;
  sps: Uint8Array;
  pps: Uint8Array;
  samples: Uint8Array[];
}): Uint8Array {
  const { width, height, fps, sps, pps, samples } = args;
  const timescale = fps * 100;
  const duration = samples.length * 100;
  const ms = Math.round((samples.length / fps) * 1000);
  const matrix = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000];
  const data = samples.map((s) => concat([u32(s.length), s]));
  const stbl = (chunkOffset: number) =>
    box(
      'stbl',
      box(
        'stsd',
        u32(0),
        u32(1),
        box(
          'avc1',
          new Uint8Array(6),
          u16(1), // data_reference_index
          new Uint8Array(16),
          u16(width),
          u16(height),
          u32(0x480000),
          u32(0x480000),
          u32(0),
          u16(1), // frame_count
          new Uint8Array(32), // compressorname
          u16(0x18),
          u16(0xffff),
          box(
            'avcC',
            Uint8Array.from([1, sps[1]!, sps[2]!, sps[3]!, 0xff, 0xe1]),
            u16(sps.length),
            sps,
            Uint8Array.from([1]),
            u16(pps.length),
            pps,
          ),
        ),
      ),
      box('stts', u32(0), u32(1), u32(samples.length), u32(100)),
      box('stss', u32(0), u32(1), u32(1)),
      box('stsc', u32(0), u32(1), u32(1), u32(samples.length), u32(1)),
      box('stsz', u32(0), u32(0), u32(samples.length), ...data.map((d) => u32(d.length))),
      box('stco', u32(0), u32(1), u32(chunkOffset)),
    );
  const moov = (chunkOffset: number) =>
    box(
      'moov',
      box(
        'mvhd',
        u32(0),
        u32(0),
        u32(0),
        u32(1000),
        u32(ms),
        u32(0x10000),
        u16(0x100),
        new Uint8Array(10),
        ...matrix.map(u32),
        new Uint8Array(24),
        u32(2),
      ),
      box(
        'trak',
        box(
          'tkhd',
          u32(3), // enabled, in movie
          u32(0),
          u32(0),
          u32(1),
          u32(0),
          u32(ms),
          new Uint8Array(8),
          u16(0),
          u16(0),
          u16(0),
          u16(0),
          ...matrix.map(u32),
          u32(width << 16),
          u32(height << 16),
        ),
        box(
          'mdia',
          box('mdhd', u32(0), u32(0), u32(0), u32(timescale), u32(duration), u16(0x55c4), u16(0)),
          box('hdlr', u32(0), u32(0), ascii('vide'), new Uint8Array(12), ascii('VideoHandler\0')),
          box(
            'minf',
            box('vmhd', u32(1), new Uint8Array(8)),
            box('dinf', box('dref', u32(0), u32(1), box('url ', u32(1)))),
            stbl(chunkOffset),
          ),
        ),
      ),
    );
  const ftyp = box('ftyp', ascii('isom'), u32(0x200), ascii('isomiso2avc1mp41'));
  // moov comes first (a "fast start" file), so its size decides where the samples begin.
  const offset = ftyp.length + moov(0).length + 8;
  return concat([ftyp, moov(offset), box('mdat', ...data)]);
}

function box(type: string, ...parts: Uint8Array[]): Uint8Array {
  const body = concat(parts);
  return concat([u32(body.length + 8), ascii(type), body]);
}

const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const u16 = (v: number) => Uint8Array.from([(v >>> 8) & 0xff, v & 0xff]);
const u32 = (v: number) => Uint8Array.from([v >>> 24, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff]);

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
