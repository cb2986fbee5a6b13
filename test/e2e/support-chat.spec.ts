// The support chat (issue 15): the teacher writes from a phone, the administration sees the
// unread badge within one poll period, answers, and the teacher sees the answer; a failed send
// removes the optimistic message with the error.
import { expect, test } from './fixtures';
import { apiToken, controlled, PHONE, signInAndLand } from './support';

test('the teacher writes from a phone, the administration sees the unread badge and answers', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(PHONE);
  // What the school's socket brings to the teacher's page.
  const pushed: string[] = [];
  let sockets = 0;
  page.on('websocket', (ws) => {
    sockets += 1;
    ws.on('framereceived', ({ payload }) => pushed.push(String(payload)));
  });
  await signInAndLand(page, 'prof', '/teacher');
  await page.getByRole('tablist', { name: 'Espace Professeur' }).getByRole('tab', { name: 'Support' }).click();
  const chat = page.getByRole('region', { name: 'Support' });
  await chat.getByPlaceholder('Écrivez votre message…').fill('Bonjour, le projecteur de la salle 2 ne marche plus.');
  await chat.getByRole('button', { name: 'Envoyer' }).click();
  await expect(chat.getByText('Bonjour, le projecteur de la salle 2 ne marche plus.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // The administration: the menu's badge, then the conversation with its unread badge.
  const admin = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signInAndLand(admin, 'admin', '/dashboard');
  await expect(admin.getByRole('link', { name: /Support/ }).getByLabel('1 message non lu')).toBeVisible({
    timeout: 16_000,
  });
  await admin.getByRole('link', { name: /Support/ }).click();
  await expect(admin).toHaveURL(/\/admin\/contact$/);
  const list = admin.getByRole('navigation', { name: 'Conversations' });
  const conversation = list.getByRole('button', { name: /Jean-Robert/ });
  await expect(conversation.getByLabel('1 message non lu')).toBeVisible();
  await conversation.click();
  await expect(admin.getByText('Bonjour, le projecteur de la salle 2 ne marche plus.')).toBeVisible();
  // Opened, the conversation is read: the badges go.
  await expect(conversation.getByLabel('1 message non lu')).toBeHidden();
  await expect(admin.getByRole('link', { name: /Support/ }).getByLabel('1 message non lu')).toBeHidden();

  await admin.getByPlaceholder('Écrivez votre message…').fill('Merci, le technicien passe à 10 h.');
  await admin.getByRole('button', { name: 'Envoyer' }).click();
  await expect(admin.getByText('Merci, le technicien passe à 10 h.')).toBeVisible();

  // The teacher sees the answer (pushed, or at the next 5 s poll).
  await expect(chat.getByText('Merci, le technicien passe à 10 h.')).toBeVisible({ timeout: 6_000 });
  // It came over the socket (the page's polls are the fallback).
  expect(pushed.some((frame) => frame.includes('"type":"message"') && frame.includes('Merci, le technicien'))).toBe(
    true,
  );

  // The administration selects the answer and deletes it.
  await admin.getByRole('checkbox', { name: /Merci, le technicien/ }).check();
  await admin.getByRole('button', { name: 'Supprimer (1)' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Supprimer (1)' }).click();
  await expect(admin.getByText('Messages supprimés.')).toBeVisible();
  await expect(admin.getByText('Merci, le technicien passe à 10 h.')).toBeHidden();
  await expect(chat.getByText('Merci, le technicien passe à 10 h.')).toBeHidden({ timeout: 6_000 });
  // All along, one socket: the page's screens share it, none opened it twice (issue 29).
  expect(sockets).toBe(1);
});

// The server's failure is answered by the test's route: page routes do not see requests a service
// worker makes, so this page has none (the worker now takes control within a second of the visit).
test.describe('without a service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('a failed send removes the optimistic message and shows the error', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signInAndLand(page, 'prof', '/teacher');
    await page.getByRole('tab', { name: 'Support' }).click();
    const chat = page.getByRole('region', { name: 'Support' });
    await expect(chat.getByText('Aucun message pour le moment.')).toBeVisible();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/teacher/support-messages', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await held;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Une erreur inattendue est survenue.', code: 'internal' }),
      });
    });
    await chat.getByPlaceholder('Écrivez votre message…').fill('Ce message ne partira pas');
    await chat.getByRole('button', { name: 'Envoyer' }).click();
    // Shown at once, while the server has not answered.
    await expect(chat.getByText('Ce message ne partira pas')).toBeVisible();
    release();
    await expect(page.getByText('Une erreur inattendue est survenue.')).toBeVisible();
    await expect(chat.getByRole('listitem').filter({ hasText: 'Ce message ne partira pas' })).toHaveCount(0);
    // The text comes back in the field, to send again.
    await expect(chat.getByPlaceholder('Écrivez votre message…')).toHaveValue('Ce message ne partira pas');
  });
});

test('a message written offline is queued, then delivered once', async ({ page, context }) => {
  await page.setViewportSize(PHONE);
  await signInAndLand(page, 'prof', '/teacher');
  await controlled(page);
  await page.getByRole('tab', { name: 'Support' }).click();
  const chat = page.getByRole('region', { name: 'Support' });
  await expect(chat.getByText('Aucun message pour le moment.')).toBeVisible();

  await context.setOffline(true);
  await chat.getByPlaceholder('Écrivez votre message…').fill('Écrit sans réseau');
  await chat.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText('Message en attente : il sera envoyé au retour du réseau.')).toBeVisible();
  await expect(chat.getByRole('listitem').filter({ hasText: 'Écrit sans réseau' })).toContainText('En attente');

  await context.setOffline(false);
  await expect(page.getByText("Données synchronisées avec succès. Rechargement de l'application...")).toBeVisible();
  await page.getByRole('tab', { name: 'Support' }).click();
  await expect(page.getByRole('region', { name: 'Support' }).getByText('Écrit sans réseau')).toHaveCount(1);
  const token = await apiToken(page, 'prof');
  const stored = await page.request.get('/api/teacher/support-messages', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(((await stored.json()) as { content: string }[]).map((m) => m.content)).toEqual(['Écrit sans réseau']);
});
