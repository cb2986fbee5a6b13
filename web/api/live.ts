// Live data of the support chat (document 1 §4 'Support chat'; decision 140): a page polls its
// read every few seconds with the ETag it holds (an unchanged answer is a 304 without a body),
// and while the school's socket is open the changes come pushed instead, so polling waits.
// One socket per tab, shared by the screens that listen; it reconnects after a drop.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { SupportPush } from '../../worker/contract/support';
import { getSession } from '../session/session';
import { api } from './client';

type Listener = (push: SupportPush) => void;

const listeners = new Set<Listener>();
const openListeners = new Set<() => void>();
let socket: WebSocket | null = null;
/** The account the socket was opened for (its access token is renewed every hour; the account stays). */
let socketAccount: string | null = null;
let open = false;
let retry: ReturnType<typeof setTimeout> | null = null;
let keepAlive: ReturnType<typeof setInterval> | null = null;
let attempts = 0;
let closing: ReturnType<typeof setTimeout> | null = null;

/** The page's keep-alive: answered by the runtime while the school's object sleeps. */
const KEEP_ALIVE_MS = 30_000;

function setOpen(value: boolean) {
  if (open === value) return;
  open = value;
  openListeners.forEach((l) => l());
}

function connect() {
  if (closing) clearTimeout(closing);
  closing = null;
  const session = getSession();
  // A socket left lingering by another account of this tab (signed out, then another signed in).
  if (socket && socketAccount !== session?.id) disconnect();
  if (socket || !session || typeof WebSocket === 'undefined') return;
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/support/socket`;
  let ws: WebSocket;
  try {
    ws = new WebSocket(url, ['portail', `bearer.${session.token}`]);
  } catch {
    return;
  }
  socket = ws;
  socketAccount = session.id;
  ws.addEventListener('open', () => {
    if (socket !== ws) return;
    attempts = 0;
    setOpen(true);
    keepAlive = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send('ping'), KEEP_ALIVE_MS);
  });
  ws.addEventListener('message', (event) => {
    if (socket !== ws || event.data === 'pong' || typeof event.data !== 'string') return;
    try {
      const push = JSON.parse(event.data) as SupportPush;
      listeners.forEach((l) => l(push));
    } catch {
      // not ours
    }
  });
  ws.addEventListener('close', () => {
    // A socket closed on purpose, already replaced: the new one's state is not its own.
    if (socket !== ws) return;
    if (keepAlive) clearInterval(keepAlive);
    keepAlive = null;
    socket = null;
    setOpen(false);
    // Back again while someone listens; polling covers the gap.
    if (listeners.size > 0 && !retry) {
      const delay = Math.min(60_000, 2_000 * 2 ** attempts++);
      retry = setTimeout(() => {
        retry = null;
        if (listeners.size > 0) connect();
      }, delay);
    }
  });
}

/**
 * How long the socket outlives its last listener: a screen that mounts again (its chunk or its
 * data arriving) or the next screen that listens keeps the same socket, one handshake.
 */
const LINGER_MS = 2_000;

function disconnect() {
  closing = null;
  if (retry) clearTimeout(retry);
  retry = null;
  if (keepAlive) clearInterval(keepAlive);
  keepAlive = null;
  socket?.close(1000);
  socket = null;
  setOpen(false);
}

/** Listens to the school's pushes while mounted (opens the socket for the first listener). */
export function useSupportPush(listener: Listener, enabled = true) {
  const current = useRef(listener);
  useEffect(() => {
    current.current = listener;
  });
  useEffect(() => {
    if (!enabled) return;
    const l: Listener = (push) => current.current(push);
    listeners.add(l);
    connect();
    return () => {
      listeners.delete(l);
      if (listeners.size === 0 && !closing) closing = setTimeout(disconnect, LINGER_MS);
    };
  }, [enabled]);
}

// Changes this tab made itself (read marks, deletions): the menu's count reads again at once,
// socket or not.
const localListeners = new Set<() => void>();

/** Says this tab changed the chat (the other screens of the tab read again). */
export const announceLocalChange = () => localListeners.forEach((l) => l());

/** Runs `listener` after each change this tab made itself, while mounted. */
export function useLocalChange(listener: () => void, enabled = true) {
  const current = useRef(listener);
  useEffect(() => {
    current.current = listener;
  });
  useEffect(() => {
    if (!enabled) return;
    const l = () => current.current();
    localListeners.add(l);
    return () => {
      localListeners.delete(l);
    };
  }, [enabled]);
}

const subscribeOpen = (l: () => void) => {
  openListeners.add(l);
  return () => openListeners.delete(l);
};

/** True while the school's socket is open (the pages' polls wait meanwhile). */
export const useSocketOpen = () => useSyncExternalStore(subscribeOpen, () => open);

export interface Polled<T> {
  data: T | null;
  error: string | null;
  /** Polls now (after a push the page cannot apply itself, or after a write). */
  refresh: () => void;
  /** Replaces the data locally (an optimistic message). */
  setData: (update: (data: T | null) => T | null) => void;
  /**
   * Applies a pushed change: when the page holds the version just before it (`from`), locally
   * and the page now holds `to`; otherwise (a change was missed) by polling.
   */
  advance: (from: string, to: string, update: (data: T) => T) => void;
}

/**
 * Reads `path` now and every `intervalMs` while the socket is closed, with the ETag held (304:
 * nothing to do). Failures are only logged (document 1 §4), the data on screen stays.
 */
export function usePolled<T>(path: string | null, intervalMs: number): Polled<T> {
  const [data, setState] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const etag = useRef<string | null>(null);
  const socketOpen = useSocketOpen();

  useEffect(() => {
    etag.current = null;
    setState(null);
    setError(null);
  }, [path]);

  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    const read = () =>
      api
        .poll<T>(path, etag.current, controller.signal)
        .then((answer) => {
          if (!answer.changed) return;
          etag.current = answer.etag;
          setState(answer.data);
          setError(null);
        })
        .catch((e: unknown) => {
          if (controller.signal.aborted) return;
          console.warn(`poll ${path}:`, e instanceof Error ? e.message : e);
          setError(e instanceof Error ? e.message : String(e));
        });
    void read();
    // The socket brings the changes; the poll is the fallback while it is closed.
    const timer = socketOpen ? null : setInterval(() => void read(), intervalMs);
    return () => {
      controller.abort();
      if (timer) clearInterval(timer);
    };
  }, [path, intervalMs, tick, socketOpen]);

  const refresh = useCallback(() => setTick((t) => t + 1), []);
  const setData = useCallback((update: (d: T | null) => T | null) => setState(update), []);
  const advance = useCallback(
    (from: string, to: string, update: (d: T) => T) => {
      if (etag.current !== from) return refresh();
      etag.current = to;
      setState((d) => (d === null ? d : update(d)));
    },
    [refresh],
  );
  return { data, error, refresh, setData, advance };
}
