import { useTranslation } from 'react-i18next';
import NotAvailablePage from '../../app/pages/NotAvailablePage';
import { useSession } from '../../state/session';

/** brand.home / brand.home2: the searcher and folder explorer come with the assets capability. */
export default function BrandHomePage() {
  const { t } = useTranslation();
  const brand = useSession((s) => s.selectedBrand);
  return <NotAvailablePage feature="brandHome" title={brand ? t('later.brandHomeOf', { name: brand.name }) : undefined} />;
}
