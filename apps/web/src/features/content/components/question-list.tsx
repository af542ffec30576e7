import { useId, useState, type KeyboardEvent } from 'react';
import type { TQuestion } from '../i18n.ts';
import './content.css';

function ChevronIcon() {
  return (
    <svg className="kc-question-chevron" width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Arrow up/down, Home and End move between the questions' buttons (WAI-ARIA accordion pattern). */
function onListKeyDown(event: KeyboardEvent<HTMLDivElement>) {
  const controls = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button[aria-controls]')];
  const current = controls.indexOf(event.target as HTMLButtonElement);
  if (current < 0) return;
  const last = controls.length - 1;
  const next = { ArrowDown: current === last ? 0 : current + 1, ArrowUp: current === 0 ? last : current - 1, Home: 0, End: last }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  controls[next]?.focus();
}

/**
 * Collapsible questions: the first open, the rest closed, a click on a title toggles its answer
 * (each independently of the others; specification, section 2). Closed answers stay in the HTML (hidden), so the prerendered page
 * and search engines have them; titles are level-2 headings (they follow the page's h1).
 */
export function QuestionList({ items, idPrefix }: { items: TQuestion[]; idPrefix: string }) {
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set([0]));
  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(index)) next.add(index);
      return next;
    });
  return (
    <div className="kc-questions" onKeyDown={onListKeyDown}>
      {items.map((item, index) => {
        const expanded = open.has(index);
        const controlId = `${baseId}${idPrefix}-${index}-control`;
        const panelId = `${baseId}${idPrefix}-${index}-panel`;
        return (
          <div key={item.q} className="kc-question" data-open={expanded ? 'true' : undefined}>
            <h2 className="kc-question-heading">
              <button
                type="button"
                id={controlId}
                className="kc-question-control"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(index)}
              >
                <span className="kc-question-label">{item.q}</span>
                <ChevronIcon />
              </button>
            </h2>
            <div id={panelId} role="region" aria-labelledby={controlId} className="kc-question-panel" hidden={!expanded}>
              <p className="kc-text">{item.a}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
