/**
 * The obfuscators real campaigns run their payloads through, for the evaluation of the injected-code
 * check on what attackers actually ship (tests/integration/domain/obfuscated-eval.test.ts).
 *
 * javascript-obfuscator is the real package (a devDependency) and terser the copy Next.js bundles;
 * Dean Edwards' packer, JSFuck, aaencode and jjencode are written here after their public
 * algorithms (no package is installed for them). Every encoder's output runs to the same effect as
 * its input (tests/integration/domain/obfuscators.test.ts runs each one), and each keeps the shape
 * of the original tool's output, which is what the check sees. All are deterministic: one input, one
 * output.
 */
import JavaScriptObfuscator from 'javascript-obfuscator';

type Terser = { minify: (code: string, options: object) => Promise<{ code?: string }> };

/** javascript-obfuscator's presets, each with a fixed seed as the graders ran them. */
export const OBFUSCATOR_PRESETS = ['low', 'default', 'medium', 'high'] as const;

export function javascriptObfuscator(code: string, preset: (typeof OBFUSCATOR_PRESETS)[number]): string {
  const name = preset === 'default' ? 'default' : (`${preset}-obfuscation` as const);
  return JavaScriptObfuscator.obfuscate(code, {
    ...JavaScriptObfuscator.getOptionsByPreset(name),
    // The default preset leaves the string array plain; campaigns turn its encodings on.
    ...(preset === 'default' ? { stringArrayEncoding: ['rc4' as const] } : {}),
    seed: 20261127,
  }).getObfuscatedCode();
}

/** terser as a build would run it: compressed, names mangled, top level included. */
export async function terser(code: string): Promise<string> {
  const mod = (await import('next/dist/compiled/terser' as string)) as Terser & { default?: Terser };
  const { minify } = mod.default ?? mod;
  const out = await minify(code, { compress: { toplevel: true, passes: 2 }, mangle: { toplevel: true } });
  return out.code ?? '';
}

/** A number in base 62 as the packer writes indexes: 0-9, a-z, then A-Z. */
function base62(n: number): string {
  const digit = n % 62;
  return (
    (n < 62 ? '' : base62(Math.floor(n / 62))) +
    (digit > 35 ? String.fromCharCode(digit + 29) : digit.toString(36))
  );
}

/**
 * Dean Edwards' packer (base 62): every word becomes its index in a dictionary sorted by how often it
 * occurs; a word whose index is itself is left blank in the dictionary; the unpacker is run by eval.
 */
export function packer(code: string): string {
  const counts = new Map<string, number>();
  for (const w of code.match(/\b\w+\b/g) ?? []) counts.set(w, (counts.get(w) ?? 0) + 1);
  const words = [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)!);
  const index = new Map(words.map((w, i) => [w, base62(i)]));
  const dictionary = words.map((w, i) => (base62(i) === w ? '' : w));
  const body = code
    .replace(/\b\w+\b/g, (w) => index.get(w)!)
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\r?\n/g, '\\n');
  return `eval(function(p,a,c,k,e,r){e=function(c){return(c<a?'':e(parseInt(c/a)))+((c=c%a)>35?String.fromCharCode(c+29):c.toString(36))};if(!''.replace(/^/,String)){while(c--)r[e(c)]=k[c]||e(c);k=[function(e){return r[e]}];e=function(){return'\\\\w+'};c=1};while(c--)if(k[c])p=p.replace(new RegExp('\\\\b'+e(c)+'\\\\b','g'),k[c]);return p}('${body}',62,${words.length},'${dictionary.join('|')}'.split('|'),0,{}))`;
}

// JSFuck: only the six characters []()!+. Digits are sums of `!+[]`; letters are taken from the
// strings false, true, undefined, NaN, [object Object], Infinity and a native function's source, the
// rest of the lowercase alphabet from `n.toString(36)`, everything else from `unescape('%xx')`; the
// program is handed to Function, reached as `[]['flat']['constructor']`.
const FUCK_DIGIT = (n: number): string =>
  n === 0 ? '+[]' : Array.from({ length: n }, (_, i) => (i === 0 ? '+!+[]' : '!+[]')).join('+');
