import { NumberInput, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { EXPIRY_WARNING_DAYS_MAX, EXPIRY_WARNING_DAYS_MIN } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import type { BrandFormValues } from './api';

/**
 * A brand's usage-rights settings (issue 40 §2): how many days before the end of its rights an
 * asset shows as expiring, and whether members may download expired assets after a warning.
 */
export function RightsSettingsFields<V extends BrandFormValues>({ form }: { form: UseFormReturnType<V> }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {t('brandAdmin.rights.title')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NumberInput
          label={t('brandAdmin.rights.warningDays')}
          description={t('brandAdmin.rights.warningDaysHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          name="expiry_warning_days"
          min={EXPIRY_WARNING_DAYS_MIN}
          max={EXPIRY_WARNING_DAYS_MAX}
          allowDecimal={false}
          allowNegative={false}
          suffix={` ${t('brandAdmin.rights.days')}`}
          {...form.getInputProps('expiry_warning_days')}
        />
        <Radio.Group
          label={t('brandAdmin.rights.expiredDownloads')}
          name="expired_downloads"
          {...form.getInputProps('expired_downloads')}
        >
          <Stack gap={6} mt={6}>
            <Radio value="block" label={t('brandAdmin.rights.block')} />
            <Radio value="warn" label={t('brandAdmin.rights.warn')} />
          </Stack>
        </Radio.Group>
      </SimpleGrid>
    </Stack>
  );
}
