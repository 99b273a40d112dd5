import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AdminGate } from '@/features/admin/AdminGate';
import { SampleReview } from '@/features/domain/admin/SampleReview';
import { TitleBar } from '@/features/layout/TitleBar';
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
  return (
    <>
      <TitleBar title={t('title')} />
      <AdminGate>{() => <Samples />}</AdminGate>
    </>
  );
}

async function Samples() {
  return (
    <SampleReview product={env().PRODUCT} initial={await listSamples()} corpusFiles={CLEAN_CORPUS.length} />
  );
}
