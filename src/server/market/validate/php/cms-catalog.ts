import 'server-only';
/**
 * What of the CMS (MacCMS 10 and Pro, ThinkPHP 5) a plugin or theme has no business touching, as
 * data: the rules that read it (behaviour.ts, sql.ts, miners.ts) know no name of their own. Names are
 * the CMS's own: its install script's tables, its login's session keys, its configuration files and
 * keys, its helpers.
 */

/** The table prefix the CMS installs with, and the placeholders plugin install scripts use for it. */
export const TABLE_PREFIXES = ['mac_', '__PREFIX__', '{pre}', '#@__'];

/**
 * Account tables by their name without prefix: any write to the administrators'; to the members',
 * a new row or a changed password (plugins legitimately add points or sell a member group).
 */
export const ACCOUNT_TABLES = new Map<string, { anyWrite: boolean; columns: string[] }>([
  ['admin', { anyWrite: true, columns: [] }],
  ['user', { anyWrite: false, columns: ['user_pwd'] }],
]);

/** The CMS's own tables (both editions' install scripts), which no plugin drops or empties. */
export const CMS_TABLES = (
  'actor admin annex art manga card cash mall_goods mall_order coupon coupon_user seckill seckill_user ' +
  'cj_content cj_history cj_node collect comment gbook group link msg notify notify_read order plog ' +
  'admin_audit_log role topic type ulog user_access_log user visit vod website vod_search app point ' +
  'config live live_category user_profile task task_log sign_log'
).split(' ');

/** Session keys the CMS's admin login sets (common/model/Admin.php): set anywhere else, a login bypass. */
export const ADMIN_SESSION_KEYS = ['admin_auth', 'admin_info'];

/** Request fields of the CMS's login forms (admin and member) that carry a typed password. */
export const PASSWORD_FIELDS = ['admin_pwd', 'user_pwd'];

/**
 * Configuration that holds the CMS's secrets: `config()` keys (a file under application/ or
 * application/extra/ is its own key) and, under the main `maccms` settings, the sections with
 * database, mail, payment, SMS, storage and API credentials. `$GLOBALS['config']` is `maccms`.
 * Read whole they are secret; read deeper, only a credential (`database.password`, not
 * `database.prefix`; `maccms.email.phpmailer.pass`, not `maccms.email.test`).
 */
export const SECRET_CONFIG = {
  /** Settings files secret whole. */
  keys: ['database'],
  /** Settings files with secret sections (read whole they carry them all). */
  whole: ['maccms'],
  sections: ['db', 'email', 'pay', 'sms', 'upload', 'api', 'interface', 'connect', 'weixin', 'meilisearch'],
  /** The global the CMS keeps its `maccms` settings in. */
  global: 'config',
  /** A credential's key, read inside a secret section or file. */
  leaf: /(?:pass|pwd|password|secret|key|token|auth|sign|user(?:name)?)$/i,
};

/** Configuration files by path ending: read, included or copied, they carry the secrets above. */
export const SECRET_FILES = /(?:^|[\\/])(?:database\.php|extra[\\/]maccms\.php|install\.lock)$/i;

/** Functions and methods that read a configuration key (ThinkPHP's helper and facade). */
export const CONFIG_READERS = ['config', 'c', 'think\\config::get', 'config::get', 'config::pull'];

/** Query builders of a table by name: `Db::name('admin')`, `db('admin')`, `model('Admin')`. */
export const TABLE_BUILDERS = {
  /** By the table's name without prefix. */
  short: ['db', 'model', 'db::name', 'think\\db::name', 'loader::model', 'db::view'],
  /** By the full name (`Db::table('mac_admin')`). */
  full: ['db::table', 'think\\db::table'],
};
/** Builder methods that narrow or shape the query and hand it back. */
export const QUERY_CHAIN = new Set(
  'where wheretime whereor wherein wherelike field alias join order limit page data strict allowfield inc dec exp cache master lock'.split(
    ' ',
  ),
);
/** Builder methods that add rows, and those that change them. */
export const QUERY_INSERT = new Set(['insert', 'insertgetid', 'insertall', 'saveall', 'create']);
export const QUERY_UPDATE = new Set(['update', 'setfield', 'save', 'delete', 'setinc', 'setdec', 'exp']);
/** Builder methods that read rows out. */
export const QUERY_READ = new Set(['find', 'select', 'value', 'column', 'get', 'all', 'findorfail']);

/**
 * Calls that send data off the server: HTTP clients (PHP's and the CMS's own helpers), sockets,
 * mail. `any`: every argument is sent; otherwise the positions listed (the CMS's mail helper is
 * given its SMTP settings last: used to log in, not sent).
 */
