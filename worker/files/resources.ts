// A resource file's type, from its bytes (domain/resources.ts holds the rules): PDF, the images
// the other uploads accept, or plain text; null for anything else, active content included.
import { type ResourceMime, hasActiveExtension, isPlainText, startsWithText } from '../domain/resources';
import { sniffImageType } from './images';

export function sniffResourceType(bytes: Uint8Array, fileName: string): ResourceMime | null {
  if (bytes.byteLength === 0 || hasActiveExtension(fileName)) return null;
  if (startsWithText(bytes, '%PDF-')) return 'application/pdf';
  const image = sniffImageType(bytes) as ResourceMime | null;
  if (image) return image;
  return isPlainText(bytes) ? 'text/plain' : null;
}