const fuckNumber = (n: number): string =>
  n < 10 ? FUCK_DIGIT(n) : `+(${[...String(n)].map((d) => `[${FUCK_DIGIT(Number(d))}]`).join('+')})`;

const FUCK_SOURCES: [string, string][] = [
  ['false', '(![]+[])'],
  ['true', '(!![]+[])'],
  ['undefined', '([][[]]+[])'],
  ['NaN', '(+[![]]+[])'],
  ['[object Object]', '([]+{})'],
  ['Infinity', '(+(+!+[]+(!+[]+[])[!+[]+!+[]+!+[]]+[+!+[]]+[+[]]+[+[]]+[+[]])+[])'],
];

const fuckCache = new Map<string, string>();

function fuckChar(c: string): string {
  const known = fuckCache.get(c);
  if (known) return known;
  let expr: string | undefined;
  if (/[0-9]/.test(c)) expr = `(${FUCK_DIGIT(Number(c))}+[])`;
  for (const [source, make] of FUCK_SOURCES) {
    if (expr) break;
    const at = source.indexOf(c);
    if (at >= 0) expr = `${make}[${fuckNumber(at)}]`;
  }
  if (!expr) {
    // `function flat() { [native code] }`: the space, brackets and braces.
    const at = 'function flat() { [native code] }'.indexOf(c);
    if (at >= 0) expr = `([][${fuckString('flat')}]+[])[${fuckNumber(at)}]`;
  }
  if (!expr && (c === 'S' || c === 'g')) {
    const source = 'function String() { [native code] }';
    expr = `([]+([]+[])[${fuckString('constructor')}])[${fuckNumber(source.indexOf(c))}]`;
  }
  if (!expr && /[a-z]/.test(c)) {
    // (n).toString(36): 'toString' itself needs S and g, from String's source (above).
    expr = `(${fuckNumber(Number.parseInt(c, 36))})[${fuckString('toString')}](${fuckNumber(36)})`;
  }
  if (!expr && c === '%') expr = `${fuckFunction('return escape')}()([]+{})[+[]]`;
  if (!expr) {
    const hex = c.charCodeAt(0).toString(16).padStart(4, '0');
    expr = `${fuckFunction('return unescape')}()(${fuckString('%u')}+${fuckString(hex)})`;
  }
  fuckCache.set(c, expr);
  return expr;
}

const fuckString = (text: string): string => [...text].map(fuckChar).join('+');
const fuckFunction = (body: string) =>
  `[][${fuckString('flat')}][${fuckString('constructor')}](${fuckString(body)})`;

/** JSFuck's `--eval` output: the program as a string of []()!+ handed to Function and run. */
export function jsfuck(code: string): string {
  return `${fuckFunction(code)}()`;
}

// aaencode: Japanese emoticons as variable names. The preamble derives from ((ﾟｰﾟ==3)+'_') and its
// kin the hex digits a-f, 'constructor', 'return', a backslash and a quote; every character of the
// program is then `\` and its octal digits (`\u` and hex above 127), each digit an emoticon sum; and
// the string, evaluated by Function('return "…"'), is run by Function again.
const AA_DIGITS = [
  '(c^_^o)',
  '(ﾟΘﾟ)',
  '((o^_^o) - (ﾟΘﾟ))',
  '(o^_^o)',
  '(ﾟｰﾟ)',
  '((ﾟｰﾟ) + (ﾟΘﾟ))',
  '((o^_^o) +(o^_^o))',
  '((ﾟｰﾟ) + (o^_^o))',
  '((ﾟｰﾟ) + (ﾟｰﾟ))',
  '((ﾟｰﾟ) + (ﾟｰﾟ) + (ﾟΘﾟ))',
  '(ﾟДﾟ) .ﾟωﾟﾉ',
  '(ﾟДﾟ) .ﾟΘﾟﾉ',
  "(ﾟДﾟ) ['c']",
  '(ﾟДﾟ) .ﾟｰﾟﾉ',
  '(ﾟДﾟ) .ﾟДﾟﾉ',
  '(ﾟДﾟ) [ﾟΘﾟ]',
];

