<?php
// The CMS's collector (its Collect model: vod_xml / vod_json, then the player filter of vod_data),
// replayed with PHP's own SimpleXML and json_decode against a collection address.
// Usage: php collect.php <collection URL> <xml|json> <list|videolist> <comma-separated player codes>
// Prints one JSON line with what the CMS would import, or dies as the CMS would (PHP 8 errors included).

[$script, $cjurl, $format, $ac, $playerList] = array_pad($argv, 5, '');
$players = array_flip(array_filter(explode(',', $playerList)));

function fetch_body(string $url): string {
    $ch = curl_init();
    curl_setopt($ch, CURLOPT_URL, $url);
    curl_setopt($ch, CURLOPT_RETURNTRANSFER, 1);
    curl_setopt($ch, CURLOPT_CONNECTTIMEOUT, 10);
    $body = curl_exec($ch);
    $code = curl_getinfo($ch, CURLINFO_HTTP_CODE);
    curl_close($ch);
    if ($code != 200) { echo json_encode(['ok' => false, 'error' => "HTTP $code"]), "\n"; exit(0); }
    return (string)$body;
}

$url = $cjurl . (strpos($cjurl, '?') === false ? '?' : '&') . http_build_query(['ac' => $ac, 't' => '', 'pg' => 1, 'h' => '', 'ids' => '', 'wd' => '']);
$html = fetch_body($url);
if (empty($html)) { echo json_encode(['ok' => false, 'error' => 'empty']), "\n"; exit(0); }
$videos = [];
$types = [];
if ($format === 'xml') {
    $xml = @simplexml_load_string($html);
    if (empty($xml)) { echo json_encode(['ok' => false, 'error' => 'xml']), "\n"; exit(0); }
    $page = (string)$xml->list->attributes()->recordcount;
    foreach ($xml->list->video as $video) {
        $from = []; $urls = [];
        if ($count = count($video->dl->dd)) {   // a TypeError under PHP 8 when <dl> is missing
            for ($i = 0; $i < $count; $i++) {
                $from[$i] = (string)$video->dl->dd[$i]['flag'];
                $urls[$i] = (string)$video->dl->dd[$i];
            }
        } else {
            $from[] = (string)$video->dt;
            $urls[] = '';
        }
        $serial = (string)$video->state;
        $videos[] = ['name' => (string)$video->name, 'note' => (string)$video->note, 'isend' => $serial ? 0 : 1, 'tid' => (string)$video->tid, 'from' => implode('$$$', $from), 'url' => implode('$$$', $urls)];
    }
    if ($ac == 'list') foreach ($xml->class->ty as $ty) $types[] = (string)$ty;
} else {
    $json = json_decode($html, true);
    if (!$json) { echo json_encode(['ok' => false, 'error' => 'json']), "\n"; exit(0); }
    $page = $json['total'];
    // The JSON collector keeps the item's own fields: vod_isend as sent (the CMS's default is 1).
    foreach ($json['list'] as $v) $videos[] = ['name' => $v['vod_name'], 'note' => $v['vod_remarks'] ?? '', 'isend' => (int)($v['vod_isend'] ?? 1), 'tid' => (string)$v['type_id'], 'from' => $v['vod_play_from'] ?? '', 'url' => $v['vod_play_url'] ?? ''];
    if ($ac == 'list') foreach ($json['class'] as $c) $types[] = $c['type_name'];
}

// vod_data: every play source whose code is not one of the site's players is dropped, silently.
$kept = 0; $dropped = 0;
foreach ($videos as &$v) {
    $froms = explode('$$$', $v['from']); $urls = explode('$$$', $v['url']);
    $keepFrom = []; $keepUrl = [];
    foreach ($froms as $k => $code) {
        if (empty($code)) continue;
        if (!isset($players[$code])) { $dropped++; continue; }
        $keepFrom[] = $code; $keepUrl[] = rtrim($urls[$k] ?? '', '#');
    }
    $v['from'] = implode('$$$', $keepFrom); $v['url'] = implode('$$$', $keepUrl);
    if ($v['url'] !== '') $kept++;
}
echo json_encode(['ok' => true, 'total' => $page, 'types' => $types, 'videos' => $videos, 'with_play_urls' => $kept, 'dropped_sources' => $dropped], JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES), "\n";
