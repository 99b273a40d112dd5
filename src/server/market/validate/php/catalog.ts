import 'server-only';
/** PHP functions the scan knows by name (all lower case). */

/** Run their first argument (or, for pcntl_exec, the argument list) through the shell. */
export const COMMAND = new Set([
  'system',
  'exec',
  'shell_exec',
  'passthru',
  'popen',
  'proc_open',
  'pcntl_exec',
]);

/** Run a string as PHP code. */
export const CODE = new Set(['assert', 'create_function']);

/**
 * A file manager's tools, by the path they are given: delete a file or folder, change its rights or
 * dates, link it, show its source, read it out to the visitor, list a folder.
 */
export const FILE_TOOLS = new Set([
  'unlink',
  'rmdir',
  'mkdir',
  'touch',
  'readfile',
  'scandir',
  'glob',
  'opendir',
  'dir',
  'chmod',
  'chown',
  'chgrp',
  'lchown',
  'lchgrp',
  'symlink',
  'link',
  'highlight_file',
  'show_source',
]);

/** Classes that list the folder they are built with. */
export const FOLDER_LISTS = new Set([
  'directoryiterator',
  'filesystemiterator',
  'recursivedirectoryiterator',
  'globiterator',
]);

/** Functions that have no business being called through a name built at run time or as a callback. */
export const DANGEROUS = new Set([
  ...COMMAND,
  ...CODE,
  'eval',
  'call_user_func',
  'call_user_func_array',
  'file_put_contents',
  'move_uploaded_file',
  'fwrite',
  'fputs',
  'include',
  'require',
  'putenv',
  'dl',
  'preg_replace',
]);

/**
 * Functions that call a callback: the callback's position, and the arguments whose data it receives in
 * the order of its parameters (`array_reduce`'s callback takes the initial value, then the items).
 */
export const CALLBACKS: Record<string, { cb: number; data: number[] }> = {
  call_user_func: { cb: 0, data: [1, 2, 3, 4, 5] },
  call_user_func_array: { cb: 0, data: [1] },
  forward_static_call: { cb: 0, data: [1, 2, 3] },
  forward_static_call_array: { cb: 0, data: [1] },
  array_map: { cb: 0, data: [1, 2, 3] },
  array_filter: { cb: 1, data: [0] },
  array_walk: { cb: 1, data: [0, 0, 2] },
  array_walk_recursive: { cb: 1, data: [0, 0, 2] },
  array_reduce: { cb: 1, data: [2, 0] },
  usort: { cb: 1, data: [0, 0] },
  uasort: { cb: 1, data: [0, 0] },
  uksort: { cb: 1, data: [0, 0] },
  iterator_apply: { cb: 1, data: [2] },
  preg_replace_callback: { cb: 1, data: [2] },
  mb_ereg_replace_callback: { cb: 1, data: [2] },
  register_shutdown_function: { cb: 0, data: [1, 2, 3] },
  register_tick_function: { cb: 0, data: [1, 2, 3] },
  set_error_handler: { cb: 0, data: [] },
  set_exception_handler: { cb: 0, data: [] },
  spl_autoload_register: { cb: 0, data: [] },
  header_register_callback: { cb: 0, data: [] },
  ob_start: { cb: 0, data: [] },
  assert_options: { cb: 1, data: [] },
};

/** Callbacks given last (`array_udiff($a, $b, $cb)`); the `_uassoc` pairs take two. */
export const LAST_CALLBACKS: Record<string, number> = {
  // An XML parser's handlers, called as xml_parse() reads the document.
  xml_set_element_handler: 2,
  xml_set_character_data_handler: 1,
  xml_set_default_handler: 1,
  xml_set_processing_instruction_handler: 1,
  xml_set_external_entity_ref_handler: 1,
  xml_set_unparsed_entity_decl_handler: 1,
  xml_set_notation_decl_handler: 1,
  xml_set_start_namespace_decl_handler: 1,
  xml_set_end_namespace_decl_handler: 1,
  array_udiff: 1,
  array_udiff_assoc: 1,
  array_uintersect: 1,
  array_uintersect_assoc: 1,
  array_diff_ukey: 1,
  array_intersect_ukey: 1,
  array_diff_uassoc: 1,
  array_intersect_uassoc: 1,
  array_udiff_uassoc: 2,
  array_uintersect_uassoc: 2,
};

/**
 * A constant command that opens a shell for someone else to drive: an interactive or bare shell (its
 * input and output handed to a socket), netcat or socat running a program, a Windows command prompt.
 */
