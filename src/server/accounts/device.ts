import 'server-only';

/** Browsers and systems named in the sessions list, first match wins (order matters: Edge says "Chrome" too). */
const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger\//, 'WeChat'],
  [/\bQQ\//, 'QQ'],
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/HeadlessChrome\//, 'Headless Chrome'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//, 'curl'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome on Windows" from a User-Agent header; empty when nothing is recognised. */
export function deviceLabel(userAgent: string): { browser: string; system: string } {
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1] ?? '';
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1] ?? '';
  return { browser, system };
}
