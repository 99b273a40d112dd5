import 'server-only';
import type { ScanResult } from '../scan-site';
import type { BrowserPass } from './browser-pass';

const rank = (severity: string) => ({ high: 0, medium: 1, low: 2 })[severity] ?? 3;

/**
 * The static pass's result with what the browser saw added: its findings, its limits, and what
 * each visit came to. A check without its browser (not installed, switched off) says so in
 * `browser.state` and is judged on its static pass alone, as before.
 */
export function withBrowserPass(scan: ScanResult, pass: BrowserPass): ScanResult {
  const findings = [...scan.findings, ...pass.findings].sort((a, b) => rank(a.severity) - rank(b.severity));
  const cuts = [...scan.cuts, ...pass.cuts];
  const injected = findings.some((f) => f.severity !== 'low');
  return {
    ...scan,
    status: injected ? 'injected' : cuts.length > 0 ? 'partial' : 'clean',
    findings,
    cuts,
    browser: { state: pass.state, visits: pass.visits },
  };
}
