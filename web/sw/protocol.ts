// What the page and the service worker say to each other, typed once (both import this module,
// decision 351): the header that keeps a write out of the offline queue, the messages the page
// posts to the worker and those the worker posts to the pages.

/**
 * A write the service worker must never queue: set by the client (web/api/client.ts) on every
 * call to an endpoint the contract declares `offline: 'never'` or `'draft'`, and on the session's
 * own calls (renewal, sign-out, backup download) made outside the client. It replaces `X-Draft`,
 * which said the same for passwords and promotions too.
 */
export const NOT_QUEUED_HEADER = 'X-Not-Queued';
