// Resource upload rules (architecture guide, uploads; document 2 §5): the size is checked on the
// decoded bytes, the type is taken from the bytes (never from the client) and only passive kinds
// are kept: PDF, PNG, JPEG, GIF, WebP and plain UTF-8 text. Markup (HTML, SVG, XML) and scripts
// are refused, whatever their name or declared type.
import { sniffImageType } from '../files/images';

/** The decoded size cap of a resource file. */
export const RESOURCE_MAX_BYTES = 5 * 1024 * 1024;
/** The JSON body of a resource write carries the file in base64 (4/3 of its size) and the form. */
export const RESOURCE_BODY_LIMIT = Math.ceil((RESOURCE_MAX_BYTES * 4) / 3) + 64 * 1024;

export type ResourceMime = 'application/pdf' | 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'text/plain';

/** Names that announce active content: refused even when the bytes look like text. */
const ACTIVE_EXTENSIONS = /\.(html?|xhtml|xht|svgz?|xml|xsl|js|mjs|cjs|jsx|ts|vbs|ps1|bat|cmd|sh|php|jsp|aspx?|hta|exe|dll|msi|jar|swf)$/i;
/** Markup anywhere in a text file: a browser would run it given the chance. */
const MARKUP = /<\s*(!doctype|html|head|body|script|svg|iframe|object|embed|meta|link|style|\?xml)\b/i;

function isPlainText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // Control characters other than tab, line feed, form feed and carriage return mean binary.
  if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text)) return false;
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('<') || start.startsWith('#!')) return false;
  return !MARKUP.test(text);
}

const startsWith = (bytes: Uint8Array, prefix: string) => [...prefix].every((ch, i) => bytes[i] === ch.charCodeAt(0));

/** The type of a file from its bytes, or null when it is not one of the accepted passive kinds. */
export function sniffResourceType(bytes: Uint8Array, fileName: string): ResourceMime | null {
  if (bytes.byteLength === 0 || ACTIVE_EXTENSIONS.test(fileName)) return null;
  if (startsWith(bytes, '%PDF-')) return 'application/pdf';
  const image = sniffImageType(bytes) as ResourceMime | null;
  if (image) return image;
  return isPlainText(bytes) ? 'text/plain' : null;
}

/** A file name kept for display and download: its last path part, no control or quote characters, at most 150 characters. */
export function cleanFileName(name: string): string | null {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>|*?:]/g, '').trim().slice(-150);
  return cleaned && cleaned !== '.' && cleaned !== '..' ? cleaned : null;
}

/** Only http and https links: no javascript:, data: or file: addresses. */
export function isWebUrl(value: string): boolean {
  if (value.length > 2000) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/** The bytes of base64 content (a bare string or a data: URL), or null when it is not base64. */
export function decodeBase64(value: string): Uint8Array | null {
  const bare = value.replace(/^data:[^,]*;base64,/i, '').replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(bare) || bare.length % 4 === 1) return null;
  try {
    const binary = atob(bare);
    return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

/** Images are shown where they are opened; everything else is a download. */
export const servedInline = (mime: string) => mime.startsWith('image/');

/** A Content-Disposition header naming the file (RFC 6266, UTF-8 name). */
export function contentDisposition(mime: string, fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${servedInline(mime) ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
