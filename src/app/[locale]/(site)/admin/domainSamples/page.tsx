import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SampleReview } from '@/features/domain/admin/SampleReview';
import { StatusPage } from '@/features/layout/StatusPage';
import { TitleBar } from '@/features/layout/TitleBar';
import { isAdmin } from '@/server/accounts/present';
import { findSessionUser } from '@/server/accounts/sessions';
import { env } from '@/server/config/env';
import { listSamples } from '@/server/domain/samples/list-samples';
import { CLEAN_CORPUS } from '@/server/domain/signatures/corpus';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'domain.admin' });
  return { title: t('title'), robots: { index: false } };
}

/** Administrators review feature samples: each is tested against the clean corpus before it may become a signature. */
export default async function DomainSamplesPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('domain.admin');
  const token = (await cookies()).get(env().PRODUCT)?.value;
  const user = token ? await findSessionUser(token) : undefined;
  if (!user || !isAdmin(user)) {
    return (
      <StatusPage code="403" title={t('forbidden')} description={t('forbiddenText')} homeLabel={t('home')} />
    );
  }
  return (
    <>
      <TitleBar title={t('title')} />
      <SampleReview product={env().PRODUCT} initial={await listSamples()} corpusFiles={CLEAN_CORPUS.length} />
    </>
  );
}
