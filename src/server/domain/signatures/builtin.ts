import 'server-only';
import type { Signature } from './types';

/**
 * Loader idioms seen in campaigns against this CMS (docs/detection.md), read in script
 * code and in markup (never in text). Each was tested against the CMS's default templates
 * (tests/integration/domain/engine.test.ts): none fires. Idioms honest code uses too are
 * `signal`s that only add weight; fake library names and hidden link blocks are judged by the
 * load and link readers (signals/host.ts, link-farm.ts) rather than by a pattern.
 */
export const BUILTIN_SIGNATURES: Signature[] = [
  {
    id: 'loader.base64-script',
    title: 'domain.sig.base64Loader',
    severity: 'high',
    target: 'any',
    literals: ['createelement', 'atob('],
    // The decoded text must be what the script element receives (its src, or its code), not any
    // atob nearby (a base64 JSON configuration decoded after an honest loader).
    confirm:
      /createElement\(\s*["']script["']\s*\)[\s\S]{0,600}?(?:\.(?:src|text|textContent|innerText)\s*=\s*|setAttribute\(\s*["']src["']\s*,\s*)(?:window\.)?atob\(\s*["'][A-Za-z0-9+/=]{16,}/i,
  },
  {
    id: 'loader.eval-window-hex',
    title: 'domain.sig.evalWindow',
    severity: 'high',
    target: 'any',
    literals: ['eval(', 'window'],
    confirm: /eval\(\s*["']window["']\s*\)\s*\[\s*["'](?:\\x[0-9a-f]{2})+/i,
  },
  {
    id: 'loader.platform-gate',
    role: 'signal',
    title: 'domain.sig.platformGate',
    severity: 'medium',
    target: 'any',
    literals: ['navigator.platform'],
    confirm: /\/\^?\(?(?:Mac\|Win|Win\|Mac)[^/\n]{0,20}\/[gimsuy]{0,4}\s*\.test\(\s*navigator\.platform/i,
  },
  {
    id: 'loader.debugger-trap',
    role: 'signal',
    title: 'domain.sig.debuggerTrap',
    severity: 'medium',
    target: 'any',
    literals: ['debugger', 'setinterval'],
    confirm: /setInterval\(\s*(?:function\s*\(\s*\)|\(\s*\)\s*=>)\s*\{?\s*debugger/i,
  },
  {
    id: 'loader.packed-eval',
    role: 'signal',
    title: 'domain.sig.packedEval',
    severity: 'medium',
    target: 'any',
    literals: ['eval(function(p,a,c,k,e,'],
  },
  {
    id: 'cloak.spider-referrer',
    role: 'signal',
    title: 'domain.sig.spiderCloak',
    severity: 'high',
    target: 'any',
    literals: ['navigator.useragent'],
    confirm:
      /navigator\.userAgent[\s\S]{0,300}?(?:baiduspider|sogou|360spider|bytespider|googlebot|yisouspider)[\s\S]{0,400}?(?:location(?:\.href)?\s*=|document\.write|createElement)/i,
  },
  {
    id: 'cloak.search-referrer',
    role: 'signal',
    title: 'domain.sig.refererCloak',
    severity: 'high',
    target: 'any',
    literals: ['document.referrer'],
    confirm:
      /document\.referrer[\s\S]{0,300}?(?:baidu|sogou|so\.com|sm\.cn|google|bing)[\s\S]{0,400}?(?:location(?:\.href)?\s*=|location\.replace|document\.write|createElement)/i,
  },
  {
    id: 'inject.document-write-script',
    role: 'signal',
    title: 'domain.sig.writeScript',
    severity: 'medium',
    target: 'any',
    literals: ['document.write'],
    confirm: /document\.write(?:ln)?\(\s*["']\s*<script[^>]{0,200}src\s*=\s*\\?["']?(?:https?:)?\/\//i,
  },
  {
    id: 'inject.script-in-title',
    title: 'domain.sig.scriptInTitle',
    severity: 'high',
    target: 'html',
    literals: ['<title', '<script'],
    confirm: /<title[^>]{0,100}>[^<]{0,300}<script/i,
  },
  {
    id: 'inject.script-in-alt',
    title: 'domain.sig.scriptInAttribute',
    severity: 'high',
    target: 'html',
    literals: ['<script'],
    confirm: /\s(?:alt|title|data-original|src)\s*=\s*"[^"<>]{0,200}<script/i,
  },
];

/** Hosts that campaigns against this CMS loaded scripts from: one signal among several, only where loaded. */
export const INDICATOR_HOSTS = [
  'code.jquecy.com',
  'cdnjs.clondflare.com',
  'union.dplayerstatic.com',
  'union.macoms.la',
  'maccms.info',
  'zz.bdustatic.com',
  'ywquyq.com',
  'vodplay2.com',
];
