import { Dialog } from './dialog';
import { useDialogStore } from './dialog-store';

/** Renders the dialogs opened with showDialog(). Mount once near the root of the app. */
export function DialogHost() {
  const dialogs = useDialogStore((s) => s.dialogs);
  const close = useDialogStore((s) => s.close);
  return (
    <>
      {dialogs.map((d) => (
        <Dialog key={d.id} open {...d.options} onClose={(index) => close(d.id, index)} />
      ))}
    </>
  );
}