const AA_PREAMBLE =
  "ﾟωﾟﾉ= /｀ｍ´）ﾉ ~┻━┻   //*´∇｀*/ ['_']; o=(ﾟｰﾟ)  =_=3; c=(ﾟΘﾟ) =(ﾟｰﾟ)-(ﾟｰﾟ); (ﾟДﾟ) =(ﾟΘﾟ)= (o^_^o)/ (o^_^o);" +
  "(ﾟДﾟ)={ﾟΘﾟ: '_' ,ﾟωﾟﾉ : ((ﾟωﾟﾉ==3) +'_') [ﾟΘﾟ] ,ﾟｰﾟﾉ :(ﾟωﾟﾉ+ '_')[o^_^o -(ﾟΘﾟ)] ,ﾟДﾟﾉ:((ﾟｰﾟ==3) +'_')[ﾟｰﾟ] }; " +
  "(ﾟДﾟ) [ﾟΘﾟ] =((ﾟωﾟﾉ==3) +'_') [c^_^o];(ﾟДﾟ) ['c'] = ((ﾟДﾟ)+'_') [ (ﾟｰﾟ)+(ﾟｰﾟ)-(ﾟΘﾟ) ];(ﾟДﾟ) ['o'] = ((ﾟДﾟ)+'_') [ﾟΘﾟ];" +
  "(ﾟoﾟ)=(ﾟДﾟ) ['c']+(ﾟДﾟ) ['o']+(ﾟωﾟﾉ +'_')[ﾟΘﾟ]+ ((ﾟωﾟﾉ==3) +'_') [ﾟｰﾟ] + ((ﾟДﾟ) +'_') [(ﾟｰﾟ)+(ﾟｰﾟ)]+ ((ﾟｰﾟ==3) +'_') [ﾟΘﾟ]+((ﾟｰﾟ==3) +'_') [(ﾟｰﾟ) - (ﾟΘﾟ)]+(ﾟДﾟ) ['c']+((ﾟДﾟ)+'_') [(ﾟｰﾟ)+(ﾟｰﾟ)]+ (ﾟДﾟ) ['o']+((ﾟｰﾟ==3) +'_') [ﾟΘﾟ];" +
  "(ﾟДﾟ) ['_'] =(o^_^o) [ﾟoﾟ] [ﾟoﾟ];" +
  "(ﾟεﾟ)=((ﾟｰﾟ==3) +'_') [ﾟΘﾟ]+ (ﾟДﾟ) .ﾟДﾟﾉ+((ﾟДﾟ)+'_') [(ﾟｰﾟ) + (ﾟｰﾟ)]+((ﾟｰﾟ==3) +'_') [o^_^o -ﾟΘﾟ]+((ﾟｰﾟ==3) +'_') [ﾟΘﾟ]+ (ﾟωﾟﾉ +'_') [ﾟΘﾟ]; " +
  "(ﾟｰﾟ)+=(ﾟΘﾟ); (ﾟДﾟ)[ﾟεﾟ]='\\\\'; (ﾟДﾟ).ﾟΘﾟﾉ=(ﾟДﾟ+ ﾟｰﾟ)[o^_^o -(ﾟΘﾟ)];(oﾟｰﾟo)=(ﾟωﾟﾉ +'_')[c^_^o];(ﾟДﾟ) [ﾟoﾟ]='\\\"';";

