// The data key of an account on a device (issue 39, decision 320): what the account keeps on the
// phone (the offline copy of its reads, its queued writes, its grade drafts) is encrypted with it
// (AES-GCM, web/vault). The server stores no key: it derives one from its secret, the account, the
// browser's device id (the sign-in's device cookie, kept by the device session) and the account's
// data epoch, and hands it out only with a sign-in, a renewal or a password change of that account
// on that device. Sign-out forgets it on the phone; the same account signing in again on the same
// phone gets it back and reads its set at once; another account, or the same one on another
// browser, gets another key. The epoch moves with a password change, 'Déconnecter tous les
// appareils' and an administrator's end of the sessions: every key of the account changes.

/** The key as the page receives it: its id (which set it opens) and its 256 bits, base64url. */
export interface DataKey {
  id: string;
  key: string;
}

/** Bytes as base64url without padding (ids and keys in cookies, tokens and JSON). */
export const base64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');

/** HMAC-SHA-256 of `label` under `secret` (the data key's derivation, the device session's MAC). */
export async function hmac(secret: string, label: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(label)));
}

/** The account's data key on a device at an epoch. */
export async function dataKeyFor(
  secret: string,
  a: { accountId: string; deviceId: string; epoch: number },
): Promise<DataKey> {
  const label = `data-key:${a.accountId}:${a.deviceId}:${a.epoch}`;
  const [key, id] = await Promise.all([hmac(secret, label), hmac(secret, `${label}:id`)]);
  return { id: base64Url(id.slice(0, 12)), key: base64Url(key) };
}
