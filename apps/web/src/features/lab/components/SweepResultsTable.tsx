import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScrollTable } from '../../../components/ScrollTable';
import type { SweepResults } from '../api/sweeps';
import { formatNumber } from '../utils/field-text';
import { SweepStatus } from './SweepStatus';

/** "V/m" as a column's unit; pure numbers ('dimensionless', 'count') carry none. */
function unitSuffix(unit: string | undefined): string {
  return unit && unit !== 'dimensionless' && unit !== 'count' ? ` (${unit})` : '';
}

/** A sweep's runs: the swept values, each run's state and the solver's physical metrics; each run opens. */
export function SweepResultsTable({ results: data }: { results: SweepResults }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language.startsWith('zh') ? 'zh' : 'en';
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
              <Table.Th key={path}>
                <Text span ff="monospace" size="sm" fw={700}>
                  {path}
                </Text>
                {unitSuffix(data.parameter_units[path])}
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
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <SweepStatus status={run.status} />
                {run.error && (
                  <Text size="xs" c="red.8">
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
