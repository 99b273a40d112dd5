import { describe, expect, it } from 'vitest';
import { pickMessages, SHELL_NAMESPACES } from './client-messages';
import { MESSAGES } from './messages';

describe('pickMessages', () => {
  it('keeps only the namespaces asked for, nested paths under their parents', () => {
    const picked = pickMessages(MESSAGES['en-us'], ['header', 'content.video']) as Record<string, object>;
    expect(Object.keys(picked).sort()).toEqual(['content', 'header']);
    expect(Object.keys(picked.content!)).toEqual(['video']);
    expect(picked.header).toEqual(MESSAGES['en-us'].header);
  });

  it('refuses a namespace that does not exist rather than sending nothing', () => {
    expect(() => pickMessages(MESSAGES['zh-cn'], ['content.nothing'])).toThrow('content.nothing');
  });

  it('finds every shell namespace in every language, and sends far less than the whole catalogue', () => {
    for (const messages of Object.values(MESSAGES)) {
      const shell = JSON.stringify(pickMessages(messages, SHELL_NAMESPACES));
      expect(shell.length).toBeLessThan(JSON.stringify(messages).length / 3);
    }
  });
});
