import 'server-only';

/**
 * Characters that look like ASCII letters (a small slice of Unicode's confusables list: the
 * Cyrillic, Greek and Latin look-alikes used in real look-alike registrations) and ASCII
 * sequences that read as another letter.
 */
const UNICODE: Record<string, string> = {
  а: 'a',
  ɑ: 'a',
  α: 'a',
  à: 'a',
  á: 'a',
  â: 'a',
  ã: 'a',
  ä: 'a',
  å: 'a',
  с: 'c',
  ϲ: 'c',
  ç: 'c',
  ċ: 'c',
  ԁ: 'd',
  ɗ: 'd',
  е: 'e',
  ė: 'e',
  è: 'e',
  é: 'e',
  ê: 'e',
  ë: 'e',
  ε: 'e',
  һ: 'h',
  і: 'i',
  ı: 'i',
  ì: 'i',
  í: 'i',
  î: 'i',
  ï: 'i',
  ι: 'i',
  ј: 'j',
  κ: 'k',
  к: 'k',
  ӏ: 'l',
  ḷ: 'l',
  м: 'm',
  ṃ: 'm',
  п: 'n',
  ո: 'n',
  ñ: 'n',
  η: 'n',
  о: 'o',
  ο: 'o',
  ө: 'o',
  ò: 'o',
  ó: 'o',
  ô: 'o',
  õ: 'o',
  ö: 'o',
  σ: 'o',
  р: 'p',
  ρ: 'p',
  ԛ: 'q',
  г: 'r',
  ѕ: 's',
  ś: 's',
  т: 't',
  τ: 't',
  υ: 'u',
  ս: 'u',
  ù: 'u',
  ú: 'u',
  û: 'u',
  ü: 'u',
  ν: 'v',
  ѵ: 'v',
  ԝ: 'w',
  ω: 'w',
  х: 'x',
  χ: 'x',
  у: 'y',
  ý: 'y',
  ÿ: 'y',
  ʐ: 'z',
  ż: 'z',
};

const ASCII_SEQUENCES: [RegExp, string][] = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
  [/cl/g, 'd'],
  [/0/g, 'o'],
  [/1/g, 'l'],
  [/3/g, 'e'],
  [/5/g, 's'],
];

/** Pairs of single ASCII characters that are easy to mistake for each other. */
export const ASCII_LOOKALIKES = new Set(['0o', 'o0', '1l', 'l1', 'il', 'li', '1i', 'i1', 'uv', 'vu']);

/** The label with look-alike Unicode characters replaced by the ASCII they imitate. */
export const unicodeSkeleton = (label: string) =>
  [...label.normalize('NFC')].map((c) => UNICODE[c] ?? c).join('');

/** The label as the eye reads it: `rn` as m, `0` as o. */
export function asciiSkeleton(label: string): string {
  let out = label;
  for (const [pattern, letter] of ASCII_SEQUENCES) out = out.replace(pattern, letter);
  return out;
}
