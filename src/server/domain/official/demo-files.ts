/**
 * The CMS's static scripts as the demo release packages ship them (written for the demo in the
 * shape of the real files, not copied). Versions differ where a real release would: player.js
 * changed in 4052, the V10 and V8 lines have their own builds. Tests serve these files as the
 * "official" ones, so the release-derived hashes have something real to match.
 */
const PLAYER_CONFIG = `var MacPlayerConfig={};
//参数开始
MacPlayerConfig={"width":"100%","height":"100%","widthmob":"100%","heightmob":"100%","widthpop":"0","heightpop":"600","second":"5","prestrain":"\\/\\/union.maccms.com\\/html\\/prestrain.html","buffer":"\\/\\/union.maccms.com\\/html\\/buffer.html","parse":"","autofull":"0","showtop":"1","showlist":"1","flag":"0","colors":"000000,F6F6F6,F6F6F6,333333,666666,FFFFF,FF0000,2c2c2c,ffffff,a3a3a3,2c2c2c,adadad,adadad,48486c,fcfcfc"};
//参数结束
//缓存开始
MacPlayerConfig.player_list={"dplayer":{"show":"DPlayer-H5\\u64ad\\u653e\\u5668","des":"dplayer.js.org","ps":"0","parse":""},"videojs":{"show":"videojs-H5\\u64ad\\u653e\\u5668","des":"videojs.com","ps":"0","parse":""},"iframe":{"show":"iframe\\u5916\\u94fe\\u6570\\u636e","des":"iframe\\u5916\\u94fe\\u6570\\u636e","ps":"0","parse":""},"link":{"show":"\\u5916\\u94fe\\u6570\\u636e","des":"\\u5916\\u90e8\\u7f51\\u7ad9\\u64ad\\u653e\\u94fe\\u63a5","ps":"0","parse":""}},MacPlayerConfig.downer_list={"http":{"show":"http\\u4e0b\\u8f7d","des":"des\\u63d0\\u793a\\u4fe1\\u606f","ps":"0","parse":""}},MacPlayerConfig.server_list={};
//缓存结束`;

const BASE64 = `var base64EncodeChars="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
function base64decode(str){var out="",buf=0,bits=0;for(var i=0;i<str.length;i++){var c=base64EncodeChars.indexOf(str.charAt(i));if(c<0)continue;buf=(buf<<6)|c;bits+=6;if(bits>=8){bits-=8;out+=String.fromCharCode((buf>>bits)&0xff)}}return out}`;

const player = (
  build: string,
  mobileWidth: boolean,
) => `var killErrors=function(value){return true};window.onerror=null;window.onerror=killErrors;
${BASE64}
var MacPlayer = {
'GetUrl': function(s, n) {
    return this.Link.replace('{sid}', s).replace('{nid}', n)
},
'Go': function(s, n) {
    location.href = this.GetUrl(s, n)
},
'Show': function() {
    $('#buffer').attr('src', this.Prestrain);
    setTimeout(function() { MacPlayer.AdsEnd() }, this.Second * 1000);
    $("#playleft").get(0).innerHTML = this.Html + '';
},
'AdsEnd': function() { $('#buffer').hide() },
'Play': function() {
    document.write('<style>.MacPlayer{background:#000;font-size:14px;color:#F6F6F6;width:' + this.Width + ';height:' + this.Height + '}</style><div class="MacPlayer"><iframe id="buffer" src="" frameBorder="0" scrolling="no" width="100%" height="100%"></iframe><div id="playleft"></div></div>');
    document.write('<scr' + 'ipt src="' + this.Path + this.PlayFrom + '.js"></scr' + 'ipt>')
},
'Init': function() {
    var player_data = player_aaaa;
    if (player_data.encrypt == '1') {
        player_data.url = unescape(player_data.url)
    } else if (player_data.encrypt == '2') {
        player_data.url = unescape(base64decode(player_data.url))
    }
    this.Agent = navigator.userAgent.toLowerCase();
    this.Width = MacPlayerConfig.width;
    this.Height = MacPlayerConfig.height;${
      mobileWidth
        ? `
    if (this.Agent.indexOf("android") > 0 || this.Agent.indexOf("iphone") > 0) {
        this.Width = MacPlayerConfig.widthmob;
        this.Height = MacPlayerConfig.heightmob
    }`
        : ''
    }
    this.Prestrain = MacPlayerConfig.prestrain;
    this.Buffer = MacPlayerConfig.buffer;
    this.Second = MacPlayerConfig.second;
    this.Link = decodeURIComponent(player_data.link);
    this.PlayFrom = player_data.from;
    this.PlayUrl = player_data.url;
    this.Path = maccms.path + '/static/player/';
    MacPlayer.Play()
}
};
/* build ${build} */
MacPlayer.Init();
`;

