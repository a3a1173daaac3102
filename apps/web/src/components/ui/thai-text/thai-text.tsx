import { thaiRuns } from '@/lib/thai-words';
import './thai-text.css';

/** A plain text whose Thai loanwords the browser would split stay whole on one line (issue 25, lib/thai-words.ts). */
export function ThaiText({ text }: { text: string }) {
  return thaiRuns(text).map((run, i) =>
    run.keep ? (
      <span key={i} className="thai-word">
        {run.text}
      </span>
    ) : (
      run.text
    ),
  );
}
