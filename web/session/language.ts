// The language of the page (issue 42, decision 340): French, or Kreyòl on the pupil's side and on
// the sign-in page when this phone chose it. The choice is kept on the phone (localStorage
// `language`) and with the pupil's account (session/language-choice.ts). The staff's screens stay
// French: a signed-in account that does not choose its language (domain/language.ts) reads French
// whatever the phone chose, and so does an administrator viewing a pupil's portal.
// Kreyòl's texts are one chunk (i18n/ht), loaded only by the phones that choose it, before the app's
// first paint (main.tsx). Screens read their texts with `useTexts('student', studentText)`: the
// French module they import, or its Kreyòl twin of the same shape (i18n/kreyol.ts). The page's
// `<html lang>` is 'fr' or 'ht'; its web manifest names the installed app in that language; the
// API is told with the header `X-Language` (api/client.ts).
import { useSyncExternalStore } from 'react';
import { choosesLanguage, DEFAULT_LANGUAGE, type Language, languageOf } from '../../worker/domain/language';
import type { KreyolTexts } from '../i18n/kreyol';
import { getSession, onSessionChange } from './session';

const LANGUAGE_KEY = 'language';

const storage = {
  get: (): Language => {
    try {
      return languageOf(localStorage.getItem(LANGUAGE_KEY));
    } catch {
      return DEFAULT_LANGUAGE;
    }
  },
  set: (language: Language) => {
    try {
      localStorage.setItem(LANGUAGE_KEY, language);
    } catch {
      // Storage refused (private mode): the choice lasts as long as the page.
    }
  },
};

/** This phone's choice. */
let chosen: Language = storage.get();
/** Kreyòl's texts, once their chunk is here. */
let kreyol: KreyolTexts | null = null;
let loading: Promise<void> | null = null;

/** What the page shows: the phone's choice where it applies and its texts are here, else French. */
function shownLanguage(): Language {
  if (chosen === DEFAULT_LANGUAGE || !kreyol) return DEFAULT_LANGUAGE;
  const session = getSession();
  return !session || choosesLanguage(session.role) ? chosen : DEFAULT_LANGUAGE;
}

let shown: Language = DEFAULT_LANGUAGE;
const listeners = new Set<() => void>();
/** The page's French title (index.html's). */
const frenchTitle = typeof document !== 'undefined' ? document.title : '';

/** The page's language, its title, the name of the installed app, and the readers of the language told. */
function update() {
  const next = shownLanguage();
  if (next === shown) return;
  shown = next;
  if (typeof document !== 'undefined') {
    document.documentElement.lang = shown;
    document.title = shown === 'ht' && kreyol ? kreyol.common.productName : frenchTitle;
    document
      .querySelector('link[rel="manifest"]')
      ?.setAttribute('href', shown === 'ht' ? '/manifest.ht.webmanifest' : '/manifest.webmanifest');
  }
  listeners.forEach((listener) => listener());
}

onSessionChange(update);

/** Loads Kreyòl's texts (once); offline without them stored, the page stays French. */
function loadKreyol(): Promise<void> {
  loading ??= import('../i18n/ht')
    .then((module) => {
      kreyol = module.kreyol;
      update();
    })
    .catch((error: unknown) => {
      loading = null;
      console.warn('kreyòl:', error);
    });
  return loading;
}

/** Before the app's first paint: the phone's language ready (its texts loaded when it is Kreyòl). */
export const languageReady = (): Promise<void> => (chosen === 'ht' ? loadKreyol() : Promise.resolve());

/** Makes `language` this phone's choice and shows it (once its texts are here). */
export async function showLanguage(language: Language): Promise<void> {
  chosen = language;
  storage.set(language);
  if (language === 'ht') await loadKreyol();
  update();
}

/** This phone's choice (the page may show French: a staff account is signed in). */
export const chosenLanguage = (): Language => chosen;

/** The language the page shows now. */
export const shownLanguageNow = (): Language => shown;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The language the page shows, as a hook: the screen renders again when it changes. */
export const useLanguage = (): Language => useSyncExternalStore(subscribe, shownLanguageNow);

/** A module of texts in the page's language: `french` (the module the screen imports) or its Kreyòl twin. */
export function useTexts<K extends keyof KreyolTexts>(key: K, french: KreyolTexts[K]): KreyolTexts[K] {
  return useLanguage() === 'ht' && kreyol ? kreyol[key] : french;
}

/** The same, outside a screen (a notice raised by the API client). */
export function textsNow<K extends keyof KreyolTexts>(key: K, french: KreyolTexts[K]): KreyolTexts[K] {
  return shown === 'ht' && kreyol ? kreyol[key] : french;
}
