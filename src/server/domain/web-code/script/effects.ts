import 'server-only';
import type { LoadHow, LoadKind } from '../html/load-kinds';
import type { ElementAct } from './hidden';
import type { ElementRec } from './values';

/** What a script makes the browser load or where it sends the visitor, as far as it can be read. */
export type ScriptLoad = {
  /** As written (may be relative); `UNKNOWN` marks parts that depend on run time. */
  url: string;
  kind: LoadKind;
  how: LoadHow;
  /** How the address (or the call reaching the sink) was hidden. */
  dec: string[];
  /** Visitor tests the code sits behind: userAgent, referrer, platform, cookie, time. */
  gates: string[];
  /**
   * Inside a function that runs only when something calls it (a method, a click handler on one
   * element), rather than as the page loads (top level, IIFEs, timers, load and page-wide events).
   */
  deferred?: boolean;
  /** The element a `src` was set on, so a later `style.display='none'` still counts. */
  el?: ElementRec;
  start: number;
  end: number;
};

/** Markup a script writes (document.write, innerHTML, jQuery): read again as HTML. */
export type ScriptMarkup = {
  html: string;
  dec: string[];
  gates: string[];
  /** Written by code that runs only when called (see ScriptLoad). */
  deferred?: boolean;
  start: number;
  end: number;
};

/** A form submitted by code: `id:<id>`, `index:<n>`, `name:<name>`, or `any`. */
export type ScriptSubmit = { target: string; start: number };

export type ScriptFacts = {
  loads: ScriptLoad[];
  markup: ScriptMarkup[];
  submits: ScriptSubmit[];
  /** Idioms met on the way: packer, eval of a decoded string, string-built sinks. */
  idioms: string[];
  /** Addresses the script fetches as data (fetch, XMLHttpRequest, $.get, $.ajax). */
  fetched: ScriptLoad[];
  /** Whether what it fetched reaches code execution (`.then(eval)`, `eval(xhr.responseText)`): fetched.ts. */
  runsFetched: boolean;
  /**
   * Whether a `message` listener of the window runs what it is sent as code: the frames and
   * windows the page opens can then hand it any code (a postMessage loader).
   */
  messageRuns: boolean;
  /** `message` listeners that send the page wherever the message says, without checking the sender (events.ts). */
  messageNavigates: { start: number; end: number }[];
  /**
   * Addresses the page posts to itself (`window.postMessage('https://…', '*')`): where such a
   * listener sends the visitor, added to the loads when the script has one (read-script.ts).
   */
  posted: ScriptLoad[];
  /**
   * What the script does to page elements as the page loads (hides, empties, gives classes) and
   * what undoes it: the links in an element hidden in the end are hidden links (hidden.ts).
   */
  acts: ElementAct[];
  /** Titles the script gives the page as it loads (`document.title = …`): see seo-title.ts. */
  titles: string[];
  /** Whether a real parse succeeded (else a pattern reading of the decoded text was used). */
  parsed: boolean;
};

export const emptyFacts = (): ScriptFacts => ({
  loads: [],
  markup: [],
  submits: [],
  idioms: [],
  fetched: [],
  runsFetched: false,
  messageRuns: false,
  messageNavigates: [],
  posted: [],
  acts: [],
  titles: [],
  parsed: true,
});
