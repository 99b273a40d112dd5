import 'server-only';

export type Frontmatter = Record<string, string>;

/** `---` blocks of `key: value` lines (quotes optional): all our Markdown needs, no YAML engine. */
export function splitFrontmatter(source: string): { data: Frontmatter; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) return { data: {}, body: source };
  const data: Frontmatter = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const pair = /^([A-Za-z_][\w-]*):\s*(.*)$/.exec(line);
    if (pair) data[pair[1]!] = pair[2]!.trim().replace(/^(["'])(.*)\1$/, '$2');
  }
  return { data, body: source.slice(match[0].length) };
}
