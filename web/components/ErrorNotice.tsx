// A form's or a screen's error, announced as soon as it appears; nothing while there is none.
export function ErrorNotice({ message, id }: { message: string | null | undefined; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="notice tone-error" role="alert">
      {message}
    </p>
  );
}

/** A form's problem under its fields, in the fields' error style, announced as it appears. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="field-error" role="alert">
      {message}
    </p>
  );
}
