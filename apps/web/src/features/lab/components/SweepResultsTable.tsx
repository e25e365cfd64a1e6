import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScrollTable } from '../../../components/ScrollTable';
import type { SweepResults } from '../api/sweeps';
import { formatNumber, pathLabel } from '../utils/field-text';
import { solverFields } from '../utils/schema-form';
import { SweepStatus } from './SweepStatus';

/** "V/m" as a column's unit; pure numbers ('dimensionless', 'count') carry none. */
function unitSuffix(unit: string | undefined): string {
  return unit && unit !== 'dimensionless' && unit !== 'count' ? ` (${unit})` : '';
}

/** A sweep's runs: the swept values, each run's state and the solver's physical metrics; each run opens. */
export function SweepResultsTable({ results: data }: { results: SweepResults }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language.startsWith('zh') ? 'zh' : 'en';
  const fields = solverFields(data.simulation_type);
  // The solver's declared physical metrics (never timings), those at least one run has.
  const metrics = data.metric_definitions.filter((m) =>
    data.runs.some((r) => r.metrics?.[m.name] !== undefined),
  );
  return (
    <ScrollTable minWidth={360}>
      <Table striped aria-label={t('lab.sweep.results')} data-testid="sweep-results">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            {data.parameters.map((path) => (
              <Table.Th key={path} title={path}>
                {pathLabel(t, fields, path)}
              </Table.Th>
            ))}
            <Table.Th>{t('lab.sweep.status')}</Table.Th>
            {metrics.map((m) => (
              <Table.Th key={m.name} title={m.name}>
                {m.labels[lang]}
                {unitSuffix(m.unit)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.runs.map((run) => (
            <Table.Tr key={run.run_index}>
              <Table.Td>
                {run.simulation_id ? (
                  <Link to={`/lab/${data.simulation_type}?run=${run.simulation_id}`}>
                    {run.run_index + 1}
                  </Link>
                ) : (
                  run.run_index + 1
                )}
              </Table.Td>
              {data.parameters.map((path) => (
                <Table.Td key={path}>{formatNumber(run.values[path] ?? Number.NaN)}</Table.Td>
              ))}
              <Table.Td>
                <SweepStatus status={run.status} />
                {run.error && (
                  <Text size="xs" c="red.8" maw={320} style={{ overflowWrap: 'anywhere' }}>
                    {run.error.message}
                  </Text>
                )}
              </Table.Td>
              {metrics.map((m) => {
                const value = run.metrics?.[m.name];
                return <Table.Td key={m.name}>{value === undefined ? '—' : formatNumber(value)}</Table.Td>;
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
