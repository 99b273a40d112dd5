import { describe, expect, it } from 'vitest';
import { queryTerms, relevance, textTokens } from './tokens';

const doc = (title: string, text: string) => ({
  title,
  titleTokens: textTokens(title),
  textTokens: textTokens(text),
});

describe('search tokens', () => {
  it('finds a two-word Chinese query whatever order or neighbours the words have in the text', () => {
    const q = queryTerms('视频采集');
    expect(relevance(q, doc('采集视频的插件', ''), '视频采集')).toBeGreaterThan(0);
    expect(relevance(q, doc('资源站', '一键视频采集，自动入库'), '视频采集')).toBeGreaterThan(0);
    expect(relevance(queryTerms('视频 采集'), doc('采集视频的插件', ''), '视频 采集')).toBeGreaterThan(0);
  });

  it('needs every word of the query', () => {
    const q = queryTerms('视频采集');
    expect(relevance(q, doc('视频播放器', '在线播放'), '视频采集')).toBe(0);
    expect(relevance(queryTerms('no-such-word'), doc('No word', 'such a page'), 'no-such-word')).toBe(
      3 + 1 + 3,
    );
    expect(relevance(queryTerms('no-such-word'), doc('No word', 'a page'), 'no-such-word')).toBe(0);
  });

  it('finds words the segmenter splits into characters, such as 插件', () => {
    expect(relevance(queryTerms('插件'), doc('一个好插件', ''), '插件')).toBeGreaterThan(0);
    expect(relevance(queryTerms('插件'), doc('插入文件', ''), '插件')).toBe(0);
  });

  it('ranks a hit in the title above one in the text, and the whole phrase above its words apart', () => {
    const q = queryTerms('视频采集');
    const inTitle = relevance(q, doc('视频采集助手', ''), '视频采集');
    const apart = relevance(q, doc('采集视频', ''), '视频采集');
    const inText = relevance(q, doc('助手', '视频采集'), '视频采集');
    expect(inTitle).toBeGreaterThan(apart);
    expect(apart).toBeGreaterThan(inText);
  });

  it('mixes Chinese and Latin words, case and width aside, Latin inside longer words', () => {
    const q = queryTerms('苹果CMS 播放');
    expect(relevance(q, doc('MacCMS 苹果cms Player', '视频播放'), '苹果CMS 播放')).toBeGreaterThan(0);
    expect(relevance(queryTerms('ＰＬＡＹ'), doc('Video Player', ''), 'ＰＬＡＹ')).toBeGreaterThan(0);
  });

  it('searches a single character when that is the whole query, and nothing for punctuation', () => {
    expect(relevance(queryTerms('图'), doc('图片轮播', ''), '图')).toBeGreaterThan(0);
    expect(queryTerms('!!! ？')).toEqual([]);
  });
});
