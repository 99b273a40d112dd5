<?php
// What the CMS's install makes of zips: each one opened with ZipArchive as the CMS opens it (no
// flags) and extracted with extractTo into a fresh folder, then the folder read back.
// Usage: php extract.php <zip>...  (each is extracted into a new folder beside it, <zip>.d)
// Prints one JSON line: {"<zip>": {"ok":true,"files":{"<path>":"<sha256>"},"dirs":["<path>/"]}} or
// {"<zip>": {"ok":false}} when ZipArchive cannot open or extract it.

$out = [];
foreach (array_slice($argv, 1) as $file) {
    $to = $file . '.d';
    if (file_exists($to)) {
        $out[$file] = ['ok' => false];
        continue;
    }
    $zip = new ZipArchive();
    $opened = $zip->open($file);
    try {
        $ok = $opened === true && $zip->extractTo($to);
    } catch (Throwable $e) {
        $ok = false;
    }
    if ($opened === true) $zip->close();
    if (!$ok) {
        $out[$file] = ['ok' => false];
        continue;
    }
    $files = [];
    $dirs = [];
    $items = new RecursiveIteratorIterator(
        new RecursiveDirectoryIterator($to, FilesystemIterator::SKIP_DOTS),
        RecursiveIteratorIterator::SELF_FIRST
    );
    foreach ($items as $path => $item) {
        $name = substr($path, strlen($to) + 1);
        if ($item->isDir()) $dirs[] = $name . '/';
        else $files[$name] = hash_file('sha256', $path);
    }
    ksort($files, SORT_STRING);
    sort($dirs, SORT_STRING);
    $out[$file] = ['ok' => true, 'files' => (object) $files, 'dirs' => $dirs];
}
echo json_encode((object) $out, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES), "\n";
