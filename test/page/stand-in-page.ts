// The page's globals as the page tests need them (run in Node by vitest.sw.config.ts): a window
// and a document to send events to, and the phone's storage (localStorage, sessionStorage) as maps
// the tests read. Imported first by each test, before the page's modules it loads. And an access
// token, unsigned (the page only reads its claims), that ends in `seconds`.
export const local = new Map<string, string>();
export const tab = new Map<string, string>();

const storage = (store: Map<string, string>) => ({
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => void store.set(key, value),
  removeItem: (key: string) => void store.delete(key),
});

Object.assign(globalThis, {
  window: new EventTarget(),
  document: Object.assign(new EventTarget(), { visibilityState: 'visible' }),
  localStorage: storage(local),
  sessionStorage: storage(tab),
});

export function token(sub: string, seconds: number, role = 'admin'): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const claims = { id: sub, username: sub, role, status: 'active', instance_id: 's', permissions: [] };
  return `${part({ alg: 'HS256' })}.${part({ ...claims, roles: [], iat: now, exp: now + seconds, dse: now + 86_400 })}.sig`;
}
