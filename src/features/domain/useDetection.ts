'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { domainCheckVersion, domainInjectList, domainIsfake, domainSiteHistory } from '@/contract/api/domain';
import type {
  AuthenticityInfo,
  CheckProgressInfo,
  DetectionMode,
  InjectAnswer,
  InjectListInfo,
  SiteHistoryInfo,
} from '@/contract/domain';
import { domainCheckSchema } from '@/contract/domain';
import type { VersionInfo } from '@/contract/domain-version';
import { call, errorText } from '@/features/api/client';
import { useLatest } from '@/features/api/use-latest';
import { useKeyText } from '@/i18n/keys';
import { followCheck } from './follow-check';
import { domainParams, recordHref, splitScheme } from './paths';

export type Outcome =
  | { mode: 1; info: AuthenticityInfo }
  | { mode: 2; info: VersionInfo }
  | { mode: 3; info: InjectAnswer; stored: boolean };

/** The check of one mode: validation, the call, the result or a translated error. */
export function useDetection(
  mode: DetectionMode,
  product: string,
  initialStats: InjectListInfo | null,
  initialRecord: SiteHistoryInfo | null = null,
) {
  const text = useKeyText();
  const [protocol, setProtocol] = useState<'http' | 'https'>('http');
  const [domain, setDomain] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [stats, setStats] = useState(initialStats);
  const [record, setRecord] = useState(initialRecord);
  const [progress, setProgress] = useState<CheckProgressInfo | null>(null);
  const latest = useLatest();
  // Which check the page follows: an earlier one's polling stops, and so does leaving the page.
  const following = useRef(0);
  useEffect(
    () => () => {
      following.current += 1;
    },
    [],
  );

  const run = useCallback(
    (value: string, chosen: 'http' | 'https', recheck = false) => {
      const [scheme, rest] = splitScheme(value, chosen);
      setProtocol(scheme);
      setDomain(rest);
      const parsed = domainCheckSchema.safeParse({ domain: rest });
      if (!parsed.success) return setError(text(parsed.error.issues[0]!.message));
      setBusy(true);
      setError('');
      setOutcome(null);
      setProgress(null);
      const mine = ++following.current;
      const alive = () => mine === following.current;
      const payload = { domain: `${scheme}://${rest}` };
      const { yapi, dapi } = domainParams(product);
      const check: Promise<Outcome> =
        mode === 1
          ? call(domainIsfake, payload, yapi).then((info) => ({ mode: 1 as const, info }))
          : mode === 2
            ? call(domainCheckVersion, payload, yapi).then((info) => ({ mode: 2 as const, info }))
            : followCheck({ ...payload, recheck }, dapi, (p) => alive() && setProgress(p), alive).then(
                (r) => ({ mode: 3 as const, ...r }),
              );
      // Only the latest check shows: an earlier one still under way cannot overwrite it.
      latest(
        check,
        (result) => {
          setOutcome(result);
          setProgress(null);
          setBusy(false);
          // The counters follow the stored checks; a failed refresh keeps the previous figures. The
          // list is as long as the server's default (`limit` left out, which its type cannot say).
          if (result.mode === 3) {
            call(domainInjectList, {}, dapi).then(setStats, () => {});
            // The address bar becomes the result's link, and the site's record gains this check.
            window.history.replaceState(null, '', recordHref(window.location.pathname, result.info.domain));
            call(domainSiteHistory, { domain: result.info.domain }, dapi).then(setRecord, () => {});
          }
        },
        (e) => {
          setError(errorText(e));
          setProgress(null);
          setBusy(false);
        },
      );
    },
    [mode, product, text, latest],
  );

  return { protocol, setProtocol, domain, setDomain, busy, error, outcome, progress, stats, record, run };
}
