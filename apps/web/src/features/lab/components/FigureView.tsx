import { Box, Stack, Text } from '@mantine/core';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../utils/field-text';
import type { HoverField, Readout } from '../utils/hover';

export interface PlotArea {
  x: number;
  y: number;
  w: number;
  h: number;
  width: number;
  height: number;
}

export interface Domain {
  x_min: number;
  x_max: number;
  y_min: number;
  y_max: number;
}

/** A charge or wire drawn over the figure, draggable to a new position. */
export interface Marker {
  label: string;
  x: number;
  y: number;
  positive: boolean;
}

interface Props {
  src: string;
  alt: string;
  busy: boolean;
  area: PlotArea | null;
  hover: HoverField | null;
  domain?: Domain | undefined;
  markers?: Marker[];
  onMove?: (index: number, x: number, y: number) => void;
}

const round = (v: number) => Number(v.toPrecision(3));

/**
 * The figure, with the value under the cursor (2-D fields) and the charges or wires as handles
 * that drag (or move with the arrow keys) to new positions. Stays on screen while a new run is on
 * its way, dimmed, so the student can compare.
 */
export function FigureView({ src, alt, busy, area, hover, domain, markers = [], onMove }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [readout, setReadout] = useState<Readout | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);

  /** The point of the plot area under the pointer, as fractions from the left and the top. */
  const fractions = (event: PointerEvent) => {
    const box = ref.current?.getBoundingClientRect();
    if (!box || !area) return null;
    const px = ((event.clientX - box.left) / box.width) * area.width;
    const py = ((event.clientY - box.top) / box.height) * area.height;
    return { fx: (px - area.x) / area.w, fy: (py - area.y) / area.h };
  };
  const toData = (fx: number, fy: number) =>
    domain
      ? {
          x: domain.x_min + Math.min(1, Math.max(0, fx)) * (domain.x_max - domain.x_min),
          y: domain.y_max - Math.min(1, Math.max(0, fy)) * (domain.y_max - domain.y_min),
        }
      : null;

  const onPointerMove = (event: PointerEvent) => {
    const f = fractions(event);
    if (!f) return;
    if (dragging !== null && onMove) {
      const point = toData(f.fx, f.fy);
      if (point) onMove(dragging, round(point.x), round(point.y));
      return;
    }
    setReadout(hover ? hover(f.fx, f.fy) : null);
  };

  const onKey = (index: number, marker: Marker) => (event: KeyboardEvent) => {
    if (!domain || !onMove) return;
    const step = { x: (domain.x_max - domain.x_min) / 50, y: (domain.y_max - domain.y_min) / 50 };
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step.x, 0],
      ArrowRight: [step.x, 0],
      ArrowUp: [0, step.y],
      ArrowDown: [0, -step.y],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    onMove(index, round(marker.x + move[0]), round(marker.y + move[1]));
  };

  const canDrag = area && domain && onMove && markers.length > 0;
  return (
    <Stack gap={4}>
      <Box
        ref={ref}
        pos="relative"
        style={{
          opacity: busy ? 0.55 : 1,
          transition: 'opacity 150ms',
          touchAction: canDrag ? 'none' : undefined,
        }}
        onPointerMove={onPointerMove}
        onPointerLeave={() => setReadout(null)}
        onPointerUp={() => setDragging(null)}
        aria-busy={busy}
      >
        <img
          src={src}
          alt={alt}
          style={{ width: '100%', height: 'auto', display: 'block' }}
          draggable={false}
          data-testid="figure"
        />
        {canDrag && (
          <svg
            viewBox={`0 0 ${area.width} ${area.height}`}
            style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
            aria-label={t('lab.dragHint')}
          >
            {markers.map((marker, i) => {
              const cx = area.x + ((marker.x - domain.x_min) / (domain.x_max - domain.x_min)) * area.w;
              const cy = area.y + ((domain.y_max - marker.y) / (domain.y_max - domain.y_min)) * area.h;
              return (
                // biome-ignore lint/a11y/useSemanticElements: an SVG handle cannot be a <button>; it has the role, a name and the keys
                <g
                  key={marker.label}
                  role="button"
                  tabIndex={0}
                  aria-label={t('lab.marker', {
                    label: marker.label,
                    x: formatNumber(marker.x),
                    y: formatNumber(marker.y),
                  })}
                  style={{ pointerEvents: 'all', cursor: 'grab' }}
                  onPointerDown={(event) => {
                    (event.currentTarget as Element).setPointerCapture?.(event.pointerId);
                    setDragging(i);
                  }}
                  onKeyDown={onKey(i, marker)}
                  data-testid={`marker-${i}`}
                >
                  <circle
                    cx={cx}
                    cy={cy}
                    r={13}
                    fill="white"
                    fillOpacity={0.35}
                    stroke="#111"
                    strokeWidth={2}
                    strokeDasharray="4 3"
                  />
                </g>
              );
            })}
          </svg>
        )}
      </Box>
      {hover && (
        <Text size="sm" ff="monospace" mih="1.5em" data-testid="hover-readout">
          {readout
            ? `x = ${formatNumber(readout.x)} m, y = ${formatNumber(readout.y)} m: ${readout.values
                .map((v) => `${t(`lab.quantities.${v.id}`)} = ${formatNumber(v.value)} ${v.unit}`)
                .join(', ')}`
            : t('lab.hoverHint')}
        </Text>
      )}
    </Stack>
  );
}
