// A student's appreciation in the grade book (document 2 §2): saved 1.5 s after the last
// keystroke; while empty, the phrase of the student's exact average is offered in one tap.
import { useEffect, useRef, useState } from 'react';
import { gradebookText as t } from '../../i18n/gradebook';
import { reportCardsText } from '../../i18n/report-cards';

const APPRECIATION_DEBOUNCE_MS = 1500;

export interface AppreciationInputProps {
  label: string;
  value: string;
  suggestion: string | null;
  onSave: (text: string) => Promise<void>;
}

export function AppreciationInput({ label, value, suggestion, onSave }: AppreciationInputProps) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const typing = useRef(false);
  useEffect(() => {
    if (!typing.current) setText(value);
  }, [value]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  return (
    <>
      <textarea
        rows={2}
        maxLength={600}
        value={text}
        aria-label={label}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          typing.current = true;
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => {
            typing.current = false;
            if (next.trim() !== value.trim()) void onSave(next);
          }, APPRECIATION_DEBOUNCE_MS);
        }}
      />
      {suggestion && !text.trim() && (
        <button
          type="button"
          className="gradebook-suggestion"
          aria-label={t.acceptSuggestion(label, suggestion)}
          onClick={() => {
            setText(suggestion);
            void onSave(suggestion);
          }}
        >
          {reportCardsText.suggestion(suggestion)}
        </button>
      )}
    </>
  );
}
