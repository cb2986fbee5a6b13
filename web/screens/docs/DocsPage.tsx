// The documentation viewer (document 1 §2 'Documentation viewer'; product decision
// 'Documentation'): a back button, the title and the user's role, then the role's guide
// (docs/guides/{role}.md, rendered at build time by react-markdown into /docs/{role}.json and
// stored by the service worker after sign-in, so it opens offline) without the `:::permission KEY`
// blocks the user may not read, beside its 'Sommaire' (headings 1 to 3) that follows the reading
// and scrolls smoothly.
// On a phone the Sommaire folds above the guide.
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { docsText } from '../../i18n/docs';
import { offlineText } from '../../i18n/offline';
import { useLanguage, useTexts } from '../../session/language';
import type { Language } from '../../../worker/domain/language';
import { hasPermission, homeOf, useSession } from '../../session/session';
import { GuideMarkdown } from './GuideMarkdown';
import {
  guideAddress,
  guideHeadings,
  guideRoleOf,
  type GuideHeading,
  type GuideNode,
  type GuideRole,
  visibleNodes,
} from './guide';
import './docs.css';
import { Button } from '../../components/Button';

type Guide =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'unreachable' }
  | { state: 'ready'; nodes: GuideNode[] };

/**
 * The guide's text; 'missing' when the server has no such file (the app's page answers instead),
 * 'unreachable' without network before the service worker has stored the guides.
 */
function useGuide(role: GuideRole | null, language: Language): Guide {
  const [guide, setGuide] = useState<{ address: string; guide: Guide } | null>(null);
  const address = role ? guideAddress(role, language) : null;
  useEffect(() => {
    if (!address) return;
    let live = true;
    fetch(address)
      .then(async (response) => {
        const type = response.headers.get('Content-Type') ?? '';
        const found = response.ok && !type.includes('text/html');
        const nodes = found ? ((await response.json().catch(() => null)) as unknown) : null;
        const next: Guide = Array.isArray(nodes) ? { state: 'ready', nodes: nodes as GuideNode[] } : { state: 'missing' };
        if (live) setGuide({ address, guide: next });
      })
      .catch(() => live && setGuide({ address, guide: { state: 'unreachable' } }));
    return () => {
      live = false;
    };
  }, [address]);
  return guide?.address === address ? guide.guide : { state: 'loading' };
}

