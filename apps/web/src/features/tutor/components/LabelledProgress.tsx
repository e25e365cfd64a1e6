import { type MantineColor, type MantineSize, Progress } from '@mantine/core';

/** A progress bar whose progressbar element itself carries the name (axe: aria-progressbar-name). */
export function LabelledProgress({
  value,
  label,
  color,
  size = 'md',
}: {
  value: number;
  label: string;
  color?: MantineColor;
  size?: MantineSize;
}) {
  return (
    <Progress.Root size={size}>
      <Progress.Section value={value} aria-label={label} {...(color ? { color } : {})} />
    </Progress.Root>
  );
}
