<?php
// One call as the CMS makes it (its mac_curl_get / mac_curl_post): curl with its default options, so
// no Accept-Encoding is sent and nothing is decoded; the body is read as JSON as it came.
// Usage: php fetch.php <url> [urlencoded form: sent as a POST]
// Prints one JSON line: {"status":200,"json":true,"code":1,"error":"No error"}

[$script, $url] = array_pad($argv, 2, '');
$form = $argv[2] ?? null;
$ch = curl_init();
curl_setopt($ch, CURLOPT_URL, $url);
curl_setopt($ch, CURLOPT_RETURNTRANSFER, 1);
curl_setopt($ch, CURLOPT_HTTPHEADER, ['lang:zh-cn']);
if ($form !== null) {
    curl_setopt($ch, CURLOPT_POST, true);
    curl_setopt($ch, CURLOPT_POSTFIELDS, $form);
}
$body = curl_exec($ch);
$status = curl_getinfo($ch, CURLINFO_HTTP_CODE);
curl_close($ch);
$decoded = is_string($body) ? json_decode($body, true) : null;
echo json_encode([
    'status' => $status,
    'json' => is_array($decoded),
    'code' => is_array($decoded) ? ($decoded['code'] ?? null) : null,
    'error' => json_last_error_msg(),
]), "\n";
