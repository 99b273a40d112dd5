import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/contract/locales';
import { LOCALE_MESSAGES } from '../support/messages';

/** Every leaf of a nested message file as `dotted.key` → text (non-strings are kept to be reported). */
function flatten(node: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (node && typeof node === 'object' && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) flatten(value, prefix ? `${prefix}.${key}` : key, out);
  } else out.set(prefix, node);
  return out;
}

const flat = Object.fromEntries(LOCALES.map((l) => [l, flatten(LOCALE_MESSAGES[l])]));
const allKeys = [...new Set(LOCALES.flatMap((l) => [...flat[l]!.keys()]))].sort();
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

describe('message files', () => {
  it('have content', () => {
    expect(allKeys.length).toBeGreaterThan(20);
  });

  it.each(LOCALES)('%s has every key that any locale has', (locale) => {
    const missing = allKeys.filter((key) => !flat[locale]!.has(key));
    expect(missing).toEqual([]);
  });

  it.each(LOCALES)('%s has no empty or non-text value', (locale) => {
    const bad = [...flat[locale]!]
      .filter(([, v]) => typeof v !== 'string' || v.trim() === '')
      .map(([k]) => k);
    expect(bad).toEqual([]);
  });

  it('use the same placeholders in every language', () => {
    const mismatched = allKeys.filter((key) => {
      const [first, ...rest] = LOCALES.map((l) => flat[l]!.get(key));
      if (typeof first !== 'string') return false;
      return rest.some((v) => typeof v === 'string' && placeholders(v).join() !== placeholders(first).join());
    });
    expect(mismatched).toEqual([]);
  });

  /**
   * A reader meets one product name and is addressed one way throughout: the Chinese files use the
   * Latin name (MacCMS, as in "MacCMS Pro") and the informal 你, never a mix with 苹果CMS or 您.
   */
  const usedForms = (locale: (typeof LOCALES)[number], forms: Record<string, RegExp>) =>
    Object.fromEntries(
      Object.entries(forms).map(([name, form]) => [
        name,
        [...flat[locale]!].filter(([, v]) => typeof v === 'string' && form.test(v)).map(([k]) => k),
      ]),
    );

  it.each(['zh-cn', 'zh-tw'] as const)('%s uses one name for the product', (locale) => {
    const used = usedForms(locale, { latin: /MacCMS/, chinese: /[苹蘋]果\s*CMS/i });
    expect(used.latin!.length).toBeGreaterThan(0);
    expect(used.chinese).toEqual([]);
  });

  it.each(['zh-cn', 'zh-tw'] as const)('%s addresses the reader one way', (locale) => {
    const used = usedForms(locale, { informal: /你/, formal: /您/ });
    expect(used.informal!.length).toBeGreaterThan(0);
    expect(used.formal).toEqual([]);
  });
});
