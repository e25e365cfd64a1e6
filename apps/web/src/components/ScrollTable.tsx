import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/** A table that scrolls sideways on narrow screens; focusable so the keyboard can scroll it too. */
export function ScrollTable({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  return (
    <Box tabIndex={0} style={{ overflowX: 'auto' }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}
