import * as layout from '../components/layout.css.ts';
import { Skeleton } from '../components/skeleton.tsx';
import { BrandHeader } from './layouts.tsx';

/**
 * Shown while the first screen's code and data arrive (a slow mobile network can take a moment): the marina's
 * header and the skeleton of a screen, so the app's frame is there from the first paint.
 */
export function ScreenLoading() {
  return (
    <div className={layout.shell}>
      <BrandHeader back={false} />
      <main className={layout.main}>
        <Skeleton />
      </main>
    </div>
  );
}
