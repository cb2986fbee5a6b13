// The support chat's poll periods (document 1 §4 'Support chat', document 2 §9): the open
// conversation every 5 s, the conversation list (and the menu's unread count) every 15 s.
export const CHAT_POLL_MS = 5_000;
export const LIST_POLL_MS = 15_000;
