import 'katex/dist/katex.min.css';
import type { ChatCitation } from '@faraday/contracts';
import { UnstyledButton } from '@mantine/core';
import { memo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import remarkMath from 'remark-math';
import markdownClasses from '../../../components/MarkdownText.module.css';
import classes from './tutor.module.css';

const CITE_HREF = '#cite-';

/**
 * `[n]` of a known citation becomes a link to it, except inside code and math, so that the
 * Markdown renderer hands it to our citation button. `\[` … `\]` and `\(` … `\)` LaTeX
 * delimiters become `$$`/`$`, which remark-math reads, and a `$$…$$` line a displayed block.
 */
export function prepareMarkdown(text: string, citations: readonly ChatCitation[]): string {
  const known = new Set(citations.map((c) => c.n));
  const normalised = text
    .replace(/\\\[([\s\S]+?)\\\]/g, (_m, math: string) => `\n$$\n${math.trim()}\n$$\n`)
    // `$$…$$` alone on its line is a displayed formula, as a reader of TeX expects; remark-math
    // would set it inline, in the size of the text around it.
    .replace(/^[ \t]*\$\$([^$\n]+)\$\$[ \t]*$/gm, (_m, math: string) => `\n$$\n${math.trim()}\n$$\n`)
    .replace(/\\\(([\s\S]+?)\\\)/g, (_m, math: string) => `$${math}$`);
  if (known.size === 0) return normalised;
  // Split off code and math so their brackets stay as written.
  const protectedParts = /(```[\s\S]*?```|`[^`]*`|\$\$[\s\S]*?\$\$|\$[^$\n]+\$)/g;
  return normalised
    .split(protectedParts)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(/\[(\d{1,3})\](?!\()/g, (whole, n: string) =>
            known.has(Number(n)) ? `[\\[${n}\\]](${CITE_HREF}${n})` : whole,
          ),
    )
    .join('');
}

interface MarkdownProps {
  text: string;
  citations?: readonly ChatCitation[];
  onCite?: (n: number) => void;
  citeLabel?: (n: number) => string;
}

/** An answer as Markdown with LaTeX (KaTeX) and clickable citation marks. */
export const Markdown = memo(function Markdown({ text, citations = [], onCite, citeLabel }: MarkdownProps) {
  const components: Components = {
    a: ({ href, children }) => {
      if (href?.startsWith(CITE_HREF)) {
        const n = Number(href.slice(CITE_HREF.length));
        return (
          <UnstyledButton
            component="button"
            type="button"
            className={classes.citeMark}
            onClick={() => onCite?.(n)}
            aria-label={citeLabel?.(n)}
          >
            <sup>[{n}]</sup>
          </UnstyledButton>
        );
      }
      return (
        <a href={href} target="_blank" rel="noreferrer noopener">
          {children}
        </a>
      );
    },
  };
  return (
    <div className={markdownClasses.markdown}>
      <ReactMarkdown
        remarkPlugins={[remarkMath]}
        rehypePlugins={[[rehypeKatex, { throwOnError: false, strict: 'ignore' }]]}
        components={components}
      >
        {prepareMarkdown(text, citations)}
      </ReactMarkdown>
    </div>
  );
});
