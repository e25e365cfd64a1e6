import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ChatComposer } from './ChatComposer';

function Harness({ onSend, onRegenerate }: { onSend: (text: string) => void; onRegenerate?: () => void }) {
  const [question, setQuestion] = useState('');
  return (
    <MantineProvider>
      <ChatComposer
        question={question}
        onQuestion={setQuestion}
        busy={false}
        onStop={undefined}
        onSend={() => onSend(question)}
        onRegenerate={onRegenerate}
      />
    </MantineProvider>
  );
}

const box = () => screen.getByRole('textbox') as HTMLTextAreaElement;

describe('the chat composer', () => {
  it('sends on Enter and adds a line on Shift+Enter', async () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    await userEvent.type(box(), 'first line{Shift>}{Enter}{/Shift}second line');
    expect(box().value).toBe('first line\nsecond line');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.type(box(), '{Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('first line\nsecond line');
    expect(box().value).toBe('first line\nsecond line');
  });

  it('does not send while an input method is composing', () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    fireEvent.keyDown(box(), { key: 'Enter', isComposing: true });
    fireEvent.keyDown(box(), { key: 'Enter', keyCode: 229 });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSend).toHaveBeenCalledOnce();
  });

  it('offers Regenerate only when there is an answer to redo', async () => {
    const onRegenerate = vi.fn();
    const { unmount } = render(<Harness onSend={vi.fn()} />);
    expect(screen.queryByRole('button', { name: /regenerate/i })).toBeNull();
    unmount();
    render(<Harness onSend={vi.fn()} onRegenerate={onRegenerate} />);
    await userEvent.click(screen.getByRole('button', { name: /regenerate/i }));
    expect(onRegenerate).toHaveBeenCalledOnce();
  });
});
