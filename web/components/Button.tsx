// A button that acts where it stands (never a form's submit: `type="button"`), in one of the
// app's looks. A form's own submit is SubmitButton; a dialog's foot, DialogButtons.
import type { ComponentPropsWithRef } from 'react';

/** The look of a button: the usual action, a second one, a destructive one, one to think twice about, a quiet one. */
export type Look = 'primary' | 'secondary' | 'danger' | 'warning' | 'ghost';

/** The classes of a look (styles/base.css). */
export const LOOK_CLASS: Record<Look, string> = {
  primary: 'btn',
  secondary: 'btn btn-secondary',
  danger: 'btn btn-danger',
  warning: 'btn btn-warning',
  ghost: 'btn btn-ghost',
};

export function Button({
  look = 'secondary',
  small = false,
  className,
  ...button
}: Omit<ComponentPropsWithRef<'button'>, 'type'> & {
  look?: Look;
  /** A smaller button, in a table's row or a toolbar (`btn-small`). */
  small?: boolean;
  /** Classes besides the look's (the screen's own). */
  className?: string;
}) {
  const classes = [LOOK_CLASS[look], small ? 'btn-small' : null, className].filter(Boolean).join(' ');
  return <button type="button" className={classes} {...button} />;
}
