'use client';

import { useCallback, useState } from 'react';
import type { AuthenticityInfo, DetectionMode, InjectInfo, InjectListInfo } from '@/contract/domain';
import { domainCheckSchema } from '@/contract/domain';
import type { VersionInfo } from '@/contract/domain-version';
import { callApi, errorText } from '@/features/api/client';
import { useKeyText } from '@/i18n/keys';
import { domainPaths, splitScheme } from './paths';

export type Outcome =
  | { mode: 1; info: AuthenticityInfo }
  | { mode: 2; info: VersionInfo }
  | { mode: 3; info: InjectInfo };

/** The check of one mode: validation, the call, the result or a translated error. */
export function useDetection(mode: DetectionMode, product: string, initialStats: InjectListInfo | null) {
  const text = useKeyText();
  const [protocol, setProtocol] = useState<'http' | 'https'>('http');
  const [domain, setDomain] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [stats, setStats] = useState(initialStats);
  const paths = domainPaths(product);

  const run = useCallback(
    async (value: string, chosen: 'http' | 'https') => {
      const [scheme, rest] = splitScheme(value, chosen);
      setProtocol(scheme);
      setDomain(rest);
      const parsed = domainCheckSchema.safeParse({ domain: rest });
      if (!parsed.success) return setError(text(parsed.error.issues[0]!.message));
      setBusy(true);
      setError('');
      setOutcome(null);
      const payload = { domain: `${scheme}://${rest}` };
      try {
        if (mode === 1) setOutcome({ mode, info: await callApi<AuthenticityInfo>(paths.isfake, payload) });
        if (mode === 2) setOutcome({ mode, info: await callApi<VersionInfo>(paths.checkVersion, payload) });
        if (mode === 3) {
          setOutcome({ mode, info: await callApi<InjectInfo>(paths.checkInject, payload) });
          // The counters follow the stored checks; a failed refresh keeps the previous figures.
          callApi<InjectListInfo>(paths.injectList, {}).then(setStats, () => {});
        }
      } catch (e) {
        setError(errorText(e));
      } finally {
        setBusy(false);
      }
    },
    [mode, paths.isfake, paths.checkVersion, paths.checkInject, paths.injectList, text],
  );

  return { protocol, setProtocol, domain, setDomain, busy, error, outcome, stats, run };
}
