import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { prepareMarkdown } from './Markdown';
import { MessageView, type ShownMessage } from './MessageView';

const citations = [
  {
    n: 1,
    source: 'en/gauss-law.md',
    title: 'Gauss’s law',
    section: 'Statement of Gauss’s law',
    text: 'The electric flux through any closed surface equals the enclosed charge divided by ε0.',
  },
  {
    n: 2,
    source: 'resources/01a2216f-9c4e/notes-flux.md',
    section: 'Electric flux',
    text: 'Flux counts field lines through a surface.',
  },
];

const answer = (content: string, extra: Partial<ShownMessage> = {}): ShownMessage => ({
  role: 'assistant',
  content,
  status: 'complete',
  citations: [],
  tool_calls: [],
  tool_results: [],
  ...extra,
});

const show = (message: ShownMessage) =>
  render(
    <MantineProvider>
      <MessageView message={message} />
    </MantineProvider>,
  );

describe('the tutor’s answer', () => {
  it('renders Markdown: emphasis, lists and code stay what they are', () => {
    const { container } = show(answer('The **flux** is:\n\n- outward\n- inward\n\n`Φ = [1]`'));
    expect(screen.getByText('flux').tagName).toBe('STRONG');
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(container.querySelector('code')?.textContent).toBe('Φ = [1]');
  });

  it('typesets inline and display math with KaTeX, including \\( \\) and \\[ \\] delimiters', () => {
    const { container } = show(
      answer(
        'Inline $\\Phi_E = Q/\\varepsilon_0$ and \\(E = kq/r^2\\).\n\n$$\n\\oint \\mathbf{E}\\cdot d\\mathbf{A}\n$$\n\nso \\[a^2+b^2\\]',
      ),
    );
    expect(container.querySelectorAll('.katex').length).toBe(4);
    expect(container.querySelectorAll('.katex-display')).toHaveLength(2);
    // KaTeX's MathML keeps the source for screen readers.
    expect(container.querySelector('annotation')?.textContent).toBe('\\Phi_E = Q/\\varepsilon_0');
    expect(container.textContent).not.toContain('$');
  });

  it('displays a $$…$$ formula standing on its own line, also right after a sentence', () => {
    const { container } = show(
      answer('Coulomb’s law:\n$$F = \\frac{k q_1 q_2}{r^2}$$\nand inline $$x$$ here.'),
    );
    expect(container.querySelectorAll('.katex-display')).toHaveLength(1);
    expect(container.querySelectorAll('.katex')).toHaveLength(2);
    expect(container.textContent).not.toContain('$');
  });

  it('turns [n] of a known citation into a footnote mark that opens the quoted passage', async () => {
    show(answer('Gauss relates flux to charge [1]; see also [2] and [7].', { citations }));
    const marks = screen.getAllByRole('button', { name: /Open citation/ });
    expect(marks.map((m) => m.textContent)).toEqual(['[1]', '[2]']);
    // An unknown number is left as text, not a dead link.
    expect(screen.getByText(/and \[7\]/)).toBeTruthy();
    await userEvent.click(marks[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Citation [1]' });
    expect(within(dialog).getByText(/equals the enclosed charge divided by ε0/)).toBeTruthy();
    expect(within(dialog).getByText('Gauss’s law')).toBeTruthy();
    expect(within(dialog).getByText('Statement of Gauss’s law')).toBeTruthy();
  });

  it('lists the sources as numbered footnotes that open the same passage', async () => {
    show(answer('Flux [2].', { citations }));
    await userEvent.click(screen.getByRole('button', { name: '[2] notes-flux.md — Electric flux' }));
    const dialog = await screen.findByRole('dialog', { name: 'Citation [2]' });
    expect(within(dialog).getByText('Flux counts field lines through a surface.')).toBeTruthy();
  });

  it('lists each source once, by its title and section, never by its storage path', () => {
    const { container } = show(answer('Gauss [1]; flux [2].', { citations }));
    const listed = screen.getAllByRole('button', { name: /^\[\d\] / }).map((b) => b.textContent);
    expect(listed).toEqual([
      '[1] Gauss’s law — Statement of Gauss’s law',
      '[2] notes-flux.md — Electric flux',
    ]);
    expect(container.textContent).not.toContain('en/gauss-law.md');
    expect(container.textContent).not.toContain('resources/');
  });

  it('shows a streamed answer growing, busy until it is complete', () => {
    const { rerender, container } = show(answer('', { status: 'streaming' }));
    const bubble = () => screen.getByTestId('assistant-message');
    expect(bubble().getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('The tutor is writing…')).toBeTruthy();
    const steps = [
      'The flux ',
      'The flux through a **closed** ',
      'The flux through a **closed** surface is $Q/\\varepsilon_0$.',
    ];
    for (const content of steps) {
      rerender(
        <MantineProvider>
          <MessageView message={answer(content, { status: 'streaming' })} />
        </MantineProvider>,
      );
      expect(bubble().textContent).toContain('The flux');
    }
    expect(screen.getByText('closed').tagName).toBe('STRONG');
    expect(container.querySelector('.katex')).not.toBeNull();
    rerender(
      <MantineProvider>
        <MessageView message={answer(steps[2]!, { status: 'complete' })} />
      </MantineProvider>,
    );
    expect(bubble().getAttribute('aria-busy')).toBe('false');
    expect(screen.queryByText('The tutor is writing…')).toBeNull();
  });

  it('marks a stopped answer and keeps what had arrived', () => {
    show(answer('Half an answer', { status: 'stopped' }));
    expect(screen.getByText('Half an answer')).toBeTruthy();
    expect(screen.getByText('Stopped')).toBeTruthy();
  });

  it('shows each tool call with its arguments and result in a collapsible card', async () => {
    show(
      answer('3 mT is 30 G.', {
        tool_calls: [{ id: 't1', name: 'convert_units', arguments: { value: 3, from: 'mT', to: 'gauss' } }],
        tool_results: [{ id: 't1', name: 'convert_units', ok: true, result: { value: 30, unit: 'G' } }],
      }),
    );
    const control = screen.getByRole('button', { name: /convert_units/ });
    expect(control.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(control);
    expect(control.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/"from": "mT"/)).toBeTruthy();
    expect(screen.getByText(/"unit": "G"/)).toBeTruthy();
  });
});

describe('prepareMarkdown', () => {
  it('links known citation numbers outside code and math only', () => {
    const out = prepareMarkdown('See [1]. `a[1]` and $x[1]$ stay; [3] is unknown.', citations);
    expect(out).toBe('See [\\[1\\]](#cite-1). `a[1]` and $x[1]$ stay; [3] is unknown.');
  });
});
