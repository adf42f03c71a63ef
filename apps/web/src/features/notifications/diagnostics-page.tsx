/** /notifications/diagnostics (issue 9). */
export function NotificationsDiagnosticsPage() {
  return <div className="mx-auto max-w-3xl p-4">Notification diagnostics</div>;
}
