// Rules of the add-user form shared by the worker and the web (document 1 §2 "Add-user form").

/** 3 to 50 letters, digits, dots, hyphens or underscores. */
const USERNAME = /^[\p{L}\p{N}._-]{3,50}$/u;

export const isUsername = (value: string): boolean => USERNAME.test(value);
