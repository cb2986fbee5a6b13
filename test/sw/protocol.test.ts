// The page <-> service worker messages are typed once (web/sw/protocol.ts, decision 353): both
// sides post and read through it.
import { describe, expect, it } from 'vitest';
import { isWorkerMessage, type PageMessage, postToWorker } from '../../web/sw/protocol';

describe('the page and service worker protocol', () => {
  it('posts a typed message with its answer port, and none without a worker', () => {
    const sent: [unknown, Transferable[]][] = [];
    const worker = { postMessage: (message: unknown, transfer: Transferable[]) => void sent.push([message, transfer]) };
    const { port2 } = new MessageChannel();
    const message: PageMessage = { type: 'DISMISS', id: 'w-1' };
    postToWorker(worker, message, port2);
    postToWorker(worker, { type: 'REPLAY' });
    postToWorker(null, { type: 'VAULT' });
    // @ts-expect-error a message the worker does not know is a type error on the page's side
    postToWorker(null, { type: 'REPLAY_ALL' });
    // @ts-expect-error and so is one missing what the worker reads
    postToWorker(null, { type: 'CLEAR_SET' });
    expect(sent).toEqual([
      [message, [port2]],
      [{ type: 'REPLAY' }, []],
    ]);
    port2.close();
  });

  it("tells the worker's messages from others", () => {
    expect(isWorkerMessage({ type: 'SYNC_COMPLETE', sent: 1, paths: [] })).toBe(true);
    expect(isWorkerMessage({ type: 'QUEUE_SIZE', size: 0, outcome: 'sent' })).toBe(true);
    expect(isWorkerMessage({ type: 'SCREENS' })).toBe(false);
    expect(isWorkerMessage(null)).toBe(false);
  });
});
