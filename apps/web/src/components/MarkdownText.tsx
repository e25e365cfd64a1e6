import { memo } from 'react';
import ReactMarkdown from 'react-markdown';
import classes from './MarkdownText.module.css';

/**
 * Markdown a person wrote (an announcement), made safe to show: raw HTML is dropped, never
 * parsed (`skipHtml`); react-markdown's URL filter turns `javascript:` and other unsafe links
 * into nothing; images are shown as their text, so a post cannot load a tracking pixel or a
 * picture from anywhere (the app's CSP would refuse it anyway). Links open in a new tab
 * without giving it this page (ADR 0142).
 */
export const MarkdownText = memo(function MarkdownText({ text }: { text: string }) {
  return (
    <div className={classes.markdown}>
      <ReactMarkdown
        skipHtml
        disallowedElements={['img']}
        unwrapDisallowed
        components={{
          a: ({ href, children }) => (
            <a href={href} target="_blank" rel="noreferrer noopener">
              {children}
            </a>
          ),
        }}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
});
