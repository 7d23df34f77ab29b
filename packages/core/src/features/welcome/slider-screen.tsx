import { useRef, useState, type PointerEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { markSliderSeen } from '../../lib/first-start.ts';
import { paths, safeNext } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { Button } from '../../components/button.tsx';
import { MarinaScene } from '../../components/illustration.tsx';
import { Page } from '../../components/page.tsx';
import { welcomeTexts as t } from './texts.ts';
import * as css from './welcome.css.ts';

/** A horizontal move at least this long (and longer than it is tall) turns the slide. */
const SWIPE_PX = 40;

export default function SliderScreen() {
  const { storage } = useServices();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [index, setIndex] = useState(0);
  const swipe = useRef<{ x: number; y: number; id: number } | null>(null);
  const first = index === 0;
  const last = index === t.slides.length - 1;

  function finish() {
    markSliderSeen(storage);
    void navigate(safeNext(search.get('next'), paths.home), { replace: true });
  }

  const go = (next: number) => setIndex(Math.min(Math.max(next, 0), t.slides.length - 1));

  // Pointer events: one handler for a finger, a pen and a mouse drag.
  const onPointerDown = (event: PointerEvent) => {
    swipe.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(dy)) return;
    go(dx < 0 ? index + 1 : index - 1);
  };

  return (
    <Page title={t.sliderTitle}>
      {/* The row stays on the last slide, empty, so the slide and the buttons below do not move. */}
      <div className={css.skipRow}>
        {last ? null : (
          <Button variant="quiet" onClick={finish}>
            {t.skip}
          </Button>
        )}
      </div>
      <div
        className={css.slides}
        aria-live="polite"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipe.current = null)}
      >
        {/* Every slide takes the same grid cell, so the box is as tall as the tallest: nothing jumps.
            Only the current one is seen, by eye or by a screen reader. */}
        {t.slides.map((slide, position) => (
          <section
            key={slide.title}
            className={css.slide}
            aria-roledescription="diapositiva"
            data-current={position === index}
            aria-hidden={position !== index}
            inert={position !== index}
          >
            <MarinaScene scene={slide.scene} className={css.scene} />
            <p className={css.lead}>{t.slidePosition(position + 1, t.slides.length)}</p>
            <h2 className={css.slideTitle}>{slide.title}</h2>
            <p className={css.slideBody}>{slide.body}</p>
          </section>
        ))}
      </div>
      <ol className={css.dots} aria-hidden="true">
        {t.slides.map((item, position) => (
          <li key={item.title} className={css.dot} data-current={position === index} />
        ))}
      </ol>
      <div className={css.sliderNav}>
        {first ? (
          <span />
        ) : (
          <Button variant="secondary" onClick={() => go(index - 1)}>
            {t.previous}
          </Button>
        )}
        <Button onClick={last ? finish : () => go(index + 1)}>{last ? t.start : t.next}</Button>
      </div>
    </Page>
  );
}
