// The interface showcase: five screen mock-ups that advance every 5 seconds. Rotation pauses
// while the pointer is over the carousel or focus is inside it, stops on the pause button, and
// never starts for visitors who ask for reduced motion.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { landingText } from '../../i18n/landing';
import { Icon } from './Icon';

const ADVANCE_MS = 5000;
const SWIPE_PX = 40;
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

type SlideKey = keyof typeof landingText.showcase.slides;

const SLIDES: readonly { key: SlideKey; src: string }[] = [
  { key: 'dashboard', src: '/showcase/tableau-de-bord.svg' },
  { key: 'students', src: '/showcase/eleves.svg' },
  { key: 'finance', src: '/showcase/fiche-financiere.svg' },
  { key: 'grades', src: '/showcase/carnet-de-notes.svg' },
  { key: 'reportCard', src: '/showcase/bulletin.svg' },
];

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function prefersReducedMotion() {
  return window.matchMedia(REDUCED_MOTION).matches;
}

function usePrefersReducedMotion() {
  return useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
}

export function Showcase() {
  const t = landingText.showcase;
  const count = SLIDES.length;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const touchStartX = useRef<number | null>(null);

  const rotating = !stopped && !reducedMotion;
  const advancing = rotating && !hovered && !focused;

  // Keyed on index too, so a manual change gives the new slide its full 5 seconds.
  useEffect(() => {
    if (!advancing) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [advancing, index, count]);

  const go = (i: number) => setIndex((i + count) % count);

  return (
    <div
      className="lp-carousel"
      role="group"
      aria-roledescription={t.carouselRole}
      aria-label={t.carousel}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
    >
      <div
        className="lp-slides"
        aria-live={advancing ? 'off' : 'polite'}
        onTouchStart={(e) => {
          touchStartX.current = e.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(e) => {
          const start = touchStartX.current;
          const end = e.changedTouches[0]?.clientX;
          touchStartX.current = null;
          if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
          go(end < start ? index + 1 : index - 1);
        }}
      >
        {SLIDES.map((slide, i) => {
          const text = t.slides[slide.key];
          const active = i === index;
          return (
            <figure
              key={slide.key}
              className={active ? 'lp-slide is-active' : 'lp-slide'}
              aria-roledescription={t.slideRole}
              aria-label={t.position(i + 1, count)}
              aria-hidden={active ? undefined : true}
              inert={!active}
            >
              <div className="lp-slide-frame">
                <img src={slide.src} alt={text.alt} width={800} height={500} loading="lazy" decoding="async" />
              </div>
              <figcaption>
                <strong>{text.title}</strong>
                <span>{text.caption}</span>
              </figcaption>
            </figure>
          );
        })}
      </div>

      <div className="lp-carousel-controls">
        {!reducedMotion && (
          <button
            type="button"
            className="lp-icon-btn"
            onClick={() => setStopped((s) => !s)}
            aria-label={stopped ? t.play : t.pause}
            title={stopped ? t.play : t.pause}
          >
            <Icon name={stopped ? 'play' : 'pause'} size={20} />
          </button>
        )}
        <button
          type="button"
          className="lp-icon-btn"
          onClick={() => go(index - 1)}
          aria-label={t.previous}
          title={t.previous}
        >
          <Icon name="chevronLeft" />
        </button>
        <div className="lp-dots">
          {SLIDES.map((slide, i) => (
            <button
              key={slide.key}
              type="button"
              className="lp-dot"
              onClick={() => go(i)}
              aria-label={t.goTo(i + 1, t.slides[slide.key].title)}
              aria-current={i === index ? 'true' : undefined}
            />
          ))}
        </div>
        <button type="button" className="lp-icon-btn" onClick={() => go(index + 1)} aria-label={t.next} title={t.next}>
          <Icon name="chevronRight" />
        </button>
      </div>
    </div>
  );
}
