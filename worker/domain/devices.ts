// A device's readable name from its browser's User-Agent (decision 314): 'Chrome sur Android',
// 'Safari sur iPhone', 'Firefox sur Windows'. The name only helps a person recognise a device in
// the Sécurité list: a browser can say anything of itself, nothing is decided from it. Pure.
import type { Texts } from '../contract/texts/shape';
import { sessionsServerText } from '../contract/texts/sessions';

/** Browsers, the most specific first (Edge and Opera also say Chrome; Chrome also says Safari). */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bUCBrowser\//, 'UC Browser'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\b(?:Headless)?Chrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** Systems, the most specific first (Android also says Linux; an iPhone says 'like Mac OS X'). */
const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b|\bMac OS X\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (list: [RegExp, string][], text: string) => list.find(([pattern]) => pattern.test(text))?.[1];

/** The browser and system a User-Agent names, each when it is recognised. */
export function deviceOf(userAgent: string | null | undefined): { browser?: string; system?: string } {
  const text = userAgent ?? '';
  const browser = first(BROWSERS, text);
  const system = first(SYSTEMS, text);
  return { ...(browser ? { browser } : {}), ...(system ? { system } : {}) };
}

/**
 * The device's name: 'Chrome sur Android', 'Navigateur sur Windows', 'Chrome', 'Appareil inconnu';
 * in another language with its texts ('Chrome sou Android').
 */
export function deviceName(
  userAgent: string | null | undefined,
  t: Texts<typeof sessionsServerText.device> = sessionsServerText.device,
): string {
  const { browser, system } = deviceOf(userAgent);
  if (browser && system) return t.on(browser, system);
  if (system) return t.browserOn(system);
  return browser ?? t.unknown;
}