const home = (
  build: string,
) => `String.prototype.trim=function(){ return this.replace(/(^\\s*)|(\\s*$)/g, ""); }
var MAC={
    'Url': document.URL,
    'Title': document.title,
    'UserAgent' : function(){
        var ua = navigator.userAgent;
        return { 'mobile': !!ua.match(/AppleWebKit.*Mobile.*/), 'android': ua.indexOf('Android') > -1, 'weixin': ua.indexOf('MicroMessenger') > -1 };
    }(),
    'Cookie': {
        'Set': function(name,value,days){
            var exp = new Date();
            exp.setTime(exp.getTime() + days*24*60*60*1000);
            document.cookie=name+"="+encodeURIComponent(value)+";path=/;expires="+exp.toUTCString();
        },
        'Get': function(name){
            var arr = document.cookie.match(new RegExp("(^| )"+name+"=([^;]*)(;|$)"));
            if(arr != null){ return decodeURIComponent(arr[2]); }
        }
    },
    'GoBack':function(){
        var host=document.domain;
        if(document.referrer.indexOf(host)>0) { history.back(); }
        else{ window.location ="//"+host; }
    },
    'Adaptive':function(){
        if(maccms.mob_status=='1' && maccms.url != maccms.wapurl){
            if(document.domain ==maccms.url && MAC.UserAgent.mobile){
                location.href = location.href.replace(maccms.url,maccms.wapurl);
            }
        }
    },
    'Qrcode':{ 'Init':function(){ $('.mac_qrcode').attr('src','//api.maccms.la/qrcode/index/w/150/h/150/url/' + MAC.Url); } },
    'Hits': { 'Init':function() { $.get(maccms.path + '/index.php/ajax/hits?mid=' + maccms.mid + '&type=update'); } },
    'Verify': { 'Refresh':function(){ $('.mac_verify_img').attr('src', maccms.path +'/index.php/verify/index.html?r='+Math.random()); } }
};
/* build ${build} */
$(function(){ MAC.Adaptive(); MAC.Hits.Init(); });
`;

const JQUERY = `/*! jQuery-compatible core for the demo build | MIT */
(function(w){var jq=function(s){return new jq.fn.init(s)};jq.fn=jq.prototype={init:function(s){this.s=s;return this},attr:function(){return this},hide:function(){return this},html:function(){return this},get:function(){return{}}};jq.fn.init.prototype=jq.fn;jq.get=function(u){var x=new XMLHttpRequest();x.open('GET',u);x.send();return x};w.jQuery=w.$=jq})(window);
`;

/** Path inside the package (under its top folder) → file text, for one release. */
export function demoStaticFiles(edition: string, version: string): Record<string, string> {
  const line = edition === 'v8' ? 'v8' : edition === 'v10' ? 'v10' : 'pro';
  const newPlayer = line === 'pro' && version >= '2025.1000.4052';
  return {
    'static/js/playerconfig.js': PLAYER_CONFIG,
    'static/js/player.js': player(`${line}-${newPlayer ? '4052' : 'base'}`, newPlayer),
    'static/js/home.js': home(line),
    'static/js/jquery.js': JQUERY,
  };
}
