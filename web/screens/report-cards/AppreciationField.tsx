// An appreciation on a report card: typed text saves itself 1 s after the last key (document 2 §9),
// a pending save goes out when the card leaves the screen. Empty, it offers the suggestion (the
// automatic appreciation, or the default general one) as its placeholder and an 'Accepter'
// button; the printed card shows the text, or the suggestion when none was written.
import { memo, useEffect, useRef, useState } from 'react';
import { reportCardsText as t } from '../../i18n/report-cards';

export const SAVE_DEBOUNCE_MS = 1000;

export type SaveAppreciation = (enrollmentId: string, subjectId: string | null, text: string) => void;

interface Props {
  enrollmentId: string;
  /** null: the general appreciation. */
  subjectId: string | null;
  value: string;
  suggestion: string | null;
  label: string;
  acceptLabel: string;
  rows: number;
  onSave: SaveAppreciation;
}

export const AppreciationField = memo(function AppreciationField({
  enrollmentId,
  subjectId,
  value,
  suggestion,
  label,
  acceptLabel,
  rows,
  onSave,
}: Props) {
  const [text, setText] = useState(value);
  // The saved text changed (the grade book's dialog, a reload): shown unless a change is waiting.
  const [seen, setSeen] = useState(value);
  const [typing, setTyping] = useState(false);
  if (value !== seen) {
    setSeen(value);
    if (!typing) setText(value);
  }
  const pending = useRef<{ timer: number; text: string } | null>(null);
  const save = useRef(onSave);
  useEffect(() => {
    save.current = onSave;
  }, [onSave]);
  // Leaving the preview within the second still saves what was typed.
  useEffect(
    () => () => {
      if (!pending.current) return;
      window.clearTimeout(pending.current.timer);
      save.current(enrollmentId, subjectId, pending.current.text);
    },
    [enrollmentId, subjectId],
  );

  const change = (next: string, at = SAVE_DEBOUNCE_MS) => {
    setText(next);
    setTyping(true);
    if (pending.current) window.clearTimeout(pending.current.timer);
    const timer = window.setTimeout(() => {
      pending.current = null;
      setTyping(false);
      save.current(enrollmentId, subjectId, next);
    }, at);
    pending.current = { timer, text: next };
  };

  const shown = text.trim() || suggestion || '';
  return (
    <div className="rc-appreciation">
      <textarea
        className="rc-input rc-screen-only"
        aria-label={label}
        rows={rows}
        maxLength={600}
        value={text}
        placeholder={suggestion ?? ''}
        onChange={(e) => change(e.target.value)}
      />
      {!text.trim() && suggestion && (
        <button
          type="button"
          className="rc-accept rc-screen-only"
          aria-label={acceptLabel}
          title={t.suggestion(suggestion)}
          onClick={() => change(suggestion, 0)}
        >
          {t.accept}
        </button>
      )}
      <div className="rc-print-text">{shown}</div>
    </div>
  );
});
