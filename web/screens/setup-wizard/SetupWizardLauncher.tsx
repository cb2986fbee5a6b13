// The setup wizard behind its button: its code arrives only when it is opened (its own chunk).
import { Suspense } from 'react';
import { lazyPart } from '../../components/lazy-part';

const SetupWizard = lazyPart(() => import('./SetupWizard'), 'SetupWizard');

/** The wizard while `open`; after the last step it closes and `onDone` refreshes what it changed. */
export function SetupWizardLauncher({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SetupWizard
        onClose={onClose}
        onDone={() => {
          onClose();
          onDone();
        }}
      />
    </Suspense>
  );
}
