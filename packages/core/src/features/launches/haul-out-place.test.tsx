import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Launch } from '../../domain/launches.ts';
import { answeringApi, renderSignedIn } from '../../test/fixtures.tsx';
import { HAUL_OUT_REFRESH_MS, HaulOutPlace } from './haul-out-place.tsx';
import { LaunchFacts } from './launch-summary.tsx';
import { launch } from './launches.fixtures.ts';

const ready = (haulOutPosition: number) =>
  launch({ status: 'ready_to_stow', haulOutPosition, actions: { ...launch().actions, readyToStow: false } });

/** The launch's own call answers what `current()` says at that moment. */
function serving(current: () => Launch) {
  return answeringApi({ [`GET launches/${launch().id}`]: () => current() });
}

afterEach(() => {
  vi.useRealTimers();
  focusManager.setFocused(undefined);
});

describe('the place in the queue to lift', () => {
  it('says «siguiente» for the first and the Spanish ordinal for the others', async () => {
    await renderSignedIn(
      <HaulOutPlace launch={ready(1)} />,
      serving(() => ready(1)),
    );
    expect(await screen.findByText('Eres el siguiente para subir.')).toBeInTheDocument();
  });

  it('moves up as the boats ahead are lifted: asked again every 30 seconds and when the app comes back', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
      shouldAdvanceTime: true,
    });
    let place = 3;
    const { api, get } = serving(() => ready(place));
    await renderSignedIn(<HaulOutPlace launch={ready(3)} />, { api });
    expect(await screen.findByText('Eres el 3.º para subir.')).toBeInTheDocument();
    const calls = () => get.mock.calls.filter(([path]) => path === `launches/${launch().id}`).length;
    await waitFor(() => expect(calls()).toBe(1));
    place = 2;
    await act(() => vi.advanceTimersByTimeAsync(HAUL_OUT_REFRESH_MS));
    expect(await screen.findByText('Eres el 2.º para subir.')).toBeInTheDocument();
    expect(calls()).toBe(2);
    place = 1;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await screen.findByText('Eres el siguiente para subir.')).toBeInTheDocument();
    expect(calls()).toBe(3);
  });

  it('goes once the boat is lifted', async () => {
    let current = ready(2);
    const { api } = serving(() => current);
    await renderSignedIn(<HaulOutPlace launch={ready(2)} />, { api });
    expect(await screen.findByText('Eres el 2.º para subir.')).toBeInTheDocument();
    current = launch({ status: 'completed', haulOutPosition: null });
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(screen.queryByText(/para subir/)).toBeNull());
  });

  it('says nothing, and asks nothing, for a launch not waiting to be lifted', async () => {
    const { api, get } = serving(() => launch({ status: 'in_water' }));
    await renderSignedIn(
      <>
        <HaulOutPlace launch={launch({ status: 'in_water' })} />
        <p>Fin</p>
      </>,
      { api },
    );
    expect(await screen.findByText('Fin')).toBeInTheDocument();
    expect(screen.queryByText(/para subir/)).toBeNull();
    expect(get.mock.calls.some(([path]) => path === `launches/${launch().id}`)).toBe(false);
  });

  it('shows among the launch’s facts, wherever they are (its screen, its card in the list, inicio)', async () => {
    await renderSignedIn(
      <LaunchFacts launch={ready(4)} timeZone="Europe/Madrid" />,
      serving(() => ready(4)),
    );
    expect(await screen.findByText('Lista para subir')).toBeInTheDocument();
    expect(await screen.findByText('Eres el 4.º para subir.')).toBeInTheDocument();
  });
});
