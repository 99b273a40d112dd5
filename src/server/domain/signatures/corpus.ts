/**
 * Clean files in the shape of the CMS's default templates and static scripts (written for this
 * corpus, not copied): every signature, built-in or promoted from a sample, must stay silent here.
 */
import 'server-only';
import { INDICATOR_HOSTS } from './builtin';

export type CorpusFile = { name: string; kind: 'html' | 'js'; text: string };

/**
 * A clean page that only talks about attacks: it names every indicator host, links to one and
 * says "hacked". A signature that fires here would flag a site for a mention (the false positive
 * that cost other scanners their users' trust), so a bare host name can never become one.
 */
const SECURITY_NOTICE = `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8">
<title>网站被 hacked 了怎么办？挂马清理说明</title></head><body>
<article><h1>安全公告：请勿加载以下域名的脚本</h1>
<p>近期有攻击者篡改 static/js/playerconfig.js，插入 eval、base64 和 document.write 代码。以下域名已确认用于挂马：</p>
<ul>${INDICATOR_HOSTS.map((h) => `<li>${h}</li>`).join('')}</ul>
<p>详情见 <a href="https://${INDICATOR_HOSTS[0]}/" rel="nofollow">${INDICATOR_HOSTS[0]}</a> 的分析。</p>
<pre><code>grep -r "${INDICATOR_HOSTS[1]}" template/ static/</code></pre>
<script>var blockedHosts = ${JSON.stringify(INDICATOR_HOSTS)};</script>
</article></body></html>`;

