// The preview dialog (document 2 §2, §8): a file is fetched with the session (never served
// without one) and shown from a blob: a PDF in a frame, an image, text as text; any other type
// says the spec's message and offers the download. A link opens in a new tab.
import { useEffect, useState } from 'react';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { ErrorNotice } from '../../components/ErrorNotice';
import { resourcesText } from '../../i18n/resources';
import { getSession } from '../../session/session';
import { useTexts } from '../../session/language';
import type { Resource } from '../../../worker/contract/resources';

type Loaded =
  { state: 'loading' } | { state: 'missing' } | { state: 'ready'; url: string; text: string | null; mime: string };

const PREVIEWED = /^(application\/pdf|image\/(png|jpeg|gif|webp)|text\/plain)$/;

function useFileBlob(resource: Pick<Resource, 'file_url' | 'mime_type'>): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    if (!resource.file_url) {
      setLoaded({ state: 'missing' });
      return;
    }
    let live = true;
    let made: string | null = null;
    const token = getSession()?.token;
    void fetch(resource.file_url, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        // The stored, sniffed type: the blob never takes another (no HTML in a frame).
        const mime = resource.mime_type ?? 'application/octet-stream';
        const bytes = await res.arrayBuffer();
        const text = mime === 'text/plain' ? new TextDecoder().decode(bytes) : null;
        made = URL.createObjectURL(new Blob([bytes], { type: mime }));
        if (live) setLoaded({ state: 'ready', url: made, text, mime });
      })
      .catch(() => live && setLoaded({ state: 'missing' }));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [resource.file_url, resource.mime_type]);
  return loaded;
}

export function ResourcePreview({ resource, onClose }: { resource: Resource; onClose: () => void }) {
  const loaded = useFileBlob(resource);
  const t = useTexts('resources', resourcesText);
  return (
    <Modal
      title={t.previewTitle(resource.title)}
      onClose={onClose}
      wide
      actions={
        <>
          {loaded.state === 'ready' && (
            <a className="btn btn-secondary" href={loaded.url} download={resource.file_name ?? resource.title}>
              {t.download}
            </a>
          )}
          <Button look="primary" onClick={onClose}>
            {t.close}
          </Button>
        </>
      }
    >
      <div className="resource-preview">
        {loaded.state === 'loading' && (
          <p className="muted" role="status">
            {t.loadingPreview}
          </p>
        )}
        {loaded.state === 'missing' && <ErrorNotice message={t.notFound} />}
        {loaded.state === 'ready' && !PREVIEWED.test(loaded.mime) && (
          <p className="notice tone-info">{t.unsupported}</p>
        )}
        {loaded.state === 'ready' && loaded.mime === 'application/pdf' && (
          <iframe className="resource-frame" src={loaded.url} title={resource.title} />
        )}
        {loaded.state === 'ready' && loaded.mime.startsWith('image/') && PREVIEWED.test(loaded.mime) && (
          <img className="resource-image" src={loaded.url} alt={resource.title} />
        )}
        {loaded.state === 'ready' && loaded.text !== null && <pre className="resource-text">{loaded.text}</pre>}
      </div>
    </Modal>
  );
}

/** One resource's card line: what it is, of which course, and its action (preview or open). */
export function ResourceOpen({ resource, onPreview }: { resource: Resource; onPreview: (r: Resource) => void }) {
  const t = useTexts('resources', resourcesText);
  if (resource.resource_type === 'link' && resource.url) {
    return (
      <a className="btn btn-secondary" href={resource.url} target="_blank" rel="noopener noreferrer">
        {t.openLink}
      </a>
    );
  }
  return (
    <Button disabled={!resource.file_url} onClick={() => onPreview(resource)}>
      {t.preview}
    </Button>
  );
}
