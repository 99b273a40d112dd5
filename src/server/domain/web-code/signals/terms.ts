import 'server-only';
/**
 * Words that give a gambling, adult or lottery host away, in pinyin (full and the abbreviations
 * these sites register), English and Chinese. Short words (≤ 3 letters) count only as a whole
 * token of a host label (`tyc-55`, `av99`), longer ones anywhere in it (`bocai8899`).
 */
export type TermCategory = 'gambling' | 'adult' | 'lottery';

export const HOST_TERMS: Record<TermCategory, string[]> = {
  gambling: [
    'bocai',
    'duchang',
    'dubo',
    'casino',
    'baccarat',
    'baijiale',
    'pujing',
    'xinpujing',
    'xpj',
    'amdc',
    'aomen',
    'yinhe',
    'yongli',
    'huangguan',
    'taiyangcheng',
    'tyc',
    'yule',
    'qipai',
    'dafa',
    'kaiyun',
    'bet',
    'bet365',
    'betting',
    'poker',
    'slots',
    'slot',
    'tiyu',
    'zhenren',
    'laohuji',
    'sbobet',
    'pj',
    'amjs',
    'vns',
    'weinisi',
    'bwin',
    'bbin',
    'mgm',
    'yabo',
    'jinsha',
    'leyu',
    'kaiyuan',
    'hg',
    'bingo',
    'jackpot',
    'roulette',
    'blackjack',
    'gamble',
    'gambling',
    'sportsbook',
    'wager',
  ],
  adult: [
    'porn',
    'sex',
    'xxx',
    'av',
    'jav',
    'hentai',
    'seqing',
    'huangse',
    'luoliao',
    'chengren',
    'yuepao',
    'nude',
    'fuli',
    'adult',
    'nsfw',
    'yinse',
    'zipai',
    'qingse',
  ],
  lottery: [
    'caipiao',
    'lottery',
    'lotto',
    'liuhecai',
    'lhc',
    'ssc',
    'shishicai',
    'pk10',
    'kuai3',
    'kaijiang',
    'cp',
    '6hc',
    'xglhc',
    'amlhc',
    'fucai',
    'ticai',
  ],
};

/** The same themes in Chinese: in IDN hosts, addresses and link texts. */
export const CHINESE_TERMS: Record<TermCategory, string[]> = {
  gambling: [
    '博彩',
    '赌场',
    '赌博',
    '葡京',
    '澳门赌',
    '百家乐',
    '真人娱乐',
    '老虎机',
    '棋牌',
    '银河娱乐',
    '太阳城',
    '皇冠体育',
    '体育投注',
    '娱乐城',
    '开户送',
    '威尼斯人',
  ],
  adult: ['色情', '成人', '裸聊', '约炮', '黄色', '无码', 'av女优'],
  lottery: ['彩票', '六合彩', '时时彩', '开奖', '北京赛车', '快三', '幸运飞艇', '彩票计划'],
};

const SHORT = 3;

/** The first term found in the tokens of a host label (split on digits, dots and hyphens). */
export function termInLabel(label: string): { category: TermCategory; term: string } | null {
  const tokens = label
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  const whole = label.toLowerCase();
  for (const [category, terms] of Object.entries(HOST_TERMS) as [TermCategory, string[]][]) {
    for (const term of terms) {
      const hit =
        term.length <= SHORT || /\d/.test(term)
          ? tokens.includes(term) || whole.split(/[.-]/).includes(term)
          : whole.includes(term);
      if (hit) return { category, term };
    }
  }
  return null;
}

/** The first Chinese term in `text`. */
export function chineseTerm(text: string): { category: TermCategory; term: string } | null {
  for (const [category, terms] of Object.entries(CHINESE_TERMS) as [TermCategory, string[]][]) {
    const term = terms.find((t) => text.includes(t));
    if (term) return { category, term };
  }
  return null;
}
