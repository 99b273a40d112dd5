'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import {
  developerGetAuthCode,
  developerHowToBuy,
  developerRevokeAuthCode,
  developerVerifyAuthCode,
} from '@/contract/api/developer';
import { formatTime } from '@/contract/format';
import { HOW_TO_BUY_MAX, type LicenceCode, MAX_SITES_LIMIT, maskCode } from '@/contract/licence';
import { errorText, failureKind, request } from '@/features/api/client';
import { copyText } from '@/features/common/copy-text';
import { useToast } from '@/features/common/Toast';
import { useRouter } from '@/i18n/navigation';
import styles from '../Market.module.css';

const field = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? '').trim();

/**
 * A paid item's licence codes: Generate (the only way a code is made, after a confirm, with optional
 * limits), the issued codes with their uses and redeeming sites, revoke, the developer's own check of
 * a code, and the "how to buy" note of the public page. On a phone the table stacks each row.
 */
export function LicenceManager({
  id,
  codes,
  howToBuy,
}: {
  id: number;
  codes: LicenceCode[];
  howToBuy: string;
}) {
  const t = useTranslations('market.center');
  const tl = useTranslations('market.center.licence');
  const toast = useToast();
  const router = useRouter();
  const [fresh, setFresh] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async <T,>(work: () => Promise<T>, then: (answer: T) => void) => {
    setBusy(true);
    try {
      then(await work());
    } catch (error) {
      toast(errorText(error), failureKind(error));
    } finally {
      setBusy(false);
    }
  };
  const copy = async (text: string) => {
    if (await copyText(text)) toast(t('copied'), 'success');
    else toast(t('copyFailed'), 'error');
  };
  const generate = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (!window.confirm(tl('confirmGenerate'))) return;
    const maxSites = field(form, 'max_sites');
    const expires = field(form, 'expires');
    await run(
      () =>
        request(developerGetAuthCode, {
          id,
          ...(maxSites ? { max_sites: Number(maxSites) } : {}),
          ...(expires ? { expires } : {}),
        }),
      ({ info, msg }) => {
        setFresh(info.code);
        toast(msg, 'success');
        form.reset();
        router.refresh();
      },
    );
  };
  const revoke = (code: LicenceCode) => {
    if (!window.confirm(tl('confirmRevoke', { code: maskCode(code.code) }))) return;
    void run(
      () => request(developerRevokeAuthCode, { id, code_id: code.id }),
      ({ msg }) => {
        toast(msg, 'success');
        router.refresh();
      },
    );
  };
  const verify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = field(event.currentTarget, 'code');
    await run(
      () => request(developerVerifyAuthCode, { id, code: value }),
      ({ msg }) => toast(msg, 'success'),
    );
  };
  const saveNote = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const note = String(new FormData(event.currentTarget).get('how_to_buy') ?? '');
    await run(
      () => request(developerHowToBuy, { id, how_to_buy: note }),
      ({ msg }) => {
        toast(msg, 'success');
        router.refresh();
      },
    );
  };
  const limits = (c: LicenceCode) => {
    const parts = [
      c.max_sites ? tl('sitesLimit', { used: c.site_count, max: c.max_sites }) : '',
      c.expires ? tl('until', { day: c.expires }) : '',
    ].filter(Boolean);
    return parts.length ? parts.join(' · ') : tl('noLimits');
  };
  return (
    <>
      <p className={styles.muted}>{tl('intro')}</p>
      <form className={styles.licenceForm} onSubmit={generate} aria-label={tl('generateTitle')}>
        <label>
          <span>{tl('maxSites')}</span>
          <input
            name="max_sites"
            type="number"
            min={1}
            max={MAX_SITES_LIMIT}
            step={1}
            inputMode="numeric"
            placeholder={tl('maxSitesHint')}
          />
        </label>
        <label>
          <span>{tl('expires')}</span>
          <input name="expires" type="date" title={tl('expiresHint')} />
        </label>
        <button type="submit" className={styles.primaryButton} disabled={busy}>
          {tl('generate')}
        </button>
      </form>
      {fresh && (
        <div className={styles.codeBox} role="status">
          <span>{tl('newCode')}</span>
          <code data-testid="auth-code">{fresh}</code>
          <button type="button" className={styles.linkButton} onClick={() => copy(fresh)}>
            {t('copy')}
          </button>
          <button type="button" className={styles.linkButton} onClick={() => setFresh('')}>
            {t('close')}
          </button>
        </div>
      )}
      {codes.length === 0 ? (
        <p className={styles.muted}>{tl('none')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={`${styles.table} ${styles.stacked}`}>
            <thead>
              <tr>
                <th>{tl('colCode')}</th>
                <th>{tl('colCreated')}</th>
                <th>{tl('colLimits')}</th>
                <th>{tl('colUses')}</th>
                <th>{tl('colSites')}</th>
                <th>{tl('colStatus')}</th>
                <th>{tl('colActions')}</th>
              </tr>
            </thead>
            <tbody>
              {codes.map((c) => (
                <tr key={c.id} data-code-id={c.id}>
                  <td data-label={tl('colCode')}>
                    <span className={styles.licenceCode}>
                      <code>{maskCode(c.code)}</code>
                      <button type="button" className={styles.linkButton} onClick={() => copy(c.code)}>
                        {t('copy')}
                      </button>
                    </span>
                  </td>
                  <td data-label={tl('colCreated')}>{formatTime(c.create_time)}</td>
                  <td data-label={tl('colLimits')}>{limits(c)}</td>
                  <td data-label={tl('colUses')}>
                    <div>
                      {c.uses}
                      {c.last_used > 0 && (
                        <div className={styles.muted}>
                          {tl('lastUsed', { time: formatTime(c.last_used) })}
                        </div>
                      )}
                    </div>
                  </td>
                  <td data-label={tl('colSites')}>
                    {c.sites.length === 0 ? (
                      <span className={styles.muted}>{tl('noSites')}</span>
                    ) : (
                      <ul className={styles.siteList}>
                        {c.sites.map((s) => (
                          <li key={s.host} title={formatTime(s.last_time)}>
                            {tl('siteUses', { host: s.host, n: s.uses })}
                          </li>
                        ))}
                        {c.site_count > c.sites.length && (
                          <li className={styles.muted}>
                            {tl('moreSites', { n: c.site_count - c.sites.length })}
                          </li>
                        )}
                      </ul>
                    )}
                  </td>
                  <td data-label={tl('colStatus')}>
                    <span className={c.status === 'active' ? styles.licenceActive : styles.licenceOff}>
                      {tl(`status.${c.status}`)}
                    </span>
                  </td>
                  <td data-label={tl('colActions')}>
                    {c.status !== 'revoked' && (
                      <button
                        type="button"
                        className={styles.linkButton}
                        disabled={busy}
                        onClick={() => revoke(c)}
                      >
                        {tl('revoke')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className={styles.muted}>{tl('siteNote')}</p>
      <form className={styles.verify} onSubmit={verify}>
        <label>
          <span>{t('verifyLabel')}</span>
          <input name="code" required maxLength={64} autoComplete="off" placeholder="XXXX-XXXX-XXXX-XXXX" />
        </label>
        <button type="submit" className={styles.linkButton}>
          {t('verify')}
        </button>
      </form>
      <form className={styles.howToBuyForm} onSubmit={saveNote}>
        <label>
          <span>{tl('howToBuy')}</span>
          <textarea name="how_to_buy" maxLength={HOW_TO_BUY_MAX} rows={3} defaultValue={howToBuy} />
        </label>
        <span className={styles.muted}>{tl('howToBuyHint')}</span>
        <button type="submit" className={styles.primaryButton} disabled={busy}>
          {tl('save')}
        </button>
      </form>
    </>
  );
}
