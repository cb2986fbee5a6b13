import { describe, expect, it } from 'vitest';
import { cleanFileName, contentDisposition, decodeBase64, isWebUrl } from '../../worker/domain/resources';
import { sniffResourceType } from '../../worker/files/resources';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('resource upload rules', () => {
  it('takes the type from the bytes and keeps only passive kinds', () => {
    expect(sniffResourceType(bytes('%PDF-1.7\n'), 'a.pdf')).toBe('application/pdf');
    expect(sniffResourceType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), 'photo.jpg')).toBe('image/jpeg');
    expect(sniffResourceType(bytes('Leçon : les fractions, 3 < 4.\n'), 'lecon.txt')).toBe('text/plain');
    expect(sniffResourceType(bytes('<html><body>x</body></html>'), 'a.txt')).toBeNull();
    expect(sniffResourceType(bytes('  <svg onload="x()"/>'), 'a.txt')).toBeNull();
    expect(sniffResourceType(bytes('texte puis <script>x()</script>'), 'a.txt')).toBeNull();
    expect(sniffResourceType(bytes('#!/bin/sh\nrm -rf /'), 'a.txt')).toBeNull();
    expect(sniffResourceType(bytes('console.log(1)'), 'a.js')).toBeNull();
    expect(sniffResourceType(bytes('%PDF-1.7'), 'page.html')).toBeNull();
    expect(sniffResourceType(new Uint8Array([0x00, 0x01, 0x02]), 'a.bin')).toBeNull();
    expect(sniffResourceType(new Uint8Array([0xc3, 0x28]), 'a.txt')).toBeNull();
    expect(sniffResourceType(new Uint8Array(), 'a.txt')).toBeNull();
  });

  it('accepts only http and https links', () => {
    expect(isWebUrl('https://exemple.ht/cours')).toBe(true);
    expect(isWebUrl('http://exemple.ht')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', 'exemple.ht', 'ftp://a.b'])
      expect(isWebUrl(bad)).toBe(false);
  });

  it('decodes base64 and data URLs, refuses the rest', () => {
    expect(decodeBase64(btoa('abc'))).toEqual(bytes('abc'));
    expect(decodeBase64(`data:application/pdf;base64,${btoa('abc')}`)).toEqual(bytes('abc'));
    expect(decodeBase64('pas du base64 !')).toBeNull();
  });

  it('cleans file names and names them in the download header', () => {
    expect(cleanFileName('C:\\Users\\a\\Cours "1".pdf')).toBe('Cours 1.pdf');
    expect(cleanFileName('../..')).toBeNull();
    expect(contentDisposition('application/pdf', 'Leçon.pdf')).toBe(
      `attachment; filename="Le_on.pdf"; filename*=UTF-8''Le%C3%A7on.pdf`,
    );
    expect(contentDisposition('image/png', 'a.png')).toMatch(/^inline;/);
  });
});
