import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FileDrop } from './FileDrop';

const show = (maxFiles: number) =>
  render(
    <MantineProvider>
      <FileDrop files={[]} onChange={() => undefined} maxFiles={maxFiles} label="Choose files" />
    </MantineProvider>,
  );

describe('the file drop hint', () => {
  it('speaks of one file when one is allowed, and of the limit when more are', () => {
    const { unmount } = show(1);
    expect(screen.getByText('or drop the file here')).toBeTruthy();
    expect(screen.queryByText(/up to/)).toBeNull();
    unmount();
    show(5);
    expect(screen.getByText('or drop files here (up to 5)')).toBeTruthy();
  });
});
