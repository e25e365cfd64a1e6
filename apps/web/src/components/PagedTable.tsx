import { Group, Pagination, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from './ScrollTable';

/** One page of a list as a table (`children`), with the total and the page controls under it. */
export function PagedTable({
  minWidth,
  total,
  page,
  pageSize,
  onPage,
  children,
}: {
  minWidth: number;
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ScrollTable minWidth={minWidth}>{children}</ScrollTable>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('common.total', { count: total })}
        </Text>
        <Pagination
          total={Math.max(1, Math.ceil(total / pageSize))}
          value={page}
          onChange={onPage}
          getControlProps={(control) => ({ 'aria-label': t(`common.page.${control}`) })}
          getItemProps={(n) => ({ 'aria-label': t('common.pageN', { n }) })}
        />
      </Group>
    </>
  );
}
