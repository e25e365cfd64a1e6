import {
  Accordion,
  ActionIcon,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fieldLabel, issueText, labelWithUnit, rangeHint } from '../utils/field-text';
import {
  type ChoiceField,
  type Draft,
  type DraftValue,
  type Field,
  type NumberField,
  newRow,
  type TableField,
  type ValidationIssue,
} from '../utils/schema-form';

export interface FormErrors {
  /** Client-side problems by path. */
  issues: Record<string, ValidationIssue>;
  /** Problems the server named by path (INVALID_PARAMETERS details), as its sentences. */
  server: Record<string, string>;
}

interface Props {
  fields: Field[];
  draft: Draft;
  onChange: (draft: Draft) => void;
  errors: FormErrors;
}

/** A solver's request form, generated from its schema (see schema-form.ts). */
export function SolverForm({ fields, draft, onChange, errors }: Props) {
  const { t } = useTranslation();
  const main = fields.filter((f) => f.key !== 'visualization');
  const figure = fields.find((f) => f.key === 'visualization');
  return (
    <Stack gap="sm">
      <Fields fields={main} draft={draft} onChange={onChange} errors={errors} prefix="" />
      {figure?.kind === 'group' && (
        <Accordion variant="contained">
          <Accordion.Item value="figure">
            <Accordion.Control>{t('lab.figureOptions')}</Accordion.Control>
            <Accordion.Panel>
              <Fields
                fields={figure.fields}
                draft={(draft.visualization as Draft) ?? {}}
                onChange={(inner) => onChange({ ...draft, visualization: inner })}
                errors={errors}
                prefix="visualization"
              />
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      )}
    </Stack>
  );
}

/**
 * A select's options. A choice without a default starts unset (''): an optional one is left out of
 * the request so the solver picks (solenoid's model), a required one asks to be chosen.
 */
function choiceData(t: ReturnType<typeof useTranslation>['t'], field: ChoiceField) {
  const options = field.options.map((option) => ({
    value: option,
    label: t(`lab.options.${option}`, { defaultValue: option }),
  }));
  if (field.default !== undefined) return options;
  return [{ value: '', label: t(field.required ? 'lab.choose' : 'lab.automatic') }, ...options];
}

function errorAt(t: ReturnType<typeof useTranslation>['t'], errors: FormErrors, path: string) {
  const issue = errors.issues[path];
  return issue ? issueText(t, issue) : errors.server[path];
}

function Fields({ fields, draft, onChange, errors, prefix }: Props & { prefix: string }) {
  const set = (key: string, value: DraftValue) => onChange({ ...draft, [key]: value });
  return (
    <>
      {fields.map((field) => {
        const path = prefix ? `${prefix}.${field.key}` : field.key;
        return (
          <FieldInput
            key={field.key}
            field={field}
            path={path}
            value={draft[field.key]}
            onChange={(value) => set(field.key, value)}
            errors={errors}
          />
        );
      })}
    </>
  );
}

