<?php
// The CMS admin's one-click install (its Addon.php market actions), replayed with PHP's own curl and
// ZipArchive against a running portal, so a package is judged by the code that really unpacks it.
// Usage: php install.php <portal base URL> <site root> <plugin|theme> <item id> [licence code]
//        php install.php <portal base URL> <site root> <plugin|theme> <item id> --link=<down_url> <file_name>
// The second form is the install button of the dialog the licence step opened, clicked later: the
// CMS's downandinstalladdon/theme with the link it was handed then.
// Prints one JSON line: {"ok":true,"dir":...,"path":...} or {"ok":false,"error":...}.

[$script, $base, $root, $kind, $id] = array_pad($argv, 5, '');
$licence = $argv[5] ?? '';
$held = str_starts_with($licence, '--link=') ? ['down_url' => substr($licence, 7), 'file_name' => $argv[6] ?? ''] : null;
$type = $kind === 'plugin' ? 'plugins' : 'theme';
$api = $kind === 'plugin'
    ? ['detail' => '/api/market_plugins/detail', 'verify' => '/api/market_plugins/verify_auth_code', 'download' => '/api/market_plugins/plugins_download']
    : ['detail' => '/api/market_theme/detail', 'verify' => '/api/market_theme/verify_auth_code', 'download' => '/api/market_theme/theme_download'];

function done(array $result): void { echo json_encode($result, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES), "\n"; exit(0); }
function fail(string $error): void { done(['ok' => false, 'error' => $error]); }

// Like the CMS: a POST of an array (multipart), a `lang:` header, only HTTP 200 counts.
function api_post(string $url, array $fields) {
    $cl = curl_init();
    curl_setopt($cl, CURLOPT_HTTPHEADER, ['lang:zh-cn']);
    curl_setopt($cl, CURLOPT_URL, $url);
    curl_setopt($cl, CURLOPT_RETURNTRANSFER, 1);
    curl_setopt($cl, CURLOPT_POST, true);
    curl_setopt($cl, CURLOPT_POSTFIELDS, $fields);
    $content = curl_exec($cl);
    $status = curl_getinfo($cl);
    curl_close($cl);
    if (($status['http_code'] ?? 0) != 200) return false;
    return json_decode($content, true);
}

// Like the CMS's _getFile: no redirects followed, the body kept whatever the status.
function get_file(string $url, string $path): ?string {
    $ch = curl_init();
    curl_setopt($ch, CURLOPT_URL, $url);
    curl_setopt($ch, CURLOPT_RETURNTRANSFER, 1);
    curl_setopt($ch, CURLOPT_CONNECTTIMEOUT, 20);
    $content = curl_exec($ch);
    curl_close($ch);
    if (!$content) return null;
    $fp = fopen($path, 'a');
    fwrite($fp, $content);
    fclose($fp);
    return $path;
}

// PHP 8 throws where older PHP returned false (a ZipArchive whose open failed): the CMS stops either way.
function extract_to(ZipArchive $zip, string $to): bool {
    try { return $zip->extractTo($to); } catch (Throwable $e) { return false; }
}

$detail = api_post($base . $api['detail'], ['id' => $id]);
if ($detail === false) fail('API error: detail');
if ($detail['code'] != 1) fail('detail: ' . $detail['msg']);

if ($held !== null) {
    $param = $held;
} elseif ($licence !== '') {
    $fields = ['id' => $id, 'type' => $type, 'license' => $licence, 'code' => $licence];
    $res = api_post($base . $api['verify'], $fields);
    if ($res === false || $res['code'] != 1) fail('API:' . ($res['msg'] ?? 'API error'));
    $res = api_post($base . $api['download'], $fields);
    if ($res === false || $res['code'] != 1) fail('APP:' . ($res['msg'] ?? 'API error'));
    $param = ['down_url' => $res['info']['source'], 'file_name' => $res['info']['file_name']];
} else {
    $info = $detail['info']['detail'];
    $param = ['down_url' => $info['source'], 'file_name' => $info['file_name'], 'id' => $id, 'type' => $type];
}

if ('zip' != pathinfo($param['down_url'], PATHINFO_EXTENSION)) fail('应用扩展名必须是zip');
if (!$param['file_name']) fail('file_name参数丢失');
$folder = rtrim($root, '/') . '/' . ($kind === 'plugin' ? 'addons/' : 'template/');
@mkdir($folder, 0777, true);
$file = get_file($param['down_url'], $folder . $param['file_name']);
if ($file === null) fail('下载失败');
// Like the CMS: the result of open() is not looked at; a body that is no zip fails at extractTo and
// stays where it was written.
$zip = new ZipArchive();
$zip->open($file);
$dir = substr(basename($file), 0, strlen(basename($file)) - 4);

if ($kind === 'plugin') {
    if (is_dir($folder . $dir)) { unlink($file); fail('该应用已存在,请勿重复安装'); }
    if (!extract_to($zip, $folder . $dir)) fail('解压失败');
    $zip->close();
    unlink($file);
    if (!is_file($folder . $dir . '/' . ucfirst($dir) . '.php')) fail('应用目录结构异常,不能正常使用');
} else {
    if (!extract_to($zip, $folder . $dir . '_tmp')) fail('解压失败');
    $zip->close();
    unlink($file);
    rename($folder . $dir . '_tmp', $folder . $dir);
}
if (isset($param['type'])) api_post($base . $api['download'], $param);
done(['ok' => true, 'dir' => $dir, 'path' => $folder . $dir]);
