import { Button, Group, Slider, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../utils/field-text';

interface Frame {
  time: number;
  png_base64: string;
}

const FRAME_MS = 120;

/** wave_1d's frames: play/pause and a time slider that shows the frame at that time. */
export function WaveAnimation({ frames, alt, busy }: { frames: Frame[]; alt: string; busy: boolean }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const last = frames.length - 1;

  useEffect(() => {
    setIndex(0);
    setPlaying(frames.length > 1);
  }, [frames]);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setIndex((i) => (i >= last ? 0 : i + 1)), FRAME_MS);
    return () => clearInterval(timer);
  }, [playing, last]);

  const frame = frames[Math.min(index, last)];
  if (!frame) return null;
  const time = `${formatNumber(frame.time)} s`;
  return (
    <Stack gap="xs" style={{ opacity: busy ? 0.55 : 1 }} aria-busy={busy}>
      <img
        src={`data:image/png;base64,${frame.png_base64}`}
        alt={`${alt}, t = ${time}`}
        style={{ width: '100%', height: 'auto', display: 'block' }}
        data-testid="figure"
      />
      <Group wrap="nowrap" gap="sm">
        <Button size="xs" variant="light" onClick={() => setPlaying((p) => !p)} miw={80}>
          {playing ? t('lab.pause') : t('lab.play')}
        </Button>
        <Slider
          flex={1}
          min={0}
          max={last}
          step={1}
          value={index}
          onChange={(value) => {
            setPlaying(false);
            setIndex(value);
          }}
          label={null}
          thumbLabel={t('lab.time')}
          thumbProps={{ 'aria-valuetext': `t = ${time}` }}
        />
        <Text size="sm" ff="monospace" miw={90} ta="right">
          t = {time}
        </Text>
      </Group>
    </Stack>
  );
}
