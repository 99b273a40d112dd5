import 'server-only';
import { readString, readVarName } from './strings';

/**
 * PHP source as tokens, so the scan reads code the way PHP does: text in strings and comments is
 * not code, `"sys"."tem"` is two strings and an operator, `<<<EOT` opens a heredoc. One pass, no
 * backtracking: the cost is linear in the file's size whatever it holds.
 */
export type Tok =
  | { t: 'var'; v: string; line: number }
  | { t: 'id'; v: string; line: number }
  | { t: 'num'; v: string; line: number }
  | { t: 'op'; v: string; line: number }
  /** A string: `v` its value when it has no interpolation; `parts` otherwise (text or code). */
  | { t: 'str'; v: string; line: number; parts?: Part[] }
  /** A backtick command, which PHP runs through the shell. */
  | { t: 'cmd'; v: string; line: number; parts: Part[] }
  | { t: 'cast'; v: string; line: number };
export type Part = string | Tok[];

export type Mode = 'php' | 'template';

const OPS = [
  '<<=',
  '>>=',
  '**=',
  '...',
  '<=>',
  '===',
  '!==',
  '??=',
  '?->',
  '<<',
  '>>',
  '<=',
  '>=',
  '==',
  '!=',
  '<>',
  '&&',
  '||',
  '??',
  '->',
  '=>',
  '::',
  '++',
  '--',
  '+=',
  '-=',
  '*=',
  '/=',
  '.=',
  '%=',
  '&=',
  '|=',
  '^=',
  '**',
  '|>',
]; // prettier-ignore
const CAST = /\(\s*(int|integer|bool|boolean|float|double|real|string|binary|array|object|unset)\s*\)/iy;
const NUMBER = /0[xX][0-9a-fA-F_]+|0[bB][01_]+|[0-9_]*\.?[0-9_]+(?:[eE][+-]?[0-9]+)?/y;
/** Operators by their first character, longest first. */
const BY_FIRST = new Map<string, string[]>();
for (const op of OPS) BY_FIRST.set(op.charAt(0), [...(BY_FIRST.get(op.charAt(0)) ?? []), op]);

/** PHP names: letters, digits, `_`, any byte from 0x80, and `\` between namespace parts. */
export const isNameStart = (c: number) =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c >= 0x80 || c === 92;
const isNameChar = (c: number) => isNameStart(c) || (c >= 48 && c <= 57);
const isDigit = (c: number) => c >= 48 && c <= 57;

export class Lexer {
  i = 0;
  line = 1;
  readonly out: Tok[] = [];
  constructor(
    readonly src: string,
    readonly mode: Mode,
    /** Tokens to read at most: past them reading stops (the caller holds the file unread). */
    readonly max = Number.POSITIVE_INFINITY,
  ) {}

  /** Tokens of the whole source, starting outside PHP (as a file does) unless `code` is set. */
  run(code = false): Tok[] {
    if (code) this.code('?>');
    while (this.i < this.src.length) {
      if (!this.inline()) break;
      this.code(this.closer);
    }
    return this.out;
  }

  private closer: string | null = null;
  /** Next template tag or `<script language="php">` at or after the read position, found once. */
  private nextTag: { at: number; open: number; closer: string } | null | undefined;

  private tag(): { at: number; open: number; closer: string } | null {
    if (this.nextTag === null || (this.nextTag && this.nextTag.at >= this.i)) return this.nextTag;
    const re = this.mode === 'template' ? TEMPLATE_TAG : SCRIPT_TAG;
    re.lastIndex = this.i;
    const m = re.exec(this.src);
    const text = m?.[0] ?? '';
    const closer = /^\{php\}$/i.test(text)
      ? '{/php}'
      : /":?$/.test(text)
        ? '"'
        : text.startsWith('{')
          ? '}'
          : '</script>';
    this.nextTag = m ? { at: m.index, open: text.length, closer } : null;
    return this.nextTag;
  }

