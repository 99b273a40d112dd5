import { describe, expect, it } from 'vitest';
import { hasMarkup, isWebUrl, plainText } from './text';

// What a developer could type to run script in every site owner's admin panel, and the text it must become.
const HOSTILE: [string, string][] = [
  ['<svg onload=alert(1)>', ''],
  ['Nice <img src=x onerror=alert(1)> plugin', 'Nice  plugin'],
  ['<script>alert(1)</script>Cache', 'alert(1)Cache'],
  ['<a href="javascript:alert(1)">site</a>', 'site'],
  ['<!-- x --><b>bold', 'bold'],
  ['unclosed <img src=x onerror=alert(1)', 'unclosed '],
  ['<IFRAME SRC=//evil.example>', ''],
  ['x<?php system(1) ?>', 'x'],
];
const CLEAN = ['a < b and c > d', '1<2', 'I ♥ <3 videos', 'Danmaku 弹幕 2.0', 'A & B', 'C++ -> fast'];

describe('plain text for the CMS', () => {
  it.each(HOSTILE)('finds markup in %s and strips it', (input, output) => {
    expect(hasMarkup(input)).toBe(true);
    expect(plainText(input)).toBe(output);
    expect(plainText(input)).not.toMatch(/[<>]/);
  });

  it.each(CLEAN)('leaves text that only looks like it alone: %s', (input) => {
    expect(hasMarkup(input)).toBe(false);
    expect(plainText(input).replace(/＜/g, '<').replace(/＞/g, '>')).toBe(input);
  });

  it('accepts only http(s) addresses that cannot leave an attribute', () => {
    for (const good of ['https://dev.example.com', 'http://例子.cn/a?b=1']) expect(isWebUrl(good)).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,<b>',
      'https://x.example/"onmouseover="alert(1)',
      'https://x.example/<script>',
      "https://x.example/'",
      'ftp://x.example',
      'https://',
      'dev.example.com',
    ])
      expect(isWebUrl(bad), bad).toBe(false);
  });
});
