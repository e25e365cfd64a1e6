import type { SolverName } from '@faraday/physics';
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { saveFile } from '../../lib/format';
import { notify } from '../../lib/notify';
import { FigureView, type Marker } from './FigureView';
import { formatNumber } from './field-text';
import { headlineValues } from './headline';
import { hoverFor, plotAreaOf } from './hover';
import type { Draft } from './schema-form';
import { WaveAnimation } from './WaveAnimation';

/** The run on screen: its answer, the body that asked for it, and whether it came from this page. */
export interface Shown {
  id: string;
  output: Record<string, unknown> & { png_base64: string; svg?: string | undefined };
  body: Record<string, unknown>;
  fresh: boolean;
}

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

function b64ToBlob(base64: string, type: string): Blob {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type });
}

/** Figure (or wave animation), the solver's key numbers with units, and the downloads. */
export function RunResults({ solver, shown, busy, draft, onMove }: Props) {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState(false);
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

  const downloadData = async () => {
    setDownloading(true);
    try {
      saveFile(await api.sim.data(shown.id), `${solver}-${shown.id}.json`);
    } catch (error) {
      notify({ color: 'red', message: errorMessage(error, t) });
    } finally {
      setDownloading(false);
    }
  };

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
        {headlineValues(solver, output).map((h) => (
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
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={downloadData} loading={downloading}>
          {t('lab.downloadData')}
        </Button>
        <Button
          size="xs"
          variant="light"
          onClick={() => saveFile(b64ToBlob(output.png_base64, 'image/png'), `${solver}-${shown.id}.png`)}
        >
          {t('lab.downloadPng')}
        </Button>
        {output.svg && (
          <Button
            size="xs"
            variant="light"
            onClick={() =>
              saveFile(
                new Blob([output.svg as string], { type: 'image/svg+xml' }),
                `${solver}-${shown.id}.svg`,
              )
            }
          >
            {t('lab.downloadSvg')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function display(t: ReturnType<typeof useTranslation>['t'], value: unknown): string {
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return value ? t('lab.yes') : t('lab.no');
  if (value === null) return '—';
  return String(value);
}
