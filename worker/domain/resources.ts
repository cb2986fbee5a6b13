// Resource upload rules (architecture guide, uploads; document 2 §5): the size is checked on the
// decoded bytes, the type is taken from the bytes (never from the client; files/resources.ts) and
// only passive kinds are kept: PDF, PNG, JPEG, GIF, WebP and plain UTF-8 text. Markup (HTML, SVG, XML) and scripts
// are refused, whatever their name or declared type.
/** The decoded size cap of a resource file. */
export const RESOURCE_MAX_BYTES = 5 * 1024 * 1024;
/** The JSON body of a resource write carries the file in base64 (4/3 of its size) and the form. */
export const RESOURCE_BODY_LIMIT = Math.ceil((RESOURCE_MAX_BYTES * 4) / 3) + 64 * 1024;

export type ResourceMime = 'application/pdf' | 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'text/plain';

/** Names that announce active content: refused even when the bytes look like text. */
const ACTIVE_EXTENSIONS =
  /\.(html?|xhtml|xht|svgz?|xml|xsl|js|mjs|cjs|jsx|ts|vbs|ps1|bat|cmd|sh|php|jsp|aspx?|hta|exe|dll|msi|jar|swf)$/i;
/** Markup anywhere in a text file: a browser would run it given the chance. */
const MARKUP = /<\s*(!doctype|html|head|body|script|svg|iframe|object|embed|meta|link|style|\?xml)\b/i;

/** Tab, line feed, form feed and carriage return: the control characters a text file may hold. */
const TEXT_SPACING = new Set([9, 10, 12, 13]);

/** Whether a text holds a control character (C0 or DEL) other than those allowed. */
function hasControl(text: string, allowed: ReadonlySet<number> = new Set()): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 32 || code === 127) && !allowed.has(code)) return true;
  }
  return false;
}

/** Valid UTF-8 without binary control characters, markup or a script's first line. */
export function isPlainText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  if (hasControl(text, TEXT_SPACING)) return false;
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('<') || start.startsWith('#!')) return false;
  return !MARKUP.test(text);
}

/** Whether the bytes begin with an ASCII signature (`%PDF-`). */
export const startsWithText = (bytes: Uint8Array, prefix: string) =>
  [...prefix].every((ch, i) => bytes[i] === ch.charCodeAt(0));

/** A name announcing active content: refused whatever the bytes look like. */
export const hasActiveExtension = (fileName: string) => ACTIVE_EXTENSIONS.test(fileName);

/** A file name kept for display and download: its last path part, no control or quote characters, at most 150 characters. */
export function cleanFileName(name: string): string | null {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((ch) => !hasControl(ch) && !'"<>|*?:'.includes(ch))
    .join('')
    .trim()
    .slice(-150);
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
