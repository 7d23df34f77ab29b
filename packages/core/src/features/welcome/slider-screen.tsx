import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { markSliderSeen } from '../../lib/first-start.ts';
import { paths, safeNext } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { Button } from '../../components/button.tsx';
import { Page } from '../../components/page.tsx';
import { welcomeTexts as t } from './texts.ts';
import * as css from './welcome.css.ts';

export default function SliderScreen() {
  const { storage } = useServices();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [index, setIndex] = useState(0);
  const slide = t.slides[index]!;
  const last = index === t.slides.length - 1;

  function finish() {
    markSliderSeen(storage);
    void navigate(safeNext(search.get('next'), paths.home), { replace: true });
  }

  return (
    <Page title={t.sliderTitle}>
      <section className={css.slide} aria-roledescription="diapositiva" aria-live="polite" aria-atomic="true">
        <p className={css.lead}>{t.slidePosition(index + 1, t.slides.length)}</p>
        <h2 className={css.slideTitle}>{slide.title}</h2>
        <p>{slide.body}</p>
      </section>
      <ol className={css.dots} aria-hidden="true">
        {t.slides.map((item, position) => (
          <li key={item.title} className={css.dot} data-current={position === index} />
        ))}
      </ol>
      <div className={css.sliderNav}>
        {last ? (
          <Button variant="quiet" onClick={() => setIndex(index - 1)}>
            {t.previous}
          </Button>
        ) : (
          <Button variant="quiet" onClick={finish}>
            {t.skip}
          </Button>
        )}
        <Button onClick={last ? finish : () => setIndex(index + 1)}>{last ? t.start : t.next}</Button>
      </div>
    </Page>
  );
}