  /** Skips text outside PHP up to the next opening tag; false at the end of the source. */
  private inline(): boolean {
    const { src } = this;
    const php = src.indexOf('<?', this.i);
    let next = php < 0 ? src.length : php;
    let closer: string | null = '?>';
    let open = 0;
    // ThinkPHP templates run `{php}…{/php}`, `{:expr}`, `{~expr}`, `{if condition="expr"}` and
    // `{volist name=":expr"}` as PHP (TEMPLATE_TAG); PHP 5 ran `<script language="php">` anywhere.
    const tag = this.tag();
    if (tag && tag.at < next) [next, closer, open] = [tag.at, tag.closer, tag.open];
    this.count(this.i, next);
    if (next >= src.length) return false;
    this.closer = closer;
    if (open) {
      this.i = next + open;
      if (src.startsWith('{:', next)) this.push('id', 'echo');
    } else if (src.startsWith('<?=', next)) {
      this.i = next + 3;
      this.push('id', 'echo');
    } else this.i = next + (/^<\?php/i.test(src.slice(next, next + 5)) ? 5 : 2);
    return true;
  }

  /** Tokens until the closing tag (`null`: the end of the source). */
  code(closer: string | null): void {
    const { src } = this;
    let depth = 0;
    while (this.i < src.length) {
      if (this.out.length > this.max) {
        this.i = src.length;
        return;
      }
      const c = src.charAt(this.i);
      const code = src.charCodeAt(this.i);
      const closes =
        closer !== null &&
        c === closer.charAt(0) &&
        (closer === '}' ? depth === 0 : src.startsWith(closer, this.i));
      if (closes) {
        this.i += closer.length;
        if (closer === '?>' && src.charAt(this.i) === '\n') {
          this.i++;
          this.line++;
        }
        this.push('op', ';');
        return;
      }
      if (c === '\n') this.line++;
      if (c === ' ' || c === '\t' || c === '\r' || c === '\n' || c === '\f' || c === '\v') {
        this.i++;
        continue;
      }
      if (c === '#' && src.charAt(this.i + 1) !== '[') this.lineComment();
      else if (c === '/' && src.charAt(this.i + 1) === '/') this.lineComment();
      else if (c === '/' && src.charAt(this.i + 1) === '*') this.blockComment();
      else if (c === '$' && isNameStart(src.charCodeAt(this.i + 1))) {
        const name = readVarName(src, this.i + 1);
        this.push('var', name);
        this.i += 1 + name.length;
      } else if (isNameStart(code)) {
        this.name();
        if (this.halted()) return;
      } else if (isDigit(code) || (c === '.' && isDigit(src.charCodeAt(this.i + 1)))) this.number();
      else if (c === "'" || c === '"' || c === '`') this.string(c);
      else if (src.startsWith('<<<', this.i)) this.heredoc();
      else {
        if (c === '{') depth++;
        if (c === '}') depth--;
        this.operator();
      }
    }
  }

  /** `__halt_compiler();` ends the code: what follows is data. */
  private halted(): boolean {
    const last = this.out[this.out.length - 1];
    if (last?.t !== 'id' || last.v.toLowerCase() !== '__halt_compiler') return false;
    // `$o->__halt_compiler`, `C::__halt_compiler`: a member's name, not the statement.
    const before = this.out[this.out.length - 2];
    if (before?.t === 'op' && (before.v === '->' || before.v === '?->' || before.v === '::')) return false;
    this.i = this.src.length;
    return true;
  }

  private lineComment(): void {
    const { src } = this;
    while (this.i < src.length && src.charAt(this.i) !== '\n' && !src.startsWith('?>', this.i)) this.i++;
  }

  private blockComment(): void {
    const end = this.src.indexOf('*/', this.i + 2);
    const stop = end < 0 ? this.src.length : end + 2;
    this.count(this.i, stop);
    this.i = stop;
  }

  private name(): void {
    const { src } = this;
    let j = this.i;
    while (j < src.length && isNameChar(src.charCodeAt(j))) j++;
    this.push('id', src.slice(this.i, j));
    this.i = j;
  }

