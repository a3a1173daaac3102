import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title';
import { ComingSoon } from '@/components/coming-soon/coming-soon';

/**
 * A page's frame inside the main layout (header, banner and footer come from the layout):
 * the translated document title, the page heading and its content.
 */
export function PageFrame({
  title,
  testId,
  children,
  headingHidden,
}: {
  title: string;
  testId?: string;
  children?: ReactNode;
  headingHidden?: boolean;
}) {
  useDocumentTitle(title);
  return (
    <div className="container page" data-testid={testId}>
      <h1 className={headingHidden ? 'visually-hidden' : 'page__title'}>{title}</h1>
      {children}
    </div>
  );
}

/** A page whose content a later issue brings: its real frame plus the coming-soon notice. */
export function ComingSoonPage({ title, testId }: { title: string; testId?: string }) {
  return (
    <PageFrame title={title} testId={testId}>
      <ComingSoon />
    </PageFrame>
  );
}
