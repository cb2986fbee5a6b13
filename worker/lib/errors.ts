// The one error shape of the API: { message, code } with a French message and the right status.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { serverText } from '../contract/texts/server';

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'validation') => new ApiError(400, code, message);
export const unauthorized = (message: string = serverText.unauthorized) => new ApiError(401, 'unauthorized', message);
export const forbidden = (message: string = serverText.forbidden) => new ApiError(403, 'forbidden', message);
export const notFound = (message: string = serverText.notFound) => new ApiError(404, 'not_found', message);
export const conflict = (message: string, code = 'conflict') => new ApiError(409, code, message);

/** The row a request named, or 404 (another school's row answers like a missing one). */
export function found<T>(row: T | null | undefined, message?: string): T {
  if (row === null || row === undefined) throw notFound(message);
  return row;
}

/** 409 when a name (or a number) is already taken by another record than `ownId` (null: a new one). */
export function refuseTaken(
  holder: { id: string } | null | undefined,
  ownId: string | null,
  message: string,
  code?: string,
): void {
  if (holder && holder.id !== ownId) throw conflict(message, code);
}
