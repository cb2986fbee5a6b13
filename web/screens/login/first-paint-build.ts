// The sign-in form painted before the app starts (decision 102), as vite.config.ts injects it into
// web/index.html, with its inline script (scripts/lib/first-paint-csp.ts allows it by its hash).
// Build time only, apart from the app's bundle: the Kreyòl words it carries for a phone that chose
// Kreyòl (issue 42) never reach a French phone's first download.
// With its extensions: vite.config.ts imports this file, and Vite's native config loader needs them.
import { authText } from '../../i18n/auth.ts';
import { authText as kreyolAuth } from '../../i18n/ht/auth.ts';
import { FIRST_PAINT_ID } from './first-paint.ts';

const t = authText.login;
const ht = kreyolAuth.login;

/** The static form's words in Kreyòl, by the element that shows them. */
const KREYOL_WORDS: [string, string][] = [
  ['h1', ht.title],
  ['p.muted', ht.subtitle],
  ['label[for=username]', ht.username],
  ['label[for=password]', ht.password],
  ['button', ht.submit],
  ['a.auth-back', ht.backToLanding],
];

/**
 * Runs as soon as the markup is parsed. On a phone that chose Kreyòl it marks the page `ht` and
 * puts the form's Kreyòl words in place. Elsewhere than /login it removes the form. On /login a tap
 * on 'Se connecter' before the app runs shows 'Connexion en cours...' at once and is remembered:
 * the app sends the sign-in as soon as it starts.
 */
export const FIRST_PAINT_SCRIPT = `(function(){var r=document.getElementById('${FIRST_PAINT_ID}'),k=false;try{k=localStorage.getItem('language')==='ht'}catch(e){}if(k)document.documentElement.lang='ht';if(location.pathname!=='/login'){r.remove();return}var f=r.querySelector('form'),b=f.querySelector('button');if(k)${JSON.stringify(KREYOL_WORDS)}.forEach(function(w){f.querySelector(w[0]).textContent=w[1]});b.disabled=false;f.addEventListener('submit',function(e){e.preventDefault();if(!f.querySelector('#username').value||!f.querySelector('#password').value)return;b.textContent=k?${JSON.stringify(ht.submitting)}:${JSON.stringify(t.submitting)};b.disabled=true;r.dataset.submitted='1'})})()`;

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
