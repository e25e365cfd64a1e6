import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/** A table that scrolls sideways on narrow screens; focusable so the keyboard can scroll it too. */
export function ScrollTable({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
    <Box tabIndex={0} style={{ overflowX: 'auto' }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}
