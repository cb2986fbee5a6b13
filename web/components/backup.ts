// Downloading a school's backup (issue 30): a POST answered by a ZIP streamed from the Worker,
// kept by the browser as a file. Never queued offline (declared so on the contract; NOT_QUEUED_HEADER): a backup needs the network now.
import { ApiError, NetworkError } from '../api/client';
import { type Args, pathOf, type Route } from '../api/route';
import { shellText } from '../i18n/shell';
import { getSession } from '../session/session';
import { downloadBlob } from './csv';
import type { Endpoint } from '../../worker/contract/endpoint';
import { NOT_QUEUED_HEADER } from '../sw/protocol';

export async function downloadBackup<E extends Endpoint>(endpoint: Route<E>, args: Args<E>): Promise<void> {
  const session = getSession();
  let response: Response;
  try {
    response = await fetch(`/api${pathOf(endpoint, args)}`, {
      method: endpoint.method.toUpperCase(),
      headers: { ...(session ? { Authorization: `Bearer ${session.token}` } : {}), [NOT_QUEUED_HEADER]: '1' },
    });
  } catch {
    throw new NetworkError();
  }
  if (!response.ok) {
    const error = (await response.json().catch(() => null)) as { message?: string; code?: string } | null;
    throw new ApiError(response.status, error?.message ?? shellText.errors.server(response.status), error?.code);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'sauvegarde.zip';
  downloadBlob(name, await response.blob());
}
