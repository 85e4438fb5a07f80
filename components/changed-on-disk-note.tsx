export function ChangedOnDiskNote({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <p role="status" className="text-sm text-amber-800 dark:text-amber-300">
      This file changed on disk after this form was shown. Reload the page to act on the new version.
    </p>
  );
}
