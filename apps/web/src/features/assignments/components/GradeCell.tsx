import type { GradebookRow } from '@faraday/contracts';
import { ActionIcon, Badge, Group, Menu, NumberInput, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useEditGrade } from '../api/grades';

type Cell = GradebookRow['grades'][number];
interface Column {
  id: string;
  title: string;
  due_date: string;
  max_score: number;
  graded_by_rubric: boolean;
}

/** The flags of a cell: late, missing (past due), extended, a newer attempt to grade, given without work. */
function CellFlags({ cell, column }: { cell: Cell; column: Column }) {
  const { t } = useTranslation();
  const flags: { key: string; label: string; color: string }[] = [];
  if (cell.status === 'late') flags.push({ key: 'late', label: t('gradebook.flags.late'), color: 'yellow' });
  const due = cell.extended_due_date ?? column.due_date;
  if (cell.status === 'missing' && !cell.entered && Date.parse(due) < Date.now()) {
    flags.push({ key: 'missing', label: t('gradebook.flags.missing'), color: 'red' });
  }
  if (cell.extended_due_date) {
    const date = formatDate(cell.extended_due_date);
    flags.push({ key: 'extended', label: t('gradebook.flags.extended', { date }), color: 'blue' });
  }
  if (cell.resubmitted_after_grading) {
    flags.push({ key: 'new', label: t('gradebook.flags.newAttempt'), color: 'orange' });
  }
  if (cell.entered) flags.push({ key: 'entered', label: t('gradebook.flags.entered'), color: 'gray' });
  return flags.map((f) => (
    <Badge key={f.key} size="xs" color={f.color} variant="light">
      {f.label}
    </Badge>
  ));
}

/**
 * One gradebook cell. Staff click the score, type and press Enter to save (Escape cancels), as in
 * Canvas; the menu opens the student's work or the cell's history. Rubric-graded work is graded
 * in the submission, so its cell is not typed into.
 */
export function GradeCell(props: {
  courseId: string;
  student: { id: string; name: string };
  cell: Cell;
  column: Column;
  staff: boolean;
  onHistory: () => void;
}) {
  const { courseId, student, cell, column, staff } = props;
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState<string | number>('');
  const cancelled = useRef(false);
  const edit = useEditGrade(courseId);
  const shown = cell.score ?? (cell.status === 'missing' ? '—' : t(`status.${cell.status}`));
  // A typed grade is the grade as given; the late penalty (docs/adr/0128) applies on top of it.
  const given = cell.raw_score ?? cell.score;
  const names = { name: student.name, title: column.title };

  const save = () => {
    setEditing(false);
    if (cancelled.current || value === '' || Number(value) === given) return;
    const score = Number(value);
    if (!(score >= 0 && score <= column.max_score)) {
      notify({ color: 'red', message: t('gradebook.outOfRange', { max: column.max_score }) });
      return;
    }
    edit.mutate(
      { assignmentId: column.id, studentId: student.id, score, attempt: cell.attempt },
      { onError: (error) => notify({ color: 'red', message: errorMessage(error, t) }) },
    );
  };

  if (editing) {
    return (
      <NumberInput
        size="xs"
        w={90}
        autoFocus
        min={0}
        max={column.max_score}
        decimalScale={2}
        hideControls
        value={value}
        onChange={setValue}
        aria-label={t('gradebook.editCell', names)}
        aria-description={t('gradebook.cellHint')}
        onBlur={save}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
          if (event.key === 'Escape') {
            cancelled.current = true;
            event.currentTarget.blur();
          }
        }}
      />
    );
  }
  const typed = staff && !column.graded_by_rubric;
  return (
    <Group gap={4} wrap="nowrap">
      {typed ? (
        <UnstyledButton
          px={4}
          aria-label={`${t('gradebook.editCell', names)}: ${shown}`}
          onClick={() => {
            cancelled.current = false;
            setValue(given ?? '');
            setEditing(true);
          }}
          style={{ minWidth: 32, borderBottom: '1px dashed var(--mantine-color-gray-5)' }}
        >
          <Text size="sm">{edit.isPending ? '…' : shown}</Text>
        </UnstyledButton>
      ) : (
        <Tooltip
          label={column.graded_by_rubric && staff ? t('gradebook.rubricCell') : t(`status.${cell.status}`)}
        >
          <Text size="sm" c={cell.status === 'missing' ? 'dimmed' : undefined}>
            {shown}
          </Text>
        </Tooltip>
      )}
      {cell.late_penalty > 0 && cell.raw_score !== null && (
        <Text span size="xs" c="dimmed">
          {t('late.rawScore', { raw: cell.raw_score, percent: cell.late_penalty_percent })}
        </Text>
      )}
      <CellFlags cell={cell} column={column} />
      {staff && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" size="sm" color="gray" aria-label={t('gradebook.cellMenu', names)}>
              ⋯
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {cell.submission_id && (
              <Menu.Item
                component={Link}
                to={`/courses/${courseId}/assignments/${column.id}?submission=${cell.submission_id}`}
              >
                {t('grades.open', names)}
              </Menu.Item>
            )}
            <Menu.Item onClick={props.onHistory}>{t('gradebook.history')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
