import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';

export type PrintChoice = 'ink' | 'template';

interface PrintDialogProps {
  open: boolean;
  onClose: () => void;
  onChoose: (choice: PrintChoice) => void;
}

/** The Print modal: Ink Friendly or Print as Template. */
export function PrintDialog({ open, onClose, onChoose }: PrintDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Print your CV" size="sm">
      <div className="grid gap-3">
        <Button
          variant="secondary"
          onClick={() => onChoose('ink')}
          className="justify-start text-left"
        >
          <span>
            <span className="block font-semibold">Ink Friendly</span>
            <span className="block text-xs font-normal text-slate-500">
              Black and white, proficiency shown as numbers like 4/5
            </span>
          </span>
        </Button>
        <Button onClick={() => onChoose('template')} className="justify-start text-left">
          <span>
            <span className="block font-semibold">Print as Template</span>
            <span className="block text-xs font-normal opacity-80">
              With the template's colours and layout
            </span>
          </span>
        </Button>
      </div>
    </Dialog>
  );
}
