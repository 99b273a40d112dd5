import { pageLocale, privateMetadata } from '@/features/layout/private-page';
import { AddPage } from '@/features/market/add/AddPage';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ id?: string }> };

export const generateMetadata = privateMetadata('market.add.titleTheme', {
  description: 'market.add.metaDescription',
  editTitle: 'market.add.editTitleTheme',
});

export default async function Page({ params, searchParams }: Props) {
  const locale = await pageLocale(params);
  return <AddPage kind="theme" locale={locale} id={(await searchParams).id} />;
}
