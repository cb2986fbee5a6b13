// The sign-in page's first paint (decision 102): on a slow network the app's script takes
// seconds, so web/index.html already holds the sign-in form (built by first-paint-build.ts from the
// same texts and classes as LoginPage, injected at build time by vite.config.ts). A tiny inline script removes it
// on any other address and answers a tap on 'Se connecter' at once; the worker's CSP allows that
// one script by its hash. What the user typed, and the tap, are kept: LoginPage starts from them.
// A phone that chose Kreyòl (session/language.ts) sees the form's words in Kreyòl from the start:
// the script puts them in place before the first paint (issue 42).
export const FIRST_PAINT_ID = 'first-paint';

export interface EarlyInput {
  username: string;
  password: string;
  /** The field that had the focus. */
  focused: 'username' | 'password' | null;
  /** 'Se connecter' was tapped: the app signs in at once. */
  submitted: boolean;
}

/**
 * What was typed in the static form. LoginPage reads it while React renders its first screen:
 * React replaces the static form in the same task, so no keystroke falls in between.
 */
export function readFirstPaint(): EarlyInput | null {
  const root = document.getElementById(FIRST_PAINT_ID);
  if (!root) return null;
  const value = (id: string) => root.querySelector<HTMLInputElement>(`#${id}`)?.value ?? '';
  const active = document.activeElement?.id;
  return {
    username: value('username'),
    password: value('password'),
    focused: active === 'username' || active === 'password' ? active : null,
    submitted: root.dataset.submitted === '1',
  };
}
