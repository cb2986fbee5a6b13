// The queued writes as the service worker's queue holds them and the pages show them (decision 100;
// issue 28, decision 241): one declaration for both sides of the message between them.

/** A write not sent yet: its address under /api, the account that made it, the ids its body names. */
export interface PendingWrite {
  method: string;
  /** The address under /api, without the query: '/students/abc', '/enrollments/xyz/payments'. */
  path: string;
  /** The account that made it. */
  userId: string | null;
  /** The ids its body names (a created record's id, the students of a bulk action, a roll call's lesson and date). */
  ids: string[];
}

/** A write the server refused when it was replayed (a 4xx), kept until the user dismisses it. */
export interface RefusedWrite extends PendingWrite {
  id: string;
  status: number;
  /** The server's French message. */
  message: string;
  at: string;
}
