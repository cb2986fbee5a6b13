// The sign-in page's first paint (decision 102): on a slow network the app's script takes
// seconds, so web/index.html already holds the sign-in form (built here from the same texts and
// classes as LoginPage, injected at build time by vite.config.ts). A tiny inline script removes it
// on any other address and answers a tap on 'Se connecter' at once; the worker's CSP allows that
// one script by its hash. What the user typed, and the tap, are kept: LoginPage starts from them.
// With its extension: vite.config.ts imports this file, and Vite's native config loader needs it.
import { authText } from '../../i18n/auth.ts';

const t = authText.login;

export const FIRST_PAINT_ID = 'first-paint';

/**
 * Runs as soon as the markup is parsed. Elsewhere than /login it removes the form. On /login a tap
 * on 'Se connecter' before the app runs shows 'Connexion en cours...' at once and is remembered:
 * the app sends the sign-in as soon as it starts.
 */
export const FIRST_PAINT_SCRIPT = `(function(){var r=document.getElementById('${FIRST_PAINT_ID}');if(location.pathname!=='/login'){r.remove();return}var f=r.querySelector('form'),b=f.querySelector('button');b.disabled=false;f.addEventListener('submit',function(e){e.preventDefault();if(!f.querySelector('#username').value||!f.querySelector('#password').value)return;b.textContent=${JSON.stringify(t.submitting)};b.disabled=true;r.dataset.submitted='1'})})()`;

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The sign-in form as static HTML, in LoginPage's markup; the script above enables its button. */
export function firstPaintMarkup(): string {
  return `<main class="auth-page" id="${FIRST_PAINT_ID}">
  <form class="card auth-card" novalidate>
    <p class="auth-school"></p>
    <h1>${escape(t.title)}</h1>
    <p class="muted">${escape(t.subtitle)}</p>
    <div class="field"><label for="username">${escape(t.username)}</label><input id="username" class="input" autocomplete="username" autocapitalize="none" required></div>
    <div class="field"><label for="password">${escape(t.password)}</label><div class="password-input"><input id="password" type="password" class="input" autocomplete="current-password" required></div></div>
    <button type="submit" class="btn auth-submit" disabled>${escape(t.submit)}</button>
    <a href="/" class="auth-back">${escape(t.backToLanding)}</a>
  </form>
</main>`;
}

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