export const SEND_OUT = new Map<string, number[] | 'any'>(
  Object.entries({
    curl_init: [0],
    curl_setopt: [2],
    curl_setopt_array: [1],
    file_get_contents: 'any',
    fopen: [0],
    get_headers: [0],
    fsockopen: [0],
    stream_socket_client: [0],
    socket_write: [1],
    socket_send: [1],
    socket_sendto: [1],
    stream_socket_sendto: [1],
    mail: 'any',
    mb_send_mail: 'any',
    error_log: [0],
    dns_get_record: [0],
    gethostbyname: [0],
    mac_curl_post: 'any',
    mac_curl_get: 'any',
    mac_send_mail: [0, 1, 2],
  } as Record<string, number[] | 'any'>),
);
/** Methods of HTTP and mail clients (Guzzle, PHPMailer, the framework's) that send what they are given. */
export const SEND_METHODS = new Set([
  'post',
  'get',
  'put',
  'request',
  'send',
  'sendasync',
  'postasync',
  'msghtml',
]);
/** Functions whose result still carries what they were given (encoded, joined, packed). */
export const CARRY = new Set(
  (
    'json_encode serialize base64_encode http_build_query var_export print_r implode join sprintf vsprintf ' +
    'str_replace urlencode rawurlencode bin2hex strrev str_rot13 gzcompress gzdeflate gzencode array_merge ' +
    'compact openssl_encrypt trim strval'
  ).split(' '),
);
/** Writes to a file, by the argument that holds the data (a file under the site is served to anyone). */
export const FILE_WRITES = new Map([
  ['file_put_contents', 1],
  ['fwrite', 1],
  ['fputs', 1],
]);

/** Deleting or emptying files and folders. */
export const DESTROY = new Set(['unlink', 'rmdir', 'mac_rmdirs', 'rename', 'file_put_contents']);
/** The CMS's own code, by the end of a path (`APP_PATH . 'admin/controller/'`, `./application/`). */
export const CMS_CODE =
  /(?:^|[\\/.])(?:application(?![\\/]data[\\/])|thinkphp|extend)(?:[\\/]|$)|^[\\/]?(?:admin|index|api|common|install|extra)[\\/](?:controller|model|view|validate|$)|(?:^|^\.?[\\/]|application[\\/])(?:common|route|database|config)\.php$/i;
/** Constants naming the CMS's code folders. */
export const CMS_CODE_CONSTANTS = new Set([
  'APP_PATH',
  'THINK_PATH',
  'ROOT_PATH',
  'CORE_PATH',
  'EXTEND_PATH',
]);
/** Functions whose result is a date or time: a comparison with them arms a time bomb. */
export const DATE_FUNCTIONS = new Set([
  'time',
  'date',
  'strtotime',
  'mktime',
  'getdate',
  'gmdate',
  'microtime',
]);

/**
 * Browser coin miners: their libraries by the names they export, the hash they compute, and the
 * pools and proxies they connect to (by host or by the stratum protocol's messages).
 */
export const MINER_SIGNATURES: { what: string; test: RegExp }[] = [
  { what: 'CoinHive', test: /\bCoinHive\s*\.\s*(?:Anonymous|User|Token)\b|\bcoinhive(?:\.min)?\.js\b/i },
  { what: 'CoinImp', test: /\bClient\s*\.\s*Anonymous\s*\(|\bcoinimp\b/i },
  { what: 'CryptoLoot', test: /\bCRLT\s*\.\s*Anonymous\b|\bcrypto-?loot\b/i },
  { what: 'CryptoNight', test: /\bcryptonight(?:_hash|\.wasm)?\b|\bcn(?:\/r|-lite|\/half)\b['"]/i },
  { what: 'deepMiner', test: /\bdeepMiner\s*\.\s*(?:Anonymous|Init)\b/ },
  {
    what: 'a miner library',
    test: /\b(?:webminepool|jsecoin|minero\.cc|authedmine|monerominer|coin-?have|ppoi\.org)\b/i,
  },
  {
    what: 'a mining pool',
    test: /\bstratum\+(?:tcp|ssl|tls):\/\/|\b(?:supportxmr|moneroocean|minexmr|hashvault|nanopool|xmrpool|herominers|2miners|c3pool)\.(?:com|org|net|pro|stream|eu)\b/i,
  },
  {
    what: 'a mining pool protocol',
    test: /["']method["']\s*:\s*["'](?:login|submit)["'][\s\S]{0,200}["'](?:job_id|nonce|blob)["']/,
  },
];
