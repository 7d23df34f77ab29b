import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FieldError } from './fields.tsx';

afterEach(() => vi.useRealTimers());

describe('a field’s error during a tap', () => {
  it('waits for the tap to end, so the control being tapped does not move under the finger', async () => {
    vi.useFakeTimers();
    const { rerender } = render(<FieldError id="e" error={undefined} />);
    // The finger comes down on the next control: the field loses focus and finds its error.
    fireEvent.pointerDown(document.body);
    rerender(<FieldError id="e" error="Escribe tu teléfono móvil." />);
    expect(screen.queryByText('Escribe tu teléfono móvil.')).toBeNull();
    // The finger lifts; its click lands where it was aimed; then the error shows.
    fireEvent.pointerUp(document.body);
    expect(screen.queryByText('Escribe tu teléfono móvil.')).toBeNull();
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(screen.getByText('Escribe tu teléfono móvil.')).toBeInTheDocument();
  });

  it('shows at once when no pointer is down (typing, the keyboard)', () => {
    const { rerender } = render(<FieldError id="e" error={undefined} />);
    rerender(<FieldError id="e" error="Escribe tu teléfono móvil." />);
    expect(screen.getByText('Escribe tu teléfono móvil.')).toBeInTheDocument();
  });
});
