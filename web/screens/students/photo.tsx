// Student photos: served only to signed-in staff (minors' pictures are never public), so they are
// fetched with the session token and shown from blob URLs; initials stand in when there is none.
import { useEffect, useState } from 'react';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { studentText } from '../../i18n/students';
import { getSession } from '../../session/session';
import { initials } from '../../../worker/domain/students';

// A photo URL names one version of one photo: its blob can be kept for the visit.
const blobs = new Map<string, Promise<string | null>>();
const MAX_KEPT = 200;

function loadPhoto(url: string): Promise<string | null> {
  let pending = blobs.get(url);
  if (!pending) {
    const token = getSession()?.token;
    pending = fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
      .then((res) => (res.ok ? res.blob() : null))
      .then((blob) => (blob ? URL.createObjectURL(blob) : null))
      .catch(() => null);
    if (blobs.size >= MAX_KEPT) {
      const [oldest] = blobs.keys();
      if (oldest) {
        void blobs.get(oldest)?.then((u) => u && URL.revokeObjectURL(u));
        blobs.delete(oldest);
      }
    }
    blobs.set(url, pending);
    // A failed load may work later (back online): forget it.
    void pending.then((u) => !u && blobs.delete(url));
  }
  return pending;
}

/** The displayable source of a photo: a blob URL for an API photo, a data: URL as is. */
export function usePhoto(url: string | null): string | null {
  const [loaded, setLoaded] = useState<{ url: string; src: string | null } | null>(null);
  const isApi = Boolean(url && !url.startsWith('data:'));
  useEffect(() => {
    if (!url || !isApi) return;
    let live = true;
    void loadPhoto(url).then((src) => live && setLoaded({ url, src }));
    return () => {
      live = false;
    };
  }, [url, isApi]);
  if (!url) return null;
  if (!isApi) return url;
  return loaded?.url === url ? loaded.src : null;
}

export function Avatar({
  prenom,
  nom,
  photoUrl,
  size = 40,
  onOpen,
  label,
}: {
  prenom: string;
  nom: string;
  photoUrl: string | null;
  size?: number;
  onOpen?: () => void;
  label?: string;
}) {
  const src = usePhoto(photoUrl);
  const face = src ? (
    <img src={src} alt="" width={size} height={size} className="avatar-img" />
  ) : (
    <span className="avatar-initials" style={{ width: size, height: size, fontSize: size * 0.4 }} aria-hidden="true">
      {initials(prenom, nom)}
    </span>
  );
  if (src && onOpen) {
    return (
      <button type="button" className="avatar-button" onClick={onOpen} aria-label={label}>
        {face}
      </button>
    );
  }
  return <span className="avatar">{face}</span>;
}

/** The photo at full size in a dialog. */
export function Lightbox({ url, name, onClose }: { url: string; name: string; onClose: () => void }) {
  const src = usePhoto(url);
  return (
    <Modal title={name} onClose={onClose} actions={<Button onClick={onClose}>{studentText.lightbox.close}</Button>}>
      <div className="lightbox">{src ? <img src={src} alt={name} /> : null}</div>
    </Modal>
  );
}

/** Reads an image file and shrinks it (longest side 480 px, JPEG) before it is sent. */
export async function resizePhoto(file: File, maxSide = 480): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas.toDataURL('image/jpeg', 0.85);
}