export const REVERSE_SHELL =
  /(?:^|[\s/;&|])(?:ba|da|z|k|tc)?sh\s+-i\b|^\s*(?:\/bin\/|\/usr\/bin\/)?(?:ba|da|z)?sh\s*$|\b(?:nc|ncat|netcat)\b[^|;]*\s-[ec]\s|\bsocat\b[^|;]*\bexec:|^\s*cmd(?:\.exe)?\s*$/i;

/** Turn encoded text back into code or data: what a packed loader runs before eval. */
export const DECODERS = new Set([
  'base64_decode',
  'gzinflate',
  'gzuncompress',
  'gzdecode',
  'str_rot13',
  'strrev',
  'hex2bin',
  'rawurldecode',
  'urldecode',
  'convert_uudecode',
  'bzdecompress',
  'pack',
]);

/** Results that carry no request text: numbers, hashes, booleans, encodings safe in any context. */
export const CLEAN = new Set(
  (
    'intval floatval boolval count sizeof strlen mb_strlen md5 sha1 crc32 hash hash_hmac uniqid time microtime ' +
    'date gmdate strtotime mktime is_numeric is_string is_array is_int is_file is_dir file_exists filesize ' +
    'in_array array_key_exists isset empty json_encode var_export serialize base64_encode bin2hex urlencode ' +
    'rawurlencode password_hash password_verify getimagesize image_type_to_extension random_bytes random_int ' +
    'mt_rand rand round abs min max preg_match preg_match_all strpos stripos strrpos strcmp strcasecmp ' +
    'number_format function_exists method_exists class_exists is_callable ctype_digit ctype_alnum ' +
    'ip2long filemtime is_uploaded_file ord md5_file sha1_file hash_file'
  ).split(' '),
);

/** Make request data safe as a shell argument, though not as a whole command. */
export const SHELL_ESCAPE = new Set(['escapeshellarg', 'escapeshellcmd']);

/** Request data through the framework (ThinkPHP): `input('c')`, `cookie('c')`. */
export const INPUT_FUNCTIONS = new Set([
  'input',
  'getallheaders',
  'apache_request_headers',
  'filter_input',
  'filter_input_array',
]);

/** Methods of the framework's request object that answer request data. */
export const REQUEST_METHODS = new Set(
  'param get post put delete request cookie header server file input route all only except query getcontent getinput json'.split(
    ' ',
  ),
);

/** Request superglobals (plus the PHP 4/5 long names still seen in old shells). */
export const SUPERGLOBALS = new Set([
  '_GET',
  '_POST',
  '_REQUEST',
  '_COOKIE',
  '_FILES',
  'HTTP_RAW_POST_DATA',
  'HTTP_GET_VARS',
  'HTTP_POST_VARS',
  'HTTP_COOKIE_VARS',
  'HTTP_POST_FILES',
]);

/** `$_SERVER` keys a client can choose. */
export const CLIENT_SERVER_KEY =
  /^(HTTP_|QUERY_STRING$|REQUEST_URI$|PHP_SELF$|PATH_INFO$|PATH_TRANSLATED$|ORIG_PATH_INFO$|argv$|CONTENT_TYPE$|PHP_AUTH_)/;

/** Files that configure the web server or PHP for their folder. */
export const SERVER_CONFIG_FILE = /(^|\/)(\.htaccess|\.user\.ini|php\.ini|web\.config|\.htpasswd)$/i;

/**
 * Settings in such a file that run other files as code: another extension handed to PHP
 * (`AddType application/x-httpd-php .jpg`), a file run before every script (`auto_prepend_file`).
 */
export const CONFIG_RUNS_CODE =
  /\b(?:AddType|AddHandler|SetHandler|ForceType)\b[^\n]*(?:php|x-httpd)[^\n]*|\bauto_(?:prepend|append)_file\b[^\n]*|\bFastCgiModule\b[^\n]*/i;

/** Files a web server may run as code when a request names them. */
export const EXECUTABLE_PATH = /\.(php\d?|phtml|pht|phar|phps|inc|html?|tpl|shtml|htaccess)$|\.user\.ini$/i;

/** Streams that carry code from the request or the address itself. */
export const CODE_STREAM = /^(php:\/\/(input|stdin)|data:)/i;
export const REMOTE = /^(https?|ftps?|expect|ssh2\.\w+|ogg|rar|zlib|glob):\/\//i;
