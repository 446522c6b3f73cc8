/**
 * Toast notifications (spec §4): announced to screen readers (role="status"
 * for success, role="alert" for errors), dismissable with a button, and gone
 * by themselves after TOAST_DURATION_MS. The countdown pauses while the
 * pointer is over a toast or focus is inside it, so nobody loses a message
 * they are reading (WCAG 2.2.1).
 *
 * The region is always rendered (empty on the server) so the markup is the
 * same before and after hydration; toasts only ever appear in the browser.
 */
import { useEffect, useRef, useState } from 'react';

export const TOAST_DURATION_MS = 5_000;

/** The id of a toast's text, so a form field can point at the error it shows (aria-describedby). */
export function toastMessageId(id: number): string {
  return `toast-message-${id}`;
}

export interface ToastMessage {
  id: number;
  tone: 'success' | 'error';
  message: string;
}

interface ToastRegionProps {
  toasts: readonly ToastMessage[];
  onDismiss: (id: number) => void;
  /** Must be stable across renders (useCallback), or the countdown restarts. */
  durationMs?: number;
}

export function ToastRegion({ toasts, onDismiss, durationMs = TOAST_DURATION_MS }: ToastRegionProps) {
  return (
    <div className="toast-region">
      {toasts.map((toast) => (
        <Toast key={toast.id} toast={toast} onDismiss={onDismiss} durationMs={durationMs} />
      ))}
    </div>
  );
}

function Toast({ toast, onDismiss, durationMs }: { toast: ToastMessage; onDismiss: (id: number) => void; durationMs: number }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const remaining = useRef(durationMs);
  const paused = hovered || focused;

  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [paused, toast.id, onDismiss]);

  return (
    <div
      className={`toast toast--${toast.tone}`}
      role={toast.tone === 'success' ? 'status' : 'alert'}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <p id={toastMessageId(toast.id)} className="toast__message">
        {toast.message}
      </p>
      <button type="button" className="toast__dismiss" aria-label="Dismiss notification" onClick={() => onDismiss(toast.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
