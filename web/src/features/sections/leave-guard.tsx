import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';

/*
 * "Leaving a form with unsaved changes asks first." The app runs in a BrowserRouter, which has
 * no useBlocker (that needs a data router), so the guard stands in front of each way out:
 * - links anywhere on the page: a capturing click listener stops the router's handler;
 * - Back and Forward: the Navigation API's cancellable navigate event, where the browser has it;
 * - code that navigates (the phone's section picker) asks through `confirmLeave`;
 * - closing or reloading the tab: the browser's own beforeunload prompt.
 */

type Ask = (proceed: () => void) => void;
/** The guard of the form on screen, if it has unsaved changes (one form at a time). */
let activeAsk: Ask | null = null;

/** Runs `proceed` at once, or after the user agrees to drop the form's unsaved changes. */
export function confirmLeave(proceed: () => void): void {
  if (activeAsk) activeAsk(proceed);
  else proceed();
}

/** The little of the Navigation API used here (not in every browser, nor in TS's DOM types yet). */
interface NavigateEventLike extends Event {
  navigationType: string;
  destination: { key: string };
}
interface NavigationLike {
  addEventListener(type: 'navigate', fn: (e: NavigateEventLike) => void): void;
  removeEventListener(type: 'navigate', fn: (e: NavigateEventLike) => void): void;
  traverseTo(key: string): { committed: Promise<unknown>; finished: Promise<unknown> };
}

function sameAppLink(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const a = (event.target as Element | null)?.closest?.('a[href]');
  if (!(a instanceof HTMLAnchorElement)) return null;
  if ((a.target && a.target !== '_self') || a.hasAttribute('download')) return null;
  // Cancel links say "drop my changes" themselves.
  if (a.hasAttribute('data-discards-changes')) return null;
  const url = new URL(a.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  // A link to where the user already is leaves the form where it is.
  const here = window.location;
  if (url.pathname + url.search === here.pathname + here.search) return null;
  return url;
}

/**
 * While `dirty`, every way out of the page asks first. Returns the dialog to render.
 */
export function useLeaveGuard(dirty: boolean) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<(() => void) | null>(null);
  /** Set while a confirmed Back/Forward step runs. */
  const passTraverse = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    const ask: Ask = (proceed) => setPending(() => proceed);
    activeAsk = ask;

    const onClick = (event: MouseEvent) => {
      const url = sameAppLink(event);
      if (!url) return;
      event.preventDefault();
      event.stopPropagation();
      ask(() => void navigate(url.pathname + url.search + url.hash));
    };

    // Back and Forward: the Navigation API's navigate event comes before the history moves and
    // can be cancelled (popstate comes after, too late). Browsers without it only get the tab
    // prompt when Back leaves the app.
    const nav = (window as { navigation?: NavigationLike }).navigation;
    const onNavigate = (event: NavigateEventLike) => {
      if (event.navigationType !== 'traverse' || !event.cancelable) return;
      if (passTraverse.current) {
        passTraverse.current = false;
        return;
      }
      event.preventDefault();
      const key = event.destination.key;
      ask(() => {
        passTraverse.current = true;
        // The promises reject when another navigation interrupts; nothing to report then.
        const done = nav?.traverseTo(key);
        done?.committed.catch(() => undefined);
        done?.finished.catch(() => undefined);
      });
    };

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };

    document.addEventListener('click', onClick, true);
    nav?.addEventListener('navigate', onNavigate);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      if (activeAsk === ask) activeAsk = null;
      document.removeEventListener('click', onClick, true);
      nav?.removeEventListener('navigate', onNavigate);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty, navigate]);

  const stay = () => setPending(null);
  const leave = () => {
    const proceed = pending;
    setPending(null);
    proceed?.();
  };

  return (
    <Dialog
      open={pending !== null}
      onClose={stay}
      title="Leave without saving?"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={stay}>
            Keep editing
          </Button>
          <Button variant="danger" onClick={leave}>
            Leave without saving
          </Button>
        </>
      }
    >
      <p>You have unsaved changes in this form. If you leave now, they will be lost.</p>
    </Dialog>
  );
}