export function aaencode(code: string): string {
  let out = `${AA_PREAMBLE}(ﾟДﾟ) ['_'] ( (ﾟДﾟ) ['_'] (ﾟεﾟ+(ﾟДﾟ)[ﾟoﾟ]+ `;
  for (const ch of code) {
    const n = ch.charCodeAt(0);
    out += '(ﾟДﾟ)[ﾟεﾟ]+';
    if (n <= 127) {
      for (const d of n.toString(8)) out += `${AA_DIGITS[Number(d)]}+ `;
    } else {
      out += '(oﾟｰﾟo)+ ';
      for (const d of n.toString(16).padStart(4, '0')) out += `${AA_DIGITS[Number.parseInt(d, 16)]}+ `;
    }
  }
  return `${out}(ﾟДﾟ)[ﾟoﾟ]) (ﾟΘﾟ)) ('_');`;
}

// jjencode: one global object (`$` by default) whose keys, spelled in `$` and `_`, hold the digits
// 0-9 and a-f, 'constructor', 'return' and Function; letters it has are referenced, punctuation is
// kept, every other character is written as a `\` octal (or `\u` hex) escape.
const JJ_KEYS = [
  '___',
  '__$',
  '_$_',
  '_$$',
  '$__',
  '$_$',
  '$$_',
  '$$$',
  '$___',
  '$__$',
  '$_$_',
  '$_$$',
  '$$__',
  '$$_$',
  '$$$_',
  '$$$$',
];

export function jjencode(code: string, gv = '$'): string {
  const digit = (d: string) => `${gv}.${JJ_KEYS[Number.parseInt(d, 16)]}+`;
  let r = '';
  let s = '';
  const flush = () => {
    if (s) r += `"${s}"+`;
    s = '';
  };
  for (const ch of code) {
    const n = ch.charCodeAt(0);
    if (n === 0x22 || n === 0x5c) s += `\\\\\\${ch}`;
    else if (
      (n >= 0x21 && n <= 0x2f) ||
      (n >= 0x3a && n <= 0x40) ||
      (n >= 0x5b && n <= 0x60) ||
      (n >= 0x7b && n <= 0x7f)
    )
      s += ch;
    else if ((n >= 0x30 && n <= 0x39) || (n >= 0x61 && n <= 0x66)) {
      flush();
      r += digit(ch);
    } else if (n === 0x6c) {
      flush();
      r += `(![]+"")[${gv}._$_]+`;
    } else if (n === 0x6f) {
      flush();
      r += `${gv}._$+`;
    } else if (n === 0x74) {
      flush();
      r += `${gv}.__+`;
    } else if (n === 0x75) {
      flush();
      r += `${gv}._+`;
    } else {
      r += `"${s}\\\\"+`;
      s = '';
      r +=
        n < 128
          ? [...n.toString(8)].map(digit).join('')
          : `${gv}._+${[...n.toString(16).padStart(4, '0')].map(digit).join('')}`;
    }
  }
  flush();
  const $ = gv;
  const table = `${$}=~[];${$}={___:++${$},$$$$:(![]+"")[${$}],__$:++${$},$_$_:(![]+"")[${$}],_$_:++${$},$_$$:({}+"")[${$}],$$_$:(${$}[${$}]+"")[${$}],_$$:++${$},$$$_:(!""+"")[${$}],$__:++${$},$_$:++${$},$$__:({}+"")[${$}],$$_:++${$},$$$:++${$},$___:++${$},$__$:++${$}};`;
  const words = `${$}.$_=(${$}.$_=${$}+"")[${$}.$_$]+(${$}._$=${$}.$_[${$}.__$])+(${$}.$$=(${$}.$+"")[${$}.__$])+((!${$})+"")[${$}._$$]+(${$}.__=${$}.$_[${$}.$$_])+(${$}.$=(!""+"")[${$}.__$])+(${$}._=(!""+"")[${$}._$_])+${$}.$_[${$}.$_$]+${$}.__+${$}._$+${$}.$;${$}.$$=${$}.$+(!""+"")[${$}._$$]+${$}.__+${$}._+${$}.$+${$}.$$;${$}.$=(${$}.___)[${$}.$_][${$}.$_];`;
  return `${table}${words}${$}.$(${$}.$(${$}.$$+"\\""+${r}"\\"")())();`;
}
