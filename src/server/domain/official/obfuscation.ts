import 'server-only';
/**
 * Signs of machine-obfuscated code: the packer, `_0x…` identifier soup, walls of `\x` escapes
 * or character codes, long base64 blobs fed to `atob`. Null when none is there. Read in what a
 * copy adds to an official file (some official player.js builds are obfuscated themselves).
 */
export function obfuscation(code: string): string | null {
  if (/eval\s*\(\s*function\s*\(\s*p\s*,\s*a\s*,\s*c\s*,\s*k\s*,\s*e\s*,\s*[dr]\s*\)/.test(code))
    return 'packer';
  if (count(code, /\b_0x[0-9a-f]{4,6}\b/g, 10)) return '_0x identifiers';
  if (count(code, /\\x[0-9a-f]{2}/gi, 40)) return '\\x escapes';
  if (/String\.fromCharCode\(\s*(?:\d+\s*,\s*){15}/.test(code)) return 'String.fromCharCode';
  if (/atob\(\s*["'][A-Za-z0-9+/=]{200,}/.test(code)) return 'base64';
  return null;
}

function count(text: string, pattern: RegExp, least: number): boolean {
  let n = 0;
  for (const _ of text.matchAll(pattern)) if (++n >= least) return true;
  return false;
}
