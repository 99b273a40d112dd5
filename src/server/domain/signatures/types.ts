import 'server-only';
import type { Severity } from '@/contract/domain';

/**
 * Where a signature looks: page HTML, script bodies, or both (`any`); or only the addresses a
 * page loads or redirects to (`url`), so a name that is evidence only when loaded is never
 * matched where a page merely mentions it.
 */
export type SignatureTarget = 'html' | 'js' | 'url' | 'any';

/**
 * A detection rule (Wordfence-like): every literal must be present (cheap prefilter, lower case),
 * then `confirm` must match in a bounded window around the first literal's occurrences.
 */
export type Signature = {
  id: string;
  /** A translation key (`domain.sig.*`) for built-in rules, plain text for promoted samples. */
  title: string;
  severity: Severity;
  target: SignatureTarget;
  literals: string[];
  confirm?: RegExp;
  /**
   * `signal`: an idiom honest code uses too (a debugger trap, a platform test, the packer): it
   * adds weight to what the same script loads, and is never a finding by itself.
   */
  role?: 'signal';
};

export type Match = {
  signature: Signature;
  /** Offset of the evidence in the raw text. */
  offset: number;
  line: number;
  snippet: string;
  decoded: boolean;
};
