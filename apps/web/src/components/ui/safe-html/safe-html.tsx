import { useMemo, type HTMLAttributes } from 'react';
import { sanitizeHtml } from './sanitize';
import './safe-html.css';

export type SafeHtmlProps = Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'dangerouslySetInnerHTML'> & {
  html: string;
};

/** Renders server HTML after DOMPurify sanitising. Never pass HTML to the DOM any other way. */
export function SafeHtml({ html, className, ...rest }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      {...rest}
      className={`ui-safe-html${className ? ` ${className}` : ''}`}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