function FieldInput({
  field,
  path,
  value,
  onChange,
  errors,
}: {
  field: Field;
  path: string;
  value: DraftValue | undefined;
  onChange: (value: DraftValue) => void;
  errors: FormErrors;
}) {
  const { t, i18n } = useTranslation();
  const english = i18n.language.startsWith('en');
  switch (field.kind) {
    case 'number':
      return (
        <NumberText
          field={field}
          label={labelWithUnit(t, field)}
          value={String(value ?? '')}
          onChange={onChange}
          error={errorAt(t, errors, path)}
          description={rangeHint(t, field)}
        />
      );
    case 'boolean':
      return (
        <Checkbox
          label={fieldLabel(t, field)}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    case 'choice':
      return (
        <NativeSelect
          label={fieldLabel(t, field)}
          description={english ? field.description : undefined}
          data={choiceData(t, field)}
          value={String(value ?? field.default ?? '')}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={errorAt(t, errors, path)}
        />
      );
    case 'text':
      return (
        <TextInput
          label={fieldLabel(t, field)}
          description={english ? field.description : undefined}
          value={String(value ?? '')}
          maxLength={field.maxLength}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={errorAt(t, errors, path)}
        />
      );
    case 'pair': {
      const texts = (value as string[]) ?? ['', ''];
      return (
        <Fieldset legend={labelWithUnit(t, field)} variant="unstyled">
          {english && field.description && (
            <Text size="xs" c="dimmed">
              {field.description}
            </Text>
          )}
          <Group grow gap="xs">
            {field.items.map((item, i) => (
              <NumberText
                key={item.path}
                field={item}
                label={t(i === 0 ? 'lab.from' : 'lab.to')}
                value={texts[i] ?? ''}
                onChange={(text) => onChange(texts.map((old, j) => (j === i ? text : old)))}
                error={
                  errorAt(t, errors, `${path}[${i}]`) ?? (i === 0 ? errorAt(t, errors, path) : undefined)
                }
              />
            ))}
          </Group>
        </Fieldset>
      );
    }
    case 'group':
      return (
        <Fieldset legend={fieldLabel(t, field)}>
          <Stack gap="xs">
            <Fields
              fields={field.fields}
              draft={(value as Draft) ?? {}}
              onChange={onChange}
              errors={errors}
              prefix={path}
            />
          </Stack>
        </Fieldset>
      );
    case 'table':
      return (
        <RowsTable
          field={field}
          path={path}
          rows={(value as Draft[]) ?? []}
          onChange={onChange}
          errors={errors}
        />
      );
  }
}

function NumberText({
  field,
  label,
  value,
  onChange,
  error,
  description,
  hideLabel,
}: {
  field: NumberField;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  description?: string | undefined;
  hideLabel?: boolean;
}) {
  return (
    <TextInput
      label={hideLabel ? undefined : label}
      aria-label={hideLabel ? label : undefined}
      description={description || undefined}
      value={value}
      inputMode={field.integer ? 'numeric' : 'decimal'}
      autoComplete="off"
      spellCheck={false}
      required={field.required}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      miw={0}
    />
  );
}

/** Charges, wires: one row per item, a column per field, rows added and removed within the schema's limits. */
function RowsTable({
  field,
  path,
  rows,
  onChange,
  errors,
}: {
  field: TableField;
  path: string;
  rows: Draft[];
  onChange: (rows: Draft[]) => void;
  errors: FormErrors;
}) {
  const { t } = useTranslation();
  const name = fieldLabel(t, field);
  const tableError = errorAt(t, errors, path);
  return (
    <Fieldset legend={`${name} (${rows.length})`}>
      <Table.ScrollContainer minWidth={280}>
        <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              {field.columns.map((column) => (
                <Table.Th key={column.key}>{labelWithUnit(t, column)}</Table.Th>
              ))}
              <Table.Th>
                <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the request; the index is their identity
              <Table.Tr key={i}>
                <Table.Td>{i + 1}</Table.Td>
                {field.columns.map((column) => (
                  <Table.Td key={column.key}>
                    <Cell
                      column={column}
                      label={t('lab.cell', { column: labelWithUnit(t, column), row: i + 1 })}
                      value={row[column.key]}
                      error={errorAt(t, errors, `${path}[${i}].${column.key}`)}
                      onChange={(value) =>
                        onChange(rows.map((r, j) => (j === i ? { ...r, [column.key]: value } : r)))
                      }
                    />
                  </Table.Td>
                ))}
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('lab.removeRow', { name, row: i + 1 })}
                    disabled={rows.length <= field.minItems}
                    onClick={() => onChange(rows.filter((_, j) => j !== i))}
                  >
                    ×
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {tableError && (
        <Text c="red.8" size="sm">
          {tableError}
        </Text>
      )}
      <Button
        mt="xs"
        size="xs"
        variant="light"
        disabled={rows.length >= field.maxItems}
        onClick={() => onChange([...rows, newRow(field, rows)])}
      >
        {t(`lab.addRowOf.${field.key}`, { defaultValue: t('lab.addRow') })}
      </Button>
    </Fieldset>
  );
}

function Cell({
  column,
  label,
  value,
  error,
  onChange,
}: {
  column: Field;
  label: string;
  value: DraftValue | undefined;
  error: string | undefined;
  onChange: (value: DraftValue) => void;
}) {
  const { t } = useTranslation();
  if (column.kind === 'number') {
    return (
      <NumberText
        field={column}
        label={label}
        hideLabel
        value={String(value ?? '')}
        onChange={onChange}
        error={error}
      />
    );
  }
  if (column.kind === 'choice') {
    return (
      <NativeSelect
        aria-label={label}
        data={choiceData(t, column)}
        value={String(value ?? column.default ?? '')}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
      />
    );
  }
  if (column.kind === 'boolean') {
    return (
      <Checkbox
        aria-label={label}
        checked={value === true}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
    );
  }
  return (
    <TextInput
      aria-label={label}
      value={String(value ?? '')}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
    />
  );
}
