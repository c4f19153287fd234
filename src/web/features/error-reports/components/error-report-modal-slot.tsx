import { Component, lazy, type ReactNode, Suspense, useState } from 'react';
import { useOpenErrorReport } from '../reporter';

const UnexpectedErrorModal = lazy(() =>
  import('./unexpected-error-modal').then((m) => ({ default: m.UnexpectedErrorModal })),
);

/** If the modal's code cannot load (a new version replaced it, say), the report was still sent. */
class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Where the unexpected-error modal lives, beside the router: its code (Mantine's modal and
 * textarea) loads only once an error opens it, so first visits do not download it. Once
 * loaded it stays mounted, so it can close with its animation.
 */
export function ErrorReportModalSlot() {
  const open = useOpenErrorReport();
  const [needed, setNeeded] = useState(false);
  if (open && !needed) setNeeded(true);
  if (!needed && !open) return null;
  return (
    <QuietBoundary>
      <Suspense fallback={null}>
        <UnexpectedErrorModal />
      </Suspense>
    </QuietBoundary>
  );
}
