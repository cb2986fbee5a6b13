// A score's cell of the grade book (document 2 §5): step 0.01, a comma as well as a point (a text
// field with the decimal keypad: a number field drops a French keyboard's comma, issue 38); a value
// above the evaluation's max or not a score is refused on leaving the cell and put back, the cell
// focused again. A draft marks the cell: waiting to be sent, or refused with the server's message.
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../components/toast';
import { gradebookText as t } from '../../i18n/gradebook';
import { formatPoints, parsePoints } from '../../../worker/domain/grades';
import { type GradeDraft, sendDrafts } from './drafts';

export interface ScoreInputProps {
  label: string;
  max: number;
  value: number | null;
  draft: GradeDraft | null;
  onTyped: (score: number | null) => void;
}

export function ScoreInput({ label, max, value, draft, onTyped }: ScoreInputProps) {
  const shown = value === null ? '' : formatPoints(value);
  const [text, setText] = useState(shown);
  const ref = useRef<HTMLInputElement>(null);
  const focused = useRef(false);
  useEffect(() => {
    if (!focused.current) setText(shown);
  }, [shown]);

  function parse(raw: string): number | null | 'invalid' | 'above' {
    if (!raw.trim()) return null;
    const n = parsePoints(raw);
    if (n === null) return 'invalid';
    return n > max ? 'above' : n;
  }

  /** The cell's value when the teacher came into it: what an invalid value typed falls back to. */
  const before = useRef<number | null>(value);
  /** The last value handed to `onTyped` while in the cell (the draft it keeps is stored a moment later). */
  const last = useRef<number | null>(value);

  /**
   * Each value typed that is a score is kept as the teacher types (a draft survives a closed app);
   * one that is not ('12,555' after '12,55') puts the value the cell had back at once, so that
   * nothing on the way is kept (issue 38), and is refused on leaving the cell.
   */
  function change(raw: string) {
    setText(raw);
    const score = parse(raw);
    const kept = score === 'invalid' || score === 'above' ? before.current : score;
    if (kept === last.current) return;
    last.current = kept;
    onTyped(kept);
  }

  function leave(): boolean {
    const score = parse(text);
    if (score === 'above' || score === 'invalid') {
      toast.error(score === 'above' ? t.errors.scoreAbove(max) : t.errors.scoreInvalid);
      setText(before.current === null ? '' : formatPoints(before.current));
      // Back to the cell, for the teacher to type it again (document 2 §5).
      requestAnimationFrame(() => ref.current?.focus());
      return false;
    }
    return true;
  }

  const state = draft ? (draft.state === 'refused' ? 'refused' : 'pending') : null;
  return (
    <span className={`gradebook-cell${state ? ` gradebook-cell-${state}` : ''}`}>
      <input
        ref={ref}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        aria-label={label}
        aria-invalid={state === 'refused' || undefined}
        title={state === 'refused' ? draft?.error : state === 'pending' ? t.drafts.pendingCell : undefined}
        onFocus={() => {
          if (!focused.current) before.current = last.current = value;
          focused.current = true;
        }}
        onChange={(e) => change(e.target.value)}
        onBlur={() => {
          focused.current = false;
          leave();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            if (leave()) void sendDrafts();
          }
        }}
      />
      {state === 'pending' && <span className="gradebook-cell-mark" aria-hidden="true" />}
    </span>
  );
}
