import type { WritingAnalysisResponse } from '@faraday/contracts';
import { Paper, VisuallyHidden } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { highlightsFor, segments } from '../utils/highlights';
import classes from './tutor.module.css';

/** The analysed text with each improvement's sentence or paragraph marked and numbered. */
export function MarkedText({
  text,
  result,
  active,
}: {
  text: string;
  result: WritingAnalysisResponse;
  active: number | null;
}) {
  const { t } = useTranslation();
  const pieces = segments(text, highlightsFor(text, result.improvements));
  return (
    <Paper withBorder p="md" className={classes.writingText} data-testid="marked-text">
      {pieces.map((piece, i) =>
        piece.highlight ? (
          <mark
            // biome-ignore lint/suspicious/noArrayIndexKey: pieces are fixed for one result
            key={i}
            id={`improvement-${piece.highlight.numbers[0]}`}
            className={`${classes.highlight} ${active !== null && piece.highlight.numbers.includes(active) ? classes.highlightActive : ''}`}
          >
            <VisuallyHidden>
              {t('tutor.writing.markedLabel', { numbers: piece.highlight.numbers.join(', ') })}
            </VisuallyHidden>
            <span className={classes.highlightNumber} aria-hidden>
              {piece.highlight.numbers.join(',')}
            </span>
            {piece.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces are fixed for one result
          <Fragment key={i}>{piece.text}</Fragment>
        ),
      )}
    </Paper>
  );
}
