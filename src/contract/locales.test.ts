import { describe, expect, it } from 'vitest';
import { localizedPath, toLocale } from './locales';

describe('localizedPath', () => {
  it('leaves the fallback language without a prefix', () => {
    expect(localizedPath('zh-cn', '/market')).toBe('/market');
    expect(localizedPath('zh-cn', '/')).toBe('/');
  });

  it('prefixes the other languages', () => {
    expect(localizedPath('en-us', '/market')).toBe('/en-us/market');
    expect(localizedPath('zh-tw', '/docs/install')).toBe('/zh-tw/docs/install');
  });

  it('gives the bare prefix for the home page and adds a missing slash', () => {
    expect(localizedPath('en-us', '/')).toBe('/en-us');
    expect(localizedPath('zh-tw', 'market')).toBe('/zh-tw/market');
    expect(localizedPath('zh-cn', 'market')).toBe('/market');
  });
});

describe('toLocale', () => {
  it('understands header spellings and falls back to zh-cn', () => {
    expect(toLocale('EN-US')).toBe('en-us');
    expect(toLocale(' zh_tw ')).toBe('zh-tw');
    expect(toLocale('fr-fr')).toBe('zh-cn');
    expect(toLocale(undefined)).toBe('zh-cn');
  });
});
