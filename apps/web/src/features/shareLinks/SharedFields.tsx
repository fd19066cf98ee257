import { SimpleGrid, Text } from '@mantine/core';
import type { PrintedField } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';

/** The brand's fields marked for share pages, as plain text (never HTML), labels in the visitor's language. */
export function SharedFields({ fields }: { fields: PrintedField[] }) {
  const { t } = useTranslation();
  if (!fields.length) return null;
  return (
    <SimpleGrid
      component="dl"
      cols={{ base: 1, sm: 2 }}
      spacing="xs"
      verticalSpacing={4}
      m={0}
      aria-label={t('shareFields.title')}
    >
      {fields.map((f) => (
        <div key={f.key}>
          <Text component="dt" size="xs" c="dimmed">
            {f.label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {f.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
