import { simulationTypes } from '@faraday/contracts';
import { Anchor, Group, NativeSelect, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDelete } from '../../../components/ConfirmDelete';
import { PagedTable } from '../../../components/PagedTable';
import { QueryState } from '../../../components/QueryState';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useCourseOptions } from '../api/courses';
import { useDeleteRun, useHistory } from '../api/history';
import { HistoryTable } from '../components/HistoryTable';

const PAGE_SIZE = 10;

/**
 * /lab/history — the user's runs (and, for a course's staff, the course's), filtered, paged. A sweep
 * is one entry (the backend groups its runs), listing its runs inside.
 */
export default function HistoryPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const type = search.get('type') ?? '';
  const course = search.get('course') ?? '';
  const page = Number(search.get('page') ?? '1') || 1;
  const courses = useCourseOptions();
  const [deleting, setDeleting] = useState<{ id: string; title: string } | null>(null);

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setSearch(next, { replace: true });
  };

  const history = useHistory(page, PAGE_SIZE, type, course);
  const remove = useDeleteRun({
    success: () => {
      setDeleting(null);
      notify({ color: 'teal', message: t('lab.history.deleted') });
    },
    error: (error) => notify({ color: 'red', message: errorMessage(error, t) }),
  });
  const courseName = (id: string | null) => courses.data?.find((c) => c.value === id)?.label ?? '—';

  return (
    <Stack>
      <div>
        <Anchor component={Link} to="/lab" size="sm">
          ← {t('nav.lab')}
        </Anchor>
        <Title order={2}>{t('lab.history.title')}</Title>
      </div>
      <Group align="flex-end">
        <NativeSelect
          label={t('lab.history.type')}
          data={[
            { value: '', label: t('lab.history.allTypes') },
            ...simulationTypes.map((s) => ({ value: s, label: t(`lab.solvers.${s}`) })),
          ]}
          value={type}
          onChange={(event) => update({ type: event.currentTarget.value, page: '' })}
        />
        <NativeSelect
          label={t('lab.course')}
          data={[{ value: '', label: t('lab.history.allCourses') }, ...(courses.data ?? [])]}
          value={course}
          onChange={(event) => update({ course: event.currentTarget.value, page: '' })}
        />
      </Group>
      <QueryState query={history} isEmpty={(d) => d.simulations.length === 0} empty={t('lab.history.empty')}>
        {(data) => (
          <PagedTable
            minWidth={640}
            total={data.total}
            page={page}
            pageSize={PAGE_SIZE}
            onPage={(n) => update({ page: String(n) })}
          >
            <HistoryTable
              entries={data.simulations}
              courseName={courseName}
              onDelete={(entry) => setDeleting({ id: entry.id, title: entry.title })}
            />
          </PagedTable>
        )}
      </QueryState>
      <ConfirmDelete
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('lab.history.confirmTitle')}
        question={t('lab.history.confirm', { title: deleting?.title ?? '' })}
        deleting={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </Stack>
  );
}
