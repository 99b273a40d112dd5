/** Business constants, shared by client and server. */
export const SUCCESS_CODE = 1;
export const FAILURE_CODE = 0;
export const REQUEST_TIMEOUT_MS = 20_000;
export const MAX_CONTENT_LENGTH = 20_000_000;
/** What a call open to anyone may send, unless it takes files (feedback): its forms are a few fields. */
export const SMALL_BODY_BYTES = 64_000;
/** The length of a new password; a login takes any length up to the maximum (older accounts). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
export const MOBILE_WIDTH = 900;
export const HEADER_FIX_SCROLL = 110;
export const VIDEO_RATES = [0.7, 1, 1.5, 2] as const;
/** The top loading bar shows once a navigation has taken this long, and is full by LOADING_BAR_MS. */
export const LOADING_BAR_THROTTLE_MS = 200;
export const LOADING_BAR_MS = 5_000;

/**
 * Login attempts are counted so that guessing slows down without locking the owner out: per address,
 * per address and account, per account across all addresses (a distributed guess), each for devices
 * the account has not logged in from; a device that has (its cookie) counts on its own.
 */
export const RATE_LIMITS = {
  loginPerIp: { limit: 30, windowSeconds: 15 * 60 },
  loginPerIpAccount: { limit: 10, windowSeconds: 15 * 60 },
  loginPerAccount: { limit: 50, windowSeconds: 15 * 60 },
  loginPerDevice: { limit: 10, windowSeconds: 15 * 60 },
  registerPerIp: { limit: 10, windowSeconds: 60 * 60 },
} as const;

/**
 * What one request may hold, whatever its format: fields (query, form and multipart entries, JSON keys
 * and array items, counted together) and JSON nesting. The portal's largest call has a few dozen.
 */
export const BODY_LIMITS = { fields: 1_000, depth: 20 } as const;
