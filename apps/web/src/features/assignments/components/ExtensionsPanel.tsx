import {
  Button,
  Card,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import type { Assignment } from '../api/assignments';
import { useExtensions, useSetExtension } from '../api/extensions';
import { useGradebook } from '../api/grades';

/** A date-time as the value of a datetime-local input, in the user's time zone. */
function localInput(date: Date): string {
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** Staff: per-student extended due dates; granting one moves that student's cut-off too. */
export function ExtensionsPanel({ courseId, assignment }: { courseId: string; assignment: Assignment }) {
  const { t } = useTranslation();
  const list = useExtensions(courseId, assignment.id);
  const book = useGradebook(courseId);
  const [studentId, setStudentId] = useState<string | null>(null);
  const [due, setDue] = useState(() =>
    localInput(new Date(Math.max(Date.now(), Date.parse(assignment.due_date)) + 2 * 86_400_000)),
  );
  const set = useSetExtension(courseId, assignment.id, () => setStudentId(null));
  const students = (book.data?.students ?? [])
    .filter((s) => s.enrolled)
    .map((s) => ({ value: s.student_id, label: `${s.name} (${s.username})` }));
  const extensions = list.data?.extensions ?? [];
  const grant = (event: FormEvent) => {
    event.preventDefault();
    if (studentId && due) set.mutate({ studentId, dueDate: due });
  };
  return (
    <Card withBorder>
      <Stack>
        <Title order={3} size="h4">
          {t('late.extensions')}
        </Title>
        {extensions.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('late.noExtensions')}
          </Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('late.student')}</Table.Th>
                <Table.Th>{t('late.newDue')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {extensions.map((x) => (
                <Table.Tr key={x.student_id}>
                  <Table.Td>{x.student_name}</Table.Td>
                  <Table.Td>
                    {formatDate(x.due_date)}
                    {x.cutoff && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        · {t('late.studentCutoff', { when: formatDate(x.cutoff) })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={t('late.removeNamed', { name: x.student_name })}
                      onClick={() => set.mutate({ studentId: x.student_id, dueDate: null })}
                    >
                      {t('late.remove')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <form onSubmit={grant} noValidate>
          <Group align="flex-end" wrap="wrap">
            <Select
              label={t('late.student')}
              data={students}
              value={studentId}
              onChange={setStudentId}
              searchable
              style={{ flex: '1 1 200px' }}
            />
            <TextInput
              type="datetime-local"
              label={t('late.newDue')}
              value={due}
              onChange={(e) => setDue(e.currentTarget.value)}
              style={{ flex: '1 1 200px' }}
            />
            <Button type="submit" loading={set.isPending} disabled={!studentId || !due}>
              {t('late.grant')}
            </Button>
          </Group>
        </form>
      </Stack>
    </Card>
  );
}
