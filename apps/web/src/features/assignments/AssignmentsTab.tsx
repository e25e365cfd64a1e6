import {
  Anchor,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppModal } from '../../components/AppModal';
import { QueryState } from '../../components/QueryState';
import { ScrollTable } from '../../components/ScrollTable';
import { StatusBadge } from '../../components/StatusBadge';
import { api } from '../../lib/api';
import { errorMessage, fieldOf } from '../../lib/errors';
import { formatDate, relativeDue } from '../../lib/format';
import { notify } from '../../lib/notify';
import { courseKeys } from '../courses/keys';

type Assignment = Awaited<ReturnType<typeof api.assignments.list>>['assignments'][number];

export function AssignmentsTab({ courseId, staff }: { courseId: string; staff: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [creating, create] = useDisclosure(false);
  const [editing, setEditing] = useState<Assignment | null>(null);
  const list = useQuery({
    queryKey: courseKeys.assignments(courseId),
    queryFn: () => api.assignments.list(courseId, { limit: 100 }),
  });
  const move = useMutation({
    mutationFn: ({ id, status }: { id: string; status: string }) =>
      api.assignments.update(courseId, id, { status }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.assignments(courseId) }),
    onError: (error) => notify({ color: 'red', message: errorMessage(error, t) }),
  });
  return (
    <Stack>
      {staff && (
        <Group justify="flex-end">
          <Button onClick={create.open}>{t('assignments.create')}</Button>
        </Group>
      )}
      <QueryState query={list} isEmpty={(d) => d.assignments.length === 0} empty={t('assignments.none')}>
        {(data) => (
          <ScrollTable minWidth={560}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('assignments.title')}</Table.Th>
                  <Table.Th>{t('assignments.due')}</Table.Th>
                  <Table.Th>{t('assignments.maxScore')}</Table.Th>
                  <Table.Th>{t('courses.status')}</Table.Th>
                  {staff && <Table.Th>{t('assignments.submitted')}</Table.Th>}
                  {staff && <Table.Th>{t('common.actions')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.assignments.map((a) => {
                  const due = relativeDue(a.due_date);
                  return (
                    <Table.Tr key={a.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/courses/${courseId}/assignments/${a.id}`}>
                          {a.title}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c={due.overdue ? 'red' : undefined} title={formatDate(a.due_date)}>
                          {due.overdue
                            ? t('assignments.overdue', { when: due.text })
                            : t('assignments.dueIn', { when: due.text })}
                        </Text>
                      </Table.Td>
                      <Table.Td>{a.max_score}</Table.Td>
                      <Table.Td>
                        <StatusBadge status={a.status} />
                      </Table.Td>
                      {staff && <Table.Td>{a.submission_count}</Table.Td>}
                      {staff && (
                        <Table.Td>
                          <Button
                            size="xs"
                            variant="subtle"
                            onClick={() => setEditing(a)}
                            aria-label={t('assignments.editNamed', { title: a.title })}
                          >
                            {t('common.edit')}
                          </Button>
                          {a.status === 'draft' && (
                            <Button
                              size="xs"
                              variant="light"
                              onClick={() => move.mutate({ id: a.id, status: 'published' })}
                            >
                              {t('assignments.publish')}
                            </Button>
                          )}
                          {a.status === 'published' && (
                            <Button
                              size="xs"
                              variant="subtle"
                              onClick={() => move.mutate({ id: a.id, status: 'closed' })}
                            >
                              {t('assignments.close')}
                            </Button>
                          )}
                          {a.status === 'closed' && (
                            <Button
                              size="xs"
                              variant="subtle"
                              onClick={() => move.mutate({ id: a.id, status: 'published' })}
                            >
                              {t('assignments.reopen')}
                            </Button>
                          )}
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </QueryState>
      <AppModal opened={creating} onClose={create.close} title={t('assignments.create')} size="lg">
        <AssignmentForm courseId={courseId} onDone={create.close} />
      </AppModal>
      <AppModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t('assignments.edit')}
        size="lg"
      >
        {editing && (
          <AssignmentForm courseId={courseId} assignment={editing} onDone={() => setEditing(null)} />
        )}
      </AppModal>
    </Stack>
  );
}

/** A date-time as the value of a datetime-local input, in the user's time zone. */
function localInput(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

function AssignmentForm({
  courseId,
  assignment,
  onDone,
}: {
  courseId: string;
  assignment?: Assignment;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(assignment?.title ?? '');
  const [description, setDescription] = useState(assignment?.description ?? '');
  const [instructions, setInstructions] = useState(assignment?.instructions ?? '');
  const [due, setDue] = useState(
    localInput(assignment ? new Date(assignment.due_date) : new Date(Date.now() + 7 * 86_400_000)),
  );
  const [maxScore, setMaxScore] = useState<number>(assignment?.max_score ?? 100);
  const [allowLate, setAllowLate] = useState(assignment?.allow_late ?? false);
  const [resubmit, setResubmit] = useState(assignment?.resubmit_after_grading ?? true);
  const [publish, setPublish] = useState(!assignment);
  const save = useMutation({
    mutationFn: async () => {
      const fields = {
        title,
        description,
        instructions,
        due_date: new Date(due).toISOString(),
        max_score: maxScore,
        allow_late: allowLate,
        resubmit_after_grading: resubmit,
      };
      if (assignment) {
        await api.assignments.update(courseId, assignment.id, fields);
        return;
      }
      const created = await api.assignments.create(courseId, fields);
      if (publish) await api.assignments.update(courseId, created.id, { status: 'published' });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: courseKeys.assignments(courseId) });
      onDone();
    },
  });
  const field = fieldOf(save.error);
  const errorFor = (name: string) => (field === name ? errorMessage(save.error, t) : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {save.isError && !field && (
          <Text c="red" role="alert">
            {errorMessage(save.error, t)}
          </Text>
        )}
        <TextInput
          label={t('assignments.title')}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={errorFor('title')}
          required
        />
        <Textarea
          label={t('assignments.description')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          autosize
          minRows={2}
        />
        <Textarea
          label={t('assignments.instructions')}
          value={instructions}
          onChange={(e) => setInstructions(e.currentTarget.value)}
          autosize
          minRows={2}
        />
        <Group grow>
          <TextInput
            type="datetime-local"
            label={t('assignments.due')}
            value={due}
            onChange={(e) => setDue(e.currentTarget.value)}
            error={errorFor('due_date')}
            required
          />
          <NumberInput
            label={t('assignments.maxScore')}
            value={maxScore}
            onChange={(v) => setMaxScore(Number(v) || 0)}
            min={1}
            error={errorFor('max_score')}
          />
        </Group>
        <Checkbox
          label={t('assignments.allowLate')}
          checked={allowLate}
          onChange={(e) => setAllowLate(e.currentTarget.checked)}
        />
        <Checkbox
          label={t('assignments.resubmitAfterGrading')}
          checked={resubmit}
          onChange={(e) => setResubmit(e.currentTarget.checked)}
        />
        <Checkbox
          label={t('assignments.publishNow')}
          checked={publish}
          onChange={(e) => setPublish(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
