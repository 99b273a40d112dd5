/**
 * nginx configured by deploy/nginx.conf, its upstream pointed at the given app nodes, listening on
 * `frontPort`, its cache, temporary files and pid in a temporary prefix. `npm run bench -- --front`
 * runs the same load through it to show what the production front adds; the deployment test runs the
 * README's nodes behind it. Needs nginx (Debian: apt-get install nginx-light).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type Front = { origin: string; stop: () => Promise<void> };

/**
 * nginx as deploy/nginx.conf sets it up, in a temporary prefix (no path of the system's is written):
 * its upstreams are the app nodes (`host:port`), it listens on `frontPort`.
 */
export async function startFront(upstreams: string[], frontPort: number): Promise<Front> {
  const nginx = spawnSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], {
    encoding: 'utf8',
  }).stdout.trim();
  if (!nginx) throw new Error('--front needs nginx (apt-get install nginx-light)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-front-'));
  fs.chmodSync(dir, 0o777); // nginx's workers run as another user
  const edits: [string | RegExp, string][] = [
    ['/var/cache/nginx/portal', path.join(dir, 'cache')],
    [
      /server 127\.0\.0\.1:3001;\s*server 127\.0\.0\.1:3002;/,
      upstreams.map((u) => `server ${u};`).join('\n    '),
    ],
    ['listen 80;', `listen ${frontPort};`],
  ];
  // A front that kept the file's own ports or cache folder would run something else than asked.
  const site = edits.reduce(
    (text, [from, to]) => {
      if (!text.match(from)) throw new Error(`deploy/nginx.conf no longer has ${String(from)}`);
      return text.replace(from, to);
    },
    fs.readFileSync('deploy/nginx.conf', 'utf8'),
  );
  const conf = `pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
worker_processes 1;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${site}
}
`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const child: ChildProcess = spawn(
    nginx,
    ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const origin = `http://localhost:${frontPort}`;
  for (let i = 0; i < 40; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode}`);
    const ok = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    origin,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
