import type { SolverName } from '@faraday/physics/schemas';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Shown } from '../api/runs';
import { formatNumber } from '../utils/field-text';
import { headlineValues } from '../utils/headline';
import { hoverFor, plotAreaOf } from '../utils/hover';
import type { Draft } from '../utils/schema-form';
import { FigureView, type Marker } from './FigureView';
import { RunDownloads } from './RunDownloads';
import { WaveAnimation } from './WaveAnimation';

interface Props {
  solver: SolverName;
  shown: Shown;
  busy: boolean;
  draft: Draft;
  onMove: (table: string, index: number, x: number, y: number) => void;
}

/** The table of the form whose rows have a position (charges, wires), and the key of their sign. */
function positionedRows(draft: Draft): { key: string; rows: Draft[]; sign: string } | null {
  for (const [key, value] of Object.entries(draft)) {
    if (!Array.isArray(value)) continue;
    const rows = value as Draft[];
    const first = rows[0];
    if (first && typeof first === 'object' && 'x' in first && 'y' in first) {
      const sign = 'q' in first ? 'q' : 'current';
      return { key, rows, sign };
    }
  }
  return null;
}

/** Figure (or wave animation), the solver's key numbers with units, and the downloads. */
export function RunResults({ solver, shown, busy, draft, onMove }: Props) {
  const { t } = useTranslation();
  const { output } = shown;
  const hover = useMemo(() => hoverFor(solver, output), [solver, output]);
  const area = useMemo(() => plotAreaOf(output.svg), [output.svg]);
  const frames = output.animation_frames as { time: number; png_base64: string }[] | undefined;
  const alt = t('lab.figureAlt', { solver: t(`lab.solvers.${solver}`) });

  // Handles on the charges or wires where the figure's axes are the returned node coordinates.
  const xs = output.x as number[] | undefined;
  const ys = output.y as number[] | undefined;
  const domain =
    Array.isArray(xs) && Array.isArray(ys) && xs.length > 1 && ys.length > 1
      ? {
          x_min: xs[0] as number,
          x_max: xs.at(-1) as number,
          y_max: ys[0] as number,
          y_min: ys.at(-1) as number,
        }
      : undefined;
  const positioned = positionedRows(draft);
  const markers: Marker[] =
    positioned?.rows.map((row, i) => ({
      label: `${positioned.sign === 'q' ? 'q' : 'I'}${i + 1}`,
      x: Number(row.x),
      y: Number(row.y),
      positive: Number(row[positioned.sign]) >= 0,
    })) ?? [];

  return (
    <Stack gap="sm">
      {frames && frames.length > 0 ? (
        <WaveAnimation frames={frames} alt={alt} busy={busy} />
      ) : (
        <FigureView
          src={`data:image/png;base64,${output.png_base64}`}
          alt={alt}
          busy={busy}
          area={area}
          hover={area ? hover : null}
          domain={domain}
          markers={
            domain && markers.every((m) => Number.isFinite(m.x) && Number.isFinite(m.y)) ? markers : []
          }
          onMove={positioned ? (index, x, y) => onMove(positioned.key, index, x, y) : undefined}
        />
      )}
      <SimpleGrid cols={{ base: 2, lg: 3 }} spacing="xs" component="dl" data-testid="headline">
        {headlineValues(solver, output, shown.body).map((h) => (
          <div key={h.id}>
            <Text component="dt" size="xs" c="dimmed">
              {t(`lab.headline.${h.id}`)}
            </Text>
            <Text component="dd" m={0} ff="monospace" fw={600}>
              {display(t, h.value)}
              {h.unit && typeof h.value === 'number' ? (h.unit === '°' ? '°' : ` ${h.unit}`) : ''}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <RunDownloads solver={solver} shown={shown} />
    </Stack>
  );
}

function display(t: ReturnType<typeof useTranslation>['t'], value: unknown): string {
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return value ? t('lab.yes') : t('lab.no');
  if (value === null) return '—';
  return String(value);
}
