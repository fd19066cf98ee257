import { Container, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../state/session';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { FieldsSection } from './FieldsSection';
import { VocabulariesSection } from './VocabulariesSection';
import { EmbeddedMapping } from './EmbeddedMapping';

type Tab = 'fields' | 'vocabularies' | 'embedded';
const TABS: readonly Tab[] = ['fields', 'vocabularies', 'embedded'];

/**
 * The selected brand's metadata: its fields, vocabularies and which embedded metadata fills which
 * field at upload (route guard: metadata.manage).
 */
export default function MetadataPage() {
  const { t } = useTranslation();
  usePageTitle(t('metadata.title'));
  const brand = useSession((s) => s.selectedBrand);
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : 'fields';
  const setTab = (next: Tab) => setParams(next === 'fields' ? {} : { tab: next }, { replace: true });
  if (!brand) return null;
  return (
    <Container size="lg" py="xl">
      <PageHeader title={t('metadata.title')} description={t('metadata.subtitle', { brand: brand.name })} />
      <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="fields">{t('metadata.tabs.fields')}</Tabs.Tab>
          <Tabs.Tab value="vocabularies">{t('metadata.tabs.vocabularies')}</Tabs.Tab>
          <Tabs.Tab value="embedded">{t('metadata.tabs.embedded')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="fields">
          <FieldsSection brandId={brand.id} onNewVocabulary={() => setTab('vocabularies')} />
        </Tabs.Panel>
        <Tabs.Panel value="vocabularies">
          <VocabulariesSection brandId={brand.id} />
        </Tabs.Panel>
        <Tabs.Panel value="embedded">
          <EmbeddedMapping brandId={brand.id} />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
