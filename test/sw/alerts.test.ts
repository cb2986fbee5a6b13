// The service worker's side of the families' alerts (decision 361): a push message read as an
// alert (its text carried, a page of the app only), its notification, and tapping it.
import { describe, expect, it, vi } from 'vitest';
import { alertOf, notificationOf, openAlert } from '../../web/sw/alerts';

const ORIGIN = 'https://ecole.example';
const message = {
  title: 'Absence : Anne Zéphir',
  body: 'Anne Zéphir a été noté(e) absent(e).',
  url: '/guardian/child/s/p',
};

describe('alerts in the service worker', () => {
  it('reads a push message as an alert, never a page of another origin', () => {
    expect(alertOf(JSON.stringify(message))).toEqual(message);
    expect(alertOf(JSON.stringify({ ...message, url: 'https://evil.example/x' }))?.url).toBe('/');
    expect(alertOf(JSON.stringify({ ...message, url: '//evil.example/x' }))?.url).toBe('/');
    expect(alertOf('not json')).toBeNull();
    expect(alertOf(JSON.stringify({ body: 'no title' }))).toBeNull();
    expect(alertOf(undefined)).toBeNull();
  });

  it("shows the alert's text and keeps its page", () => {
    const { title, options } = notificationOf(message);
    expect(title).toBe(message.title);
    expect(options).toMatchObject({ body: message.body, data: { url: message.url }, tag: message.url });
  });

  it("tapping brings a window of the app to the child's page, or opens one", async () => {
    const navigate = vi.fn(async () => undefined);
    const focus = vi.fn(async () => undefined);
    const open = vi.fn(async () => undefined);
    await openAlert({ url: message.url }, ORIGIN, {
      windows: async () => [{ url: `${ORIGIN}/guardian`, navigate, focus }],
      open,
    });
    expect(navigate).toHaveBeenCalledWith(`${ORIGIN}${message.url}`);
    expect(focus).toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
    await openAlert({ url: 'https://evil.example/' }, ORIGIN, { windows: async () => [], open });
    expect(open).toHaveBeenCalledWith(`${ORIGIN}/`);
  });
});
