// `node scripts/icons.mjs`: writes the PNG icons of public/icons from icon.svg, as 16-colour
// palette PNGs of 1-3 KB each (issue 12; the earlier 24-bit icons weighed 146 KB together).
// sharp comes with wrangler's miniflare; this script is run by hand when the logo changes.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const dir = 'public/icons';
const svg = readFileSync(`${dir}/icon.svg`);
const png = (image, file) =>
  image.png({ palette: true, colors: 16, compressionLevel: 9, effort: 10 }).toFile(`${dir}/${file}`);
const rendered = (size) => sharp(svg, { density: (72 * size * 4) / 512 }).resize(size, size);

/** The logo on a full square of its blue, inside the safe zone (maskable icon, iOS home screen). */
async function fullBleed(size, inner, file) {
  const logo = await rendered(inner).png().toBuffer();
  const offset = Math.round((size - inner) / 2);
  return png(
    sharp({ create: { width: size, height: size, channels: 4, background: '#1e3a8a' } }).composite([
      { input: logo, top: offset, left: offset },
    ]),
    file,
  );
}

for (const [file, size] of [
  ['icon-192.png', 192],
  ['icon-512.png', 512],
])
  console.log(file, (await png(rendered(size), file)).size, 'octets');
console.log('maskable-512.png', (await fullBleed(512, 384, 'maskable-512.png')).size, 'octets');
console.log('apple-touch-icon.png', (await fullBleed(180, 160, 'apple-touch-icon.png')).size, 'octets');
