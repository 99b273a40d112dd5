import 'server-only';
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { env } from '../../../config/env';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * Chromium's own switches. Every request a page makes is answered by the check through the safe
 * fetch; these make sure that whatever might slip past that (a preconnect, a DNS prefetch, WebRTC)
 * reaches nothing: no name resolves, every connection goes to a proxy that is not there.
 */
const ARGS = [
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-domain-reliability',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  '--mute-audio',
];
const NOWHERE = 'http://127.0.0.1:9';

/** Why the check ran without its browser pass: not installed, switched off, or every slot taken. */
export type Unavailable = 'unavailable' | 'off' | 'busy' | 'failed';

/** The Chromium to run, or why there is none. */
export function browserExecutable(): string | 'off' | null {
  const setting = env().INJECT_BROWSER;
  if (setting === 'off') return 'off';
  const path = setting === 'auto' ? DEBIAN_CHROMIUM : setting;
  return existsSync(path) ? path : null;
}

type Waiter = { resolve: (ok: boolean) => void; timer: NodeJS.Timeout };

/**
 * One Chromium per node, started on the first check and started again if it dies. At most
 * INJECT_BROWSER_CHECKS checks use it at once; others wait in a bounded queue, no longer than
 * their own time, and are told "busy" when it is full or their time runs out.
 */
class BrowserEngine {
  private browser: Promise<Browser> | null = null;
  private running = 0;
  private readonly queue: Waiter[] = [];

  /** `onQueued` is told when the check has to wait for a slot (its progress then says "queued"). */
  async use<T>(
    deadline: number,
    task: (browser: Browser) => Promise<T>,
    onQueued?: () => void,
  ): Promise<T | Unavailable> {
    const executable = browserExecutable();
    if (executable === 'off') return 'off';
    if (!executable) return 'unavailable';
    if (!(await this.slot(deadline, onQueued))) return 'busy';
    try {
      const browser = await this.start(executable).catch(() => null);
      if (!browser) return 'failed';
      return await task(browser);
    } finally {
      this.running--;
      this.queue.shift()?.resolve(true);
    }
  }

  private slot(deadline: number, onQueued?: () => void): Promise<boolean> {
    const max = env().INJECT_BROWSER_CHECKS;
    if (this.running < max) {
      this.running++;
      return Promise.resolve(true);
    }
    if (this.queue.length >= max * 8) return Promise.resolve(false);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        resolve: (ok) => {
          clearTimeout(waiter.timer);
          if (ok) this.running++;
          resolve(ok);
        },
        timer: setTimeout(
          () => {
            const at = this.queue.indexOf(waiter);
            if (at >= 0) this.queue.splice(at, 1);
            resolve(false);
          },
          Math.max(0, deadline - Date.now()),
        ),
      };
      this.queue.push(waiter);
      onQueued?.();
    });
  }

  private start(executable: string): Promise<Browser> {
    if (this.browser) return this.browser;
    const launching = chromium
      .launch({
        executablePath: executable,
        // Chromium refuses its sandbox to root: only then is it run without (see docs/detection.md).
        chromiumSandbox: process.getuid?.() !== 0,
        args: ARGS,
        proxy: { server: NOWHERE, bypass: '' },
        timeout: 15_000,
      })
      .then((browser) => {
        browser.on('disconnected', () => {
          if (this.browser === launching) this.browser = null;
        });
        return browser;
      });
    launching.catch(() => {
      if (this.browser === launching) this.browser = null;
    });
    this.browser = launching;
    return launching;
  }

  /** Starts the browser ahead of the first check (start-up, benchmarks, tests); false when there is none. */
  async warm(): Promise<boolean> {
    const executable = browserExecutable();
    if (!executable || executable === 'off') return false;
    return (await this.start(executable).catch(() => null)) !== null;
  }

  /** Stops the browser (tests, shutdown). */
  async close() {
    const browser = await this.browser?.catch(() => null);
    this.browser = null;
    await browser?.close();
  }
}

const KEY = Symbol.for('maccms.inject.browser');
const holder = globalThis as unknown as Record<symbol, BrowserEngine | undefined>;

/** This node's browser (one per process, whichever bundle asks). */
export function browserEngine(): BrowserEngine {
  holder[KEY] ??= new BrowserEngine();
  return holder[KEY];
}
