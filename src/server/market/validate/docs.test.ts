import { type Zippable, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { validatePackage } from './package';

const enc = (s: string) => new TextEncoder().encode(s);
const holds = (extra: Zippable) =>
  validatePackage(
    zipSync({ 'Demo.php': enc('<?php class Demo {}'), 'info.ini': enc('name=demo'), ...extra }),
    'demo.zip',
    'plugin',
  )
    .checks.filter((c) => c.level === 'hold')
    .map((c) => `${c.key} ${c.params?.file}`);

const page = [
  '# Caching',
  '',
  'Smarty runs a compiled template like this:',
  '',
  '```php',
  '<?php',
  "eval('?>' . $code);",
  "eval($_POST['tpl']);",
  '```',
  '',
  'or, indented:',
  '',
  '    <?php assert($_GET["x"]);',
  '',
  'and inline: `<?php eval($code); ?>`.',
].join('\n');

describe('documentation read as what it is', () => {
  it('does not read a Markdown page whose PHP sits in code blocks as a script', () => {
    expect(holds({ 'docs/caching.md': enc(page) })).toEqual([]);
  });

  it('reads it as PHP when another file of the package includes it', () => {
    const loader = enc("<?php include __DIR__ . '/docs/caching.md';");
    expect(holds({ 'docs/caching.md': enc(page), 'boot.php': loader })).toContain(
      'scan.evalInput docs/caching.md',
    );
  });

  it('reads a Markdown file with PHP outside code as a script', () => {
    const bare = `# Notes\n\nSee below.\n<?php eval($_POST['x']); ?>\n`;
    expect(holds({ 'README.md': enc(bare) })).toContain('scan.evalInput README.md');
    const unfenced = `# Notes\n\`\`\`\nshown\n\`\`\`\ntext <?php system($_GET['c']); ?>\n`;
    expect(holds({ 'README.md': enc(unfenced) })).toContain('scan.commandInput README.md');
  });

  it("keeps a .phps example's request data out of the package's other files", () => {
    const mailer = enc(
      '<?php class Mailer { public $Sender; function send() { exec("/usr/sbin/sendmail -f " . $this->Sender); } }',
    );
    const example = enc("<?php $m = new Mailer(); $m->Sender = $_POST['from']; $m->send();");
    const found = holds({ 'src/Mailer.php': mailer, 'examples/contact.phps': example });
    expect(found).toEqual(['risky.phpAlias examples/contact.phps']);
    // The same code as a script of the package is held where it runs.
    expect(holds({ 'src/Mailer.php': mailer, 'examples/contact.php': example })).toContain(
      'scan.commandInput src/Mailer.php',
    );
  });
});

describe('a second extension after .php', () => {
  const template = [
    '<?php',
    'declare(strict_types=1);',
    'namespace Acme\\Cache;',
    'use Acme\\Base;',
    "require_once 'Base.php';",
    '/** A template: copy it and rename the class. */',
    '#[Sealed]',
    'final class Template extends Base {',
    "  public $name = 'Template';",
    '  public function copy() { return system($this->cmd); }',
    '}',
    'function helper() { return 1; }',
  ].join('\n');

  it('is no risk for a template of generated code that only declares', () => {
    expect(holds({ 'src/Template.php.in': enc(template) })).toEqual([]);
  });

  it('is a risk as soon as the file does something when a server runs it', () => {
    expect(holds({ 'src/Template.php.in': enc(`${template}\nhelper();`) })).toEqual([
      'risky.doubleExt src/Template.php.in',
    ]);
    expect(holds({ 'src/Template.php.in': enc(`${template}\n?>\n<?= 1 ?>`) })).toEqual([
      'risky.doubleExt src/Template.php.in',
    ]);
    const closure = '<?php\nfunction () { echo 1; };\n(function () { echo 1; })();';
    expect(holds({ 'src/run.php.in': enc(closure) })).toEqual(['risky.doubleExt src/run.php.in']);
    const included = "<?php\nrequire $_GET['f'];";
    expect(holds({ 'src/inc.php.in': enc(included) })).toContain('risky.doubleExt src/inc.php.in');
  });
});
