import { type ReactNode, useEffect, useId, useRef } from 'react';
import './modal.css';

/** An accessible dialog: focus moves inside, Escape closes when allowed. */
export function Modal({
  title,
  children,
  actions,
  onClose,
  wide = false,
}: {
  title: string;
  children: ReactNode;
  actions: ReactNode;
  onClose?: () => void;
  /** A larger dialog for multi-step forms (the setup wizard). */
  wide?: boolean;
}) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('button, [href], input, select, textarea')?.focus();
  }, []);
  return (
    <div className="modal-backdrop" onKeyDown={(e) => e.key === 'Escape' && onClose?.()}>
      <div
        className={wide ? 'modal modal-wide' : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        ref={ref}
      >
        <h2 id={titleId}>{title}</h2>
        <div className="modal-body">{children}</div>
        <div className="modal-actions">{actions}</div>
      </div>
    </div>
  );
}
