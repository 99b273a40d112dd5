import 'server-only';

/** Constructs that have no place in a market item (issue 3 §3); each finding holds the item. */
const RULES: { key: string; test: RegExp }[] = [
  {
    key: 'evalDecoded',
    test: /\b(?:eval|assert)\s*\(\s*(?:@\s*)?(?:base64_decode|gzinflate|gzuncompress|gzdecode|str_rot13|hex2bin|rawurldecode|convert_uudecode)\s*\(/i,
  },
  {
    key: 'evalInput',
    test: /\b(?:eval|assert|system|passthru|shell_exec)\s*\(\s*(?:@\s*)?\$_(?:GET|POST|REQUEST|COOKIE|SERVER)\b/i,
  },
  { key: 'pregEval', test: /preg_replace\s*\(\s*(['"])([^a-z0-9\s]).*\2[a-z]*e[a-z]*\1/i },
  {
    key: 'remoteInclude',
    test: /\b(?:include|require)(?:_once)?\s*\(?\s*['"](?:https?|ftp|data|php):\/?\//i,
  },
  {
    key: 'remoteEval',
    test: /\beval\s*\(\s*(?:file_get_contents|curl_exec|fread|stream_get_contents)\s*\(|\beval\s*\(\s*(?:await\s+)?fetch\s*\(/i,
  },
  {
    key: 'jsDecoded',
    test: /\b(?:eval|new\s+Function|setTimeout)\s*\(\s*(?:atob|unescape|decodeURIComponent)\s*\(/,
  },
  {
    key: 'scriptLoader',
    test: /createElement\s*\(\s*['"]script['"]\s*\)[\s\S]{0,200}\.src\s*=\s*(?:atob|unescape|String\.fromCharCode)\s*\(/,
  },
  { key: 'obfuscatedVars', test: /(?:\$[O0]{5,}\w*[\s\S]{0,40}){4,}/ },
  { key: 'longEncoded', test: /['"][A-Za-z0-9+/=]{3000,}['"]|(?:\\x[0-9a-f]{2}){60,}/i },
];

export const SCANNED = /\.(php|phtml|php[3-8]|inc|js|html?|tpl)$/i;

/** The rules a file's text breaks. */
export function scanText(content: string): string[] {
  return RULES.filter((r) => r.test.test(content)).map((r) => r.key);
}
