import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';

// The dialog (and its preview) loads only when someone imports.
const ImportDialog = lazy(() => import('./import-dialog.tsx'));

/** The dashboard's "Import" entry: a JSON Resume or a LinkedIn export. */
export function ImportButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Import
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
