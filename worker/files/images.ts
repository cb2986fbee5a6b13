// Uploaded images: decoded size capped, type taken from the magic bytes, never from the client.
export const LOGO_MAX_BYTES = 512 * 1024;

const SIGNATURES: { type: string; bytes: number[]; offset?: number }[] = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38] },
  { type: 'image/webp', bytes: [0x57, 0x45, 0x42, 0x50], offset: 8 },
];

export function sniffImageType(data: Uint8Array): string | null {
  for (const { type, bytes, offset = 0 } of SIGNATURES) {
    if (bytes.every((b, i) => data[offset + i] === b)) {
      if (type === 'image/webp' && !(data[0] === 0x52 && data[1] === 0x49 && data[2] === 0x46 && data[3] === 0x46))
        continue;
      return type;
    }
  }
  return null;
}

/** Bytes of a `data:image/...;base64,` URL, or null when it is not one. */
export function decodeDataUrl(value: string): Uint8Array | null {
  const match = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]+)$/i.exec(value);
  if (!match?.[1]) return null;
  try {
    const binary = atob(match[1].replace(/\s/g, ''));
    return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

/** Student photos are resized by the form before sending; this caps the decoded size. */
export const STUDENT_PHOTO_MAX_BYTES = 512 * 1024;