  private number(): void {
    NUMBER.lastIndex = this.i;
    const text = NUMBER.exec(this.src)?.[0] ?? this.src.charAt(this.i);
    this.push('num', text.replace(/_/g, ''));
    this.i += text.length;
  }

  private string(quote: string): void {
    const line = this.line;
    const s = readString(this.src, this.i, quote, this.mode, line);
    this.count(this.i, s.end);
    this.i = s.end;
    if (quote === '`') this.out.push({ t: 'cmd', v: '', line, parts: s.parts });
    else this.out.push(str(s.parts, line));
  }

  private heredoc(): void {
    const m = /^<<<[ \t]*(['"]?)([A-Za-z_\x80-\uffff][A-Za-z0-9_\x80-\uffff]*)\1\r?\n/.exec(
      this.src.slice(this.i, this.i + 200),
    );
    if (!m) {
      this.operator();
      return;
    }
    const line = this.line;
    const body = this.i + m[0].length;
    const close = new RegExp(`\\n[ \\t]*${m[2]}\\b`, 'g');
    close.lastIndex = body - 1;
    const found = close.exec(this.src);
    const end = found ? found.index : this.src.length;
    const text = this.src.slice(body, end);
    const parts = m[1] === "'" ? [text] : readString(`"${text}`, 0, '"', this.mode, line + 1, true).parts;
    this.count(this.i, found ? found.index + found[0].length : end);
    this.i = found ? found.index + found[0].length : end;
    this.out.push(str(parts, line));
  }

  private operator(): void {
    const { src } = this;
    CAST.lastIndex = this.i;
    const cast = src.charAt(this.i) === '(' ? CAST.exec(src) : null;
    if (cast) {
      this.push('cast', (cast[1] ?? '').toLowerCase());
      this.i += cast[0].length;
      return;
    }
    const op = BY_FIRST.get(src.charAt(this.i))?.find((o) => src.startsWith(o, this.i)) ?? src.charAt(this.i);
    this.push('op', op === '#' ? '[' : op);
    this.i += op === '#' ? 2 : op.length;
  }

  private push(t: 'var' | 'id' | 'num' | 'op' | 'cast', v: string): void {
    this.out.push({ t, v, line: this.line });
  }

  private count(from: number, to: number): void {
    for (let k = from; k < to; k++) if (this.src.charCodeAt(k) === 10) this.line++;
  }
}

function str(parts: Part[], line: number): Tok {
  if (parts.every((p) => typeof p === 'string')) return { t: 'str', v: parts.join(''), line };
  return { t: 'str', v: '', line, parts };
}

const SCRIPT = String.raw`<script\s+language\s*=\s*["']?php["']?\s*>`;
const SCRIPT_TAG = new RegExp(SCRIPT, 'gi');
/**
 * ThinkPHP's tags whose attributes it reads as PHP: every `{:…}` and `{~…}`, an if's condition, and
 * (TagLib::autoBuildVar) an attribute given as `":call(…)"` in the built-in tags, which MacCMS's
 * `{maccms:for}` / `{maccms:foreach}` become.
 */
const CALL_ATTRIBUTE_TAGS =
  '(?:maccms:)?(?:volist|foreach|for|switch|case|compare|eq|equal|neq|notequal|gt|egt|lt|elt|heq|nheq|range|in|notin|between|notbetween|present|notpresent|empty|notempty|assign|define|load)';
const TEMPLATE_TAG = new RegExp(
  String.raw`\{php\}|\{[:~]|\{(?:if|elseif)\s+condition\s*=\s*"|\{${CALL_ATTRIBUTE_TAGS}\s[^}]{0,200}?\b[\w-]+\s*=\s*":|${SCRIPT}`,
  'gi',
);

export function tokenize(src: string, mode: Mode = 'php', code = false, max?: number): Tok[] {
  return new Lexer(src, mode, max).run(code);
}