const smooth = (): ScrollBehavior => (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');

const END_ID = 'docs-end';

/**
 * The heading the reader is in: the last one above the upper third of the window, or, once the
 * end of the guide is on screen (short last sections never reach that line), the last one shown.
 */
function useCurrentSection(headings: GuideHeading[]): [string | null, (id: string) => void] {
  const [current, setCurrent] = useState<string | null>(null);
  // A section chosen in the Sommaire stays the current one until the reader scrolls on their own
  // (near the end of the guide, the scroll stops before the chosen heading reaches the top).
  const chosen = useRef<string | null>(null);
  const choose = useCallback((id: string) => {
    chosen.current = id;
    setCurrent(id);
  }, []);
  useEffect(() => {
    const release = () => {
      chosen.current = null;
    };
    const events = ['wheel', 'touchstart', 'keydown'] as const;
    events.forEach((name) => window.addEventListener(name, release, { passive: true }));
    return () => events.forEach((name) => window.removeEventListener(name, release));
  }, []);
  useEffect(() => {
    const elements = headings.map((h) => document.getElementById(h.id)).filter((e): e is HTMLElement => e !== null);
    const end = document.getElementById(END_ID);
    if (elements.length === 0 || !end || typeof IntersectionObserver === 'undefined') return;
    let atEnd = false;
    const update = () => {
      if (chosen.current) return;
      const line = atEnd ? window.innerHeight : window.innerHeight / 3;
      const passed = elements.filter((e) => e.getBoundingClientRect().top <= line);
      setCurrent((passed.at(-1) ?? elements[0]!).id);
    };
    // A heading crossing the top third (either way) changes the section being read.
    const observer = new IntersectionObserver(update, { rootMargin: '0px 0px -66% 0px' });
    elements.forEach((e) => observer.observe(e));
    const endObserver = new IntersectionObserver(([entry]) => {
      atEnd = entry?.isIntersecting ?? false;
      update();
    });
    endObserver.observe(end);
    update();
    return () => {
      observer.disconnect();
      endObserver.disconnect();
    };
  }, [headings]);
  return [current, choose];
}

export function GuideViewer({ role, standardOnly = false }: { role: GuideRole | null; standardOnly?: boolean }) {
  const session = useSession();
  const navigate = useNavigate();
  const t = useTexts('docs', docsText);
  const neverVisited = useTexts('offline', offlineText).neverVisited;
  const guide = useGuide(standardOnly ? null : role, useLanguage());
  const [tocOpen, setTocOpen] = useState(false);

  const nodes = useMemo(
    () => (guide.state === 'ready' && session ? visibleNodes(guide.nodes, (key) => hasPermission(session, key)) : []),
    [guide, session],
  );
  const headings = useMemo(() => guideHeadings(nodes), [nodes]);
  const [current, setCurrent] = useCurrentSection(headings);
  const ids = useMemo(() => headings.map((h) => h.id), [headings]);

  // Beside the guide (a wide screen), the Sommaire keeps the current section in its own view.
  const tocRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const nav = tocRef.current;
    const link = nav?.querySelector<HTMLElement>('[aria-current]');
    if (!nav || !link || nav.scrollHeight <= nav.clientHeight || link.offsetParent !== nav) return;
    if (link.offsetTop < nav.scrollTop || link.offsetTop + link.offsetHeight > nav.scrollTop + nav.clientHeight) {
      nav.scrollTop = link.offsetTop - nav.clientHeight / 2;
    }
  }, [current]);

  const goTo = useCallback(
    (id: string) => {
      // The folded Sommaire (a phone) moves the guide up: fold it first, then scroll.
      flushSync(() => setTocOpen(false));
      const target = document.getElementById(id);
      if (!target) return;
      target.scrollIntoView({ behavior: smooth(), block: 'start' });
      window.history.replaceState(window.history.state, '', `#${id}`);
      setCurrent(id);
    },
    [setCurrent],
  );

  // An address with an anchor (a shared link, a reload) opens at its section.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id && headings.some((h) => h.id === id)) document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [headings]);

  // Back where the reader came from; opened directly, to their home (never out of the app).
  const back = (event: MouseEvent<HTMLAnchorElement>) => {
    if (((window.history.state as { idx?: number } | null)?.idx ?? 0) === 0) return;
    event.preventDefault();
    void navigate(-1);
  };

  const onTocClick = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    event.preventDefault();
    goTo(id);
  };

  const roleName = session ? t.roles[session.role] : '';
  return (
    <main className="page docs-page">
      <header className="docs-head">
        <Link to={session ? homeOf(session) : '/'} className="btn btn-secondary" onClick={back}>
          {t.back}
        </Link>
        <div>
          <h1>{t.title}</h1>
          <p className="muted">{t.roleLabel(roleName)}</p>
        </div>
      </header>
      {standardOnly && <p className="notice tone-info">{t.standardOnly}</p>}
      {!standardOnly && guide.state === 'loading' && <p className="muted">{t.loading}</p>}
      {!standardOnly && guide.state === 'unreachable' && <p className="notice tone-info">{neverVisited}</p>}
      {!standardOnly && guide.state === 'missing' && (
        <p className="notice tone-error" role="alert">
          {role === 'standard' ? t.standardMissing : t.roleMissing(roleName)}
        </p>
      )}
      {guide.state === 'ready' && (
        <div className="docs-layout">
          {headings.length > 0 && (
            <nav ref={tocRef} className="docs-toc card" aria-label={t.toc}>
              <Button className="docs-toc-toggle" aria-expanded={tocOpen} aria-controls="docs-toc-list" title={tocOpen ? t.hideToc : t.showToc} onClick={() => setTocOpen((open) => !open)}>
                {t.toc}
              </Button>
              <p className="docs-toc-title">{t.toc}</p>
              <ol id="docs-toc-list" className={tocOpen ? 'open' : undefined}>
                {headings.map((h) => (
                  <li key={h.id} className={`docs-toc-l${h.level}`}>
                    <a href={`#${h.id}`} aria-current={current === h.id ? 'location' : undefined} onClick={(e) => onTocClick(e, h.id)}>
                      {h.text}
                    </a>
                  </li>
                ))}
              </ol>
            </nav>
          )}
          <article className="docs-body">
            <GuideMarkdown nodes={nodes} ids={ids} />
            <div id={END_ID} aria-hidden="true" />
          </article>
        </div>
      )}
    </main>
  );
}

/** /docs: the guide of the signed-in role; `?guide=standard` is the standard staff's guide, for them only. */
export function DocsPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const role = session ? guideRoleOf(session.role) : null;
  const standardOnly = params.get('guide') === 'standard' && session?.role !== 'standard';
  return <GuideViewer role={role} standardOnly={standardOnly} />;
}

/** /student/docs: the students' guide (also for an admin viewing the student area). */
export function StudentDocsPage() {
  return <GuideViewer role="student" />;
}
