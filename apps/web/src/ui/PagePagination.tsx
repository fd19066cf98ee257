import { Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Mantine's pagination with translated accessible names on every control. */
export function PagePagination({
  total,
  value,
  onChange,
}: {
  total: number;
  value: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Pagination
      total={total}
      value={value}
      onChange={onChange}
      size="sm"
      getControlProps={(control) => ({
        'aria-label':
          control === 'previous' ? t('pagination.previous') : control === 'next' ? t('pagination.next') : control,
      })}
      getItemProps={(p) => ({ 'aria-label': t('pagination.page', { page: p }) })}
    />
  );
}