export const CLEAN_CORPUS: CorpusFile[] = [
  { name: 'blog/security-notice.html', kind: 'html', text: SECURITY_NOTICE },
  {
    name: 'template/default/html/index/index.html',
    kind: 'html',
    text: `<!DOCTYPE html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>首页 - 影视网</title>
<meta name="keywords" content="最新电影,电视剧,综艺,动漫"><meta name="description" content="免费在线观看">
<link rel="stylesheet" href="/template/default/css/style.css?v=2025.1000.4052">
<script src="/static/js/jquery.js"></script><script src="/static/js/jquery.lazyload.js"></script>
<script src="/static/js/home.js"></script>
<script>var maccms={"path":"","mid":"1","url":"www.example.com","wapurl":"m.example.com","mob_status":"2"};</script>
</head><body>
<div class="header"><a class="logo" href="/" title="影视网"><img src="/template/default/images/logo.png" alt="影视网"></a>
<form id="search" action="/vodsearch/-------------.html" method="get"><input name="wd" placeholder="搜索影片"></form></div>
<ul class="vodlist"><li><a href="/voddetail/1.html" title="流浪地球"><img class="lazy" data-original="/upload/vod/1.jpg" alt="流浪地球"></a></li>
<li><a href="/voddetail/2.html" title="满江红"><img class="lazy" data-original="/upload/vod/2.jpg" alt="满江红"></a></li></ul>
<div class="links" style="display:none"><a href="/label/rank.html">排行榜</a></div>
<div class="footer">本站不存储任何视频资源 &copy; 2025 <a href="/gbook/">留言</a></div>
<script>
var _hmt = _hmt || [];
(function() {
  var hm = document.createElement("script");
  hm.src = "https://hm.baidu.com/hm.js?0123456789abcdef0123456789abcdef";
  var s = document.getElementsByTagName("script")[0];
  s.parentNode.insertBefore(hm, s);
})();
</script>
</body></html>`,
  },
  {
    name: 'template/default/html/vod/play.html',
    kind: 'html',
    text: `<!DOCTYPE html><html><head><meta charset="utf-8"><title>流浪地球 第1集 在线播放</title>
<script src="/static/js/jquery.js"></script><script src="/static/js/playerconfig.js?t=20250101"></script>
<script src="/static/js/player.js"></script></head><body>
<div class="player"><script type="text/javascript">var player_aaaa={"flag":"play","encrypt":0,"trysee":0,"points":0,"link":"/vodplay/1-1-1.html","url":"https://v.example.com/share/abc/index.m3u8","from":"dplayer","id":"1","sid":1,"nid":1};</script>
<script type="text/javascript" src="/static/js/player.js"></script></div>
<p>如果无法播放，请刷新页面或更换线路。</p></body></html>`,
  },
  {
    name: 'static/js/playerconfig.js',
    kind: 'js',
    text: `MacPlayerConfig.player_list={"dplayer":{"show":"DPlayer-H5播放器","des":"dplayer.js.org","ps":"0","parse":""},"videojs":{"show":"videojs-H5播放器","des":"videojs.com","ps":"0","parse":""},"iframe":{"show":"iframe外链数据","des":"iframe外链数据","ps":"0","parse":""},"link":{"show":"外链数据","des":"外部网站播放链接","ps":"0","parse":""}},MacPlayerConfig.downer_list={"http":{"show":"http下载","des":"http下载"}},MacPlayerConfig.server_list={};
MacPlayerConfig.buffer="";MacPlayerConfig.prestrain="/static/player/prestrain.html";`,
  },
  {
    name: 'static/js/player.js',
    kind: 'js',
    text: `var killErrors=function(value){return true};window.onerror=null;window.onerror=killErrors;
var base64EncodeChars="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
function base64decode(str){var c1,c2;return str}
var MacPlayer={'GetUrl':function(s,n){return this.Path + 'player/' + s + '.html'},
'Init':function(){this.Agent=navigator.userAgent.toLowerCase();this.Width=MacPlayerConfig.width;
if(player_aaaa.encrypt=='1'){player_aaaa.url=unescape(player_aaaa.url)}else if(player_aaaa.encrypt=='2'){player_aaaa.url=unescape(base64decode(player_aaaa.url))}
document.write('<style>.MacPlayer{background:#000;font-size:14px;color:#F6F6F6;margin:0;padding:0;}</style><div class="MacPlayer">'+this.Html+'</div>');
},'Play':function(){document.write('<iframe id="buffer" src="'+this.Prestrain+'" frameBorder="0" width="100%" height="100%"></iframe>')}};
MacPlayer.Init();`,
  },
  {
    name: 'static/js/home.js',
    kind: 'js',
    text: `var MAC={'Url':document.URL,'Title':document.title,
'UserAgent':function(){var ua=navigator.userAgent;return{'mobile':!!ua.match(/AppleWebKit.*Mobile.*/),'ios':!!ua.match(/\\(i[^;]+;( U;)? CPU.+Mac OS X/),'android':ua.indexOf('Android')>-1}}(),
'Copy':function(s){if(window.clipboardData){window.clipboardData.setData('text',s)}else{alert('复制失败')}},
'Cookie':{'Set':function(name,value,days){var exp=new Date();exp.setTime(exp.getTime()+days*24*60*60*1000);document.cookie=name+"="+encodeURIComponent(value)+";path=/;expires="+exp.toUTCString()}},
'Adaptive':function(){if(maccms.mob_status=='1'&&maccms.url!=maccms.wapurl){if(document.domain==maccms.url&&MAC.UserAgent.mobile){location.href=location.href.replace(maccms.url,maccms.wapurl)}}},
'Hits':function(){$.get(maccms.path+'/index.php/ajax/hits?mid='+maccms.mid)}};
$(function(){MAC.Adaptive();MAC.Hits()});`,
  },
  {
    name: 'static/js/jquery.js (excerpt)',
    kind: 'js',
    text: `/*! jQuery v3.6.0 | (c) OpenJS Foundation and other contributors | jquery.org/license */
!function(e,t){"use strict";"object"==typeof module&&"object"==typeof module.exports?module.exports=e.document?t(e,!0):function(e){if(!e.document)throw new Error("jQuery requires a window with a document");return t(e)}:t(e)}("undefined"!=typeof window?window:this,function(C,e){"use strict";var t=[],r=Object.getPrototypeOf,s=t.slice,g=t.flat?function(e){return t.flat.call(e)}:function(e){return t.concat.apply([],e)},u=t.push,i=t.indexOf;
var S=C.document;function b(e,t,n){var r,i,o=(n=n||S).createElement("script");if(o.text=e,t)for(r in c)(i=t[r]||t.getAttribute&&t.getAttribute(r))&&o.setAttribute(r,i);n.head.appendChild(o).parentNode.removeChild(o)}
var te=function(e,t){var n="0x"+e.slice(1)-65536;return t||(n<0?String.fromCharCode(n+65536):String.fromCharCode(n>>10|55296,1023&n|56320))};`,
  },
];
